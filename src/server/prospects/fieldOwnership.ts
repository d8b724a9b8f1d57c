import { jsonEqual } from '../../shared/jsonEqual';
import { type FieldMap, type FieldNode, FORBIDDEN_KEYS, type Writer } from '../../content/fieldMap';
import type { FieldError } from '../../validation/errors';
import { DEFAULT_LOCALE, type Locale } from '../../content/i18n/locales';
import { notWritableMessage, unknownFieldMessage } from '../../shared/serverMessages';

/**
 * Enforces the field map (src/content/fieldMap.ts) on a write: a key no schema declares is refused, and so is a
 * value the caller may not write (x-writer) that differs from the stored one. The browser sends the whole
 * document back, so an unchanged value passes; a value left out is put back, so no caller can delete it either.
 * What comes out equal to the stored value is the stored value (the same object): unchanged parts stay shared.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const esc = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** What each caller may write: agents write the applicant's fields too; nobody writes the server's. */
export const WRITES: Record<'applicant' | 'agent', ReadonlySet<Writer>> = {
  applicant: new Set(['applicant']),
  agent: new Set(['applicant', 'agent']),
};

/** Stakeholders are matched by their id (they can be removed or reordered), other array items by position. */
function storedItem(stored: unknown[], item: unknown, index: number): unknown {
  if (isObj(item) && item.signatoryId !== undefined) return stored.find((s) => isObj(s) && s.signatoryId === item.signatoryId);
  return stored[index];
}

/** `locale`: the language of the refusals (the map's labels are the content's in that language). */
export function enforceFieldOwnership(map: FieldMap, stored: Obj, next: Obj, may: ReadonlySet<Writer>, locale: Locale = DEFAULT_LOCALE): { errors: FieldError[]; document: Obj } {
  const errors: FieldError[] = [];

  const visit = (node: FieldNode, before: unknown, after: unknown, path: string, key: string, inherited: Writer): unknown => {
    // The stored value itself, passed back untouched (a section a patch did not touch, one a full save left out):
    // the caller changed nothing in it, so nothing in it is refused or put back, and it stays shared.
    if (after === before) return after;
    const writer = node.writer ?? inherited;
    if (!may.has(writer)) {
      if (after === undefined) return before;
      // An agent's field changed by an applicant is forbidden (403, as the annexure); the server's is not writable (400).
      if (!jsonEqual(before, after)) errors.push({ path, keyword: writer === 'agent' ? 'forbidden' : 'not_writable', message: notWritableMessage(locale, writer, node.label || key) });
      return after;
    }
    if (after === undefined) {
      // Left out: only the fields the caller may not write come back.
      if (!isObj(before)) return undefined;
      const partial = visit(node, before, {}, path, key, inherited) as Obj;
      return Object.keys(partial).length ? partial : undefined;
    }
    if (Array.isArray(after)) {
      const old = Array.isArray(before) ? before : [];
      if (!node.items) return after;
      const items = after.map((item, i) => visit(node.items!, storedItem(old, item, i), item, `${path}/${i}`, key, writer));
      return items.length === old.length && items.every((item, i) => item === old[i]) ? old : items;
    }
    if (!isObj(after)) return after;
    const out: Obj = {};
    for (const [k, value] of Object.entries(after)) {
      const child = node.props.get(k);
      if (!child) {
        // Data of a field another content version had (a rollback removed it): the stored value sent back
        // unchanged is kept, so the application still saves and agents still read it; a new or changed value is refused.
        if (!FORBIDDEN_KEYS.has(k) && isObj(before) && Object.prototype.hasOwnProperty.call(before, k) && jsonEqual(before[k], value)) {
          out[k] = value;
          continue;
        }
        if (!node.open || FORBIDDEN_KEYS.has(k)) errors.push({ path: `${path}/${esc(k)}`, keyword: 'unknown_field', message: unknownFieldMessage(locale, k) });
        else out[k] = value;
        continue;
      }
      const kept = visit(child, isObj(before) ? before[k] : undefined, value, `${path}/${esc(k)}`, k, writer);
      if (kept !== undefined) out[k] = kept;
    }
    // Fields the caller may not write and did not send keep their stored value.
    if (isObj(before)) {
      for (const [k, child] of node.props) {
        if (k in after || before[k] === undefined) continue;
        if (!hasOwned(child, writer, may)) continue;
        const kept = visit(child, before[k], undefined, `${path}/${esc(k)}`, k, writer);
        if (kept !== undefined) out[k] = kept;
      }
    }
    return isObj(before) && sameEntries(out, before) ? before : out;
  };

  const document = visit(map.root, stored, next, '', '', 'applicant') as Obj;
  return { errors, document };
}

/**
 * Whether an object holds the very same values under the same keys as the stored one: the stored object is then
 * kept in the result instead of the copy, so that a full save's unchanged parts are shared with the stored
 * document as a patch's are, and every later comparison of the save stops there at once.
 */
function sameEntries(out: Obj, before: Obj): boolean {
  let count = 0;
  for (const k in out) {
    if (out[k] !== before[k] || !Object.hasOwn(before, k)) return false;
    count++;
  }
  for (const k in before) if (Object.hasOwn(before, k)) count--;
  return count === 0;
}

/** Whether a subtree holds a field the caller may not write (so that leaving the subtree out keeps it). */
function hasOwned(node: FieldNode, inherited: Writer, may: ReadonlySet<Writer>): boolean {
  const writer = node.writer ?? inherited;
  if (!may.has(writer)) return true;
  for (const child of node.props.values()) if (hasOwned(child, writer, may)) return true;
  return false;
}
