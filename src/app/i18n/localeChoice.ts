import { firstSupported, isLocale, type Locale } from '../../content/i18n/locales';

/**
 * How a page chooses its first language and remembers a choice, without React: the app's language store
 * (localeStore.ts) and the pre-rendered landing page's script (src/app/landing/boot.ts) both use it.
 */
const STORAGE_KEY = 'qa.locale';

/**
 * The cookie that tells the server the remembered language, so that it sends the pre-rendered landing page in it
 * (src/server/plugins/external/spa.ts) and an Arabic visitor never sees an English first paint. Read by nothing else.
 */
export const LOCALE_COOKIE = 'qa.locale';

/** A language, not a secret: no Secure or HttpOnly needed. Called where storage is tried (blocked storage, blocked cookies). */
const tellServer = (locale: Locale) => void (globalThis.document && (document.cookie = `${LOCALE_COOKIE}=${locale};path=/;max-age=31536000;samesite=lax`));

/** Remembers the choice on this browser. */
export function rememberLocale(locale: Locale): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, locale);
    tellServer(locale);
  } catch {
    // Not remembered; the page still switches.
  }
}

/**
 * The language a page address asks for (`?locale=ar`, as the config endpoint reads it: a link from an Arabic page
 * of the bank, an e-mail in Arabic), else the applicant's choice when they made one on this browser, else the
 * browser's language (first visit). An address's language is remembered as the switch's is.
 */
export function initialLocale(): Locale {
  try {
    const params = new URLSearchParams(globalThis.location?.search ?? '');
    const asked = params.get('locale');
    if (isLocale(asked)) {
      rememberLocale(asked);
      // Taken: the address no longer holds it, so a later switch is not undone by a reload (other parameters stay).
      params.delete('locale');
      const search = params.toString();
      globalThis.history?.replaceState(globalThis.history.state, '', `${globalThis.location.pathname}${search ? `?${search}` : ''}${globalThis.location.hash}`);
      return asked;
    }
  } catch {
    // No address to read (tests outside a browser).
  }
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (isLocale(saved)) {
      tellServer(saved); // a choice remembered before the cookie existed, or the cookie cleared
      return saved;
    }
  } catch {
    // Storage blocked: follow the browser.
  }
  const nav = globalThis.navigator;
  return firstSupported(nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : []);
}
