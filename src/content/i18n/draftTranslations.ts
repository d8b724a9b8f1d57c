import type { ContentFiles } from '../contentTypes';
import { type Catalogue, cataloguePath, listTexts, textPointers } from './catalogue';
import { missingTranslations } from './coverage';
import type { Locale } from './locales';

/** A translation a draft needs before it can be published: the English text, where it is, and why. */
export interface TranslationIssue {
  /** The English file ("steps/x.ui.json", "lists/y.json"). */
  file: string;
  /** The JSON pointer of the text in that file, or "options/<code>" / "title" for a list. */
  pointer: string;
  english: string;
  kind: 'missing' | 'stale';
  /** Human words for the text: "the label of companyName", "option AE of list countryOfIncorporation". */
  what: string;
}

const unescape = (key: string) => key.replace(/~1/g, '/').replace(/~0/g, '~');

function textAt(file: unknown, pointer: string): string | undefined {
  let node: unknown = file;
  for (const part of pointer.split('/').slice(1)) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[unescape(part)] : undefined;
  return typeof node === 'string' ? node : undefined;
}

const KIND_WORDS: Record<string, string> = {
  title: 'the label',
  'ui:title': 'the label',
  'x-label': 'the label',
  description: 'the description',
  'ui:description': 'the description',
  'x-help': 'the help text',
  'ui:help': 'the help text',
  'ui:placeholder': 'the placeholder',
  addButtonText: 'the add button',
};

/**
 * A text's place in words, so the studio names the field the staff member edits: "the label of companyName",
 * "the message when required of tradeLicenseNo". Schema keywords (properties, items) are left out of the field's name.
 */
export function describeText(file: string, pointer: string): string {
  const parts = pointer.split('/').slice(1).map(unescape);
  const last = parts[parts.length - 1] ?? '';
  const requiredAt = parts.lastIndexOf('required');
  if (parts.includes('errorMessage') && requiredAt > 0 && parts[requiredAt - 1] === 'errorMessage' && requiredAt === parts.length - 2) {
    return `the message when ${last} is not filled (${file})`;
  }
  const field = parts.filter((p) => !['properties', 'items', 'ui:options', 'errorMessage', 'definitions', 'steps'].includes(p) && !p.startsWith('x-') && !/^\d+$/.test(p) && p !== last);
  const what = KIND_WORDS[last] ?? (parts.includes('errorMessage') || /^message/.test(last) ? `the ${last === 'message' || parts.includes('errorMessage') ? 'error message' : last}` : `the text ${last}`);
  const name = parts.includes('errorMessage') && !KIND_WORDS[last] ? [...field, last].join('.') : field.join('.');
  return `${what}${name ? ` of ${name}` : ''} (${file})`;
}

const catalogueOf = (files: ContentFiles, locale: Locale) => (files[cataloguePath(locale)] ?? {}) as Catalogue;

/**
 * The translations a draft leaves missing or stale in a language, among the texts the draft changes:
 *  - missing: a text the draft adds or rewrites in English has no translation, or the draft deletes a translation
 *    of a text that must have one (the coverage scope of src/content/i18n/coverage.ts);
 *  - stale: the English was rewritten but its translation is the published one (it still says the old thing).
 * Texts the draft does not touch are not its problem (the catalogue's own test covers them).
 */
export function draftTranslationIssues(base: ContentFiles, files: ContentFiles, changedPaths: readonly string[], locale: Locale): TranslationIssue[] {
  const issues: TranslationIssue[] = [];
  const before = catalogueOf(base, locale);
  const after = catalogueOf(files, locale);
  const seen = new Set<string>();
  const add = (issue: TranslationIssue) => {
    const key = `${issue.file}#${issue.pointer}`;
    if (seen.has(key)) return;
    seen.add(key);
    issues.push(issue);
  };
  for (const file of changedPaths) {
    if (file.startsWith('i18n/') || files[file] === undefined) continue;
    if (file.startsWith('lists/')) {
      const name = file.slice('lists/'.length, -'.json'.length);
      const english = listTexts(files[file]);
      const englishBefore = listTexts(base[file]);
      const title = (files[file] as { title?: unknown }).title;
      const titleBefore = (base[file] as { title?: unknown } | undefined)?.title;
      const entries: [string, string, string | undefined, string | undefined, string | undefined, string][] = [...english].map(([code, text]) => [
        `options/${code}`,
        text,
        englishBefore.get(code),
        after.lists?.[name]?.options?.[code],
        before.lists?.[name]?.options?.[code],
        `option ${code} of list ${name} (${file})`,
      ]);
      if (typeof title === 'string' && title.trim()) entries.push(['title', title, typeof titleBefore === 'string' ? titleBefore : undefined, after.lists?.[name]?.title, before.lists?.[name]?.title, `the title of list ${name} (${file})`]);
      for (const [pointer, text, textBefore, translated, translatedBefore, what] of entries) {
        if (text === textBefore) continue;
        if (!translated?.trim()) add({ file, pointer, english: text, kind: 'missing', what });
        else if (textBefore !== undefined && translated === translatedBefore) add({ file, pointer, english: text, kind: 'stale', what });
      }
      continue;
    }
    for (const pointer of textPointers(file, files[file])) {
      const english = textAt(files[file], pointer)!;
      const englishBefore = textAt(base[file], pointer);
      if (english === englishBefore) continue;
      const translated = after.texts?.[file]?.[pointer];
      const translatedBefore = before.texts?.[file]?.[pointer];
      if (!translated?.trim()) add({ file, pointer, english, kind: 'missing', what: describeText(file, pointer) });
      else if (englishBefore !== undefined && translated === translatedBefore) add({ file, pointer, english, kind: 'stale', what: describeText(file, pointer) });
    }
  }
  // A translation the draft removes from the covered scope (deleted in the catalogue, or a text moved).
  if (changedPaths.length) {
    const missingBefore = new Set(missingTranslations(base, locale));
    for (const entry of missingTranslations(files, locale)) {
      if (missingBefore.has(entry)) continue;
      const hash = entry.indexOf('#');
      if (hash > 0) {
        const file = entry.slice(0, hash);
        const pointer = entry.slice(hash + 1);
        add({ file, pointer, english: textAt(files[file], pointer) ?? '', kind: 'missing', what: describeText(file, pointer) });
      } else {
        const [name = '', code = ''] = entry.split(':');
        const file = `lists/${name}.json`;
        const pointer = code === 'title' ? 'title' : `options/${code}`;
        add({ file, pointer, english: code === 'title' ? String((files[file] as { title?: unknown }).title ?? '') : (listTexts(files[file]).get(code) ?? ''), kind: 'missing', what: code === 'title' ? `the title of list ${name} (${file})` : `option ${code} of list ${name} (${file})` });
      }
    }
  }
  return issues;
}

const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', ar: 'Arabic' };

/** The studio's words for an issue: names the field and says what to do. */
export function translationIssueMessage(issue: TranslationIssue, locale: Locale): string {
  const language = LANGUAGE_NAMES[locale];
  return issue.kind === 'missing'
    ? `No ${language} translation of ${issue.what}: “${issue.english}”. Write the ${language} text beside the English before publishing.`
    : `The ${language} translation of ${issue.what} is out of date: the English now says “${issue.english}” but the ${language} was not changed. Update the ${language} text before publishing.`;
}
