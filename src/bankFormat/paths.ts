/**
 * Paths of the mapping table: dotted, with `[*]` for "every item" and `[n]` for one fixed item, as the bank's
 * field configuration writes them (`signatoryInfo[*].kycDetails.passportDetails[*].passportNumber`,
 * `accountInfo[0].accountType`). Pure: no I/O.
 */

export type Segment = string | number | '*';
export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** The largest list a pointer may reach into (the prospect's longest list, stakeholders, holds 50). */
const MAX_INDEX = 1000;

/** Names that would reach an object's prototype: never a field. */
export const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

const cache = new Map<string, Segment[]>();

/** `a.b[*].c[0]` → `['a', 'b', '*', 'c', 0]`. */
export function parsePath(path: string): Segment[] {
  const hit = cache.get(path);
  if (hit) return hit;
  const segments: Segment[] = [];
  for (const part of path.split('.')) {
    const match = /^([^[\]]*)((?:\[(?:\*|\d+)\])*)$/.exec(part);
    if (!match) throw new Error(`bad mapping path "${path}"`);
    if (match[1]) segments.push(match[1]);
    for (const index of match[2]!.match(/\[(\*|\d+)\]/g) ?? []) {
      const inner = index.slice(1, -1);
      segments.push(inner === '*' ? '*' : Number(inner));
    }
  }
  if (segments.length === 0) throw new Error(`empty mapping path "${path}"`);
  cache.set(path, segments);
  return segments;
}

/** How many `[*]` a path has. */
export const wildcards = (path: string) => parsePath(path).filter((s) => s === '*').length;

/** A path with every fixed index written as `[*]` (`industryMultiSelect[0].industry[*]` → `industryMultiSelect[*].industry[*]`). */
export const normalizePath = (path: string) => path.replace(/\[\d+\]/g, '[*]');

export interface Match {
  /** The index of each `[*]`, in order. */
  indices: number[];
  /** JSON pointer of the value in the document. */
  pointer: string;
  value: unknown;
}

const escape = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/** Every value the path reaches in the document (missing ones are left out). */
export function findAll(document: unknown, path: string): Match[] {
  const segments = parsePath(path);
  const out: Match[] = [];
  const walk = (node: unknown, i: number, indices: number[], pointer: string) => {
    if (i === segments.length) {
      if (node !== undefined) out.push({ indices, pointer, value: node });
      return;
    }
    const segment = segments[i]!;
    if (segment === '*') {
      if (!Array.isArray(node)) return;
      node.forEach((item, k) => walk(item, i + 1, [...indices, k], `${pointer}/${k}`));
    } else if (typeof segment === 'number') {
      if (Array.isArray(node) && segment < node.length) walk(node[segment], i + 1, indices, `${pointer}/${segment}`);
    } else if (isObj(node) && Object.prototype.hasOwnProperty.call(node, segment)) {
      walk(node[segment], i + 1, indices, `${pointer}/${escape(segment)}`);
    }
  };
  walk(document, 0, [], '');
  return out;
}

/**
 * Sets a value at a path, the `[*]` replaced by `indices` in order; creates the objects and arrays on the way
 * (an array's missing items before the index become empty objects, so no array has holes).
 */
export function setAt(document: Obj, path: string, indices: readonly number[], value: unknown): void {
  const segments = parsePath(path);
  let k = 0;
  const keys = segments.map((s) => (s === '*' ? indices[k++]! : s));
  let node: unknown = document;
  keys.forEach((key, i) => {
    const last = i === keys.length - 1;
    const container = node as Obj & unknown[];
    if (last) {
      container[key as never] = value as never;
      return;
    }
    const nextIsIndex = typeof keys[i + 1] === 'number';
    if (typeof key === 'number') {
      while (container.length <= key) container.push({} as never);
      if (nextIsIndex && !Array.isArray(container[key])) container[key] = [] as never;
    } else if (container[key] === undefined || (nextIsIndex ? !Array.isArray(container[key]) : !isObj(container[key]))) {
      container[key] = (nextIsIndex ? [] : {}) as never;
    }
    node = container[key as never];
  });
}

/**
 * Every leaf of a document as a JSON pointer: a value that is not an object or array, or an empty object or
 * array (so that an empty `addressInfo: []` survives a round trip too).
 */
export function leaves(document: unknown, pointer = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const walk = (node: unknown, at: string) => {
    if (Array.isArray(node)) {
      if (node.length === 0) out.set(at, []);
      node.forEach((item, k) => walk(item, `${at}/${k}`));
    } else if (isObj(node)) {
      const keys = Object.keys(node);
      if (keys.length === 0) out.set(at, {});
      for (const key of keys) walk(node[key], `${at}/${escape(key)}`);
    } else {
      out.set(at, node);
    }
  };
  walk(document, pointer);
  return out;
}

/**
 * Sets a value at a JSON pointer, creating what is missing on the way: an array where the next token is a number
 * (the prospect has no object with numeric keys), else an object.
 */
export function setPointer(document: Obj, pointer: string, value: unknown): void {
  const tokens = pointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (tokens.length === 0) return;
  const forbidden = tokens.find((t) => FORBIDDEN.has(t));
  if (forbidden !== undefined) throw new Error(`"${forbidden}" is not a field name`);
  let node: Obj | unknown[] = document;
  tokens.forEach((token, i) => {
    const last = i === tokens.length - 1;
    const key: string | number = Array.isArray(node) ? Number(token) : token;
    if (typeof key === 'number' && !(Number.isInteger(key) && key >= 0 && key < MAX_INDEX)) throw new Error(`"${token}" is not an item index below ${MAX_INDEX}`);
    const container = node as Record<string | number, unknown>;
    if (last) {
      container[key] = structuredClone(value);
      return;
    }
    const nextIsIndex = /^\d+$/.test(tokens[i + 1]!);
    if (Array.isArray(node)) while (node.length < (key as number)) node.push({});
    const existing = container[key];
    if (!(nextIsIndex ? Array.isArray(existing) : isObj(existing))) container[key] = nextIsIndex ? [] : {};
    node = container[key] as Obj | unknown[];
  });
}
