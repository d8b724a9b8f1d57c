/**
 * The studio's form view: reading and changing one field of a step (label, help, required, limits, options,
 * messages) in the schema and UI schema the same way the repo's schemas are written (schemas/README.md):
 * label = `title` (or `ui:title` when the UI schema overrides it), help = `ui:help`, messages through ajv-errors
 * `errorMessage` (required ones on the parent object). Every function returns new documents.
 */

import { FORBIDDEN_KEYS } from '../../../content/fieldMap';
import { keywordMessagePointers, pointerKeys, textAt } from '../../../content/i18n/catalogueBasics';
import type { StaffText } from './staffText';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** A field by property names from the root; "*" steps into an array's items. */
export type FieldPath = string[];

export interface FieldEntry {
  path: FieldPath;
  /** "organizationInfo.companyName" */
  key: string;
  label: string;
  type: string;
  /** Objects hold fields (a new field can be added there). */
  isObject: boolean;
  depth: number;
}

export interface FieldState {
  type: string;
  label: string;
  help: string;
  required: boolean;
  requiredMessage: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  enumValues?: string[];
  placeholder: string;
  /** The reference list of a choice field (`x-list.list`, on the field or its items). */
  list?: string;
  /** ajv-errors messages of the field, by keyword (an errorMessage string counts for every keyword: key "*"). */
  messages: Record<string, string>;
}

export const fieldKey = (path: FieldPath) => path.join('.');

function typeOf(node: Json): string {
  if (Array.isArray(node.type)) return node.type.join(' | ');
  if (typeof node.type === 'string') return node.type;
  if (node.$ref) return 'ref';
  if (node.properties) return 'object';
  return 'any';
}

/** The schema node of a field (undefined when the path does not exist). */
export function schemaNode(schema: Json, path: FieldPath): Json | undefined {
  let node: unknown = schema;
  for (const segment of path) {
    if (!isObject(node)) return undefined;
    node = segment === '*' ? node.items : isObject(node.properties) ? node.properties[segment] : undefined;
  }
  return isObject(node) ? node : undefined;
}

/** The UI schema node of a field, created on the way when `create` is set. */
function uiNode(ui: Json, path: FieldPath, create: boolean): Json | undefined {
  let node: Json = ui;
  for (const segment of path) {
    const key = segment === '*' ? 'items' : segment;
    if (!isObject(node[key])) {
      if (!create) return undefined;
      node[key] = {};
    }
    node = node[key] as Json;
  }
  return node;
}

/** Every field of a step schema, parents before children, nested objects and array items included. */
export function listFields(schema: Json): FieldEntry[] {
  const out: FieldEntry[] = [];
  const walk = (node: Json, path: FieldPath) => {
    const props = isObject(node.properties) ? node.properties : {};
    for (const [name, child] of Object.entries(props)) {
      if (!isObject(child)) continue;
      const p = [...path, name];
      const label = typeof child.title === 'string' && child.title ? child.title : name;
      out.push({ path: p, key: fieldKey(p), label, type: typeOf(child), isObject: isObject(child.properties), depth: path.length });
      walk(child, p);
      if (isObject(child.items) && isObject(child.items.properties)) {
        const ip = [...p, '*'];
        out.push({ path: ip, key: fieldKey(ip), label: `${label} (each item)`, type: 'object', isObject: true, depth: p.length });
        walk(child.items, ip);
      }
    }
  };
  walk(schema, []);
  return out;
}

function parentOf(schema: Json, path: FieldPath): Json | undefined {
  return path.length === 1 ? schema : schemaNode(schema, path.slice(0, -1));
}

export function readField(schema: Json, ui: Json, path: FieldPath): FieldState | undefined {
  const node = schemaNode(schema, path);
  if (!node) return undefined;
  const name = path[path.length - 1]!;
  const parent = parentOf(schema, path);
  const uiN = uiNode(ui, path, false) ?? {};
  const required = Array.isArray(parent?.required) && parent.required.includes(name);
  const parentMessages = isObject(parent?.errorMessage) && isObject(parent.errorMessage.required) ? parent.errorMessage.required : {};
  const em = node.errorMessage;
  const messages: Record<string, string> = {};
  if (typeof em === 'string') messages['*'] = em;
  else if (isObject(em)) for (const [k, v] of Object.entries(em)) if (typeof v === 'string') messages[k] = v;
  return {
    type: typeOf(node),
    label: typeof uiN['ui:title'] === 'string' ? uiN['ui:title'] : typeof node.title === 'string' ? node.title : '',
    help: typeof uiN['ui:help'] === 'string' ? uiN['ui:help'] : '',
    placeholder: typeof uiN['ui:placeholder'] === 'string' ? uiN['ui:placeholder'] : '',
    required,
    requiredMessage: typeof parentMessages[name] === 'string' ? parentMessages[name] : '',
    ...(typeof node.maxLength === 'number' ? { maxLength: node.maxLength } : {}),
    ...(typeof node.minimum === 'number' ? { minimum: node.minimum } : {}),
    ...(typeof node.maximum === 'number' ? { maximum: node.maximum } : {}),
    ...(typeof node.pattern === 'string' ? { pattern: node.pattern } : {}),
    ...(listOf(node) ? { list: listOf(node) } : {}),
    ...(Array.isArray(node.enum) ? { enumValues: node.enum.map(String) } : {}),
    messages,
  };
}

/** The reference list a field's options come from (single choice: on the field; multiple choice: field or items). */
export function listOf(node: Json): string | undefined {
  const rule = isObject(node['x-list']) ? node['x-list'] : isObject(node.items) && isObject(node.items['x-list']) ? node.items['x-list'] : undefined;
  return rule && typeof rule.list === 'string' ? rule.list : undefined;
}

/**
 * Help text that states a limit follows the limit: "up to 50 characters" becomes "up to 40 characters" when the
 * limit changes from 50 to 40 (only the number next to the unit is replaced, so other numbers stay).
 */
export function helpFollowingLimit(help: string, before: number | undefined, after: number | undefined, unit: RegExp): string {
  if (before === undefined || after === undefined || before === after) return help;
  const re = new RegExp(`(^|[^0-9.,])${String(before).replace('.', '\\.')}(?=\\s*${unit.source})`, 'g');
  return help.replace(re, (_m, lead: string) => `${lead}${after}`);
}

/** The Arabic nouns counting characters or digits (the glossary's "N حرفًا كحد أقصى"), longest spelling first. */
const ARABIC_NOUN = '(حرفًا|حرفا|حروف|أحرف|حرف|رقمًا|رقما|أرقام|رقم)';
const EASTERN = '٠١٢٣٤٥٦٧٨٩';
const eastern = (n: number) => String(n).replace(/[0-9]/g, (d) => EASTERN[Number(d)]!);
const western = (digits: string) => Number(digits.replace(/[٠-٩]/g, (d) => String(EASTERN.indexOf(d))));
/** Not inside a longer number (digits, decimal or thousands separators, Western or Arabic). */
const ALONE_BEFORE = '(?<![0-9٠-٩.,٫٬])';
const ALONE_AFTER = '(?![0-9٠-٩]|[.,٫٬][0-9٠-٩])';

/** The noun after a number in Arabic: 3 to 10 take the plural (8 أحرف), 11 to 99 the singular accusative (40 حرفًا), others the singular. */
function arabicCounted(noun: string, n: number): string {
  const [one, few, many] = /^(حرف|حروف|أحرف)/u.test(noun) ? ['حرف', 'أحرف', 'حرفًا'] : ['رقم', 'أرقام', 'رقمًا'];
  const r = n % 100;
  return r >= 3 && r <= 10 ? few! : r >= 11 ? many! : one!;
}

/**
 * An Arabic text that states a limit follows it, as the English does (helpFollowingLimit): the old number, in
 * Western or Eastern digits, becomes the new one, and the noun counted after it agrees ("50 حرفًا" -> "8 أحرف").
 * `counted` (a length): only a number followed by a noun of characters or digits changes; otherwise (a minimum or
 * a maximum) every occurrence of the number on its own does.
 */
export function arabicFollowingLimit(text: string, before: number | undefined, after: number | undefined, counted: boolean): string {
  if (before === undefined || after === undefined || before === after) return text;
  const number = `(${String(before)}|${eastern(before)})`.replaceAll('.', '\\.');
  const re = new RegExp(`${ALONE_BEFORE}${number}${ALONE_AFTER}(\\s*${ARABIC_NOUN}(?!\\p{L}))?`, 'gu');
  return text.replace(re, (found: string, digits: string, counting: string | undefined, noun: string | undefined) => {
    if (counted && !noun) return found;
    const n = /[٠-٩]/.test(digits) ? eastern(after) : String(after);
    return noun ? `${n}${counting!.slice(0, counting!.length - noun.length)}${arabicCounted(noun, western(n))}` : `${n}${counting ?? ''}`;
  });
}

const CHARACTERS = /characters?\b/;
const NUMBER_WORDS = /(or (more|less|fewer)|and|to|\)|\.|,|$)/;
export const minimumMessage = (label: string, n: number) => `${label} must be ${n} or more`;
export const maximumMessage = (label: string, n: number) => `${label} must be ${n} or less`;

/** The repo's wording for a length limit: the field, what is wrong and the fix (test/unit/messages.test.ts). */
export const maxLengthMessage = (label: string, n: number) => `${label} is too long: use at most ${n} characters`;

/** What the form view changes; absent keys stay as they are, `null` removes a rule. */
export interface FieldEdit {
  label?: string;
  help?: string;
  required?: boolean;
  requiredMessage?: string;
  maxLength?: number | null;
  minimum?: number | null;
  maximum?: number | null;
  placeholder?: string;
  pattern?: string | null;
  enumValues?: string[] | null;
  /** Message per keyword; an empty text removes it. */
  messages?: Record<string, string>;
  /** The messages of the field's own keywords by their pointer under the field ("/x-trimmed", "/x-date/0/message"). */
  keywordMessages?: Record<string, string>;
}

/** Writes `text` at a pointer under `node` where a message already is (keywordMessagePointers' pointers). */
function setTextAt(node: Json, pointer: string, text: string): void {
  const parts = pointerKeys(pointer);
  let at: unknown = node;
  for (const part of parts.slice(0, -1)) at = Array.isArray(at) ? at[Number(part)] : isObject(at) ? at[part] : undefined;
  const last = parts[parts.length - 1]!;
  if (Array.isArray(at) && typeof at[Number(last)] === 'string') at[Number(last)] = text;
  else if (isObject(at) && typeof at[last] === 'string') at[last] = text;
}

function setMessage(node: Json, keyword: string, message: string | undefined) {
  if (keyword === '*') {
    if (message) node.errorMessage = message;
    else delete node.errorMessage;
    return;
  }
  if (typeof node.errorMessage === 'string') return; // one message for every rule: edited as "*"
  const em: Json = isObject(node.errorMessage) ? { ...node.errorMessage } : {};
  if (message) em[keyword] = message;
  else delete em[keyword];
  if (Object.keys(em).length) node.errorMessage = em;
  else delete node.errorMessage;
}

/** The field's old name replaced by the new one in its messages and its required message (whole words only). */
function renameInMessages(root: Json, node: Json, path: FieldPath, name: string, before: string, after: string) {
  const re = new RegExp(`(^|[^\\p{L}\\p{N}])${before.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'gu');
  const rename = (text: unknown) => (typeof text === 'string' ? text.replace(re, (_m, lead: string) => `${lead}${after}`) : text);
  if (typeof node.errorMessage === 'string') node.errorMessage = rename(node.errorMessage);
  else if (isObject(node.errorMessage)) node.errorMessage = Object.fromEntries(Object.entries(node.errorMessage).map(([k, v]) => [k, rename(v)]));
  // The messages of its own keywords too ("Company name should not start or end with a space").
  for (const at of keywordMessagePointers(node)) {
    const text = textAt(node, at);
    if (text !== undefined) setTextAt(node, at, rename(text) as string);
  }
  const parent = path.length === 1 ? root : schemaNode(root, path.slice(0, -1));
  const em = parent && isObject(parent.errorMessage) ? parent.errorMessage : undefined;
  if (em && isObject(em.required) && typeof em.required[name] === 'string') {
    parent!.errorMessage = { ...em, required: { ...em.required, [name]: rename(em.required[name]) } };
  }
}

/** Applies a form-view edit to copies of the schema and UI schema. */
export function editField(schema: Json, ui: Json, path: FieldPath, edit: FieldEdit): { schema: Json; ui: Json } {
  const s = structuredClone(schema);
  const u = structuredClone(ui);
  const node = schemaNode(s, path);
  if (!node) throw new Error(`No field ${fieldKey(path)} in the schema`);
  const name = path[path.length - 1]!;
  const label = edit.label ?? readField(schema, ui, path)?.label ?? name;

  if (edit.label !== undefined) {
    const before = readField(schema, ui, path)?.label;
    const uiN = uiNode(u, path, false);
    if (uiN && typeof uiN['ui:title'] === 'string') uiN['ui:title'] = edit.label;
    else node.title = edit.label;
    // Messages that name the field follow its new name ("Company name is not filled" -> "Registered company name ...").
    if (before && edit.label && before !== edit.label) renameInMessages(s, node, path, name, before, edit.label);
  }
  if (edit.help !== undefined) {
    const uiN = uiNode(u, path, true)!;
    if (edit.help) uiN['ui:help'] = edit.help;
    else delete uiN['ui:help'];
  }
  if (edit.placeholder !== undefined) {
    const uiN = uiNode(u, path, true)!;
    if (edit.placeholder) uiN['ui:placeholder'] = edit.placeholder;
    else delete uiN['ui:placeholder'];
  }
  // The help text follows a changed limit ("up to 50 characters" -> "up to 40 characters").
  const followHelp = (before: unknown, after: number | null, unit: RegExp) => {
    const uiN = uiNode(u, path, false);
    if (!uiN || typeof uiN['ui:help'] !== 'string' || typeof before !== 'number' || after === null) return;
    uiN['ui:help'] = helpFollowingLimit(uiN['ui:help'], before, after, unit);
  };
  for (const [keyword, wording] of [['minimum', minimumMessage], ['maximum', maximumMessage]] as const) {
    const value = edit[keyword];
    if (value === undefined) continue;
    const before = node[keyword];
    const current = isObject(node.errorMessage) ? node.errorMessage[keyword] : undefined;
    if (value === null) {
      delete node[keyword];
      setMessage(node, keyword, undefined);
    } else {
      node[keyword] = value;
      if (current === undefined) setMessage(node, keyword, wording(label, value));
      else if (typeof current === 'string' && typeof before === 'number') setMessage(node, keyword, helpFollowingLimit(current, before, value, NUMBER_WORDS));
      followHelp(before, value, NUMBER_WORDS);
    }
  }
  if (edit.maxLength !== undefined) {
    const before = node.maxLength;
    followHelp(before, edit.maxLength, CHARACTERS);
    const current = isObject(node.errorMessage) ? node.errorMessage.maxLength : undefined;
    if (edit.maxLength === null) {
      delete node.maxLength;
      setMessage(node, 'maxLength', undefined);
    } else {
      node.maxLength = edit.maxLength;
      // The message keeps in step with the number: the standard one when there is none, else the old number next to
      // "characters" is replaced, in the standard wording and in staff's own ("at most 50 characters" -> 40).
      if (current === undefined) setMessage(node, 'maxLength', maxLengthMessage(label, edit.maxLength));
      else if (typeof current === 'string' && typeof before === 'number') setMessage(node, 'maxLength', helpFollowingLimit(current, before, edit.maxLength, CHARACTERS));
    }
  }
  if (edit.pattern !== undefined) {
    if (edit.pattern === null || edit.pattern === '') {
      delete node.pattern;
      setMessage(node, 'pattern', undefined);
    } else {
      node.pattern = edit.pattern;
      if (!(isObject(node.errorMessage) && node.errorMessage.pattern)) setMessage(node, 'pattern', `${label} has characters that are not allowed: remove them`);
    }
  }
  if (edit.enumValues !== undefined) {
    if (edit.enumValues === null) {
      delete node.enum;
      setMessage(node, 'enum', undefined);
    } else {
      node.enum = node.type === 'number' || node.type === 'integer' ? edit.enumValues.map(Number) : edit.enumValues;
      if (!(isObject(node.errorMessage) && node.errorMessage.enum)) setMessage(node, 'enum', `${label} is invalid`);
    }
  }
  if (edit.messages) for (const [keyword, message] of Object.entries(edit.messages)) setMessage(node, keyword, message);
  if (edit.keywordMessages) for (const [at, message] of Object.entries(edit.keywordMessages)) setTextAt(node, at, message);

  if (edit.required !== undefined || edit.requiredMessage !== undefined) {
    const parent = path.length === 1 ? s : schemaNode(s, path.slice(0, -1))!;
    const list = Array.isArray(parent.required) ? (parent.required as string[]).filter((r) => r !== name) : [];
    const required = edit.required ?? (Array.isArray(parent.required) && parent.required.includes(name));
    if (required) list.push(name);
    if (list.length) parent.required = list;
    else delete parent.required;
    const em: Json = isObject(parent.errorMessage) ? { ...parent.errorMessage } : {};
    const req: Json = isObject(em.required) ? { ...em.required } : {};
    const message = edit.requiredMessage || (isObject(em.required) && typeof em.required[name] === 'string' ? (em.required[name] as string) : `${label} is not filled`);
    if (required) req[name] = message;
    else delete req[name];
    if (Object.keys(req).length) em.required = req;
    else delete em.required;
    if (Object.keys(em).length) parent.errorMessage = em;
    else delete parent.errorMessage;
    // An empty text is "not filled" too (the repo's strings carry minLength 1 with the same message).
    if (node.type === 'string') {
      if (required && node.minLength === undefined) {
        node.minLength = 1;
        setMessage(node, 'minLength', message);
      } else if (!required && node.minLength === 1) {
        delete node.minLength;
        setMessage(node, 'minLength', undefined);
      } else if (required && node.minLength === 1 && edit.requiredMessage) {
        setMessage(node, 'minLength', message);
      }
    }
  }
  return { schema: s, ui: u };
}

export interface NewField {
  name: string;
  type: 'string' | 'number' | 'boolean';
  label: string;
  maxLength?: number;
}

const NAME = /^[A-Za-z][A-Za-z0-9]*$/;

/** Problems of a new field's definition (empty when it can be added). */
export function newFieldProblems(schema: Json, parentPath: FieldPath, field: NewField): string[] {
  const problems: string[] = [];
  const parent = parentPath.length ? schemaNode(schema, parentPath) : schema;
  if (!parent || !isObject(parent.properties)) problems.push('Choose an object (section) to add the field to');
  if (!NAME.test(field.name)) problems.push('Name: letters and digits, starting with a letter (e.g. tradeName)');
  else if (FORBIDDEN_KEYS.has(field.name)) problems.push(`${field.name} cannot be a field name`);
  else if (parent && isObject(parent.properties) && field.name in parent.properties) problems.push(`A field named ${field.name} already exists here`);
  if (!field.label.trim()) problems.push('Label is not filled');
  if (field.type === 'string' && field.maxLength !== undefined && (!Number.isInteger(field.maxLength) || field.maxLength < 1)) {
    problems.push('Max length must be a whole number of at least 1');
  }
  return problems;
}

/**
 * Adds an optional field to the schema and to the UI order (before "*", so it shows where staff expect). The
 * field is a declared property, so the prospect stays closed (the server's field map, src/content/fieldMap.ts,
 * then accepts it; its writer is the applicant unless the schema says otherwise with x-writer).
 */
export function addField(schema: Json, ui: Json, parentPath: FieldPath, field: NewField): { schema: Json; ui: Json } {
  const problems = newFieldProblems(schema, parentPath, field);
  if (problems.length) throw new Error(problems.join('; '));
  const s = structuredClone(schema);
  const u = structuredClone(ui);
  const parent = (parentPath.length ? schemaNode(s, parentPath) : s)!;
  const node: Json = { type: field.type, title: field.label.trim() };
  if (field.type === 'string' && field.maxLength !== undefined) {
    node.maxLength = field.maxLength;
    node.errorMessage = { maxLength: maxLengthMessage(field.label.trim(), field.maxLength) };
  }
  if (field.type === 'number') node.errorMessage = { type: `${field.label.trim()} must be a number, e.g. 1500 or 12.50` };
  if (field.type === 'boolean') node.errorMessage = { type: `${field.label.trim()}: choose Yes or No` };
  (parent.properties as Json)[field.name] = node;
  const uiParent = uiNode(u, parentPath, true)!;
  if (Array.isArray(uiParent['ui:order'])) {
    const order = (uiParent['ui:order'] as string[]).filter((k) => k !== field.name);
    const star = order.indexOf('*');
    order.splice(star === -1 ? order.length : star, 0, field.name);
    uiParent['ui:order'] = order;
  }
  return { schema: s, ui: u };
}

/** The UI schema node of a field (read only; undefined when the UI schema has none). */
export const uiNodeOf = (ui: Json, path: FieldPath): Json | undefined => uiNode(ui, path, false);

/** The object (section or array item) holding a field's children: the schema node at `parentPath`. */
function holder(schema: Json, parentPath: FieldPath): Json | undefined {
  return parentPath.length ? schemaNode(schema, parentPath) : schema;
}

/**
 * The fields of an object in the order the applicant sees them: `ui:order` as RJSF applies it (names before "*",
 * then the properties it does not name, in schema order, at the "*", then names after it).
 */
export function fieldOrder(schema: Json, ui: Json, parentPath: FieldPath): string[] {
  const parent = holder(schema, parentPath);
  const names = parent && isObject(parent.properties) ? Object.keys(parent.properties) : [];
  const order = uiNode(ui, parentPath, false)?.['ui:order'];
  if (!Array.isArray(order)) return names;
  const listed = order.filter((n): n is string => typeof n === 'string' && (n === '*' || names.includes(n)));
  const rest = names.filter((n) => !listed.includes(n));
  const star = listed.indexOf('*');
  if (star === -1) return [...listed, ...rest];
  return [...listed.slice(0, star), ...rest, ...listed.slice(star + 1)];
}

function writeOrder(ui: Json, parentPath: FieldPath, names: string[]) {
  uiNode(ui, parentPath, true)!['ui:order'] = [...names, '*'];
}

/** Moves a field up (-1) or down (+1) among its siblings (written as an explicit `ui:order`). */
export function moveField(schema: Json, ui: Json, path: FieldPath, delta: number): Json {
  const u = structuredClone(ui);
  const parentPath = path.slice(0, -1);
  const name = path[path.length - 1]!;
  const order = fieldOrder(schema, ui, parentPath);
  const from = order.indexOf(name);
  const to = from + delta;
  if (from === -1 || to < 0 || to >= order.length) return u;
  order.splice(from, 1);
  order.splice(to, 0, name);
  writeOrder(u, parentPath, order);
  return u;
}

const varOf = (name: string) => new RegExp(`"var":"([^"]*/)?${name}"`);

/** UI paths (dotted, "items" for array items) whose `ui:logic` reads the field's name in a var. */
function logicReferences(ui: Json, path: FieldPath): string[] {
  const name = path[path.length - 1]!;
  const out: string[] = [];
  const walk = (node: unknown, at: string[]) => {
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'ui:logic') {
        if (varOf(name).test(JSON.stringify(value))) out.push(at.join('.'));
      } else if (!key.startsWith('ui:')) walk(value, [...at, key]);
    }
  };
  walk(ui, []);
  return out.filter((p) => p !== path.map((s) => (s === '*' ? 'items' : s)).join('.'));
}

/** What removing a field takes with it and why it may break saved applications (shown before removing). */
export function removalWarnings(schema: Json, ui: Json, path: FieldPath): StaffText[] {
  const state = readField(schema, ui, path);
  if (!state) return [];
  const label = state.label || fieldKey(path);
  const out: StaffText[] = [{ id: 'studio.remove.answersLost', values: { label } }];
  if (state.required) out.push({ id: 'studio.remove.required', values: { label } });
  const refs = logicReferences(ui, path);
  if (refs.length) out.push({ id: 'studio.remove.conditions', values: { label, count: refs.length } });
  return out;
}

/**
 * Removes a field: its property, its place in `required` and the required message, its UI node and order entry,
 * and the conditions of other fields that read it (a condition on a field that no longer exists would never hold).
 */
export function removeField(schema: Json, ui: Json, path: FieldPath): { schema: Json; ui: Json } {
  const s = structuredClone(schema);
  const u = structuredClone(ui);
  const name = path[path.length - 1]!;
  const parentPath = path.slice(0, -1);
  const parent = holder(s, parentPath);
  if (!parent || !isObject(parent.properties) || !(name in parent.properties)) throw new Error(`No field ${fieldKey(path)} in the schema`);
  const refs = logicReferences(u, path);
  delete parent.properties[name];
  if (Array.isArray(parent.required)) {
    parent.required = parent.required.filter((r) => r !== name);
    if (!(parent.required as unknown[]).length) delete parent.required;
  }
  if (isObject(parent.errorMessage) && isObject(parent.errorMessage.required)) {
    delete parent.errorMessage.required[name];
    if (!Object.keys(parent.errorMessage.required).length) delete parent.errorMessage.required;
    if (!Object.keys(parent.errorMessage).length) delete parent.errorMessage;
  }
  if (isObject(parent['x-phone']) && (parent['x-phone'].number === name || parent['x-phone'].code === name)) delete parent['x-phone'];
  const uiParent = uiNode(u, parentPath, false);
  if (uiParent) {
    delete uiParent[name];
    if (Array.isArray(uiParent['ui:order'])) uiParent['ui:order'] = (uiParent['ui:order'] as string[]).filter((n) => n !== name);
  }
  for (const ref of refs) {
    const node = ref === '' ? u : uiNode(u, ref.split('.').map((k) => (k === 'items' ? '*' : k)), false);
    if (!node || !isObject(node['ui:logic'])) continue;
    const logic = node['ui:logic'];
    for (const key of Object.keys(logic)) if (varOf(name).test(JSON.stringify(logic[key]))) delete logic[key];
    if (!Object.keys(logic).length) delete node['ui:logic'];
  }
  return { schema: s, ui: u };
}

/**
 * Inserts a ready field (schema node, UI node) into an object at a position of the applicant's order
 * (undefined: at the end). The name must be free (see keyFromLabel in palette.ts).
 */
export function insertField(schema: Json, ui: Json, parentPath: FieldPath, name: string, node: Json, uiField: Json, position?: number): { schema: Json; ui: Json } {
  const s = structuredClone(schema);
  const u = structuredClone(ui);
  const parent = holder(s, parentPath);
  if (!parent || !isObject(parent.properties)) throw new Error('Choose a section to add the field to');
  const order = fieldOrder(s, u, parentPath);
  (parent.properties as Json)[name] = node;
  if (Object.keys(uiField).length) uiNode(u, parentPath, true)![name] = uiField;
  const at = position === undefined ? order.length : Math.max(0, Math.min(position, order.length));
  order.splice(at, 0, name);
  writeOrder(u, parentPath, order);
  return { schema: s, ui: u };
}
