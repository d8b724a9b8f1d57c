import type { ContentFiles } from '../contentTypes';
import { type Catalogue, cataloguePath, listTexts, textPointers } from './catalogue';
import type { Locale } from './locales';

/**
 * What the Arabic catalogue covers so far: the first part of the customer journey (basic information, the one-time
 * code, company information; the come-back login) with its page titles and the lists those steps show. The coverage test requires a
 * translation for every text of these files and lists; the next part of the work adds the remaining steps and
 * lists here until the scope is everything customer-facing in schemas/.
 * Not covered yet: the stakeholder, final-questions, documents and services steps; the industry lists
 * (industry, industryIslamic: about 600 labels); products.json's packages and Express offer (services step),
 * documents.json, outcomes.json, lifecycle.json.
 */
export const TRANSLATION_SCOPE = {
  files: [
    'flows.json#/applicantInfo',
    'flows.json#/otp',
    'flows.json#/companyInfo',
    'flows.json#/comeBackLogin',
    'products.json#/landing',
    'products.json#/accounts',
    'products.json#/comparison',
    'steps/applicantInfo.schema.json',
    'steps/applicantInfo.ui.json',
    'steps/comeBackLogin.schema.json',
    'steps/comeBackLogin.ui.json',
    'steps/otpVerify.schema.json',
    'steps/otpVerify.ui.json',
    'steps/companyDetails.schema.json',
    'steps/companyDetails.ui.json',
    'steps/companyIndustry.schema.json',
    'steps/companyIndustry.ui.json',
    'steps/companyLicense.schema.json',
    'steps/companyLicense.ui.json',
  ],
  lists: ['countryCode', 'companyCategory', 'licenseIssuingAuthority', 'countryOfIncorporation', 'licenseType'],
} as const;

/**
 * The texts of the scope that the locale's catalogue does not translate, as "file#pointer" or "list name:code"
 * ("file#/pointer" entries of the scope limit a file to the texts under that pointer).
 */
export function missingTranslations(files: ContentFiles, locale: Locale, scope: { files: readonly string[]; lists: readonly string[] } = TRANSLATION_SCOPE): string[] {
  const catalogue = (files[cataloguePath(locale)] ?? {}) as Catalogue;
  const missing: string[] = [];
  for (const entry of scope.files) {
    const [file = '', under = ''] = entry.split('#');
    if (files[file] === undefined) {
      missing.push(`${file} (the file does not exist)`);
      continue;
    }
    const translated = catalogue.texts?.[file] ?? {};
    for (const pointer of textPointers(file, files[file])) {
      if ((pointer === under || pointer.startsWith(`${under}/`)) && !translated[pointer]?.trim()) missing.push(`${file}#${pointer}`);
    }
  }
  for (const name of scope.lists) {
    const english = files[`lists/${name}.json`] as { title?: string } | undefined;
    const translated = catalogue.lists?.[name];
    if (english?.title && !translated?.title?.trim()) missing.push(`${name}:title`);
    for (const code of listTexts(english).keys()) if (!translated?.options?.[code]?.trim()) missing.push(`${name}:${code}`);
  }
  return missing;
}

/** The text at a JSON pointer of a content file (undefined when there is none). */
function textAt(file: unknown, pointer: string): string | undefined {
  let node: unknown = file;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

const ARABIC_INDIC = /[\u0660-\u0669]/g;
const numbersOf = (text: string) => new Set(text.replace(ARABIC_INDIC, (d) => String(d.charCodeAt(0) - 0x0660)).match(/\d+(?:[.,]\d+)*/g) ?? []);
const placeholdersOf = (text: string) => [...(text.match(/\{[^{}]+\}/g) ?? [])].sort().join(' ');

/**
 * Whether a translation still says what its English text says: the same {placeholders}, and no number the English
 * does not have (a translation may spell a number out, "nine digits", but never keep an old limit).
 */
function stillMatches(english: string, translated: string): boolean {
  const numbers = numbersOf(english);
  return placeholdersOf(english) === placeholdersOf(translated) && [...numbersOf(translated)].every((n) => numbers.has(n));
}

/**
 * Translations that no longer match their English text: a limit, an amount or a placeholder that differs ("at most
 * 240 characters" translated when it said 100). The catalogue is keyed by where a text is, not by what it says, so
 * a change of the English text would otherwise leave the old translation in place.
 */
export function staleTranslations(files: ContentFiles, locale: Locale): string[] {
  const catalogue = (files[cataloguePath(locale)] ?? {}) as Catalogue;
  const stale: string[] = [];
  for (const [file, texts] of Object.entries(catalogue.texts ?? {})) {
    for (const [pointer, translated] of Object.entries(texts)) {
      const english = textAt(files[file], pointer);
      if (english !== undefined && !stillMatches(english, translated)) stale.push(`${file}#${pointer}: "${english}"`);
    }
  }
  for (const [name, list] of Object.entries(catalogue.lists ?? {})) {
    const english = listTexts(files[`lists/${name}.json`]);
    for (const [code, translated] of Object.entries(list.options ?? {})) {
      const text = english.get(code);
      if (text !== undefined && !stillMatches(text, translated)) stale.push(`${name}:${code}: "${text}"`);
    }
  }
  return stale;
}
