import type { BuiltContent } from '../../content/contentTypes';
import { type CompletedStep, readCompletedSteps } from '../../shared/completedSteps';
import { applicableSteps } from '../../shared/stakeholderFlows';

export { readCompletedSteps, type CompletedStep };

type Obj = Record<string, unknown>;

export function markCompleted(document: Obj, done: CompletedStep): Obj {
  const steps = readCompletedSteps(document).filter(
    (s) => !(s.flowId === done.flowId && s.step === done.step && (s.signatoryId ?? null) === (done.signatoryId ?? null)),
  );
  steps.push({ ...done, status: 'COMPLETED' });
  return { ...document, freeFieldsInfo: { ...((document.freeFieldsInfo ?? {}) as Obj), freeField5: JSON.stringify({ completedSteps: steps }) } };
}

const idOf = (s: unknown, i: number): string => String((s as { signatoryId?: unknown } | null)?.signatoryId ?? i);
const isSignatory = (s: unknown): boolean | undefined => ((s as { kycDetails?: { isSignatory?: unknown } } | null)?.kycDetails?.isSignatory as boolean | undefined);

/**
 * Spec 001 §4, applied on every save so that the stored completion follows the stakeholders:
 *  - removing a stakeholder deletes its steps;
 *  - a stakeholder who newly becomes a signatory (isSignatory false -> true) gets its previously COMPLETED
 *    steps back as AVAILABLE, since signatory-only questions now apply to them (the KYC final questions, the
 *    US-relation answer of the residence step, the authority type).
 * The step being continued in the same save is marked COMPLETED afterwards by markCompleted.
 */
export function reconcileStakeholderSteps(before: Obj, after: Obj): Obj {
  const steps = readCompletedSteps(after);
  const stored = ((after.freeFieldsInfo ?? {}) as { freeField5?: unknown }).freeField5;
  if (steps.length === 0 && (stored === undefined || stored === '')) return after;
  const was = new Map<string, boolean | undefined>();
  (Array.isArray(before.signatoryInfo) ? before.signatoryInfo : []).forEach((s, i) => was.set(idOf(s, i), isSignatory(s)));
  const now = new Map<string, boolean | undefined>();
  (Array.isArray(after.signatoryInfo) ? after.signatoryInfo : []).forEach((s, i) => now.set(idOf(s, i), isSignatory(s)));
  const reopened = new Set([...now].filter(([id, sig]) => sig === true && was.get(id) === false).map(([id]) => id));
  let changed = false;
  const next: CompletedStep[] = [];
  for (const s of steps) {
    if (s.signatoryId === undefined) {
      next.push(s);
    } else if (!now.has(s.signatoryId)) {
      changed = true;
    } else if (reopened.has(s.signatoryId) && s.status === 'COMPLETED') {
      changed = true;
      next.push({ ...s, status: 'AVAILABLE' });
    } else {
      next.push(s);
    }
  }
  // Reading drops entries of removed stakeholders (and duplicates): store what was read when it differs.
  const normalised = JSON.stringify({ completedSteps: next });
  if (!changed && normalised === stored) return after;
  return { ...after, freeFieldsInfo: { ...((after.freeFieldsInfo ?? {}) as Obj), freeField5: JSON.stringify({ completedSteps: next }) } };
}

/**
 * Every step that applies to a document marked COMPLETED: for an application whose document has already passed the
 * complete prospect schema (an import from the bank format), so that its stakeholders show as complete and the
 * applicant can go on from the review, as after filling each step in the browser. Any completion it carried is
 * replaced (an import takes none: the server owns it).
 */
export function markAllApplicableCompleted(content: Pick<BuiltContent, 'flows'>, document: Obj): Obj {
  const stakeholders = Array.isArray(document.signatoryInfo) ? document.signatoryInfo : [];
  const steps: CompletedStep[] = applicableSteps(content.flows, document).map((s) => {
    const index = s.at ? Number(s.at.split('/')[2]) : undefined;
    return { flowId: s.flow, step: s.step, status: 'COMPLETED', ...(index === undefined ? {} : { signatoryId: idOf(stakeholders[index], index) }) };
  });
  return { ...document, freeFieldsInfo: { ...((document.freeFieldsInfo ?? {}) as Obj), freeField5: JSON.stringify({ completedSteps: steps }) } };
}
