import { type ReactNode, useCallback, useContext } from 'react';
import { createIntl, IntlContext } from 'react-intl';
import english from 'virtual:app-messages/en';
import type { MessageId } from './en';

type Values = Record<string, string | number>;
type RichValues = Record<string, string | number | ((chunks: ReactNode[]) => ReactNode)>;

/** English, for a component rendered outside the app's provider (a unit test of one widget or page). */
let fallback: ReturnType<typeof createIntl> | undefined;

/** `t(id, values)`: the text of an id in the page's language (ICU: plurals, numbers), English when a catalogue lacks it. */
export function useT(): (id: MessageId, values?: Values) => string {
  const intl = useContext(IntlContext) ?? (fallback ??= createIntl({ locale: 'en', messages: english }));
  return useCallback((id: MessageId, values?: Values) => intl.formatMessage({ id, defaultMessage: english[id] }, values), [intl]);
}

/** `rich(id, values)`: a message with markup (`<strong>{seconds}</strong>`), each tag given as a function of its content. */
export function useRichT(): (id: MessageId, values: RichValues) => ReactNode {
  const intl = useContext(IntlContext) ?? (fallback ??= createIntl({ locale: 'en', messages: english }));
  return useCallback((id: MessageId, values: RichValues) => intl.formatMessage({ id, defaultMessage: english[id] }, values) as ReactNode, [intl]);
}
