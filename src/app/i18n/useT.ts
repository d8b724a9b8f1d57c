import { createElement, type ReactNode, useCallback, useContext, useMemo } from 'react';
import { createIntl, IntlContext } from 'react-intl';
import { type WidgetTexts, WidgetTextsContext } from '../../../widgets/lib/WidgetTexts';
import { isLocale, type Locale } from '../../content/i18n/locales';
import english from 'virtual:app-messages/en';
import type { MessageId } from './en';
import type { PageMessageId } from './enPages';

/** react-intl as the app's hooks use it; the staff areas' hooks (areaT.ts) take it from here so it stays one chunk with the entry's. */
export { createIntl, IntlContext };

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

/**
 * The widgets' own words in the language of the react-intl provider above (widgets know no i18n library:
 * widgets/lib/WidgetTexts.ts): the page's, or the studio preview's own (features/studio/PreviewLanguage.tsx). Here, in
 * the chunk every page shares, so the studio's preview uses it without splitting another chunk off the landing page.
 */
export function WidgetTextsProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const intl = useContext(IntlContext);
  const locale: Locale = isLocale(intl?.locale) ? intl.locale : 'en';
  const texts = useMemo<WidgetTexts>(
    () => ({
      errorSummary: (count) => t('widgets.errorSummary', { count }),
      select: t('widgets.select'),
      add: t('widgets.add'),
      remove: t('widgets.remove'),
      removeItem: (name, n) => t('widgets.removeItem', { name, n }),
      yes: t('widgets.yes'),
      no: t('widgets.no'),
      openCalendar: t('widgets.openCalendar'),
      openList: t('widgets.openList'),
      searchPrompts: { short: t('widgets.searchShort'), none: t('widgets.searchNone'), empty: t('widgets.searchEmpty') },
      dateRange: (from, until) =>
        from && until ? t('widgets.dateFromUntil', { from, until }) : from ? t('widgets.dateFrom', { from }) : until ? t('widgets.dateUntil', { until }) : '',
      locale,
      uploadWidget: intl && locale !== 'en' ? uploadWidgetTexts((id, values) => intl.formatMessage({ id }, values), t) : undefined,
    }),
    [t, intl, locale],
  );
  return createElement(WidgetTextsContext.Provider, { value: texts }, children);
}


/**
 * The upload widget's words in a language other than English: the documents pages' texts (enPages.ts, which the
 * language's catalogue has). In English the widget has its own, so no English of them weighs on the landing page.
 */
function uploadWidgetTexts(page: (id: PageMessageId, values?: Values) => string, t: (id: MessageId) => string): WidgetTexts['uploadWidget'] {
  return {
    upload: (name) => (name ? page('documents.uploadNamed', { name }) : page('documents.upload')),
    replace: (name) => (name ? page('documents.replaceNamed', { name }) : page('documents.replace')),
    uploading: (name) => page('documents.uploading', { name }),
    status: (code) => (code === 'Uploaded' ? page('documents.uploaded') : code),
    cancel: t('common.cancel'),
    unavailable: page('documents.uploadUnavailable'),
    failed: t('common.glitch'),
  };
}
