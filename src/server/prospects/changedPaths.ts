/** JSON pointers (to depth 4) whose values differ between two documents: what the audit trail records. */
export function changedPaths(before: unknown, after: unknown, path = '', depth = 0): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';
  if (depth >= 4 || !isObj(before) || !isObj(after) || Array.isArray(before) !== Array.isArray(after)) return [path || '/'];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].sort().flatMap((k) => changedPaths(before[k], after[k], `${path}/${k}`, depth + 1));
}
