import { useSyncExternalStore } from 'react';
import { directionOf, firstSupported, isLocale, type Locale } from '../../content/i18n/locales';

const STORAGE_KEY = 'qa.locale';

/** The applicant's choice when they made one on this browser, else the browser's language (first visit). */
function initialLocale(): Locale {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (isLocale(saved)) return saved;
  } catch {
    // Storage blocked: follow the browser.
  }
  const nav = globalThis.navigator;
  return firstSupported(nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : []);
}

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
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, locale);
  } catch {
    // Not remembered; the page still switches.
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen language (re-renders on a switch). */
export const useLocale = (): Locale => useSyncExternalStore(subscribe, currentLocale, currentLocale);
