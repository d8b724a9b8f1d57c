/**
 * The browser's use of the one form-logic evaluator (src/validation/logic): every edit of a customer or an agent
 * goes through `applyLogic` before it is kept, validated or sent, so derived values are recomputed on every step
 * (not only the one on screen), fields cleared by another answer are cleared, and hidden answers are dropped as
 * the server drops them. Rendering reads the same result (`logicOf`): hidden, disabled, excluded options.
 */
import { evaluateLogic, explainedErrors, type LogicContent, type LogicResult, readPath, visibleErrors } from '../../../validation/logic';
import { setIn } from '../../../validation/logic/compileLogic';
import { isFilled, sameValue } from '../../../validation/logic/expression';
import type { FieldError } from '../../../validation/errors';
import type { Prospect } from '../application/contract';

/** Results by the document they were computed for (the evaluated document is cached as its own result). */
const byDocument = new WeakMap<object, LogicResult>();

/**
 * What the applicant had in a field before a derivation replaced it ("same as the company's address: Yes" copies the
 * company's address over the one typed), by application and pointer: when the derivation stops ("No" again) and the
 * field still holds the copy, the applicant's own values come back, so changing an answer and changing it back loses
 * nothing. Kept for the page's life (a reload keeps the copy, which the server stored).
 */
const ownValues = new Map<string, unknown>();
const ownKey = (document: Prospect, pointer: string) => `${String((document.generalInfo as { prospectId?: unknown } | undefined)?.prospectId ?? '')}\u0000${pointer}`;
const segmentsOf = (pointer: string) => pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

/** The prospect after one edit: `next` evaluated against the document before it (clearing, exclusive pairs). */
export function applyLogic(content: LogicContent, next: Prospect, previous?: Prospect): Prospect {
  let result = evaluateLogic(content, next, previous === undefined ? {} : { previous });
  if (previous !== undefined) {
    const before = logicOf(content, previous);
    for (const pointer of result.derived.keys()) {
      if (!before.derived.has(pointer)) ownValues.set(ownKey(previous, pointer), readPath(previous, segmentsOf(pointer)));
    }
    // Stopped deriving, by the object they belong to (an address): its own values come back when the applicant had
    // typed any of them; when they had typed nothing, the copy stays as a start to edit.
    const stopped = new Map<string, { pointer: string; copied: unknown; own: unknown }[]>();
    for (const [pointer, copied] of before.derived) {
      const key = ownKey(previous, pointer);
      if (result.derived.has(pointer) || !ownValues.has(key)) continue;
      const parent = pointer.slice(0, pointer.lastIndexOf('/'));
      stopped.set(parent, [...(stopped.get(parent) ?? []), { pointer, copied, own: ownValues.get(key) }]);
      ownValues.delete(key);
    }
    let data = result.data;
    for (const fields of stopped.values()) {
      if (!fields.some((f) => isFilled(f.own))) continue;
      for (const { pointer, copied, own } of fields) {
        const segments = segmentsOf(pointer);
        if (sameValue(readPath(data, segments), copied)) data = setIn(data, segments, own) as Prospect;
      }
    }
    if (data !== result.data) result = evaluateLogic(content, data, { previous });
  }
  byDocument.set(result.data, settled(content, result));
  return result.data;
}

/** A result for the evaluated document itself: evaluating it again changes nothing, so its state is the same. */
function settled(content: LogicContent, result: LogicResult): LogicResult {
  return result.changes.length === 0 ? result : evaluateLogic(content, result.data);
}

/** The logic state of a document (hidden, disabled, derived, excluded options), computed once per document object. */
export function logicOf(content: LogicContent, document: Prospect): LogicResult {
  let result = byDocument.get(document);
  if (!result) {
    result = evaluateLogic(content, document);
    byDocument.set(document, result);
  }
  return result;
}

/** Field errors of a step's data (pointers relative to `base`, "" or "/signatoryInfo/2") that are not hidden. */
export function visibleStepErrors<E extends FieldError>(errors: E[], hidden: ReadonlySet<string>, base = ''): E[] {
  if (hidden.size === 0) return errors;
  const kept = new Set(visibleErrors(errors.map((e) => ({ path: base + e.path, e })), hidden).map((x) => x.e));
  return errors.filter((e) => kept.has(e));
}

/**
 * The errors of a step to report (pointers relative to `base`): those on visible fields, less the errors of derived
 * fields an input's error explains (`explainedErrors`), as the server reports a step's errors.
 */
export function reportedStepErrors<E extends FieldError>(errors: E[], logic: Pick<LogicResult, 'hidden' | 'derivedFrom'>, base = ''): E[] {
  const visible = visibleStepErrors(errors, logic.hidden, base);
  if (logic.derivedFrom.size === 0) return visible;
  const kept = new Set(explainedErrors(visible.map((e) => ({ path: base + e.path, e })), logic.derivedFrom).map((x) => x.e));
  return visible.filter((e) => kept.has(e));
}
