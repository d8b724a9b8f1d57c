/**
 * Which flows and steps apply to a prospect: one definition for the server (validation, step completion), the
 * form-logic evaluator, the journey pages and the agent overview. Only the flows' shape is needed, so both the
 * built content (server) and the config document (browser) can be passed.
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

export interface FlowShape {
  scope: string;
  steps: { step: string }[];
}

export const PERSON_FLOW = 'stakeholderPerson';
export const COMPANY_FLOW = 'stakeholderCompany';
export const SIGNATORY_KYC_FLOW = 'finalQuestionsSignatory';
/** Flows of scope "" that are not part of the application itself (identification pages). */
export const NON_PROSPECT_FLOWS = ['otp', 'comeBackLogin'];
const NOT_APPLICATION = new Set(NON_PROSPECT_FLOWS);

export function isCompanyStakeholder(stakeholder: unknown): boolean {
  return isObj(stakeholder) && isObj(stakeholder.kycDetails) && stakeholder.kycDetails.isShareholderACompany === true;
}

/** Spec 000 §4 / 001 §4: a company stakeholder has the company flow; a person the person flow, plus the KYC questions when a signatory. */
export function flowAppliesTo(flowId: string, stakeholder: unknown): boolean {
  const company = isCompanyStakeholder(stakeholder);
  if (flowId === COMPANY_FLOW) return company;
  if (flowId === PERSON_FLOW) return !company;
  if (flowId === SIGNATORY_KYC_FLOW) {
    const kyc = isObj(stakeholder) && isObj(stakeholder.kycDetails) ? stakeholder.kycDetails : {};
    return !company && kyc.isSignatory === true;
  }
  return true;
}

/** The per-stakeholder flows (scope "/signatoryInfo/*") of the content that apply to one stakeholder. */
export function stakeholderFlows(flows: Record<string, FlowShape>, stakeholder: unknown): string[] {
  return Object.keys(flows).filter((f) => flows[f]!.scope === '/signatoryInfo/*' && flowAppliesTo(f, stakeholder));
}

export interface ApplicableStep {
  step: string;
  /** JSON pointer of the step's data in the prospect: "" or "/signatoryInfo/<i>". */
  at: string;
  flow: string;
}

/** Every step that applies to the document, with the pointer of the data it edits (form-scoped flows excluded). */
export function applicableSteps(flows: Record<string, FlowShape>, document: Obj): ApplicableStep[] {
  const out: ApplicableStep[] = [];
  for (const [flow, def] of Object.entries(flows)) {
    if (def.scope !== '' || NOT_APPLICATION.has(flow)) continue;
    for (const s of def.steps) out.push({ step: s.step, at: '', flow });
  }
  const stakeholders = Array.isArray(document.signatoryInfo) ? document.signatoryInfo : [];
  stakeholders.forEach((stakeholder, i) => {
    for (const flow of stakeholderFlows(flows, stakeholder)) {
      for (const s of flows[flow]!.steps) out.push({ step: s.step, at: `/signatoryInfo/${i}`, flow });
    }
  });
  return out;
}

/** A stakeholder's name as the bank shows it: a company's name, a person's full name (or first and last name). */
export function stakeholderDisplayName(stakeholder: unknown): string {
  if (!isObj(stakeholder)) return '';
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  if (isCompanyStakeholder(stakeholder)) return isObj(stakeholder.signatoryCompanyInfo) ? text(stakeholder.signatoryCompanyInfo.companyName) : '';
  return text(stakeholder.fullName) || [stakeholder.firstName, stakeholder.lastName].map(text).filter(Boolean).join(' ');
}
