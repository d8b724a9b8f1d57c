type Obj = Record<string, unknown>;

/**
 * Whether two JSON-like values would be written as the same JSON, key order aside: an object's keys holding
 * undefined count as absent and an array's undefined items as null, as JSON.stringify has them. A walk that
 * stops at the first difference, without serialising either side.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    // undefined in an array is written as null
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i] ?? null, b[i] ?? null)) return false;
    return true;
  }
  const x = a as Obj;
  const y = b as Obj;
  let defined = 0;
  for (const key in x) {
    if (!Object.hasOwn(x, key) || x[key] === undefined) continue;
    defined++;
    if (y[key] === undefined || !Object.hasOwn(y, key) || !jsonEqual(x[key], y[key])) return false;
  }
  for (const key in y) if (Object.hasOwn(y, key) && y[key] !== undefined) defined--;
  return defined === 0;
}
