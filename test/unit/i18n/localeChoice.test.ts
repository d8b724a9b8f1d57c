import { describe, expect, it } from 'vitest';
import { initialLocale, rememberLocale } from '../../../src/app/i18n/localeChoice';

/** The first language of a page, as the app and the pre-rendered landing page's script (one module) choose it. */
describe('the first language of a page', () => {
  it("chooses the page's language as the app does: the address's (taken off it and remembered), the remembered, the browser's", async () => {
    const items = new Map<string, string>();
    const g = globalThis as Record<string, unknown>;
    g.localStorage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
    g.navigator = { languages: ['ar-AE', 'en'], language: 'ar-AE' };
    let url = 'https://x.test/business?locale=en&rocode=RO1';
    g.location = { get search() { return new URL(url).search; }, pathname: '/business', hash: '' };
    g.history = { state: null, replaceState: (_s: unknown, _t: string, next: string) => void (url = `https://x.test${next}`) };
    try {
      expect(initialLocale()).toBe('en');
      expect(url).toBe('https://x.test/business?rocode=RO1');
      expect(initialLocale()).toBe('en'); // remembered
      items.clear();
      expect(initialLocale()).toBe('ar'); // the browser's
      rememberLocale('en');
      expect(items.get('qa.locale')).toBe('en');
    } finally {
      for (const k of ['localStorage', 'navigator', 'location', 'history']) delete g[k];
    }
  });

});
