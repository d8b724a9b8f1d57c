import type { ContentFiles } from '../contentTypes';
import { type Catalogue, cataloguePath, listTexts, textPointers, textReader } from './catalogue';
import type { Locale } from './locales';

/**
 * What is NOT customer-facing in schemas/ (no applicant or agent reads it in the app), and so outside what the
 * translation must cover; the agents' steps, the KYC annexure included, are in scope like the applicant's.
 * Everything else is in scope, computed from the files themselves (`translationScope`): a new step, list or content
 * file is covered the moment it exists, unless it is added here with its reason. A prefix ending in "/" or "."
 * excludes every file under or starting with it.
 */
export const NOT_CUSTOMER_FACING = {
  files: [
    // The bank's exchange format and its mappings: systems and product staff.
    'bank/',
    // The catalogues themselves; lists are covered list by list (below).
    'i18n/',
    'lists/',
    // Screening rules, feature flags, the new application's template, the fields only the server writes.
    'screening.json',
    'flags.json',
    'prospectTemplate.json',
    'serverFields.schema.json',
  ],
  lists: [
    // Codes the bank and the server use, never shown to the applicant.
    'accountSignType',
    'flag',
    'gender',
    'industrySubCategory',
  ],
} as const;

export interface TranslationScope {
  /** Content files, "file" or "file#/pointer" (only the texts under that pointer). */
  files: readonly string[];
  lists: readonly string[];
}

const excluded = (path: string, entries: readonly string[]) => entries.some((e) => (e.endsWith('/') || e.endsWith('.') ? path.startsWith(e) : path === e));

/**
 * Everything customer-facing in the content: every file of schemas/ and every list but those of
 * NOT_CUSTOMER_FACING. The coverage test requires a translation for every text of each (and that each file is of
 * a kind whose texts are known, src/content/i18n/catalogue.ts textReader).
 */
export function translationScope(files: ContentFiles): TranslationScope {
  const paths = Object.keys(files).sort();
  return {
    files: paths.filter((p) => p.endsWith('.json') && !excluded(p, NOT_CUSTOMER_FACING.files)),
    lists: paths
      .map((p) => /^lists\/([A-Za-z0-9]+)\.json$/.exec(p)?.[1])
      .filter((name): name is string => !!name && !(NOT_CUSTOMER_FACING.lists as readonly string[]).includes(name)),
  };
}

/**
 * The texts of the scope that the locale's catalogue does not translate, as "file#pointer" or "list name:code"
 * ("file#/pointer" entries of the scope limit a file to the texts under that pointer). A file of the scope whose
 * kind has no known texts is reported too: it would otherwise be in scope with nothing to translate.
 */
export function missingTranslations(files: ContentFiles, locale: Locale, scope: TranslationScope = translationScope(files)): string[] {
  const catalogue = (files[cataloguePath(locale)] ?? {}) as Catalogue;
  const missing: string[] = [];
  for (const entry of scope.files) {
    const [file = '', under = ''] = entry.split('#');
    if (files[file] === undefined) {
      missing.push(`${file} (the file does not exist)`);
      continue;
    }
    if (!textReader(file)) {
      missing.push(`${file} (no known texts: add its kind to textReader, or the file to NOT_CUSTOMER_FACING)`);
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
