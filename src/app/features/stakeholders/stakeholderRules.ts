/**
 * The stakeholder list as data (spec 000 §4, 001 §4): adding, removing, the company/person switch, the derived
 * fields of a step (x-derive of its schema) and what stops "Continue" to the final questions. Pure functions,
 * so the page stays a thin layer and the rules are unit-tested without a browser.
 */
import type { AnySchemaObject } from 'ajv';
import type { FieldError } from '../../../validation/errors';
import { getAt, setAt } from '../../../validation/pointer';
import { type DeriveRule, deriveValue } from '../../../validation/runtime';
import type { AppConfig } from '../config/useConfig';
import type { CompletedStep, Prospect } from '../application/contract';

export type Stakeholder = Record<string, unknown> & { signatoryId?: string };

export const PERSON_FLOW = 'stakeholderPerson';
export const COMPANY_FLOW = 'stakeholderCompany';
/** Used when the content has no stakeholderList schema (spec 000 §9: max 50 stakeholders). */
const DEFAULT_MAX = 50;

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

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
  return isObj(stakeholder.kycDetails) && stakeholder.kycDetails.isShareholderACompany === true;
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

interface DeriveAt {
  base: string;
  rules: DeriveRule[];
}

const deriveCache = new WeakMap<object, DeriveAt[]>();

/** Every x-derive of a step schema with the path of the object it is declared on (properties, allOf). */
export function derivesOf(schema: AnySchemaObject): DeriveAt[] {
  let found = deriveCache.get(schema);
  if (found) return found;
  found = [];
  const walk = (node: unknown, base: string) => {
    if (!isObj(node)) return;
    if (Array.isArray(node['x-derive'])) found!.push({ base, rules: node['x-derive'] as DeriveRule[] });
    if (isObj(node.properties)) for (const [key, sub] of Object.entries(node.properties)) walk(sub, base ? `${base}/${key}` : key);
    if (Array.isArray(node.allOf)) for (const sub of node.allOf) walk(sub, base);
  };
  walk(schema, '');
  deriveCache.set(schema, found);
  return found;
}

const sameJson = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The form's half of x-derive: when a rule's source changed (or its target is still empty), the target takes
 * the derived value, or `otherwise` when the rule does not hold (sole proprietor -> shareholder with 100 %,
 * another authority clears both; a company's PEP flag from its three questions).
 */
export function applyDerives(schema: AnySchemaObject, previous: Stakeholder | undefined, next: Stakeholder): Stakeholder {
  let out = next;
  for (const { base, rules } of derivesOf(schema)) {
    for (const rule of rules) {
      const at = (p: string) => (base ? `${base}/${p}` : p);
      const from = Array.isArray(rule.from) ? rule.from : [rule.from];
      const changed = !previous || from.some((p) => !sameJson(getAt(previous, at(p)), getAt(out, at(p))));
      const target = at(rule.target);
      const current = getAt(out, target);
      if (!changed && current !== undefined) continue;
      const scope = base ? getAt(out, base) : out;
      if (!isObj(scope)) continue;
      let value = deriveValue(scope, rule);
      if (value === undefined) {
        if (!changed || !('otherwise' in rule)) continue;
        value = rule.otherwise;
      }
      // A cleared value is removed rather than stored as null: "not filled" for the steps that ask it, which an
      // automatic save accepts (a null would fail their type check on every save until answered again).
      if (value === null) value = undefined;
      if (sameJson(current, value)) continue;
      if (out === next) out = structuredClone(next);
      setAt(out, target, value);
    }
  }
  return out;
}

/**
 * One edit of a stakeholder's step: toggling "this stakeholder is a company" resets the stakeholder (spec 000
 * §4, dates cleared too) keeping only its id; otherwise the step's derived fields follow.
 */
export function changeStakeholder(schema: AnySchemaObject, previous: Stakeholder, next: Stakeholder): Stakeholder {
  if (isCompany(previous) !== isCompany(next)) {
    const id = String(previous.signatoryId ?? next.signatoryId ?? newSignatoryId());
    return isCompany(next) ? blankCompany(id) : blankPerson(id);
  }
  return applyDerives(schema, previous, next);
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

/**
 * Summary fields the nationality step keeps from the passports (000 §3, schemas/README: typed and listed, not
 * re-derived): the first passport's country, whether there is a second one, and its country.
 */
export function withPassportSummary(stakeholder: Stakeholder): Stakeholder {
  const kyc = isObj(stakeholder.kycDetails) ? stakeholder.kycDetails : undefined;
  if (!kyc || !Array.isArray(kyc.passportDetails)) return stakeholder;
  const countries = (kyc.passportDetails as unknown[]).map((p) => (isObj(p) && typeof p.country === 'string' && p.country ? p.country : undefined));
  const summary = {
    nationality: countries[0] ?? null,
    dualCitizenship: countries.filter(Boolean).length > 1,
    dualCitizenshipCountry: countries[1] ?? null,
  };
  if (kyc.nationality === summary.nationality && kyc.dualCitizenship === summary.dualCitizenship && kyc.dualCitizenshipCountry === summary.dualCitizenshipCountry) return stakeholder;
  return { ...stakeholder, kycDetails: { ...kyc, ...summary } };
}

/** Everything the form keeps up to date after an edit of a step: derived fields, full name, passport summary. */
export function editStakeholder(schema: AnySchemaObject, previous: Stakeholder, next: Stakeholder): Stakeholder {
  return withPassportSummary(withFullName(changeStakeholder(schema, previous, next)));
}

/** Steps of the stakeholder's own flow that are COMPLETED, and how many the flow has. */
export function completion(config: Pick<AppConfig, 'flows'>, completed: CompletedStep[], stakeholder: Stakeholder, index: number): { done: number; total: number } {
  const flowId = flowOf(stakeholder);
  const steps = config.flows[flowId]?.steps ?? [];
  const id = idOf(stakeholder, index);
  const done = steps.filter((s) => completed.some((c) => c.flowId === flowId && c.step === s.step && c.signatoryId === id && c.status === 'COMPLETED')).length;
  return { done, total: steps.length };
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
): ContinueCheck {
  const reasons = [...new Set(listErrors(list).map((e) => e.message))];
  if (incomplete > 0) reasons.push(incomplete === 1 ? '1 stakeholder still has steps to complete' : `${incomplete} stakeholders still have steps to complete`);
  return {
    ok: reasons.length === 0,
    reasons,
    totalPercentage: totalPercentage(list),
    signatories: list.filter((s) => summarise(s).signatory).length,
  };
}
