import { canonicalJson } from '../../content/contentHash';
import type { ContentFiles } from '../../content/contentTypes';

export interface Change {
  pointer: string;
  before?: unknown;
  after?: unknown;
  /** An item of a list that only moved: its index in the older list (`pointer` has the newer one). */
  movedFrom?: number;
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
/**
 * Equal as JSON, whatever the order of keys (what equal canonicalJson means), without serialising: a draft's
 * unchanged files are the base's very objects, and the diff runs on the server's thread (serialising the whole
 * 730 kB content for it took 50 to 100 ms, in which no other request was answered).
 */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => same(v, b[i]));
  if (!isObj(a) || !isObj(b)) return false;
  const keys = Object.keys(a).filter((k) => a[k] !== undefined);
  return keys.length === Object.keys(b).filter((k) => b[k] !== undefined).length && keys.every((k) => Object.hasOwn(b, k) && same(a[k], b[k]));
}

/** What identifies an item of a list across versions: a list option's value, a flow's step, else its content. */
function identity(item: unknown): string {
  if (isObj(item)) {
    for (const key of ['value', 'step', 'code', 'name', 'key', 'id']) if (typeof item[key] === 'string' || typeof item[key] === 'number') return `${key}:${String(item[key])}`;
  }
  return `json:${canonicalJson(item)}`;
}

/** Longest common subsequence of two key lists: the pairs of indexes kept in order. */
function lcs(a: string[], b: string[]): [number, number][] {
  const n = a.length;
  const m = b.length;
  const table = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

/**
 * Changes between two JSON values at JSON-pointer level: objects key by key; lists of objects aligned by what
 * identifies an item (a list option's value, a flow's step), so one inserted option is one change, a moved
 * option one change (with `movedFrom`), and only the items that changed are compared further; lists of
 * primitives (enums, ui:order) as one value. `required` is a set: a pure reordering is no change.
 * `before`/`after` are absent for an added/removed member.
 */
export function diffJson(before: unknown, after: unknown, pointer = '', out: Change[] = []): Change[] {
  if (same(before, after)) return out;
  if (isObj(before) && isObj(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const at = `${pointer}/${esc(key)}`;
      if (!(key in after)) out.push({ pointer: at, before: before[key] });
      else if (!(key in before)) out.push({ pointer: at, after: after[key] });
      else if (key === 'required' && Array.isArray(before[key]) && Array.isArray(after[key]) && same([...(before[key] as unknown[])].map(String).sort(), [...(after[key] as unknown[])].map(String).sort())) continue;
      else diffJson(before[key], after[key], at, out);
    }
    return out;
  }
  const objectArrays = Array.isArray(before) && Array.isArray(after) && ![...before, ...after].every(isPrimitive);
  if (objectArrays) {
    const a = before as unknown[];
    const b = after as unknown[];
    const ka = a.map(identity);
    const kb = b.map(identity);
    const kept = lcs(ka, kb);
    const changes: { at: number; change: Change[] }[] = [];
    for (const [i, j] of kept) changes.push({ at: j, change: diffJson(a[i], b[j], `${pointer}/${j}`) });
    const keptA = new Set(kept.map(([i]) => i));
    const keptB = new Set(kept.map(([, j]) => j));
    // An item with the same identity elsewhere in the list moved (one change).
    const movedA = new Set<number>();
    const movedB = new Set<number>();
    kb.forEach((k, j) => {
      if (keptB.has(j) || k.startsWith('json:')) return;
      const from = ka.findIndex((other, i) => other === k && !keptA.has(i) && !movedA.has(i));
      if (from < 0) return;
      movedA.add(from);
      movedB.add(j);
      changes.push({ at: j, change: [{ pointer: `${pointer}/${j}`, before: a[from], after: b[j], movedFrom: from }] });
    });
    // Between two kept items, items without an identity of their own are compared in order; the rest were added or removed.
    const anchors: [number, number][] = [[-1, -1], ...kept, [a.length, b.length]];
    for (let g = 0; g + 1 < anchors.length; g++) {
      const [i0, j0] = anchors[g]!;
      const [i1, j1] = anchors[g + 1]!;
      const gapA = [...Array(Math.max(0, i1 - i0 - 1)).keys()].map((d) => i0 + 1 + d).filter((i) => !movedA.has(i));
      const gapB = [...Array(Math.max(0, j1 - j0 - 1)).keys()].map((d) => j0 + 1 + d).filter((j) => !movedB.has(j));
      while (gapA.length && gapB.length && ka[gapA[0]!]!.startsWith('json:') && kb[gapB[0]!]!.startsWith('json:')) {
        const [i, j] = [gapA.shift()!, gapB.shift()!];
        changes.push({ at: j, change: diffJson(a[i], b[j], `${pointer}/${j}`) });
      }
      for (const j of gapB) changes.push({ at: j, change: [{ pointer: `${pointer}/${j}`, after: b[j] }] });
      for (const i of gapA) changes.push({ at: j0 + 0.5, change: [{ pointer: `${pointer}/${i}`, before: a[i] }] });
    }
    for (const { change } of changes.sort((x, y) => x.at - y.at)) out.push(...change);
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
    else if (!same(from[path], to[path])) {
      const changes = diffJson(from[path], to[path]);
      // A file whose only difference is the order of a `required` list has not changed.
      if (changes.length) files.push({ path, status: 'changed', changes });
    }
  }
  return files;
}
