import type { ContentFiles } from '../../../content/contentTypes';
import { type Catalogue, cataloguePath, isText } from '../../../content/i18n/catalogue';
import type { FieldPath } from './fields';
import { schemaPath, uiPath } from './draft';

/**
 * The Arabic side of the studio's form view: where a field's text lives (file and JSON pointer, the key of the
 * catalogue schemas/i18n/ar.json), its translation in the draft's catalogue, and whether it is missing or out of
 * date. The server's check says the same (src/content/i18n/draftTranslations.ts) and blocks the publication.
 */
/** A field's text: its label, help, placeholder, message when not filled, or the message of a rule (`message:maxLength`; `message:*` for all rules). */
export type TextKind = 'label' | 'help' | 'placeholder' | 'requiredMessage' | `message:${string}`;

export const ARABIC_CATALOGUE = cataloguePath('ar');

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const esc = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

function at(root: unknown, pointer: string): unknown {
  let node = root;
  for (const part of pointer.split('/').slice(1)) node = isObject(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return node;
}

const schemaPointer = (path: FieldPath) => path.map((s) => (s === '*' ? '/items' : `/properties/${esc(s)}`)).join('');
const uiPointer = (path: FieldPath) => path.map((s) => (s === '*' ? '/items' : `/${esc(s)}`)).join('');

/** The file and pointer of a field's text in the step (the label is the UI schema's ui:title when it overrides the schema's title). */
export function textLocation(step: string, schema: unknown, ui: unknown, path: FieldPath, kind: TextKind): { file: string; pointer: string } {
  const uiAt = uiPointer(path);
  switch (kind) {
    case 'label':
      return typeof at(ui, `${uiAt}/ui:title`) === 'string' ? { file: uiPath(step), pointer: `${uiAt}/ui:title` } : { file: schemaPath(step), pointer: `${schemaPointer(path)}/title` };
    case 'help':
      return { file: uiPath(step), pointer: `${uiAt}/ui:help` };
    case 'placeholder':
      return { file: uiPath(step), pointer: `${uiAt}/ui:placeholder` };
    case 'requiredMessage':
      return { file: schemaPath(step), pointer: `${schemaPointer(path.slice(0, -1))}/errorMessage/required/${esc(path[path.length - 1]!)}` };
    default: {
      const keyword = kind.slice('message:'.length);
      return { file: schemaPath(step), pointer: keyword === '*' ? `${schemaPointer(path)}/errorMessage` : `${schemaPointer(path)}/errorMessage/${esc(keyword)}` };
    }
  }
}

export function parseCatalogue(text: string | undefined): Catalogue {
  try {
    const value = JSON.parse(text ?? '') as unknown;
    return isObject(value) ? (value as unknown as Catalogue) : { locale: 'ar' };
  } catch {
    return { locale: 'ar' };
  }
}

export const translationOf = (catalogue: Catalogue, file: string, pointer: string): string => catalogue.texts?.[file]?.[pointer] ?? '';

/** The catalogue with one translation set (an empty one removed), as the draft's JSON text. */
export function withTranslation(catalogue: Catalogue, file: string, pointer: string, text: string): string {
  const next: Catalogue = { ...catalogue, texts: { ...catalogue.texts } };
  const texts = { ...next.texts![file] };
  if (text) texts[pointer] = text;
  else delete texts[pointer];
  next.texts![file] = texts;
  return JSON.stringify(next, null, 1) + '\n';
}

/**
 * Whether a text needs its Arabic: missing (English text without Arabic) or stale (the English differs from the
 * published version's and the Arabic is still the published one). Undefined when the Arabic is fine or there is no text.
 */
export function translationState(english: string, arabic: string, location: { file: string; pointer: string }, base: ContentFiles): 'missing' | 'stale' | undefined {
  if (!english || !isText(english)) return undefined;
  if (!arabic.trim()) return 'missing';
  const englishBefore = at(base[location.file], location.pointer);
  const arabicBefore = translationOf((base[ARABIC_CATALOGUE] ?? {}) as Catalogue, location.file, location.pointer);
  return typeof englishBefore === 'string' && englishBefore !== english && arabic === arabicBefore ? 'stale' : undefined;
}

/** A list's Arabic: its title ('title') or an option's label (by code; a child option "<parent>/<child>"). */
export function listTranslationOf(catalogue: Catalogue, list: string, key: string): string {
  const lists = catalogue.lists?.[list];
  return (key === 'title' ? lists?.title : lists?.options?.[key]) ?? '';
}

/** The catalogue with a list's title or option translated (an empty one removed), as the draft's JSON text. */
export function withListTranslation(catalogue: Catalogue, list: string, key: string, text: string): string {
  const current = catalogue.lists?.[list] ?? {};
  const next = { ...current, options: { ...current.options } };
  if (key === 'title') {
    if (text) next.title = text;
    else delete next.title;
  } else if (text) next.options[key] = text;
  else delete next.options[key];
  return JSON.stringify({ ...catalogue, lists: { ...catalogue.lists, [list]: next } }, null, 1) + '\n';
}

/** Like translationState, for a list's title or option (its English before is the published list's). */
export function listTranslationState(english: string, arabic: string, list: string, key: string, base: ContentFiles): 'missing' | 'stale' | undefined {
  if (!english || !isText(english)) return undefined;
  if (!arabic.trim()) return 'missing';
  const published = base[`lists/${list}.json`] as { title?: unknown; options?: { value: unknown; label?: unknown }[] } | undefined;
  const englishBefore = key === 'title' ? published?.title : published?.options?.find((o) => String(o.value) === key)?.label;
  const arabicBefore = listTranslationOf((base[ARABIC_CATALOGUE] ?? {}) as Catalogue, list, key);
  return typeof englishBefore === 'string' && englishBefore !== english && arabic === arabicBefore ? 'stale' : undefined;
}

export const ARABIC_HINTS = {
  missing: 'No Arabic yet: the Arabic applicant would read the English. Publishing needs it.',
  stale: 'The English changed since it was published: update the Arabic. Publishing needs it.',
} as const;
