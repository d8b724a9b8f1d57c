import type { Locale } from '../../content/i18n/locales';
import { contentHash } from '../../content/contentHash';
import { directionOf, isLocale } from '../../content/i18n/locales';
import { externalTarget } from '../features/products/externalTarget';
import { initialLocale, rememberLocale } from '../i18n/localeChoice';
import { titleFor } from '../components/documentTitle';

/**
 * The script of the pre-rendered landing page (`/` and `/business`, dist/public/landing.<locale>.html, written at build time
 * by scripts/prerenderLanding.ts from the app's own LandingPage in English and Arabic). The page paints from HTML;
 * this script (a few kB, issue 16: landing page ≤ 120 kB) does what the page does before the app is needed:
 * - shows the page in the visitor's language (the address's, the remembered or the browser's, as the app chooses)
 *   and switches language in place, remembered as the app's switch remembers it;
 * - closes the phone banner (remembered for the tab, as the app does);
 * - Fluent's keyboard focus ring (the attribute Fluent's provider sets when focus comes from the keyboard);
 * - sends the browser to the external quick-apply site when the config says so (as the app's landing page does).
 * Whenever the static copy would not be exactly what the app shows — someone signed in, an account or Islamic
 * banking chosen in this tab, products published since the build, the config not loading — and when the visitor
 * follows a button or link, the app itself (src/app/main.tsx) is loaded and takes over the page: a followed
 * action is then an in-app navigation, with the focus moved to the new page's heading as everywhere in the app.
 */

interface LandingData {
  /** contentHash of the products (key order aside: the served config comes back from the database) each language was rendered from. */
  products: Record<Locale, string>;
  /**
   * Where the page's buttons go, in their order in <main> (the accounts' "See …", then "Compare accounts"), and the
   * account's name that LandingPage tracks for an account's button.
   */
  buttons: { href: string; product?: string }[];
}

const root = document.getElementById('root')!;
const data = JSON.parse(document.getElementById('landing-data')?.textContent ?? '{}') as LandingData;
const listening = new AbortController();
const on = <K extends keyof DocumentEventMap>(type: K, handler: (event: DocumentEventMap[K]) => void) =>
  document.addEventListener(type, handler, { signal: listening.signal, capture: true });
let analytics = false;
let taking: Promise<void> | undefined;

/**
 * Loads the app (its entry, src/app/main.tsx, another build: `data-app` holds its script's address, written by
 * scripts/prerenderLanding.ts), which renders over this page; `to`: the in-app address to go to. The address is
 * pushed first in the form react-router's browser history gives its entries (`usr`, `key`, `idx`), so the app
 * starts there as after an in-app navigation: Back returns to the landing page, and the focus moves to the new
 * page's heading (useHeadingFocus leaves only the first page of a visit alone).
 */
function takeOver(to?: string): Promise<void> {
  taking ??= (async () => {
    listening.abort();
    if (to) {
      history.replaceState({ usr: null, key: 'default', idx: 0 }, '');
      history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: 1 }, '', to);
    }
    try {
      await import(/* @vite-ignore */ root.dataset.app!);
    } catch {
      // The app could not load (offline, a new release): the address itself, loaded as a page.
      location.reload();
    }
  })();
  return taking;
}

const shown = (): Locale => (isLocale(root.dataset.locale) ? root.dataset.locale : 'en');
/** The copy of the page not shown, per language (rendered at build time into <template id="landing-ar"> etc.). */
const copies = new Map<Locale, DocumentFragment>();

function show(locale: Locale): void {
  const current = shown();
  if (locale === current) return;
  const template = document.getElementById(`landing-${locale}`) as HTMLTemplateElement | null;
  const next = copies.get(locale) ?? (template?.content.cloneNode(true) as DocumentFragment | undefined);
  if (!next) return void takeOver();
  const away = document.createDocumentFragment();
  away.append(...root.childNodes);
  copies.set(current, away);
  root.append(next);
  root.dataset.locale = locale;
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
  document.title = titleFor(root.querySelector('main h1')?.textContent, document.title);
  prepare();
}

/** What the app would read from this tab's storage (jotai's JSON in sessionStorage). */
function stored(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

/** The page as the app would draw it in this tab: the banner closed, links keeping the address's query. */
function prepare(): void {
  if (stored('qa.desktopBannerClosed') === true) root.querySelector('.fui-MessageBar')?.remove();
  for (const a of root.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')) if (!a.search) a.search = location.search;
}

/** The config of the language shown: the external site, analytics, and whether the products are the built ones. */
async function checkConfig(locale: Locale): Promise<void> {
  try {
    const q = new URLSearchParams({ segment: 'sme', role: 'customer', locale });
    const res = await fetch(`/api/config?${q}`, { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(String(res.status));
    const config = (await res.json()) as { products?: unknown; flags?: { externalQuickApplySite?: unknown; analytics?: unknown } };
    const target = externalTarget(config.flags?.externalQuickApplySite, location.pathname, location.search, location.hash);
    if (target) return location.replace(target);
    analytics = config.flags?.analytics === true;
    if (contentHash(config.products) !== data.products?.[locale] && shown() === locale) void takeOver();
  } catch {
    // The app shows the config's error as it does everywhere.
    void takeOver();
  }
}

function start(): void {
  const locale = initialLocale();
  show(locale);
  prepare();
  const session = stored('qa.session');
  const choice = stored('qa.accountChoice');
  const banking = stored('qa.bankingType');
  if (session || choice || (banking !== null && banking !== 'conventional')) return void takeOver();
  void checkConfig(locale);

  on('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest<HTMLElement>('[data-testid="language-switch"], .fui-MessageBar button, #main button, a[href]');
    if (!control || !root.contains(control)) return;
    if (control.matches('[data-testid="language-switch"]')) {
      const next: Locale = shown() === 'ar' ? 'en' : 'ar';
      rememberLocale(next);
      show(next);
      root.querySelector<HTMLElement>('[data-testid="language-switch"]')?.focus();
      void checkConfig(next);
    } else if (control.matches('.fui-MessageBar button')) {
      try {
        sessionStorage.setItem('qa.desktopBannerClosed', 'true');
      } catch {
        // Closed for this page only.
      }
      control.closest('.fui-MessageBar')?.remove();
    } else if (control instanceof HTMLAnchorElement) {
      const url = new URL(control.href);
      if (url.origin !== location.origin || control.target || (url.pathname === location.pathname && url.hash)) return;
      event.preventDefault();
      void takeOver(url.pathname + url.search + url.hash);
    } else {
      const button = data.buttons?.[[...root.querySelectorAll('#main button')].indexOf(control)];
      if (!button) return void takeOver();
      event.preventDefault();
      if (analytics && button.product) (window.dataLayer ??= []).push({ event: 'landing page account chosen', productName: button.product });
      void takeOver(button.href + location.search);
    }
  });
  // Fluent draws its focus ring on elements carrying this attribute, which its provider sets when focus comes from
  // the keyboard; the browser's :focus-visible tells the same here.
  on('focusin', (event) => {
    const el = event.target as HTMLElement;
    if (el.matches?.(':focus-visible')) el.setAttribute('data-fui-focus-visible', '');
  });
  on('focusout', (event) => (event.target as HTMLElement).removeAttribute?.('data-fui-focus-visible'));
}

start();
