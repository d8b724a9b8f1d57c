/**
 * Form logic: the `ui:logic` vocabulary of UI schemas, its expression language and the one evaluator used by the
 * browser, the server, the agent overview and the studio (schemas/README.md, "Form logic").
 */
import type { FlowShape } from '../../shared/stakeholderFlows';
import { compileLogic } from './compileLogic';

export { evaluateLogic, evaluateUiLogic, visibleErrors, explainedErrors, type LogicContent, type LogicOptions, type LogicResult, type LogicChange } from './evaluateLogic';
export { evaluate, checkExpression, referencesOf, resolvePath, readPath, type Expr, type Scope } from './expression';
export { compileLogic, expandPath, toPointer, type LogicRule } from './compileLogic';
export { UI_LOGIC_META_SCHEMA, UI_KEYS, UI_OPTION_KEYS, unknownUiKeys, type UiLogic } from './vocabulary';

/**
 * Paths of every derived field from the prospect root, as segments with `*` for array items (stakeholder steps
 * under ["signatoryInfo", "*"]): fields the server recomputes, so a write check must not refuse them.
 */
export function derivedPaths(content: { flows: Record<string, FlowShape>; steps: Record<string, { uiSchema?: unknown } | undefined> }): string[][] {
  const seen = new Set<string>();
  const out: string[][] = [];
  for (const def of Object.values(content.flows)) {
    if (def.scope === 'form') continue;
    const base = def.scope === '' ? [] : def.scope.split('/').filter(Boolean);
    for (const { step } of def.steps) {
      for (const rule of compileLogic(content.steps[step]?.uiSchema)) {
        if (!rule.logic.derive) continue;
        const path = [...base, ...rule.path];
        const key = path.join('/');
        if (!seen.has(key)) {
          seen.add(key);
          out.push(path);
        }
      }
    }
  }
  return out;
}

/** Whether a concrete pointer ("/signatoryInfo/2/kycDetails/isPEP") is one of the derived paths. */
export function isDerivedPointer(paths: string[][], pointer: string): boolean {
  const segments = pointer.split('/').slice(1);
  return paths.some((p) => p.length === segments.length && p.every((s, i) => s === '*' ? /^\d+$/.test(segments[i]!) : s === segments[i]));
}
export { checkLogic, type LogicProblem, type CheckableContent } from './checkLogic';
