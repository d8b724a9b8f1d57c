import type { AnySchemaObject } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildConfigDocument, type ConfigDocument } from '../../src/content/configDocument';
import { buildContent } from '../../src/content/buildContent';
import { readContentDir } from '../../src/content/readContentDir';
import { precompiledValidator } from './precompiled';
import {
  addStakeholder,
  applyDerives,
  blankPerson,
  changeStakeholder,
  completion,
  continueCheck,
  maxStakeholders,
  removeStakeholder,
  type Stakeholder,
  stakeholdersOf,
  summarise,
} from '../../src/app/features/stakeholders/stakeholderRules';
import { readCompletedSteps, reconcileStakeholderSteps } from '../../src/server/prospects/completedSteps';
import type { FormValidator } from '../../src/validation/rjsfValidator';

let config: ConfigDocument;
let validator: FormValidator;
const schemaOf = (step: string) => config.steps[step]!.schema as AnySchemaObject;

beforeAll(async () => {
  const files = await readContentDir();
  const content = buildContent(files);
  config = buildConfigDocument(content, { role: 'customer', schemaVersion: 1 });
  validator = precompiledValidator(files, 'customer');
});

const person = (id: string, pct: number | undefined, signatory: boolean): Stakeholder => ({
  signatoryId: id,
  firstName: 'Priya',
  lastName: 'Nair',
  kycDetails: { isShareholderACompany: false, isSignatory: signatory, ...(pct === undefined ? {} : { isShareholder: true, shareHoldingPercentage: pct }) },
});

const listErrors = (list: Stakeholder[]) =>
  validator.fieldErrors({ $ref: `${config.stakeholderList!.$id as string}#/definitions/complete` }, list);

describe('adding and removing stakeholders', () => {
  it('takes the limit of 50 from stakeholderList.schema.json', () => {
    expect(maxStakeholders(config)).toBe(50);
  });

  it('adding appends a blank person with a new id; removing deletes only that one', () => {
    let prospect: Record<string, unknown> = { signatoryInfo: [] };
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const added = addStakeholder(prospect);
      prospect = added.prospect;
      ids.push(added.signatoryId);
    }
    expect(new Set(ids).size).toBe(3);
    expect(stakeholdersOf(prospect).at(-1)).toEqual(blankPerson(ids[2]!));
    const after = removeStakeholder(prospect, ids[1]!);
    expect(stakeholdersOf(after).map((s) => s.signatoryId)).toEqual([ids[0], ids[2]]);
  });

  it('a 51st stakeholder breaks the list schema with its message', () => {
    const list = Array.from({ length: 51 }, (_, i) => blankPerson(`s${i}`));
    expect(validator.fieldErrors(config.stakeholderList!, list).map((e) => e.message)).toContain('Company stakeholders: at most 50 allowed, remove one');
  });
});

describe('continue to the final questions', () => {
  it('is refused below 100 % and without a signatory, with the schema messages', () => {
    const check = continueCheck([person('a', 60, false)], listErrors, 0);
    expect(check.ok).toBe(false);
    expect(check.totalPercentage).toBe(60);
    expect(check.reasons).toEqual(expect.arrayContaining(['Shareholders must hold 100% of shares in total', "At least one of the company stakeholders must be a signatory: answer Yes to 'Is this person a signatory?' for one"]));
  });

  it('is refused with no stakeholder at all', () => {
    expect(continueCheck([], listErrors, 0).reasons).toContain('Company stakeholders are not filled');
  });

  it('is allowed at exactly 100 % with a signatory (shares may be spread, 33.33 + 33.33 + 33.34)', () => {
    const check = continueCheck([person('a', 33.33, true), person('b', 33.33, false), person('c', 33.34, false)], listErrors, 0);
    expect(check).toMatchObject({ ok: true, reasons: [], totalPercentage: 100, signatories: 1 });
  });

  it('is refused while a stakeholder still has steps to complete', () => {
    expect(continueCheck([person('a', 100, true)], listErrors, 1)).toMatchObject({ ok: false, reasons: ['1 stakeholder still has steps to complete'] });
  });

  it('a company cannot be the signatory', () => {
    const company: Stakeholder = { signatoryId: 'c', kycDetails: { isShareholderACompany: true, isSignatory: true, isShareholder: true, shareHoldingPercentage: 100 } };
    expect(continueCheck([company], listErrors, 0).reasons).toContain("At least one of the company stakeholders must be a signatory: answer Yes to 'Is this person a signatory?' for one");
  });
});

describe('rules that change other fields', () => {
  it('a sole proprietor becomes a 100 % shareholder; another authority clears the shareholding', () => {
    const schema = schemaOf('stakeholderSignatory');
    const before: Stakeholder = { signatoryId: 'a', kycDetails: { isShareholderACompany: false, isSignatory: true }, accountSigningInfo: { authorityType: null } };
    const sole = changeStakeholder(config, before, { ...before, accountSigningInfo: { authorityType: '1' } });
    expect(sole.kycDetails).toMatchObject({ isShareholder: true, shareHoldingPercentage: 100 });
    expect(validator.fieldErrors(schema, sole)).toEqual([]);
    const other = changeStakeholder(config, sole, { ...sole, accountSigningInfo: { authorityType: '4' } });
    expect(other.kycDetails).not.toHaveProperty('isShareholder');
    expect(other.kycDetails).not.toHaveProperty('shareHoldingPercentage');
    expect(validator.fieldErrors(schemaOf('stakeholderShareholding'), other).map((e) => e.keyword)).toEqual(['required']);
  });

  it('leaves a percentage typed later alone while the authority does not change', () => {
    const s: Stakeholder = { signatoryId: 'a', kycDetails: { isSignatory: true, isShareholder: true, shareHoldingPercentage: 40 }, accountSigningInfo: { authorityType: '4' } };
    const typed = { ...s, kycDetails: { ...(s.kycDetails as object), shareHoldingPercentage: 45 } };
    expect(applyDerives(config.steps.stakeholderShareholding!.uiSchema, s, typed)).toBe(typed);
    expect(changeStakeholder(config, s, typed)).toBe(typed);
  });

  it("a company's PEP flag follows its three questions", () => {
    const s: Stakeholder = { signatoryId: 'c', kycDetails: { isShareholderACompany: true }, signatoryCompanyInfo: { hasProminentPosition: false, hasDiplomaticPassport: false, isMemberofRulingFamily: false } };
    const ticked = changeStakeholder(config, s, { ...s, signatoryCompanyInfo: { ...(s.signatoryCompanyInfo as object), isMemberofRulingFamily: true } });
    expect((ticked.kycDetails as { isPEP?: boolean }).isPEP).toBe(true);
  });

  it('toggling "this stakeholder is a company" resets the stakeholder but keeps its id', () => {
    const p: Stakeholder = { signatoryId: 'x', firstName: 'Priya', lastName: 'Nair', kycDetails: { isShareholderACompany: false, dateOfBirth: '1990-01-01', isPEP: false } };
    const company = changeStakeholder(config, p, { ...p, kycDetails: { ...(p.kycDetails as object), isShareholderACompany: true } });
    expect(company).toEqual({
      signatoryId: 'x',
      kycDetails: { isShareholderACompany: true },
      signatoryCompanyInfo: { countryOfIncorporation: 'AE', hasDiplomaticPassport: false, hasProminentPosition: false, isMemberofRulingFamily: false },
    });
    expect(summarise(company)).toMatchObject({ company: true, signatory: false });
    const back = changeStakeholder(config, company, { ...company, kycDetails: { isShareholderACompany: false } });
    expect(back).toEqual({ signatoryId: 'x', kycDetails: { isShareholderACompany: false } });
  });
});

describe('step completion of a stakeholder', () => {
  const freeField5 = (steps: unknown[]) => ({ freeField5: JSON.stringify({ completedSteps: steps }) });
  const done = (step: string, signatoryId: string, flowId = 'stakeholderPerson') => ({ flowId, step, status: 'COMPLETED', signatoryId });

  it('counts the COMPLETED steps of its own flow and names the first one not completed', () => {
    const completed = [done('stakeholderPersonalInfo', 'a'), done('stakeholderSignatory', 'a'), done('stakeholderPersonalInfo', 'b')] as never[];
    expect(completion(config, completed, person('a', 10, false), 0)).toEqual({ done: 2, total: 6, next: 2, nextTitle: 'Shareholding' });
  });

  it('names a step left incomplete before completed ones (step 1 reopened after a signatory change)', () => {
    const later = ['stakeholderSignatory', 'stakeholderShareholding', 'stakeholderNationality', 'stakeholderResidence', 'stakeholderContact'];
    const completed = later.map((step) => done(step, 'a')) as never[];
    expect(completion(config, completed, person('a', 10, false), 0)).toEqual({ done: 5, total: 6, next: 0, nextTitle: 'Personal Information' });
    const all = [...later, 'stakeholderPersonalInfo'].map((step) => done(step, 'a')) as never[];
    expect(completion(config, all, person('a', 10, false), 0)).toMatchObject({ done: 6, total: 6, nextTitle: undefined });
  });

  it('becoming a signatory (false -> true) reopens its completed steps; removing one drops its steps', () => {
    const steps = [done('stakeholderPersonalInfo', 'a'), done('stakeholderShareholding', 'a'), done('stakeholderPersonalInfo', 'b'), done('companyDetails', '')].map((s) =>
      s.signatoryId ? s : { flowId: 'companyInfo', step: 'companyDetails', status: 'COMPLETED' },
    );
    const before = { signatoryInfo: [person('a', 50, false), person('b', 50, false)], freeFieldsInfo: freeField5(steps) };
    const after = { ...before, signatoryInfo: [person('a', 50, true)] };
    const result = readCompletedSteps(reconcileStakeholderSteps(before, after));
    expect(result).toEqual([
      { flowId: 'stakeholderPerson', step: 'stakeholderPersonalInfo', status: 'AVAILABLE', signatoryId: 'a' },
      { flowId: 'stakeholderPerson', step: 'stakeholderShareholding', status: 'AVAILABLE', signatoryId: 'a' },
      { flowId: 'companyInfo', step: 'companyDetails', status: 'COMPLETED' },
    ]);
  });

  it('answering "signatory" for the first time (not false before) reopens nothing', () => {
    const steps = [done('stakeholderPersonalInfo', 'a')];
    const fresh: Stakeholder = { signatoryId: 'a', kycDetails: { isShareholderACompany: false } };
    const before = { signatoryInfo: [fresh], freeFieldsInfo: freeField5(steps) };
    const after = { ...before, signatoryInfo: [person('a', 100, true)] };
    expect(reconcileStakeholderSteps(before, after)).toBe(after);
  });
});
