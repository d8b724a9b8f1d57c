/**
 * The steps of a journey page as the applicant walks them: a page shows one or more flows of the config, and
 * a per-signatory flow (scope /signatoryInfo/*) repeats for each stakeholder it applies to, in the same way
 * as the server's applicableSteps (src/server/prospects/prospectValidation.ts). Also where a resumed
 * application lands: the first step that is not COMPLETED.
 */
import type { CompletedStep, Prospect } from '../application/contract';
import { flowAppliesTo } from '../../../shared/stakeholderFlows';
import { statusOf } from '../application/completedSteps';

type Obj = Record<string, unknown>;

export interface FlowDef {
  title: string;
  scope: string;
  steps: { step: string; title: string }[];
}

export interface PageStep {
  flowId: string;
  step: string;
  title: string;
  /** Set for a per-signatory step: the step's data is prospect.signatoryInfo[signatoryIndex]. */
  signatoryIndex?: number;
  signatoryId?: string;
  signatoryName?: string;
}

const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

function signatories(prospect: Prospect | undefined): Obj[] {
  return Array.isArray(prospect?.signatoryInfo) ? (prospect.signatoryInfo as Obj[]) : [];
}

/** Whether a per-signatory flow applies to a stakeholder: the server's rule (src/shared/stakeholderFlows.ts). */
export { flowAppliesTo };

export function nameOf(stakeholder: Obj, index: number): string {
  const full = [stakeholder.firstName, stakeholder.lastName].filter((s) => typeof s === 'string' && s.trim()).join(' ');
  const company = isObj(stakeholder.signatoryCompanyInfo) ? stakeholder.signatoryCompanyInfo.companyName : undefined;
  return (typeof stakeholder.fullName === 'string' && stakeholder.fullName.trim()) || full || (typeof company === 'string' && company) || `Stakeholder ${index + 1}`;
}

export function pageSteps(flows: Record<string, FlowDef>, flowIds: readonly string[], prospect: Prospect | undefined): PageStep[] {
  const out: PageStep[] = [];
  for (const flowId of flowIds) {
    const flow = flows[flowId];
    if (!flow) continue;
    if (flow.scope === '/signatoryInfo/*') {
      signatories(prospect).forEach((s, i) => {
        if (!flowAppliesTo(flowId, s)) return;
        const signatoryId = String(s.signatoryId ?? i);
        for (const st of flow.steps) out.push({ flowId, step: st.step, title: st.title, signatoryIndex: i, signatoryId, signatoryName: nameOf(s, i) });
      });
    } else {
      for (const st of flow.steps) out.push({ flowId, step: st.step, title: st.title });
    }
  }
  return out;
}

export function isDone(completed: CompletedStep[], s: PageStep): boolean {
  return statusOf(completed, s.flowId, s.step, s.signatoryId) === 'COMPLETED';
}

/** 0-based index of the first step not COMPLETED, or -1 when every step is. */
export function firstIncompleteStep(steps: PageStep[], completed: CompletedStep[]): number {
  return steps.findIndex((s) => !isDone(completed, s));
}

/** The journey's pages with their flows, in the order of the spec (001 §2). */
export const JOURNEY_PAGES: { path: string; flows: string[] }[] = [
  { path: '/business/CompanyInfo', flows: ['companyInfo'] },
  { path: '/business/StakeholdersInfo', flows: ['stakeholderPerson', 'stakeholderCompany'] },
  { path: '/business/FinalQuestions', flows: ['finalQuestionsCompany', 'finalQuestionsSignatory'] },
  { path: '/business/UploadDocuments', flows: [] },
  { path: '/business/SelectServices', flows: ['selectServices'] },
];

/**
 * Where "Continue" on an application lands: the first page with an incomplete step (at that step), the
 * stakeholders page while there are none, the documents page before select services has been started, and
 * the submit page when everything is done.
 */
export function resumePath(flows: Record<string, FlowDef>, prospect: Prospect, completed: CompletedStep[]): string {
  for (const page of JOURNEY_PAGES) {
    if (page.path === '/business/StakeholdersInfo' && signatories(prospect).length === 0) return page.path;
    if (page.path === '/business/UploadDocuments') {
      const services = pageSteps(flows, ['selectServices'], prospect);
      if (services.length > 0 && !services.some((s) => isDone(completed, s))) return page.path;
      continue;
    }
    const steps = pageSteps(flows, page.flows, prospect);
    const i = firstIncompleteStep(steps, completed);
    if (i === -1) continue;
    // The stakeholders page has its own wizard (no ?step): it picks the stakeholder to finish.
    return page.path === '/business/StakeholdersInfo' ? page.path : `${page.path}?step=${i + 1}`;
  }
  return '/business/SubmitApplication';
}

/**
 * The customer journey's steps (components/journey.ts numbers) an application has completed: 1 once it exists;
 * 2, 4 and 6 when every step of their flows is COMPLETED; 3 when there are stakeholders and each one's steps are;
 * 5 (documents, not a flow) once 2-4 are and the applicant went on to the services (a services step completed), as
 * resumePath reads it. The progress list marks only these.
 */
export function journeyDone(flows: Record<string, FlowDef>, prospect: Prospect, completed: CompletedStep[]): number[] {
  const all = (ids: string[]) => {
    const steps = pageSteps(flows, ids, prospect);
    return steps.length > 0 && steps.every((s) => isDone(completed, s));
  };
  const done = [1];
  const [company, stakeholders, finalQuestions, , services] = JOURNEY_PAGES;
  if (all(company!.flows)) done.push(2);
  if (signatories(prospect).length > 0 && all(stakeholders!.flows)) done.push(3);
  if (all(finalQuestions!.flows)) done.push(4);
  if (done.length === 4 && pageSteps(flows, services!.flows, prospect).some((s) => isDone(completed, s))) done.push(5);
  if (all(services!.flows)) done.push(6);
  return done;
}
