import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every rule message in schemas/ says what is wrong with which field and how to fix it (issue 14, item 8):
 * it names the field (its title), names the fix, is never the bare "... is invalid", and two different rules of
 * one field never share a message (so "Only numbers without spaces are allowed" cannot stand for a length rule).
 * "X is not filled" is the specification's wording for an empty field: its fix (fill it) goes without saying.
 */
type Node = Record<string, unknown>;
interface Message {
  file: string;
  field: string;
  title: string;
  rule: string;
  text: string;
}

const root = join(import.meta.dirname, '..', '..', 'schemas');
const files = [
  ...readdirSync(join(root, 'steps'))
    .filter((f) => f.endsWith('.schema.json'))
    .map((f) => `steps/${f}`),
  'defs/common.schema.json',
  'stakeholderList.schema.json',
];
const NOT_FILLED = /\b(is|are) not filled$/;
const FIX = /\b(must|should|may only|at most|at least|or more|or less|more than|less than|maximum|allowed|choose|type|use|remove|add|answer|enter|fill|upload|e\.g\.|like|cannot|only)\b/i;
/** Rules that all mean "nothing given" and so share the "not filled" message (an answer the form cleared is null: a type error). */
const EMPTY_RULES = new Set(['required', 'minLength', 'minItems', 'not', 'type']);
/**
 * Messages quoted word for word from the specification (001 §9, §10), kept although they do not name the field
 * by its title; and the passport list, which the page asks as "Nationality".
 */
const SPEC_WORDING = new Set([
  'Please accept terms and conditions of Express Service',
  'Please upload BAIS Account Opening Checklist',
  'Please upload DSA Meeting Report/ Site Visit Report*',
  '*Selecting a Value Package can help save on your banking costs. Please select one to continue the account application and enjoy the benefits!',
  'You have selected foreign currencies for your accounts. RAKvalue packages are only eligible for AED accounts',
  'Please choose online or paper statements',
  'Nationality is not filled',
]);
/** Rules that all mean "not one of the options". */
const LIST_RULES = new Set(['enum', 'x-list', 'const']);
/** The specification gives one message for every rule of its field (e.g. required and accepted): one group. */
const group = (rule: string, text: string) => SPEC_WORDING.has(text) ? 'spec' : (NOT_FILLED.test(text) && EMPTY_RULES.has(rule) ? 'empty' : LIST_RULES.has(rule) ? 'list' : rule);

function collect(file: string): { messages: Message[]; all: string[] } {
  const doc = JSON.parse(readFileSync(join(root, file), 'utf8')) as Node;
  const titles = new Map<string, Set<string>>(); // a field's titles where a branch (then/else) repeats it without one
  const all: string[] = [];
  const messages: Message[] = [];
  const titleOf = (n: Node | undefined, field: string) => (typeof n?.title === 'string' ? n.title : [...(titles.get(field) ?? [])].join('|'));
  const seed = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as Node)) {
      if (key === 'properties' && value && typeof value === 'object')
        for (const [child, c] of Object.entries(value as Node)) if (typeof (c as Node).title === 'string') titles.set(child, (titles.get(child) ?? new Set()).add((c as Node).title as string));
      seed(value);
    }
  };
  seed(doc);
  const walk = (node: unknown, field?: string, title = ''): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n) => walk(n, field, title));
    const n = node as Node;
    const add = (rule: string, text: unknown) => {
      if (typeof text !== 'string') return;
      all.push(text);
      if (field) messages.push({ file, field, title, rule, text });
    };
    const em = n.errorMessage;
    if (typeof em === 'string') add('any', em);
    else if (em && typeof em === 'object')
      for (const [rule, text] of Object.entries(em as Node)) {
        if (rule === 'required' && text && typeof text === 'object')
          for (const [child, t] of Object.entries(text as Node))
            messages.push({ file, field: child, title: titleOf((n.properties as Record<string, Node> | undefined)?.[child], child), rule: 'required', text: String(t) });
        else add(rule, text);
      }
    add('x-trimmed', n['x-trimmed']);
    for (const rule of ['x-list', 'x-emiratesId', 'x-decimals']) add(rule, (n[rule] as Node | undefined)?.message);
    for (const [key, value] of Object.entries(n)) {
      if (key === 'properties' && value && typeof value === 'object') for (const [child, c] of Object.entries(value as Node)) walk(c, child, titleOf(c as Node, child));
      else if (key === 'message' && typeof value === 'string') all.push(value);
      else if (key !== 'errorMessage') walk(value, ...(['items', 'then', 'else', 'if', 'allOf', 'anyOf', 'oneOf', 'not'].includes(key) ? ([field, title] as const) : ([] as const)));
    }
  };
  walk(doc);
  return { messages, all };
}

const collected = files.map(collect);
const messages = collected.flatMap((c) => c.messages);

describe('rule messages in schemas/', () => {
  it('are found (the walk reads the schemas)', () => {
    expect(messages.length).toBeGreaterThan(400);
  });

  it('are never the bare "invalid"', () => {
    const bare = collected.flatMap((c, i) => c.all.filter((t) => /\binvalid\b/i.test(t)).map((t) => `${files[i]}: ${t}`));
    expect(bare).toEqual([]);
  });

  it('name the field and the fix', () => {
    // The field by its title, or the stem of the title's first word ("Industry is not filled" for "Industries").
    const names = (m: Message) =>
      m.title.split('|').some((t) => {
        const text = m.text.toLowerCase();
        const title = t.toLowerCase().replace(/[?:]$/, '');
        return text.includes(title) || text.includes(title.split(/\W/)[0]!.slice(0, 5));
      });
    const vague = messages
      .filter((m) => m.title.trim() !== '' && !SPEC_WORDING.has(m.text))
      .filter((m) => !names(m) || !(NOT_FILLED.test(m.text) || FIX.test(m.text)))
      .map((m) => `${m.file} ${m.field} (${m.rule}): ${m.text}`);
    expect(vague).toEqual([]);
  });

  it('differ between the rules of one field', () => {
    const byField = new Map<string, Map<string, string>>();
    const clashes: string[] = [];
    for (const m of messages) {
      const key = `${m.file} ${m.field}`;
      const seen = byField.get(key) ?? byField.set(key, new Map()).get(key)!;
      const g = group(m.rule, m.text);
      const other = seen.get(m.text);
      if (other !== undefined && other !== g && m.rule !== 'any') clashes.push(`${key}: "${m.text}" for ${other} and ${g}`);
      else seen.set(m.text, g);
    }
    expect(clashes).toEqual([]);
  });

  it('read as sentences: a capital first letter, "1 character" not "1 characters", no doubled words or spaces (every schema file)', () => {
    const texts: string[] = [];
    const grab = (node: unknown, inMessage: boolean): void => {
      if (typeof node === 'string') {
        if (inMessage) texts.push(node);
      } else if (Array.isArray(node)) node.forEach((n) => grab(n, inMessage));
      else if (node && typeof node === 'object')
        for (const [k, v] of Object.entries(node as Node)) grab(v, inMessage || k === 'errorMessage' || (k === 'message' && typeof v === 'string'));
    };
    const walkDir = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walkDir(join(dir, e.name));
        else if (e.name.endsWith('.json')) grab(JSON.parse(readFileSync(join(dir, e.name), 'utf8')), false);
      }
    };
    walkDir(root);
    expect(texts.length).toBeGreaterThan(400);
    const badSentence = (t: string) =>
      !/^[A-Z*0-9]/.test(t) ||
      /\b1 (characters|digits|decimals|items|years|months|days|entries|countries|banks|industries|stakeholders)\b/.test(t) ||
      /\b(\w+) \1\b/i.test(t) ||
      /\s{2}|\s$/.test(t);
    expect([...new Set(texts)].filter(badSentence)).toEqual([]);
    // The slips of the bulk rewrite are caught.
    expect(['Name is too short: use at least 1 characters', 'name is not filled', 'Name is is too long'].map(badSentence)).toEqual([true, true, true]);
  });
});
