import type { BuiltContent } from '../../content/contentTypes';
import type { ContentValidator } from '../../content/contentValidator';
import type { FieldError } from '../../validation/errors';
import { validateCore } from './coreSchema';

/** Keywords that only say "not filled yet": an automatic save may store incomplete data, never wrong data. */
const INCOMPLETE = new Set(['required', 'minItems', 'minLength', 'dependentRequired', 'x-arrayTotal']);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

function stakeholderFlows(content: BuiltContent, stakeholder: unknown): string[] {
  const kyc = isObj(stakeholder) && isObj(stakeholder.kycDetails) ? stakeholder.kycDetails : {};
  const flows = kyc.isShareholderACompany === true ? ['stakeholderCompany'] : ['stakeholderPerson'];
  if (kyc.isShareholderACompany !== true && kyc.isSignatory === true) flows.push('finalQuestionsSignatory');
  return flows.filter((f) => content.flows[f]);
}

/** Every step that applies to the document, with the pointer of the data it validates. */
export function applicableSteps(content: BuiltContent, document: Obj): { step: string; at: string; flow: string }[] {
  const out: { step: string; at: string; flow: string }[] = [];
  for (const [flow, def] of Object.entries(content.flows)) {
    if (def.scope !== '' || flow === 'otp' || flow === 'comeBackLogin') continue;
    for (const s of def.steps) out.push({ step: s.step, at: '', flow });
  }
  const stakeholders = Array.isArray(document.signatoryInfo) ? document.signatoryInfo : [];
  stakeholders.forEach((stakeholder, i) => {
    for (const flow of stakeholderFlows(content, stakeholder)) {
      for (const s of content.flows[flow]!.steps) out.push({ step: s.step, at: `/signatoryInfo/${i}`, flow });
    }
  });
  return out;
}

function dataAt(document: Obj, at: string): unknown {
  if (!at) return document;
  const [, , index] = at.split('/');
  return (document.signatoryInfo as unknown[])[Number(index)];
}

function dedupe(errors: FieldError[]): FieldError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.path}\u0000${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * What a save must satisfy:
 *  - always: no field breaks a rule (incomplete is fine), across every applicable step and the stakeholder list;
 *  - `complete` steps (the one the applicant continues from): every rule, required fields included;
 *  - `submit`: the whole prospect schema;
 *  - always, besides the published content: the protected core kept in code (identity, stakeholder list).
 */
export function validateProspect(
  validator: ContentValidator,
  document: Obj,
  opts: { completeSteps?: { step: string; at: string }[]; submit?: boolean } = {},
): FieldError[] {
  const content = validator.content;
  const errors: FieldError[] = [];
  const complete = new Set((opts.completeSteps ?? []).map((s) => `${s.step}@${s.at}`));
  for (const { step, at } of applicableSteps(content, document)) {
    const found = validator.validate(`steps/${step}`, dataAt(document, at)).map((e) => ({ ...e, path: at + e.path }));
    errors.push(...(complete.has(`${step}@${at}`) ? found : found.filter((e) => !INCOMPLETE.has(e.keyword))));
  }
  if (content.stakeholderList && Array.isArray(document.signatoryInfo)) {
    const found = validator.validate('stakeholderList', document.signatoryInfo).map((e) => ({ ...e, path: '/signatoryInfo' + e.path }));
    errors.push(...found.filter((e) => !INCOMPLETE.has(e.keyword)));
  }
  if (opts.submit) errors.push(...validator.validate('prospect', document));
  errors.push(...validateCore(document, { submit: opts.submit }));
  return dedupe(errors);
}
