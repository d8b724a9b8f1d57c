import { jsonEqual } from '../../shared/jsonEqual';

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';

/**
 * JSON pointers (to depth 4) whose values differ between two documents: what the audit trail records. One walk
 * of both documents (parts they share are skipped at once), key order aside.
 */
export function changedPaths(before: unknown, after: unknown, path = '', depth = 0): string[] {
  if (before === after) return [];
  if (depth >= 4 || !isObj(before) || !isObj(after) || Array.isArray(before) !== Array.isArray(after)) {
    return jsonEqual(before, after) ? [] : [path || '/'];
  }
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys.flatMap((k) => changedPaths(before[k], after[k], `${path}/${k}`, depth + 1));
}
