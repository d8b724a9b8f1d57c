import { getUiOptions, type UiSchema } from '@rjsf/utils';

/**
 * `ui:options.showWhen` in UI schemas: a field is shown only while a sibling answer matches, e.g.
 * `{ "path": "isVisitConducted", "equals": "Y" }` or `{ "path": "kycVerificationLocation", "in": ["A", "B"] }`.
 * The path is relative to the object holding the field (dots for nested properties). A hidden field is not
 * rendered at all, so nothing inside it (an array's first empty row, say) is created while it is hidden.
 * Whether the field is required is the schema's business (if/then), not this option's.
 */
export interface ShowWhen {
  path: string;
  equals?: unknown;
  in?: unknown[];
  notEquals?: unknown;
}

function read(data: unknown, path: string): unknown {
  let at = data;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

export function conditionHolds(condition: ShowWhen, data: unknown): boolean {
  const value = read(data, condition.path);
  if ('equals' in condition) return value === condition.equals;
  if (Array.isArray(condition.in)) return condition.in.includes(value);
  if ('notEquals' in condition) return value !== undefined && value !== condition.notEquals;
  return value !== undefined && value !== null && value !== '';
}

/** True unless the field's UI schema has a showWhen (or a list of them, all required) that does not hold. */
export function isShown(fieldUiSchema: UiSchema | undefined, parentData: unknown): boolean {
  const showWhen = getUiOptions(fieldUiSchema).showWhen as ShowWhen | ShowWhen[] | undefined;
  if (!showWhen) return true;
  return (Array.isArray(showWhen) ? showWhen : [showWhen]).every((c) => conditionHolds(c, parentData));
}
