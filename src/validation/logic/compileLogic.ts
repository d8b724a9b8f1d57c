/**
 * A UI schema's `ui:logic` blocks as a flat list of rules, each with the path of its field (segments, `*` for
 * the items of an array), cached per UI schema object: content is compiled once, evaluated many times.
 */
import type { UiLogic } from './vocabulary';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

export interface LogicRule {
  /** Field path from the step's data, e.g. ["accountInfo", "*", "debitCardApplied"]; [] is the step itself. */
  path: string[];
  logic: UiLogic;
}

const cache = new WeakMap<object, LogicRule[]>();

/** Every `ui:logic` of a UI schema (RJSF shape: properties by name, `items` for array items). */
export function compileLogic(uiSchema: unknown): LogicRule[] {
  if (!isObj(uiSchema)) return [];
  let rules = cache.get(uiSchema);
  if (rules) return rules;
  rules = [];
  const walk = (node: Obj, path: string[]) => {
    if (isObj(node['ui:logic'])) rules!.push({ path, logic: node['ui:logic'] as UiLogic });
    for (const [key, child] of Object.entries(node)) {
      if (key.startsWith('ui:') || !isObj(child)) continue;
      walk(child, [...path, key === 'items' ? '*' : key]);
    }
  };
  walk(uiSchema, []);
  cache.set(uiSchema, rules);
  return rules;
}

/** The pointer of a field path ("/a/0/b"), escaping as JSON pointers do. */
export function toPointer(segments: readonly string[]): string {
  let out = '';
  for (const s of segments) out += '/' + (s.includes('~') || s.includes('/') ? s.replace(/~/g, '~0').replace(/\//g, '~1') : s);
  return out;
}

/**
 * The concrete fields a rule path names in the data: `*` expands to the indexes of the array found there
 * (none when there is no array); other segments are kept even when the data does not have them yet.
 */
export function expandPath(root: unknown, base: readonly string[], path: readonly string[]): string[][] {
  if (!path.includes('*')) return [[...base, ...path]];
  let found: { segments: string[]; value: unknown }[] = [{ segments: [...base], value: readAt(root, base) }];
  for (const key of path) {
    const next: { segments: string[]; value: unknown }[] = [];
    for (const f of found) {
      if (key === '*') {
        if (Array.isArray(f.value)) f.value.forEach((item, i) => next.push({ segments: [...f.segments, String(i)], value: item }));
      } else next.push({ segments: [...f.segments, key], value: isObj(f.value) ? f.value[key] : undefined });
    }
    found = next;
  }
  return found.map((f) => f.segments);
}

function readAt(root: unknown, segments: readonly string[]): unknown {
  let cur = root;
  for (const key of segments) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Obj)[key];
  }
  return cur;
}

/**
 * A copy of `root` with the value at `segments` replaced (undefined removes it): only the objects on the path
 * are copied, missing objects on the way are created. Arrays are never created (an index into nothing is skipped).
 */
export function setIn(root: Obj, segments: readonly string[], value: unknown): Obj {
  const step = (node: unknown, i: number): unknown => {
    const key = segments[i]!;
    const last = i === segments.length - 1;
    if (Array.isArray(node)) {
      const index = Number(key);
      if (!Number.isInteger(index) || index < 0 || index >= node.length) return node;
      const copy = node.slice();
      if (last) copy[index] = value;
      else copy[index] = step(node[index], i + 1);
      return copy;
    }
    const obj: Obj = isObj(node) ? { ...node } : {};
    if (last) {
      if (value === undefined) delete obj[key];
      else obj[key] = value;
    } else obj[key] = step(obj[key], i + 1);
    return obj;
  };
  return segments.length === 0 ? root : (step(root, 0) as Obj);
}
