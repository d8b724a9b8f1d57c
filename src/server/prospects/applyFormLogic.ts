import type { BuiltContent } from '../../content/contentTypes';
import { evaluateLogic } from '../../validation/logic';

type Obj = Record<string, unknown>;

/** What the audit trail records of a change made by the form logic rather than by the writer. */
export interface LogicAudit {
  path: string;
  /**
   * derived: the value was recomputed (a client's value replaced); hidden: dropped as hidden; cleared: made stale by
   * another change; disabled: the client set a field that is disabled (ui:logic.disabledWhen), the stored value kept.
   */
  byLogic: 'derived' | 'hidden' | 'cleared' | 'disabled';
}

/**
 * The server's half of the form logic (src/validation/logic), run on every save before validation, with the same
 * evaluator as the browser: derived values recomputed whatever the client sent, answers hidden by a condition or
 * made stale by another field's change dropped, a value set on a disabled field not kept. `hidden` goes to validation so that nothing hidden is validated;
 * `derivedFrom` so that a derived field's error its input's error explains is not reported (as the browser does).
 */
export function applyFormLogic(content: BuiltContent, document: Obj, previous?: Obj): { document: Obj; hidden: Set<string>; derivedFrom: Map<string, string[]>; audit: LogicAudit[] } {
  const result = evaluateLogic(content, document, { formState: false, ...(previous === undefined ? {} : { previous }) });
  const seen = new Set<string>();
  const audit: LogicAudit[] = [];
  for (const c of result.changes) {
    const key = `${c.pointer}\u0000${c.reason}`;
    if (seen.has(key)) continue;
    seen.add(key);
    audit.push({ path: c.pointer, byLogic: c.reason });
  }
  return { document: result.data, hidden: result.hidden, derivedFrom: result.derivedFrom, audit };
}
