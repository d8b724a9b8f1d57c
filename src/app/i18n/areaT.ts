import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { type ReactNode, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { createIntl, IntlContext } from './useT';

export type Compiled<Id extends string> = Record<Id, MessageFormatElement[]>;
type Values = Record<string, string | number>;
type RichValues = Record<string, string | number | ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

export interface AreaT<Id extends string> {
  /** The text of an id in the page's language (ICU plurals, numbers), English while the Arabic loads. */
  (id: Id, values?: Values): string;
  /** A message with markup or React values (`<strong>{name}</strong>`), each tag a function of its content. */
  rich(id: Id, values: RichValues): ReactNode;
}

/**
 * The texts of one staff area (the agent pages, the studio), kept out of the customer's pages: English compiled
 * into the area's own chunks, Arabic a chunk of its own fetched the first time the area is shown in Arabic. Until
 * it arrives (a few kB) the area shows English, then re-renders in Arabic; a failed fetch leaves English and is
 * tried again on the next render in Arabic.
 */
export function areaT<Id extends string>(english: Compiled<Id>, loadArabic: () => Promise<{ default: Compiled<Id> }>): () => AreaT<Id> {
  let arabic: Compiled<Id> | undefined;
  let loading: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const load = () => {
    loading ??= loadArabic().then(
      (module) => {
        arabic = module.default;
        for (const listener of listeners) listener();
      },
      () => {
        loading = undefined;
      },
    );
  };
  const englishIntl = createIntl({ locale: 'en', messages: english });

  return function useAreaT(): AreaT<Id> {
    const locale = useContext(IntlContext)?.locale ?? 'en';
    const loaded = useSyncExternalStore(subscribe, () => arabic);
    if (locale === 'ar' && !loaded) load();
    const intl = useMemo(() => (locale === 'ar' && loaded ? createIntl({ locale: 'ar', messages: loaded, defaultLocale: 'en' }) : englishIntl), [locale, loaded]);
    const t = useCallback((id: Id, values?: Values) => intl.formatMessage({ id, defaultMessage: english[id] }, values), [intl]);
    return useMemo(() => Object.assign(t, { rich: (id: Id, values: RichValues) => intl.formatMessage({ id, defaultMessage: english[id] }, values) as ReactNode }), [t, intl]);
  };
}
