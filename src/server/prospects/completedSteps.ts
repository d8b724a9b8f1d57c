/** Step completion kept, as in the spec, in freeFieldsInfo.freeField5: JSON {"completedSteps": [...]}. */
export interface CompletedStep {
  flowId: string;
  step: string;
  status: 'AVAILABLE' | 'COMPLETED';
  signatoryId?: string;
}

type Obj = Record<string, unknown>;

export function readCompletedSteps(document: Obj): CompletedStep[] {
  const free = (document.freeFieldsInfo ?? {}) as { freeField5?: unknown };
  if (typeof free.freeField5 !== 'string') return [];
  try {
    const parsed = JSON.parse(free.freeField5) as { completedSteps?: CompletedStep[] };
    return Array.isArray(parsed.completedSteps) ? parsed.completedSteps : [];
  } catch {
    return [];
  }
}

export function markCompleted(document: Obj, done: CompletedStep): Obj {
  const steps = readCompletedSteps(document).filter(
    (s) => !(s.flowId === done.flowId && s.step === done.step && (s.signatoryId ?? null) === (done.signatoryId ?? null)),
  );
  steps.push({ ...done, status: 'COMPLETED' });
  return { ...document, freeFieldsInfo: { ...((document.freeFieldsInfo ?? {}) as Obj), freeField5: JSON.stringify({ completedSteps: steps }) } };
}
