/**
 * The browser's use of the one form-logic evaluator (src/validation/logic): every edit of a customer or an agent
 * goes through `applyLogic` before it is kept, validated or sent, so derived values are recomputed on every step
 * (not only the one on screen), fields cleared by another answer are cleared, and hidden answers are dropped as
 * the server drops them. Rendering reads the same result (`logicOf`): hidden, disabled, excluded options.
 */
import { evaluateLogic, type LogicContent, type LogicResult, visibleErrors } from '../../../validation/logic';
import type { FieldError } from '../../../validation/errors';
import type { Prospect } from '../application/contract';

/** Results by the document they were computed for (the evaluated document is cached as its own result). */
const byDocument = new WeakMap<object, LogicResult>();

/** The prospect after one edit: `next` evaluated against the document before it (clearing, exclusive pairs). */
export function applyLogic(content: LogicContent, next: Prospect, previous?: Prospect): Prospect {
  const result = evaluateLogic(content, next, previous === undefined ? {} : { previous });
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
