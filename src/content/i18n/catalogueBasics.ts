import type { Locale } from './locales';

/** A language's catalogue (format: catalogue.ts). Kept apart from catalogue.ts so the studio's form view loads only this. */
export interface Catalogue {
  locale: string;
  texts?: Record<string, Record<string, string>>;
  lists?: Record<string, { title?: string; options?: Record<string, string> }>;
}

export const cataloguePath = (locale: Locale) => `i18n/${locale}.json`;

/**
 * Whether a string is text a person reads (and so needs a translation): it has a Latin letter, and it is not a
 * code-like token such as an example address or number ("name@company.com", "501234567", "+971").
 */
export function isText(value: string): boolean {
  if (!/[A-Za-z]/.test(value)) return false;
  return /\s/.test(value) || !/[@0-9]/.test(value);
}
