/**
 * What an audit row of a save records besides the changed paths: the save's action type and the steps it completed,
 * as facts (`{ actionType }`, `{ completedSteps: [{ flow, step, signatoryId? }] }`) that readers word in their
 * language. Rows written before hold the action type as the text "actionType=continue" and only the path of
 * freeField5: both are read here.
 */
export const COMPLETED_STEPS_PATH = '/freeFieldsInfo/freeField5';

export interface CompletedStepFact {
  flow: string;
  step: string;
  signatoryId?: string;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The action type of a save's audit row (new rows: `{ actionType }`; older ones: "actionType=continue"). */
export function auditActionType(changes: readonly unknown[] | undefined): string | undefined {
  for (const c of changes ?? []) {
    if (isObj(c) && typeof c.actionType === 'string') return c.actionType;
    if (typeof c === 'string' && c.startsWith('actionType=')) return c.slice('actionType='.length);
  }
  return undefined;
}

/** A change that is the action type, in either form. */
export function actionTypeOf(change: unknown): string | undefined {
  return auditActionType([change]);
}

/** The steps a change records as completed, or undefined when it is another change. */
export function completedStepsOf(change: unknown): CompletedStepFact[] | undefined {
  if (!isObj(change) || !Array.isArray(change.completedSteps)) return undefined;
  return change.completedSteps.filter((s): s is CompletedStepFact => isObj(s) && typeof s.flow === 'string' && typeof s.step === 'string');
}
