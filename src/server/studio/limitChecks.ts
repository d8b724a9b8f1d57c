import type { ContentFiles } from '../../content/contentTypes';
import { cataloguePath } from '../../content/i18n/catalogueBasics';
import { LOCALES } from '../../content/i18n/locales';
import type { Problem } from './draft';
import { walkSchema } from './schemaChecks';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const esc = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const unesc = (key: string) => key.replace(/~1/g, '/').replace(/~0/g, '~');

/** The limits whose number a field's texts state to the applicant ("use at most 50 characters", "0 or more"). */
export const LIMIT_KEYWORDS = ['minLength', 'maxLength', 'minimum', 'maximum'] as const;
type LimitKeyword = (typeof LIMIT_KEYWORDS)[number];

/** Eastern Arabic and Persian digits and the Arabic separators read as ASCII (a translation may write either). */
function asciiDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066B/g, '.')
    .replace(/\u066C/g, ',');
}

/** A number as a text states it: digits not inside a word, thousands separated by commas ("999,999"), decimals. */
const NUMBER = /(?<![\p{L}\p{N}_.])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\p{N}])/gu;
/** The numbers a text names, in order ("between 0 and 999,999" -> [0, 999999]). */
export function numbersIn(text: string): number[] {
  return [...asciiDigits(text).matchAll(NUMBER)].map((m) => Number(m[1]!.replace(/,/g, '') + (m[2] ?? '')));
}

const limitsOf = (node: unknown): Partial<Record<LimitKeyword, number>> =>
  Object.fromEntries(LIMIT_KEYWORDS.filter((k) => isObj(node) && typeof node[k] === 'number').map((k) => [k, (node as Obj)[k] as number]));

/** "/properties/a/items/properties/b" -> the UI schema's "/a/items/b"; undefined under allOf, if/then and the like. */
function uiPointerOf(pointer: string): string | undefined {
  const parts = pointer.split('/').slice(1);
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (parts[i] === 'properties' && i + 1 < parts.length) out.push(parts[++i]!);
    else if (parts[i] === 'items') out.push('items');
    else return undefined;
  }
  return out.length ? `/${out.join('/')}` : undefined;
}

const fieldName = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .filter((p, i, all) => all[i - 1] === 'properties')
    .map(unesc)
    .join('.') || 'the step';

function at(root: unknown, pointer: string): unknown {
  let node = root;
  for (const part of pointer.split('/').slice(1)) node = isObj(node) ? node[unesc(part)] : undefined;
  return node;
}

/** One text of a field in one language, and where it is. */
interface Text {
  text: string;
  path: string;
  pointer: string;
  /** "the message of maxLength", "the Arabic of the help text". */
  what: string;
  /** The limit the text is the message of (a help text states any of the field's limits). */
  keyword?: LimitKeyword;
}

function textsOfField(files: ContentFiles, path: string, pointer: string, node: Obj): Text[] {
  const out: Text[] = [];
  const ui = uiPointerOf(pointer);
  const uiFile = /^steps\/([A-Za-z0-9]+)\.schema\.json$/.test(path) ? path.replace(/\.schema\.json$/, '.ui.json') : undefined;
  const em = isObj(node.errorMessage) ? node.errorMessage : {};
  for (const locale of LOCALES) {
    const texts = locale === 'en' ? undefined : at(files[cataloguePath(locale)], '/texts');
    const language = locale === 'en' ? '' : `the ${locale === 'ar' ? 'Arabic' : locale} of `;
    const translated = (file: string, ptr: string): Text | undefined => {
      const value = locale === 'en' ? at(files[file], ptr) : isObj(texts) && isObj(texts[file]) ? texts[file][ptr] : undefined;
      if (typeof value !== 'string') return undefined;
      return locale === 'en' ? { text: value, path: file, pointer: ptr, what: '' } : { text: value, path: cataloguePath(locale), pointer: `/texts/${esc(file)}/${esc(ptr)}`, what: '' };
    };
    for (const keyword of LIMIT_KEYWORDS) {
      if (typeof em[keyword] !== 'string') continue;
      const found = translated(path, `${pointer}/errorMessage/${keyword}`);
      if (found) out.push({ ...found, what: `${language}the message of ${keyword}`, keyword });
    }
    if (ui !== undefined && uiFile) {
      const found = translated(uiFile, `${ui}/ui:help`);
      if (found) out.push({ ...found, what: `${language}the help text` });
    }
  }
  return out;
}

/**
 * The texts of a field that state a limit other than the field's own: after `maxLength` went from 50 to 40, a
 * message or help text (in English or in a translation) that still says 50 tells the applicant the old limit.
 *  - a limit's message that names numbers must name the limit ("use at most 50 characters" with maxLength 40);
 *  - a message or help text that names a limit's number as published and not its draft's value still states the
 *    old limit ("up to 50 characters" after maxLength became 40, "from 0 to 999999" after maximum became 99999).
 * (A help text may name other numbers, "UAE mobiles have 9 digits", so only a limit's change is held against it.)
 * Checked in the schema files the draft touches (its UI schema or translations included); blocking, like a stale translation.
 */
export function limitProblems(base: ContentFiles, files: ContentFiles, changed: readonly string[]): Problem[] {
  const catalogueChanged = changed.some((p) => p.startsWith('i18n/'));
  const schemaFiles = Object.keys(files).filter(
    (path) => path.endsWith('.schema.json') && (catalogueChanged || changed.includes(path) || changed.includes(path.replace(/\.schema\.json$/, '.ui.json'))),
  );
  const problems: Problem[] = [];
  for (const path of schemaFiles.sort()) {
    walkSchema(files[path], (node, pointer) => {
      const limits = limitsOf(node);
      if (Object.keys(limits).length === 0) return;
      const before = limitsOf(at(base[path], pointer));
      const field = fieldName(pointer);
      for (const t of textsOfField(files, path, pointer, node)) {
        const named = numbersIn(t.text);
        // By limit: what the field says now (and what it said as published, when the text still says that).
        const wrong = new Map<LimitKeyword, string>();
        const says = (k: LimitKeyword) => `${k} is ${limits[k]}${before[k] !== undefined && before[k] !== limits[k] && named.includes(before[k]!) ? ` (was ${before[k]})` : ''}`;
        if (t.keyword && limits[t.keyword] !== undefined && named.length && !named.includes(limits[t.keyword]!)) wrong.set(t.keyword, says(t.keyword));
        for (const k of LIMIT_KEYWORDS) {
          const old = before[k];
          const now = limits[k];
          if ((t.keyword && t.keyword !== k) || old === undefined || now === undefined || old === now) continue;
          if (named.includes(old) && !named.includes(now)) wrong.set(k, says(k));
        }
        if (wrong.size === 0) continue;
        problems.push({
          path: t.path,
          pointer: t.pointer,
          message: `${t.what[0]!.toUpperCase()}${t.what.slice(1)} of ${field} says "${t.text}", but the field's ${[...wrong.values()].join(' and ')}: state the field's limit in it`,
        });
      }
    });
  }
  return problems;
}
