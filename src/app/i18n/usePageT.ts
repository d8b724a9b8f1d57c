import { useCallback, useContext } from 'react';
import { createIntl, IntlContext } from 'react-intl';
import en from 'virtual:app-messages/en';
import enPages from 'virtual:app-messages/enPages';
import type { PageMessageId } from './enPages';

type Values = Record<string, string | number>;
let english: ReturnType<typeof createIntl> | undefined;

/**
 * `t(id, values)` for the texts of enPages.ts: the page's language (ar.ts has them), English from enPages as the
 * default message. Kept apart from useT so that these texts stay in the chunks of the pages that use them. Both come
 * compiled (scripts/lib/appMessages.ts): the app's build has no ICU parser, so a default message must be an AST too.
 */
export function usePageT(): (id: PageMessageId, values?: Values) => string {
  const intl = useContext(IntlContext) ?? (english ??= createIntl({ locale: 'en', messages: en }));
  return useCallback((id: PageMessageId, values?: Values) => intl.formatMessage({ id, defaultMessage: enPages[id] }, values), [intl]);
}
