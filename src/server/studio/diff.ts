import { canonicalJson } from '../../content/contentHash';
import type { ContentFiles } from '../../content/contentTypes';

export interface Change {
  pointer: string;
  before?: unknown;
  after?: unknown;
}

export interface FileDiff {
  path: string;
  status: 'added' | 'removed' | 'changed';
  changes: Change[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const isPrimitive = (v: unknown) => v === null || typeof v !== 'object';
const esc = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/**
 * Changes between two JSON values at JSON-pointer level: objects key by key, arrays of objects item by item,
 * arrays of primitives (enums, required lists, ui:order) as one value. `before`/`after` are absent for an
 * added/removed member.
 */
export function diffJson(before: unknown, after: unknown, pointer = '', out: Change[] = []): Change[] {
  if (same(before, after)) return out;
  if (isObj(before) && isObj(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const at = `${pointer}/${esc(key)}`;
      if (!(key in after)) out.push({ pointer: at, before: before[key] });
      else if (!(key in before)) out.push({ pointer: at, after: after[key] });
      else diffJson(before[key], after[key], at, out);
    }
    return out;
  }
  const objectArrays = Array.isArray(before) && Array.isArray(after) && ![...before, ...after].every(isPrimitive);
  if (objectArrays) {
    const a = before as unknown[];
    const b = after as unknown[];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const at = `${pointer}/${i}`;
      if (i >= b.length) out.push({ pointer: at, before: a[i] });
      else if (i >= a.length) out.push({ pointer: at, after: b[i] });
      else diffJson(a[i], b[i], at, out);
    }
    return out;
  }
  out.push({ pointer, before, after });
  return out;
}

/** File-by-file differences between two versions of the content, sorted by path. */
export function diffContent(from: ContentFiles, to: ContentFiles): FileDiff[] {
  const files: FileDiff[] = [];
  for (const path of [...new Set([...Object.keys(from), ...Object.keys(to)])].sort()) {
    if (!(path in to)) files.push({ path, status: 'removed', changes: [{ pointer: '', before: from[path] }] });
    else if (!(path in from)) files.push({ path, status: 'added', changes: [{ pointer: '', after: to[path] }] });
    else if (!same(from[path], to[path])) files.push({ path, status: 'changed', changes: diffJson(from[path], to[path]) });
  }
  return files;
}
