import type { UiSchema } from '@rjsf/utils';
import { evaluate, readPath, sameValue, truthy } from '../../src/validation/logic/expression';

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
import type { UiLogic } from '../../src/validation/logic/vocabulary';

/** The `ui:logic` block of a UI schema node (src/validation/logic/vocabulary.ts), if any. */
export function uiLogicOf(ui: UiSchema | undefined): UiLogic | undefined {
  const logic = ui?.['ui:logic'] as UiLogic | undefined;
  return logic && typeof logic === 'object' ? logic : undefined;
}

/**
 * Whether a field is shown: its `ui:logic.visibleWhen` holds (the shared expression language, evaluated as the
 * server does). `root` and `at` place the parent object in the whole document so that absolute paths
 * (`/applicationInfo/...`) resolve; when the root given is not this form's root, relative paths still do.
 */
export function isShown(fieldUiSchema: UiSchema | undefined, parentData: unknown, root?: unknown, at: readonly (string | number)[] = []): boolean {
  const when = uiLogicOf(fieldUiSchema)?.visibleWhen;
  if (when === undefined) return true;
  const placed = place(root, at.map(String), parentData);
  return truthy(evaluate(when, placed ? { root, at: placed } : { root: parentData, at: [] }));
}

/**
 * Where the parent object sits in the document: at `at` in a prospect-scoped form, or under one stakeholder
 * (signatoryInfo/<i>, the per-stakeholder scope of flows.json) when the form edits a stakeholder.
 */
function place(root: unknown, at: string[], parentData: unknown): string[] | undefined {
  // RJSF hands templates its own copy of the data (defaults filled in), so the parent is found by content.
  const same = (v: unknown) => v === parentData || (isObj(v) && sameValue(v, parentData));
  if (root === undefined) return undefined;
  if (at.length === 0 ? same(root) : isObj(readPath(root, at))) return at;
  const list = readPath(root, ['signatoryInfo']);
  if (!Array.isArray(list)) return undefined;
  const i = list.findIndex((item) => same(readPath(item, at)));
  return i >= 0 ? ['signatoryInfo', String(i), ...at] : undefined;
}
