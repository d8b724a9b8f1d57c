import type { ContentValidator } from '../../content/contentValidator';
import type { FieldError } from '../../validation/errors';
import { CORE_IDENTITY_FIELDS, CORE_MAX_STAKEHOLDERS } from '../prospects/coreSchema';
import type { Problem } from './draft';

/**
 * The protected core, as a publication check. The server always validates the core in code
 * (src/server/prospects/coreSchema.ts); the studio additionally refuses a draft whose schemas no longer ask
 * for it, so that the forms, the fixtures and the server keep saying the same thing. Each rule is proved by
 * probing, not by reading the schema: a document that breaks the rule must get an error at the field that
 * a valid control document does not get, however the draft words or structures the rule.
 */

type Obj = Record<string, unknown>;

const identity = { fullName: 'Amal Khan', email: 'amal.khan@example.com', countryCode: '971', mobileNo: '501234567' };
const person = (id: string, share: number, isSignatory: boolean): Obj => ({
  signatoryId: id,
  kycDetails: { isShareholderACompany: false, isSignatory, shareHoldingPercentage: share },
});
const pair = () => [person('S1', 50, true), person('S2', 50, false)];
const without = (obj: Obj, key: string) => Object.fromEntries(Object.entries(obj).filter(([k]) => k !== key));

const keyOf = (e: FieldError) => `${e.path}\u0000${e.message}`;

function safeValidate(validator: ContentValidator, schema: string, data: unknown): FieldError[] | undefined {
  try {
    return validator.validate(schema, data);
  } catch {
    return undefined;
  }
}

/** True when `probe` gets an error at a path `at` accepts that `control` does not get. */
function introduces(validator: ContentValidator, schema: string, control: unknown, probe: unknown, at: (path: string) => boolean): boolean {
  const before = new Set((safeValidate(validator, schema, control) ?? []).map(keyOf));
  const after = safeValidate(validator, schema, probe) ?? [];
  return after.some((e) => at(e.path) && !before.has(keyOf(e)));
}

const exactly = (p: string) => (path: string) => path === p;

/** The files the core lives in: removing one is refused before anything else is checked. */
const CORE_FILES: Record<string, string> = {
  'steps/applicantInfo.schema.json': 'the basic information step (applicantInfo: name, e-mail, country code, mobile) is prospect identity',
  'stakeholderList.schema.json': 'the stakeholder list rules (signatoryInfo) are checked on every save',
  'prospect.schema.json': 'the prospect schema is what a submitted application must meet',
  'flows.json': 'the flows place the applicantInfo step, which collects prospect identity',
};

export function missingCoreFiles(files: Record<string, unknown>): Problem[] {
  return Object.entries(CORE_FILES)
    .filter(([path]) => files[path] === undefined)
    .map(([path, what]) => ({ path, message: `Protected core: ${what}. It cannot be removed from the studio.` }));
}

export function protectedCoreProblems(validator: ContentValidator, files: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  const has = (path: string) => files[path] !== undefined;
  const refuse = (path: string, what: string, why: string) =>
    problems.push({ path, message: `Protected core: ${what} ${why}. It cannot be removed or relaxed from the studio.` });

  // Prospect identity, on the basic information step (completed when the prospect is created).
  const step = 'steps/applicantInfo.schema.json';
  if (!has(step)) refuse(step, 'the basic information step (applicantInfo: name, e-mail, country code, mobile)', 'is prospect identity');
  else {
    const control = { applicantInfo: identity };
    for (const [field, label] of Object.entries(CORE_IDENTITY_FIELDS)) {
      const probe = { applicantInfo: without(identity, field) };
      if (!introduces(validator, 'steps/applicantInfo', control, probe, exactly(`/applicantInfo/${field}`))) {
        refuse(step, `applicantInfo.${field} (${label})`, 'must stay required: it is prospect identity');
      }
    }
  }
  const inFlow = Object.values((files['flows.json'] ?? {}) as Record<string, { scope?: string; steps?: { step?: string }[] }>).some(
    (flow) => flow?.scope === '' && Array.isArray(flow.steps) && flow.steps.some((s) => s?.step === 'applicantInfo'),
  );
  if (!inFlow) refuse('flows.json', 'the applicantInfo step', 'must stay in a flow of the prospect: it collects prospect identity');

  // The stakeholder list rules every save checks.
  const list = 'stakeholderList.schema.json';
  if (!has(list)) refuse(list, 'the stakeholder list rules (signatoryInfo)', 'are checked on every save');
  else {
    const ones = (n: number) => Array.from({ length: n }, (_, i) => person(`S${i}`, 1, i === 0));
    if (!introduces(validator, 'stakeholderList', ones(CORE_MAX_STAKEHOLDERS), ones(CORE_MAX_STAKEHOLDERS + 1), exactly(''))) {
      refuse(list, `the limit of ${CORE_MAX_STAKEHOLDERS} stakeholders (maxItems)`, 'must stay');
    }
    const shares = (path: string) => /^\/\d+\/kycDetails\/shareHoldingPercentage$/.test(path);
    if (!introduces(validator, 'stakeholderList', pair(), [person('S1', 60, true), person('S2', 60, false)], shares)) {
      refuse(list, 'the rule that shareholders hold at most 100 % in total (x-arraySum)', 'must stay');
    }
    if (!introduces(validator, 'stakeholderList', pair(), [person('S1', 50, true), 'not a stakeholder'], (p) => p === '/1' || p.startsWith('/1/'))) {
      refuse(list, 'the shape of the stakeholder list (every item an object)', 'must stay');
    }
  }

  // What submitting checks: identity and the complete stakeholder list.
  const prospect = 'prospect.schema.json';
  if (!has(prospect)) refuse(prospect, 'the prospect schema', 'is what a submitted application must meet');
  else {
    const control = { applicantInfo: identity, signatoryInfo: pair() };
    for (const [field, label] of Object.entries(CORE_IDENTITY_FIELDS)) {
      const probe = { ...control, applicantInfo: without(identity, field) };
      if (!introduces(validator, 'prospect', control, probe, exactly(`/applicantInfo/${field}`))) {
        refuse(prospect, `applicantInfo.${field} (${label})`, 'must stay required at submit: it is prospect identity');
      }
    }
    const at = exactly('/signatoryInfo');
    const rules: [string, string, unknown][] = [
      ['the stakeholder list (signatoryInfo)', 'must stay required at submit', without(control, 'signatoryInfo')],
      ['at least one stakeholder', 'must stay required at submit', { ...control, signatoryInfo: [] }],
      ['the rule that shares add up to 100 %', 'must stay at submit', { ...control, signatoryInfo: [person('S1', 40, true), person('S2', 50, false)] }],
      ['the rule that at least one stakeholder is a signatory', 'must stay at submit', { ...control, signatoryInfo: [person('S1', 50, false), person('S2', 50, false)] }],
    ];
    for (const [what, why, probe] of rules) if (!introduces(validator, 'prospect', control, probe, at)) refuse(prospect, what, why);
  }
  return problems;
}
