/** The languages of the application: English (the language the content is written in) and Arabic. */
export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** Writing direction of a locale. */
export const directionOf = (locale: Locale): 'ltr' | 'rtl' => (locale === 'ar' ? 'rtl' : 'ltr');

/**
 * The first supported language of a list of language tags in order of preference ("ar-AE", "en-GB", ...), by primary
 * subtag; the default when none is supported. Used for the browser's `navigator.languages` and, through
 * `fromAcceptLanguage`, for a request's Accept-Language.
 */
export function firstSupported(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** Accept-Language ("ar-AE,ar;q=0.9,en;q=0.8") -> the supported locale with the highest weight (q=0 excluded). */
export function fromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.tag && r.q > 0 && !Number.isNaN(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return firstSupported(ranked.map((r) => r.tag));
}

/** The locale of a request: `?locale=` when given, else Accept-Language, else English. */
export function requestLocale(query: string | undefined, acceptLanguage: string | undefined): Locale {
  return isLocale(query) ? query : fromAcceptLanguage(acceptLanguage);
}
