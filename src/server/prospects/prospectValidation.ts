import type { ProspectDraft } from '../../shared/prospectDraft';
import type { BuiltContent } from '../../content/contentTypes';
import type { ContentValidator } from '../../content/contentValidator';
import { type FieldError, INCOMPLETE_KEYWORDS } from '../../validation/errors';
import { CORE_SECTIONS, validateCore } from './coreSchema';
import { prospectFieldsSections } from './stepSections';
import { applicableSteps as sharedApplicableSteps, type ApplicableStep } from '../../shared/stakeholderFlows';
import { explainedErrors, visibleErrors } from '../../validation/logic';

const INCOMPLETE = INCOMPLETE_KEYWORDS;

type Obj = Record<string, unknown>;

/** Every step that applies to the document, with the pointer of the data it validates (src/shared/stakeholderFlows.ts). */
export function applicableSteps(content: BuiltContent, document: Obj): ApplicableStep[] {
  return sharedApplicableSteps(content.flows, document);
}

function dataAt(document: ProspectDraft, at: string): unknown {
  if (!at) return document;
  const [, , index] = at.split('/');
  return document.signatoryInfo?.[Number(index)];
}

/** ajv's own English messages ("must be array", "must have required property 'x'"): no content wrote them. */
const AJV_DEFAULT = /^must /;

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
 *  - always: the prospect's fields no step edits (prospect.schema.json#/definitions/prospectFields), incomplete is fine;
 *    (like the steps and the core's rules of every save, not again where `unchanged` says their sections are those
 *    of a validation that passed);
 *  - `submit`: the whole prospect schema;
 *  - always, besides the published content: the protected core kept in code (identity, stakeholder list);
 *  - never: errors on fields the form logic hides (`hidden`, from applyFormLogic);
 *  - never: a derived field's error that an error of its input in the same step explains (`derivedFrom`, from
 *    applyFormLogic; src/validation/logic explainedErrors): the browser reports a step's errors the same way.
 */
export function validateProspect(
  validator: ContentValidator,
  document: Obj,
  opts: {
    completeSteps?: { step: string; at: string }[];
    submit?: boolean;
    hidden?: ReadonlySet<string>;
    /** The inputs of each derived field (LogicResult.derivedFrom). */
    derivedFrom?: ReadonlyMap<string, readonly string[]>;
    /**
     * Steps known to find nothing (their data, the content, the day and what is hidden are those of a validation
     * that passed): not run again, unless they are complete steps. `stakeholderList` likewise for the list's check.
     */
    unchanged?: { step(step: string, at: string): boolean; stakeholderList: boolean; sections(names: ReadonlySet<string> | undefined): boolean };
  } = {},
): FieldError[] {
  const content = validator.content;
  const errors: FieldError[] = [];
  const complete = new Set((opts.completeSteps ?? []).map((s) => `${s.step}@${s.at}`));
  for (const { step, at } of applicableSteps(content, document)) {
    if (opts.unchanged?.step(step, at) && !complete.has(`${step}@${at}`)) continue;
    const found = validator.validate(`steps/${step}`, dataAt(document, at)).map((e) => ({ ...e, path: at + e.path }));
    const reported = complete.has(`${step}@${at}`) ? found : found.filter((e) => !INCOMPLETE.has(e.keyword));
    errors.push(...(opts.derivedFrom ? explainedErrors(opts.hidden ? visibleErrors(reported, opts.hidden) : reported, opts.derivedFrom) : reported));
  }
  if (content.stakeholderList && Array.isArray(document.signatoryInfo) && !opts.unchanged?.stakeholderList) {
    const found = validator.validate('stakeholderList', document.signatoryInfo).map((e) => ({ ...e, path: '/signatoryInfo' + e.path }));
    errors.push(...found.filter((e) => !INCOMPLETE.has(e.keyword)));
  }
  // The prospect's fields no step edits (the account type, Islamic or not): what is wrong in them on every save,
  // everything at submit (where the whole prospect schema checks them).
  // Not again when the sections they read are those of the validation that passed (`unchanged`, as for the steps).
  const prospectFields = validator.prospectFieldsRef();
  if (prospectFields && !opts.submit && !opts.unchanged?.sections(prospectFieldsSections(content))) {
    errors.push(...validator.validate(prospectFields, document).filter((e) => !INCOMPLETE.has(e.keyword)));
  }
  if (opts.submit) errors.push(...validator.validate('prospect', document));
  // The core repeats some rules of the content (with the content's messages, in the request's language): the
  // content's error is the one reported; the core's shows where the content found nothing at that field for that
  // rule (an incomplete field on an automatic save), or said only ajv's own words.
  // The core's rules of every save are skipped like the prospect's fields; the submit's always run.
  if (opts.submit || !opts.unchanged?.sections(CORE_SECTIONS)) {
    const reported = new Set(errors.filter((e) => !AJV_DEFAULT.test(e.message)).map((e) => `${e.path}\u0000${e.keyword}`));
    errors.push(...validateCore(document, { submit: opts.submit, content }).filter((e) => !reported.has(`${e.path}\u0000${e.keyword}`)));
  }
  // Validation sees only what is visible: a hidden field (kept by its policy) never blocks a save.
  return dedupe(opts.hidden ? visibleErrors(errors, opts.hidden) : errors);
}
