/**
 * JSON Patch (RFC 6902) for patch saves (issue 16): the browser sends what changed in the application since the
 * version it holds (`createPatch`), the server applies it to that version's document (`applyPatch`) before the
 * save's usual checks. One definition for both sides. Documents are plain JSON (no undefined, no functions).
 * The operations are RFC 6902's add, remove, replace and test; move and copy are not accepted: a patch of copies
 * (each of the whole document into itself) would grow a document far beyond the 1 MB limit of the body that
 * carries it, and the browser never needs them.
 */
export const PATCH_OPERATIONS = ['add', 'remove', 'replace', 'test'] as const;

export type PatchOperation = { op: 'add' | 'replace' | 'test'; path: string; value: unknown } | { op: 'remove'; path: string };

/** A patch that cannot be applied: `index` is the operation's position in the patch. */
export class PatchError extends Error {
  constructor(
    readonly index: number,
    message: string,
  ) {
    super(message);
  }
}

type Container = Record<string, unknown> | unknown[];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Keys that would reach an object's prototype: never a path segment (the input guard refuses them as keys too). */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`"${pointer}" is not a JSON pointer`);
  return pointer
    .slice(1)
    .split('/')
    .map((s) => {
      if (/~[^01]|~$/.test(s)) throw new Error(`"${pointer}" has a bad escape`);
      const key = s.replaceAll('~1', '/').replaceAll('~0', '~');
      if (FORBIDDEN.has(key)) throw new Error(`"${pointer}" names a forbidden key`);
      return key;
    });
}

function arrayIndex(array: unknown[], key: string, forAdd: boolean): number {
  if (forAdd && key === '-') return array.length;
  if (!/^(0|[1-9]\d*)$/.test(key)) throw new Error(`"${key}" is not an array index`);
  const index = Number(key);
  if (index > array.length || (!forAdd && index === array.length)) throw new Error(`index ${index} is out of range`);
  return index;
}

function parentOf(doc: unknown, keys: string[]): Container {
  let node = doc;
  for (const key of keys.slice(0, -1)) {
    if (Array.isArray(node)) node = node[arrayIndex(node, key, false)];
    else if (isObject(node) && Object.hasOwn(node, key)) node = node[key];
    else throw new Error(`"${key}" does not exist`);
  }
  if (!Array.isArray(node) && !isObject(node)) throw new Error('the parent is not an object or an array');
  return node;
}

function get(doc: unknown, keys: string[]): unknown {
  if (keys.length === 0) return doc;
  const parent = parentOf(doc, keys);
  const key = keys.at(-1)!;
  if (Array.isArray(parent)) return parent[arrayIndex(parent, key, false)];
  if (!Object.hasOwn(parent, key)) throw new Error(`"${key}" does not exist`);
  return parent[key];
}

function remove(doc: unknown, keys: string[]): unknown {
  const parent = parentOf(doc, keys);
  const key = keys.at(-1)!;
  if (Array.isArray(parent)) return parent.splice(arrayIndex(parent, key, false), 1)[0];
  if (!Object.hasOwn(parent, key)) throw new Error(`"${key}" does not exist`);
  const value = parent[key];
  delete parent[key];
  return value;
}

function add(doc: unknown, keys: string[], value: unknown): unknown {
  if (keys.length === 0) return value;
  const parent = parentOf(doc, keys);
  const key = keys.at(-1)!;
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, true), 0, value);
  else parent[key] = value;
  return doc;
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => equal(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && equal(a[k], b[k]));
  }
  return false;
}

/**
 * The containers on the way to the parent of `keys` made the patch's own (copied once, shallowly, then reused by
 * the patch's later operations), so that changing the parent changes nothing `doc` shares with the document the
 * patch was given. Stops where the path does not exist: `parentOf` then says why, with the same words.
 */
function ownPath(doc: unknown, keys: string[], own: WeakSet<object>): unknown {
  const mine = (v: unknown): unknown => {
    if ((!Array.isArray(v) && !isObject(v)) || own.has(v)) return v;
    const copy = Array.isArray(v) ? [...v] : { ...v };
    own.add(copy);
    return copy;
  };
  const root = mine(doc);
  let node = root;
  for (const key of keys.slice(0, -1)) {
    if (Array.isArray(node)) {
      const index = arrayIndex(node, key, false);
      node = node[index] = mine(node[index]);
    } else if (isObject(node) && Object.hasOwn(node, key)) node = node[key] = mine(node[key]);
    else break;
  }
  return root;
}

/**
 * Applies a patch to `document`, which is never changed: the result is a new document that shares with it every
 * part the patch did not touch (only the objects and arrays on the path of an operation are copied, not the whole
 * document), so nothing may change the result in place. Throws PatchError at the first operation that fails.
 */
export function applyPatch<T>(document: T, patch: readonly PatchOperation[]): T {
  let doc: unknown = document;
  const own = new WeakSet<object>();
  patch.forEach((operation, index) => {
    try {
      const keys = parsePointer(operation.path);
      switch (operation.op) {
        case 'add':
          if (keys.length > 0) doc = ownPath(doc, keys, own);
          doc = add(doc, keys, structuredClone(operation.value));
          break;
        case 'remove':
          if (keys.length === 0) throw new Error('the whole document cannot be removed');
          doc = ownPath(doc, keys, own);
          remove(doc, keys);
          break;
        case 'replace':
          get(doc, keys);
          if (keys.length === 0) doc = structuredClone(operation.value);
          else {
            doc = ownPath(doc, keys, own);
            remove(doc, keys);
            doc = add(doc, keys, structuredClone(operation.value));
          }
          break;
        case 'test':
          if (!equal(get(doc, keys), operation.value)) throw new Error('the value differs');
          break;
        default:
          throw new Error(`unknown operation "${(operation as { op: unknown }).op}"`);
      }
    } catch (error) {
      throw new PatchError(index, `operation ${index} (${String(operation.op)} ${operation.path}): ${(error as Error).message}`);
    }
  });
  return doc as T;
}

/**
 * The patch that turns `from` into `to` as JSON sees them (an undefined value is an absent key, as in a full body):
 * objects key by key, arrays element by element with additions and removals at their end (a stakeholder added or
 * the last one removed), anything else replaced whole.
 */
export function createPatch(from: unknown, to: unknown): PatchOperation[] {
  const json = (v: unknown): unknown => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
  return diff(json(from), json(to), '', []);
}

function diff(from: unknown, to: unknown, path: string, out: PatchOperation[]): PatchOperation[] {
  if (equal(from, to)) return out;
  if (isObject(from) && isObject(to)) {
    for (const key of Object.keys(from)) if (!Object.hasOwn(to, key)) out.push({ op: 'remove', path: `${path}/${escape(key)}` });
    for (const [key, value] of Object.entries(to)) {
      const child = `${path}/${escape(key)}`;
      if (!Object.hasOwn(from, key)) out.push({ op: 'add', path: child, value });
      else diff(from[key], value, child, out);
    }
    return out;
  }
  if (Array.isArray(from) && Array.isArray(to)) {
    const common = Math.min(from.length, to.length);
    for (let i = 0; i < common; i++) diff(from[i], to[i], `${path}/${i}`, out);
    for (let i = from.length - 1; i >= to.length; i--) out.push({ op: 'remove', path: `${path}/${i}` });
    for (let i = from.length; i < to.length; i++) out.push({ op: 'add', path: `${path}/${i}`, value: to[i] });
    return out;
  }
  out.push({ op: 'replace', path, value: to });
  return out;
}
