/**
 * Step completion, kept as in the spec in freeFieldsInfo.freeField5 ({"completedSteps": [...]}): one reading for
 * the server (answers, step marking) and the browser (progress, resume).
 */
export interface CompletedStep {
  flowId: string;
  step: string;
  status: 'AVAILABLE' | 'COMPLETED';
  signatoryId?: string;
}

type Doc = { freeFieldsInfo?: unknown; signatoryInfo?: unknown } & Record<string, unknown>;

/** Most steps a per-signatory flow can have (spec 001 §4: 6 personal-flow steps, 4 KYC steps plus one). */
export const MAX_STEPS_PER_SIGNATORY_FLOW = 6;

/**
 * Step completion rebuilt from freeFieldsInfo.freeField5 ({"completedSteps": [...]}) when a saved prospect
 * is retrieved: unreadable entries, duplicates, entries of removed signatories and per-signatory counts above
 * the flow's number of steps are dropped (the last write of a step wins).
 */
export function readCompletedSteps(prospect: Doc | undefined): CompletedStep[] {
  const free = (prospect?.freeFieldsInfo ?? {}) as { freeField5?: unknown };
  if (typeof free.freeField5 !== 'string' || free.freeField5 === '') return [];
  let raw: unknown;
  try {
    raw = (JSON.parse(free.freeField5) as { completedSteps?: unknown }).completedSteps;
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const signatories = new Set(
    ((prospect?.signatoryInfo ?? []) as { signatoryId?: unknown }[]).map((s, i) => String(s?.signatoryId ?? i)),
  );
  const byKey = new Map<string, CompletedStep>();
  for (const entry of raw as Partial<CompletedStep>[]) {
    if (!entry || typeof entry.flowId !== 'string' || typeof entry.step !== 'string') continue;
    const status = entry.status === 'COMPLETED' ? 'COMPLETED' : 'AVAILABLE';
    const signatoryId = entry.signatoryId === undefined || entry.signatoryId === null ? undefined : String(entry.signatoryId);
    if (signatoryId !== undefined && !signatories.has(signatoryId)) continue;
    const key = `${entry.flowId}\u0000${entry.step}\u0000${signatoryId ?? ''}`;
    byKey.delete(key);
    byKey.set(key, { flowId: entry.flowId, step: entry.step, status, ...(signatoryId !== undefined ? { signatoryId } : {}) });
  }
  const perSignatoryFlow = new Map<string, number>();
  const out: CompletedStep[] = [];
  for (const s of byKey.values()) {
    if (s.signatoryId !== undefined) {
      const k = `${s.flowId}\u0000${s.signatoryId}`;
      const n = (perSignatoryFlow.get(k) ?? 0) + 1;
      if (n > MAX_STEPS_PER_SIGNATORY_FLOW) continue;
      perSignatoryFlow.set(k, n);
    }
    out.push(s);
  }
  return out;
}

export function statusOf(steps: CompletedStep[], flowId: string, step: string, signatoryId?: string): 'AVAILABLE' | 'COMPLETED' {
  const hit = steps.find((s) => s.flowId === flowId && s.step === step && (s.signatoryId ?? undefined) === (signatoryId ?? undefined));
  return hit?.status === 'COMPLETED' ? 'COMPLETED' : 'AVAILABLE';
}

/** Index of the first step of a flow that is not COMPLETED (the last one when all are): where a resume lands. */
export function firstIncomplete(steps: CompletedStep[], flowId: string, flowSteps: readonly string[], signatoryId?: string): number {
  const i = flowSteps.findIndex((step) => statusOf(steps, flowId, step, signatoryId) !== 'COMPLETED');
  return i === -1 ? Math.max(flowSteps.length - 1, 0) : i;
}
