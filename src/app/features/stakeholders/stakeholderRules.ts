/**
 * The stakeholder list as data (spec 000 §4, 001 §4): adding, removing, the company/person switch, the derived
 * fields (the form logic of its flows' UI schemas) and what stops "Continue" to the final questions. Pure functions,
 * so the page stays a thin layer and the rules are unit-tested without a browser.
 */
import type { FieldError } from '../../../validation/errors';
import { evaluateUiLogic } from '../../../validation/logic';
import { COMPANY_FLOW, isCompanyStakeholder, PERSON_FLOW, stakeholderFlows } from '../../../shared/stakeholderFlows';
import type { AppConfig } from '../config/useConfig';
import type { CompletedStep, Prospect } from '../application/contract';
import { firstIncomplete, statusOf } from '../application/completedSteps';

export type Stakeholder = Record<string, unknown> & { signatoryId?: string };

export { COMPANY_FLOW, PERSON_FLOW };
/** Used when the content has no stakeholderList schema (spec 000 §9: max 50 stakeholders). */
const DEFAULT_MAX = 50;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

export function stakeholdersOf(prospect: Prospect | undefined): Stakeholder[] {
  const list = prospect?.signatoryInfo;
  return Array.isArray(list) ? (list as Stakeholder[]) : [];
}

/** The stakeholder's id as the server keys its steps (the index when an old record has none). */
export function idOf(stakeholder: Stakeholder, index: number): string {
  return String(stakeholder.signatoryId ?? index);
}

/** At most this many stakeholders: maxItems of stakeholderList.schema.json. */
export function maxStakeholders(config: Pick<AppConfig, 'stakeholderList'>): number {
  const max = config.stakeholderList?.maxItems;
  return typeof max === 'number' ? max : DEFAULT_MAX;
}

export function isCompany(stakeholder: Stakeholder): boolean {
  return isCompanyStakeholder(stakeholder);
}

export function flowOf(stakeholder: Stakeholder): string {
  return isCompany(stakeholder) ? COMPANY_FLOW : PERSON_FLOW;
}

export function newSignatoryId(): string {
  return crypto.randomUUID();
}

/** Company stakeholder defaults of spec 001 §3 (signatoryCompanyInfo). */
function blankCompany(signatoryId: string): Stakeholder {
  return {
    signatoryId,
    kycDetails: { isShareholderACompany: true },
    signatoryCompanyInfo: { countryOfIncorporation: 'AE', hasDiplomaticPassport: false, hasProminentPosition: false, isMemberofRulingFamily: false },
  };
}

export function blankPerson(signatoryId: string): Stakeholder {
  return { signatoryId, kycDetails: { isShareholderACompany: false } };
}

/** Spec 001 §4: adding creates a new id, appends a blank stakeholder (and the page selects it). */
export function addStakeholder(prospect: Prospect, signatoryId: string = newSignatoryId()): { prospect: Prospect; signatoryId: string } {
  return { prospect: { ...prospect, signatoryInfo: [...stakeholdersOf(prospect), blankPerson(signatoryId)] }, signatoryId };
}

/** Spec 001 §4: removing deletes the stakeholder; the server drops its steps on the next save. */
export function removeStakeholder(prospect: Prospect, signatoryId: string): Prospect {
  return { ...prospect, signatoryInfo: stakeholdersOf(prospect).filter((s, i) => idOf(s, i) !== signatoryId) };
}

export function replaceStakeholder(prospect: Prospect, index: number, next: Stakeholder): Prospect {
  const list = stakeholdersOf(prospect).slice();
  list[index] = next;
  return { ...prospect, signatoryInfo: list };
}

/** What the form logic needs of the config: flows and the steps' UI schemas (src/validation/logic). */
export type LogicConfig = Pick<AppConfig, 'flows' | 'steps'>;

/**
 * The form logic of one UI schema applied to an edit (src/validation/logic: derived values, clearing, hidden
 * answers dropped), as the server applies it on save. Returns `next` itself when nothing changed.
 */
export function applyDerives(uiSchema: unknown, previous: Obj | undefined, next: Obj): Obj {
  const result = evaluateUiLogic(uiSchema, next, previous ? { previous } : {});
  return result.changes.length ? result.data : next;
}

/** The logic of every step of the stakeholder's flows (a stakeholder's rules are relative to the stakeholder). */
function stakeholderLogic(config: LogicConfig, previous: Stakeholder | undefined, next: Stakeholder): Stakeholder {
  let out = next;
  for (const flow of stakeholderFlows(config.flows, next)) {
    for (const { step } of config.flows[flow]!.steps) out = applyDerives(config.steps[step]?.uiSchema, previous, out) as Stakeholder;
  }
  return out;
}

/**
 * One edit of a stakeholder's step: toggling "this stakeholder is a company" resets the stakeholder (spec 000
 * §4, dates cleared too) keeping only its id; otherwise the step's derived fields follow.
 */
export function changeStakeholder(config: LogicConfig, previous: Stakeholder, next: Stakeholder): Stakeholder {
  if (isCompany(previous) !== isCompany(next)) {
    const id = String(previous.signatoryId ?? next.signatoryId ?? newSignatoryId());
    return isCompany(next) ? blankCompany(id) : blankPerson(id);
  }
  return stakeholderLogic(config, previous, next);
}

export interface StakeholderSummary {
  /** Empty until the applicant typed a name. */
  name: string;
  company: boolean;
  signatory: boolean;
  shareholder: boolean;
  percentage: number | undefined;
}

export function summarise(stakeholder: Stakeholder): StakeholderSummary {
  const kyc = isObj(stakeholder.kycDetails) ? stakeholder.kycDetails : {};
  const company = kyc.isShareholderACompany === true;
  const companyName = isObj(stakeholder.signatoryCompanyInfo) ? stakeholder.signatoryCompanyInfo.companyName : undefined;
  const personName = [stakeholder.firstName, stakeholder.middleName, stakeholder.lastName].filter((p) => typeof p === 'string' && p.trim()).join(' ');
  const name = company ? (typeof companyName === 'string' ? companyName.trim() : '') : personName;
  const pct = kyc.shareHoldingPercentage;
  return {
    name,
    company,
    signatory: !company && kyc.isSignatory === true,
    shareholder: kyc.isShareholder === true,
    percentage: typeof pct === 'number' ? pct : undefined,
  };
}

/** The full name the person steps keep in `fullName` (000 §3: composed by the form). */
export function withFullName(stakeholder: Stakeholder): Stakeholder {
  if (isCompany(stakeholder)) return stakeholder;
  const full = [stakeholder.firstName, stakeholder.middleName, stakeholder.lastName].filter((p) => typeof p === 'string' && p.trim()).join(' ');
  if ((stakeholder.fullName ?? '') === full) return stakeholder;
  return full ? { ...stakeholder, fullName: full } : stakeholder;
}

/** Everything the form keeps up to date after an edit of a step: the form logic of its flows (derived fields, passport summary), full name. */
export function editStakeholder(config: LogicConfig, previous: Stakeholder, next: Stakeholder): Stakeholder {
  return withFullName(changeStakeholder(config, previous, next));
}

export interface Completion {
  done: number;
  total: number;
  /** 0-based index of the first step not COMPLETED (the last one when all are): where Edit opens. */
  next: number;
  /** Title of that step while the flow is not complete ("Nationality"), for the card. */
  nextTitle: string | undefined;
}

/** Steps of the stakeholder's own flow that are COMPLETED, how many the flow has, and the first one that is not. */
export function completion(config: Pick<AppConfig, 'flows'>, completed: CompletedStep[], stakeholder: Stakeholder, index: number): Completion {
  const flowId = flowOf(stakeholder);
  const steps = config.flows[flowId]?.steps ?? [];
  const id = idOf(stakeholder, index);
  const next = firstIncomplete(completed, flowId, steps.map((s) => s.step), id);
  const done = steps.filter((s) => statusOf(completed, flowId, s.step, id) === 'COMPLETED').length;
  return { done, total: steps.length, next, nextTitle: done < steps.length ? steps[next]?.title : undefined };
}

export interface ContinueCheck {
  ok: boolean;
  /** Why "Continue" is disabled, in the applicant's words (the list rules' messages from the schema). */
  reasons: string[];
  totalPercentage: number;
  signatories: number;
}

/** Shares held in total, rounded to 2 decimals as the x-arrayTotal keyword does. */
export function totalPercentage(list: Stakeholder[]): number {
  const sum = list.reduce((acc, s) => {
    const pct = isObj(s.kycDetails) ? s.kycDetails.shareHoldingPercentage : undefined;
    return acc + (typeof pct === 'number' ? pct : 0);
  }, 0);
  return Math.round(sum * 100) / 100;
}

/**
 * "Continue" to the final questions: the submit-time rules of stakeholderList.schema.json
 * (#/definitions/complete: shares add up to 100 %, at least one signatory) and every stakeholder's steps done.
 * `listErrors` validates the list against that schema (the project's ajv), so the messages are the schema's.
 */
export function continueCheck(
  list: Stakeholder[],
  listErrors: (list: Stakeholder[]) => FieldError[],
  incomplete: number,
  /** The reason "n stakeholders still have steps to complete" in the page's language (English by default). */
  incompleteText: (count: number) => string = (n) => (n === 1 ? '1 stakeholder still has steps to complete' : `${n} stakeholders still have steps to complete`),
): ContinueCheck {
  const reasons = [...new Set(listErrors(list).map((e) => e.message))];
  if (incomplete > 0) reasons.push(incompleteText(incomplete));
  return {
    ok: reasons.length === 0,
    reasons,
    totalPercentage: totalPercentage(list),
    signatories: list.filter((s) => summarise(s).signatory).length,
  };
}
