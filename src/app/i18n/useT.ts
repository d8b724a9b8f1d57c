import { useCallback, useContext } from 'react';
import { createIntl, IntlContext } from 'react-intl';
import { en, type MessageId } from './en';

type Values = Record<string, string | number>;

/** English, for a component rendered outside the app's provider (a unit test of one widget or page). */
let english: ReturnType<typeof createIntl> | undefined;

/** `t(id, values)`: the text of an id in the page's language (ICU: plurals, numbers), English when a catalogue lacks it. */
export function useT(): (id: MessageId, values?: Values) => string {
  const intl = useContext(IntlContext) ?? (english ??= createIntl({ locale: 'en', messages: en }));
  return useCallback((id: MessageId, values?: Values) => intl.formatMessage({ id, defaultMessage: en[id] }, values), [intl]);
}
