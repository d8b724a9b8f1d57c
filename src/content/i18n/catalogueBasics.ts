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

/** Keywords of ours whose value is the message itself. */
export const MESSAGE_KEYWORDS = new Set(['x-trimmed', 'x-emiratesId']);
/** Keys of a keyword's rule that hold a message (`x-date`, `x-list`, `x-phone`, `x-arraySum`, ...). */
export const MESSAGE_KEYS = new Set(['message', 'messageMin', 'messageMax', 'messageOther']);
/** Keywords of ours whose value is a text of the field (translated as such), not a rule with messages. */
const TEXT_KEYWORDS = new Set(['x-help', 'x-label']);

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
export const escapeKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
/** The keys of a JSON pointer ("/a~1b/0" -> ["a/b", "0"]). */
export const pointerKeys = (pointer: string) => pointer.split('/').slice(1).map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));

/** Pointers (from `pointer`) of the messages in a keyword's rule: its `message`, `messageMin`, ... at any depth. */
export function messagesUnder(node: unknown, pointer: string, out: string[]): void {
  if (Array.isArray(node)) node.forEach((n, i) => messagesUnder(n, `${pointer}/${i}`, out));
  else if (isObject(node)) {
    for (const [k, v] of Object.entries(node)) {
      const at = `${pointer}/${escapeKey(k)}`;
      if (MESSAGE_KEYS.has(k) && typeof v === 'string') {
        if (isText(v)) out.push(at);
      } else messagesUnder(v, at, out);
    }
  }
}

/**
 * The messages of one schema node's own keywords (x-trimmed, x-list, x-date, ...), as pointers under the node
 * ("/x-trimmed", "/x-date/0/message"): the texts the catalogue translates for them, and the studio's form view edits.
 */
export function keywordMessagePointers(node: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(node)) {
    if (!k.startsWith('x-') || TEXT_KEYWORDS.has(k)) continue;
    if (MESSAGE_KEYWORDS.has(k)) {
      if (typeof v === 'string' && isText(v)) out.push(`/${escapeKey(k)}`);
    } else messagesUnder(v, `/${escapeKey(k)}`, out);
  }
  return out;
}

/** The text at a pointer under `node` ("/x-date/0/message"), if a text is there. */
export function textAt(node: unknown, pointer: string): string | undefined {
  let at: unknown = node;
  for (const key of pointerKeys(pointer)) at = Array.isArray(at) ? at[Number(key)] : isObject(at) ? at[key] : undefined;
  return typeof at === 'string' ? at : undefined;
}
