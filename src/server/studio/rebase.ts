import { canonicalJson } from '../../content/contentHash';
import type { ContentFiles } from '../../content/contentTypes';
import { describeDiff } from './describe';

/** A value both the draft and the latest version changed differently since the draft's base. */
export interface MergeConflict {
  path: string;
  pointer: string;
  /** Where, in plain language ("Company Details · Company name"). */
  label: string;
  base?: unknown;
  draft?: unknown;
  latest?: unknown;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);
const esc = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const ABSENT = undefined;

/**
 * Three-way merge of one JSON value: what the draft changed since the base is applied onto the latest version,
 * object member by member; a value both changed differently is a conflict, resolved by `choose` when given
 * (the draft's or the latest value) and reported otherwise. `required` lists merge as sets.
 */
function merge3(base: unknown, draft: unknown, latest: unknown, pointer: string, conflicts: { pointer: string; base: unknown; draft: unknown; latest: unknown }[], choose: (pointer: string) => 'draft' | 'latest' | undefined, key?: string): unknown {
  if (same(draft, base)) return latest;
  if (same(latest, base) || same(draft, latest)) return draft;
  if (isObj(base) && isObj(draft) && isObj(latest)) {
    const out: Obj = {};
    const keys = [...new Set([...Object.keys(latest), ...Object.keys(draft)])];
    for (const k of keys) {
      const v = merge3(base[k], draft[k], latest[k], `${pointer}/${esc(k)}`, conflicts, choose, k);
      if (v !== ABSENT) out[k] = v;
    }
    return out;
  }
  if (isObj(draft) && isObj(latest) && base === ABSENT) return merge3({}, draft, latest, pointer, conflicts, choose, key);
  if (key === 'required' && [base ?? [], draft, latest].every(Array.isArray)) {
    const b = base as unknown[] | undefined ?? [];
    const d = draft as unknown[];
    const added = d.filter((x) => !b.includes(x));
    const removed = b.filter((x) => !d.includes(x));
    return [...(latest as unknown[]).filter((x) => !removed.includes(x)), ...added.filter((x) => !(latest as unknown[]).includes(x))];
  }
  const chosen = choose(pointer);
  if (chosen === 'draft') return draft;
  if (chosen === 'latest') return latest;
  conflicts.push({ pointer, base, draft, latest });
  return latest;
}

/** The key of a conflict in a rebase call's `resolve` map: "file#pointer". */
export const conflictKey = (path: string, pointer: string) => `${path}#${pointer}`;

/**
 * Rebase: the draft's own changes (draft files against the files of the version it is based on) laid onto the
 * latest version's files, per JSON value. Never re-applies a whole old file: what the latest version changed
 * (a rollback included) is kept wherever the draft did not change the same value. Returns the new changed
 * files (relative to the latest) and the conflicts left unresolved.
 */
export function rebaseDraft(baseFiles: ContentFiles, latestFiles: ContentFiles, changes: Record<string, unknown>, resolve: Record<string, 'draft' | 'latest'> = {}): { files: Record<string, unknown>; conflicts: MergeConflict[] } {
  const files: Record<string, unknown> = {};
  const conflicts: MergeConflict[] = [];
  for (const [path, value] of Object.entries(changes)) {
    const found: { pointer: string; base: unknown; draft: unknown; latest: unknown }[] = [];
    const merged = merge3(baseFiles[path], value === null ? ABSENT : value, latestFiles[path], '', found, (pointer) => resolve[conflictKey(path, pointer)]);
    for (const c of found) {
      const readable = describeDiff(baseFiles, { ...latestFiles, ...(isObj(value) ? { [path]: value } : {}) }, [{ path, status: 'changed', changes: [{ pointer: c.pointer, before: 1, after: 2 }] }])[0];
      const label = readable ? [readable.where, readable.field].filter(Boolean).join(' · ') : path;
      conflicts.push({ path, pointer: c.pointer, label, ...(c.base === ABSENT ? {} : { base: c.base }), ...(c.draft === ABSENT ? {} : { draft: c.draft }), ...(c.latest === ABSENT ? {} : { latest: c.latest }) });
    }
    if (merged === ABSENT) {
      if (latestFiles[path] !== undefined) files[path] = null;
    } else if (!same(merged, latestFiles[path])) files[path] = merged;
  }
  return { files, conflicts };
}
