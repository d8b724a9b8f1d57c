/** Minimal JSON-pointer helpers for rule paths written as "a/b/0/c" (relative) or "/a/b" (absolute). */
const splitCache = new Map<string, string[]>();

/** Split paths are cached: rule paths come from schemas, a small fixed set validated many times. */
export function splitPath(path: string): string[] {
  let keys = splitCache.get(path);
  if (!keys) {
    keys = splitUncached(path);
    if (splitCache.size < 10_000) splitCache.set(path, keys);
  }
  return keys;
}

function splitUncached(path: string): string[] {
  return path
    .replace(/^\//, '')
    .split('/')
    .filter((s) => s.length > 0)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function getAt(data: unknown, path: string): unknown {
  let cur: unknown = data;
  for (const key of splitPath(path)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

export function setAt(data: Record<string, unknown>, path: string, value: unknown): void {
  const keys = splitPath(path);
  let cur: Record<string, unknown> = data;
  keys.slice(0, -1).forEach((key) => {
    if (cur[key] === null || typeof cur[key] !== 'object') cur[key] = {};
    cur = cur[key] as Record<string, unknown>;
  });
  const last = keys[keys.length - 1]!;
  if (value === undefined) delete cur[last];
  else cur[last] = value;
}

/** "a/b" -> "/a/b"; "" -> "". */
export function toPointer(path: string): string {
  const keys = splitPath(path);
  return keys.length ? '/' + keys.map((k) => k.replace(/~/g, '~0').replace(/\//g, '~1')).join('/') : '';
}
