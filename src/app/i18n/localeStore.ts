import { useSyncExternalStore } from 'react';
import { directionOf, type Locale } from '../../content/i18n/locales';
import { initialLocale, rememberLocale } from './localeChoice';

let current: Locale = initialLocale();
const listeners = new Set<() => void>();

/**
 * The language of the page, outside React too: the config request asks for it and every API call sends it as
 * Accept-Language, so the server's field errors come in the same language as the form's.
 */
export const currentLocale = (): Locale => current;

/** The document follows the language: `lang` for screen readers and fonts, `dir` for the layout. */
export function applyToDocument(locale: Locale = current): void {
  const root = globalThis.document?.documentElement;
  if (!root) return;
  root.lang = locale;
  root.dir = directionOf(locale);
}

/** Switches the language and remembers the choice on this browser. */
export function setLocale(locale: Locale): void {
  if (locale === current) return;
  current = locale;
  rememberLocale(locale);
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen language (re-renders on a switch). */
export const useLocale = (): Locale => useSyncExternalStore(subscribe, currentLocale, currentLocale);
