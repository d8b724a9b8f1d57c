/**
 * Message catalogues of the content (schemas/i18n/<locale>.json): the translations of the customer-facing texts
 * of `schemas/`, kept apart from the English files so that a step's schema (its rules) is written once and
 * engineers and product staff can change a step without touching its translations.
 *
 *   { "locale": "ar",
 *     "texts": { "<file of schemas/>": { "<JSON pointer of an English text in that file>": "<translation>" } },
 *     "lists": { "<list name>": { "title": "<translation>", "options": { "<code>": "<translation>" } } } }
 *
 * A step text's key is therefore its file and JSON pointer (stable while the field stays where it is), a list
 * option's key its list and code (a child option: "<parent code>/<child code>"). `localizeFiles` lays a catalogue
 * over the English files; everything downstream (bundling, the config document, the generated validators with
 * their messages) then runs unchanged on the result, so the browser and the server produce the same localized
 * messages from one rule definition.
 */
import type { ContentFiles } from '../contentTypes';
import type { Locale } from './locales';

import { type Catalogue, cataloguePath, escapeKey, isText, MESSAGE_KEYWORDS, messagesUnder, pointerKeys } from './catalogueBasics';

export { type Catalogue, cataloguePath, isText };


type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> => !!v && typeof v === 'object' && !Array.isArray(v);


const SCHEMA_TEXT_KEYS = new Set(['title', 'description', 'x-help', 'x-label']);
const UI_TEXT_KEYS = new Set(['ui:title', 'ui:description', 'ui:help', 'ui:placeholder']);
/** Text options of ui:options (widgets' own words: the Express offer's answers and notices, the packages' currency notice). */
const UI_OPTION_TEXT_KEYS = new Set(['addButtonText', 'title', 'description', 'label', 'yesLabel', 'noLabel', 'readTermsNotice', 'offerText', 'foreignCurrencyNotice']);
/** Options of ui:options whose every string is a text (the value packages' button and badge words: Selected, Select, Included, ...). */
const UI_OPTION_TEXT_OBJECTS = new Set(['labels']);

function stringsUnder(node: Json, pointer: string, out: string[]): void {
  if (typeof node === 'string') {
    if (isText(node)) out.push(pointer);
  } else if (Array.isArray(node)) node.forEach((n, i) => stringsUnder(n, `${pointer}/${i}`, out));
  else if (isObject(node)) for (const [k, v] of Object.entries(node)) stringsUnder(v, `${pointer}/${escapeKey(k)}`, out);
}

/** Pointers of the customer-facing texts of a JSON Schema: titles, descriptions (not the root's, written for product staff), help, messages. */
function schemaTexts(node: Json, pointer: string, out: string[]): void {
  if (Array.isArray(node)) return node.forEach((n, i) => schemaTexts(n, `${pointer}/${i}`, out));
  if (!isObject(node)) return;
  for (const [k, v] of Object.entries(node)) {
    const at = `${pointer}/${escapeKey(k)}`;
    if (k === 'properties' || k === 'definitions' || k === 'patternProperties') {
      if (isObject(v)) for (const [name, sub] of Object.entries(v)) schemaTexts(sub, `${at}/${escapeKey(name)}`, out);
    } else if (SCHEMA_TEXT_KEYS.has(k) && typeof v === 'string') {
      if (isText(v) && !(k === 'description' && pointer === '')) out.push(at);
    } else if (k === 'errorMessage') stringsUnder(v, at, out);
    else if (MESSAGE_KEYWORDS.has(k) && typeof v === 'string') {
      if (isText(v)) out.push(at);
    } else if (k.startsWith('x-')) messagesUnder(v, at, out);
    else if (k === 'enum' || k === 'const' || k === 'default' || k === 'examples' || k === 'required' || k === '$comment') continue;
    else if (typeof v === 'object') schemaTexts(v, at, out);
  }
}

/** Pointers of the customer-facing texts of a UI schema: ui:title, ui:description, ui:help, ui:placeholder, ui:enumNames, text options. */
function uiTexts(node: Json, pointer: string, out: string[]): void {
  if (!isObject(node)) return;
  for (const [k, v] of Object.entries(node)) {
    const at = `${pointer}/${escapeKey(k)}`;
    if (UI_TEXT_KEYS.has(k) && typeof v === 'string') {
      if (isText(v)) out.push(at);
    } else if (k === 'ui:enumNames') stringsUnder(v, at, out);
    else if (k === 'ui:options' && isObject(v)) {
      for (const [option, text] of Object.entries(v)) {
        if (UI_OPTION_TEXT_KEYS.has(option) && typeof text === 'string' && isText(text)) out.push(`${at}/${escapeKey(option)}`);
        else if (UI_OPTION_TEXT_OBJECTS.has(option) && isObject(text)) stringsUnder(text, `${at}/${escapeKey(option)}`, out);
      }
    } else if (!k.startsWith('ui:')) uiTexts(v, at, out);
  }
}

/** flows.json: the title of each flow (the page heading) and of each of its steps (the step list). */
function flowTexts(flows: Json, out: string[]): void {
  if (!isObject(flows)) return;
  for (const [name, flow] of Object.entries(flows)) {
    if (!isObject(flow)) continue;
    if (typeof flow.title === 'string' && isText(flow.title)) out.push(`/${escapeKey(name)}/title`);
    if (Array.isArray(flow.steps)) flow.steps.forEach((s, i) => isObject(s) && typeof s.title === 'string' && isText(s.title) && out.push(`/${escapeKey(name)}/steps/${i}/title`));
  }
}

/** products.json: the words of the landing, comparison, product and services pages (ids, routes, codes, brands' ids are not text). */
const PRODUCT_TEXT_KEYS = new Set([
  'title', 'comparisonTitle', 'label', 'name', 'description', 'notice', 'noticeProductName', 'declineButton', 'text', 'textIslamic',
  'costText', 'includedLabel', 'buttonLabel', 'selectedLabel', 'notSelectedLabel', 'disabledLabelForForeignCurrency', 'upgradeLabel',
  'aedOnly', 'foreignCurrency', 'selectOne', 'feeText', 'feeLabel', 'termsLinkLabel', 'acceptLabel', 'declineLabel', 'readTermsNotice', 'termsError',
  'termsMissingNotice',
]);

function keyedTexts(node: Json, pointer: string, keys: ReadonlySet<string>, out: string[]): void {
  if (Array.isArray(node)) node.forEach((n, i) => keyedTexts(n, `${pointer}/${i}`, keys, out));
  else if (isObject(node)) {
    for (const [k, v] of Object.entries(node)) {
      const at = `${pointer}/${escapeKey(k)}`;
      if (typeof v === 'string') {
        if (keys.has(k) && isText(v)) out.push(at);
      } else keyedTexts(v, at, keys, out);
    }
  }
}

/** documents.json: group titles and document names (the upload page, the status page's requests). */
const DOCUMENT_TEXT_KEYS = new Set(['title', 'documentTitle', 'uploadedStatus']);
/** outcomes.json: messages, titles and button labels of the status pages (the check's `name` is never shown). */
const OUTCOME_TEXT_KEYS = new Set(['title', 'message', 'label']);
/** lifecycle.json: status labels, what the applicant sees per status, the e-mail and SMS sent, decline reasons. */
const LIFECYCLE_TEXT_KEYS = new Set(['label', 'title', 'message', 'subject', 'email', 'sms']);

/**
 * How the texts of each kind of content file are found. A file of schemas/ that none of these reads has no texts
 * a translation could cover: the coverage check (src/content/i18n/coverage.ts) requires every customer-facing
 * file to be one of these kinds, so a new kind of file cannot slip out of the translation.
 */
export function textReader(path: string): ((json: Json) => string[]) | undefined {
  const run = (fill: (json: Json, out: string[]) => void) => (json: Json) => {
    const out: string[] = [];
    fill(json, out);
    return out;
  };
  if (path.endsWith('.schema.json')) return run((j, out) => schemaTexts(j, '', out));
  if (path.endsWith('.ui.json')) return run((j, out) => uiTexts(j, '', out));
  if (path === 'flows.json') return run(flowTexts);
  if (path === 'products.json') return run((j, out) => keyedTexts(j, '', PRODUCT_TEXT_KEYS, out));
  if (path === 'documents.json') return run((j, out) => keyedTexts(j, '', DOCUMENT_TEXT_KEYS, out));
  if (path === 'outcomes.json') return run((j, out) => keyedTexts(j, '', OUTCOME_TEXT_KEYS, out));
  if (path === 'lifecycle.json') return run((j, out) => keyedTexts(j, '', LIFECYCLE_TEXT_KEYS, out));
  return undefined;
}

/** The JSON pointers of the texts of one content file that a translation must cover. */
export function textPointers(path: string, json: Json): string[] {
  return textReader(path)?.(json) ?? [];
}

interface ListOption {
  value: string;
  label: string;
  children?: ListOption[];
}

/** The option codes of a list whose label is text (children as "<parent>/<child>"), with their English labels. */
export function listTexts(list: Json): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (options: Json, prefix: string) => {
    if (!Array.isArray(options)) return;
    for (const o of options as ListOption[]) {
      if (typeof o?.label === 'string' && isText(o.label)) out.set(prefix + o.value, o.label);
      walk(o?.children, `${prefix}${o.value}/`);
    }
  };
  walk(isObject(list) ? list.options : undefined, '');
  return out;
}

function resolve(json: Json, pointer: string): { parent: Record<string, Json> | Json[]; key: string } | undefined {
  const keys = pointerKeys(pointer);
  let cur: Json = json;
  for (const key of keys.slice(0, -1)) {
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, Json>)[key];
  }
  const last = keys[keys.length - 1];
  if (last === undefined || !cur || typeof cur !== 'object' || typeof (cur as Record<string, Json>)[last] !== 'string') return undefined;
  return { parent: cur as Record<string, Json>, key: last };
}

/**
 * What is wrong with a catalogue against the English files (the "vice versa" of the coverage check): a key naming
 * no file, no text or no list option, a list title where the English list has none (the English moved or went: the
 * translation would be silently lost), an empty translation. Checked for schemas/ by
 * test/unit/i18n/contentCatalogue.test.ts. Not (yet) a problem of the studio check: the studio cannot edit
 * catalogues yet, so a field removed there would block its publication; a dangling key is ignored when served.
 */
export function catalogueProblems(files: ContentFiles, path: string): string[] {
  const catalogue = files[path] as Catalogue | undefined;
  if (!isObject(catalogue)) return [`${path}: a catalogue must be a JSON object`];
  const problems: string[] = [];
  for (const [file, texts] of Object.entries(catalogue.texts ?? {})) {
    if (files[file] === undefined) {
      problems.push(`${path}: texts of ${file}, which does not exist`);
      continue;
    }
    const known = new Set(textPointers(file, files[file]));
    for (const [pointer, text] of Object.entries(texts)) {
      if (!known.has(pointer)) problems.push(`${path}: ${file}#${pointer} is not a text of ${file}`);
      else if (typeof text !== 'string' || !text.trim()) problems.push(`${path}: ${file}#${pointer} has an empty translation`);
    }
  }
  for (const [name, list] of Object.entries(catalogue.lists ?? {})) {
    const english = files[`lists/${name}.json`];
    if (english === undefined) {
      problems.push(`${path}: list ${name}, which does not exist`);
      continue;
    }
    if (list.title !== undefined && !(english as { title?: unknown }).title) problems.push(`${path}: list ${name} has a title, the English list has none`);
    const codes = listTexts(english);
    for (const code of Object.keys(list.options ?? {})) {
      if (!codes.has(code)) problems.push(`${path}: list ${name} has no option ${code}`);
      else if (typeof list.options?.[code] !== 'string' || !list.options[code].trim()) problems.push(`${path}: list ${name} option ${code} has an empty translation`);
    }
  }
  return problems;
}

/** The files with the locale's catalogue laid over them (only the files it translates are copied); English as it is. */
export function localizeFiles(files: ContentFiles, locale: Locale): ContentFiles {
  const catalogue = files[`i18n/${locale}.json`] as Catalogue | undefined;
  if (locale === 'en' || !isObject(catalogue)) return files;
  const out: ContentFiles = { ...files };
  for (const [file, texts] of Object.entries(catalogue.texts ?? {})) {
    if (out[file] === undefined) continue;
    const copy = structuredClone(out[file]);
    for (const [pointer, text] of Object.entries(texts)) {
      const at = resolve(copy, pointer);
      if (at && typeof text === 'string' && text.trim()) (at.parent as Record<string, Json>)[at.key] = text;
    }
    out[file] = copy;
  }
  for (const [name, translated] of Object.entries(catalogue.lists ?? {})) {
    const file = `lists/${name}.json`;
    if (!isObject(out[file])) continue;
    const copy = structuredClone(out[file]) as { title?: string; options?: ListOption[] };
    if (translated.title) copy.title = translated.title;
    const walk = (options: ListOption[] | undefined, prefix: string) => {
      for (const o of options ?? []) {
        const text = translated.options?.[prefix + o.value];
        if (text) o.label = text;
        walk(o.children, `${prefix}${o.value}/`);
      }
    };
    walk(copy.options, '');
    out[file] = copy;
  }
  return out;
}
