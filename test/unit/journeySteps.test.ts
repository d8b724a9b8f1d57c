import { describe, expect, it } from 'vitest';
import { readCompletedSteps } from '../../src/app/features/application/completedSteps';
import { toExtraErrors } from '../../src/app/features/application/extraErrors';
import { fieldErrorsOf } from '../../src/app/features/application/store';
import { journeyDone, pageSteps, resumePath, type FlowDef } from '../../src/app/features/journey/journeySteps';
import { ApiRequestError } from '../../src/app/lib/secureFetch';

const flows: Record<string, FlowDef> = {
  companyInfo: { title: 'Company', scope: '', steps: [{ step: 'companyDetails', title: 'Details' }, { step: 'companyIndustry', title: 'Industry' }, { step: 'companyLicense', title: 'Licence' }] },
  stakeholderPerson: { title: 'S', scope: '/signatoryInfo/*', steps: [{ step: 'stakeholderPersonalInfo', title: 'Personal' }] },
  stakeholderCompany: { title: 'S', scope: '/signatoryInfo/*', steps: [{ step: 'stakeholderCompanyInfo', title: 'Company' }] },
  finalQuestionsCompany: { title: 'FQ', scope: '', steps: [{ step: 'fqBranches', title: 'Branches' }] },
  finalQuestionsSignatory: { title: 'FQ', scope: '/signatoryInfo/*', steps: [{ step: 'fqSignatoryPersonal', title: 'Personal' }, { step: 'fqSignatoryEmployment', title: 'Employment' }] },
  selectServices: { title: 'SS', scope: '', steps: [{ step: 'ssExpress', title: 'Express' }, { step: 'ssAccountDetails', title: 'Account' }] },
};

const withSteps = (steps: unknown[], rest: Record<string, unknown> = {}) => ({ ...rest, freeFieldsInfo: { freeField5: JSON.stringify({ completedSteps: steps }) } });
const done = (flowId: string, step: string, signatoryId?: string) => ({ flowId, step, status: 'COMPLETED', ...(signatoryId ? { signatoryId } : {}) });

describe('completed steps rebuilt from freeField5', () => {
  it('reads entries, drops broken ones, duplicates and steps of removed stakeholders', () => {
    const prospect = withSteps(
      [done('companyInfo', 'companyDetails'), { flowId: 'companyInfo' }, 'junk', done('companyInfo', 'companyDetails'), done('stakeholderPerson', 'stakeholderPersonalInfo', 's1'), done('stakeholderPerson', 'stakeholderPersonalInfo', 'gone')],
      { signatoryInfo: [{ signatoryId: 's1' }] },
    );
    expect(readCompletedSteps(prospect)).toEqual([done('companyInfo', 'companyDetails'), done('stakeholderPerson', 'stakeholderPersonalInfo', 's1')]);
  });

  it('trims a signatory flow to at most 6 steps and survives unreadable JSON', () => {
    const many = Array.from({ length: 9 }, (_, i) => done('stakeholderPerson', `step${i}`, 's1'));
    expect(readCompletedSteps(withSteps(many, { signatoryInfo: [{ signatoryId: 's1' }] }))).toHaveLength(6);
    expect(readCompletedSteps({ freeFieldsInfo: { freeField5: '{not json' } })).toEqual([]);
    expect(readCompletedSteps(undefined)).toEqual([]);
  });
});

describe('journey steps and resume', () => {
  const person = (id: string, isSignatory: boolean) => ({ signatoryId: id, firstName: 'Amal', lastName: id, kycDetails: { isSignatory, isShareholderACompany: false } });

  it('repeats per-signatory flows for the stakeholders they apply to, with their names', () => {
    const prospect = { signatoryInfo: [person('a', true), person('b', false), { signatoryId: 'c', kycDetails: { isShareholderACompany: true } }] };
    const steps = pageSteps(flows, ['finalQuestionsCompany', 'finalQuestionsSignatory'], prospect);
    expect(steps.map((s) => [s.step, s.signatoryIndex, s.signatoryName])).toEqual([
      ['fqBranches', undefined, undefined],
      ['fqSignatoryPersonal', 0, 'Amal a'],
      ['fqSignatoryEmployment', 0, 'Amal a'],
    ]);
  });

  it('lands on the first incomplete step of the journey', () => {
    expect(resumePath(flows, {}, [])).toBe('/business/CompanyInfo?step=1');
    const afterDetails = withSteps([done('companyInfo', 'companyDetails')]);
    expect(resumePath(flows, afterDetails, readCompletedSteps(afterDetails))).toBe('/business/CompanyInfo?step=2');
    const company = [done('companyInfo', 'companyDetails'), done('companyInfo', 'companyIndustry'), done('companyInfo', 'companyLicense')];
    expect(resumePath(flows, withSteps(company), readCompletedSteps(withSteps(company)))).toBe('/business/StakeholdersInfo');
    const withStakeholder = withSteps([...company, done('stakeholderPerson', 'stakeholderPersonalInfo', 'a')], { signatoryInfo: [person('a', true)] });
    expect(resumePath(flows, withStakeholder, readCompletedSteps(withStakeholder))).toBe('/business/FinalQuestions?step=1');
    const fq = withSteps(
      [...company, done('stakeholderPerson', 'stakeholderPersonalInfo', 'a'), done('finalQuestionsCompany', 'fqBranches'), done('finalQuestionsSignatory', 'fqSignatoryPersonal', 'a')],
      { signatoryInfo: [person('a', true)] },
    );
    expect(resumePath(flows, fq, readCompletedSteps(fq))).toBe('/business/FinalQuestions?step=3');
  });

  it('goes to documents before select services is started, then to the services step, then to submit', () => {
    const base = [
      done('companyInfo', 'companyDetails'),
      done('companyInfo', 'companyIndustry'),
      done('companyInfo', 'companyLicense'),
      done('stakeholderCompany', 'stakeholderCompanyInfo', 'c'),
      done('finalQuestionsCompany', 'fqBranches'),
    ];
    const signatories = { signatoryInfo: [{ signatoryId: 'c', kycDetails: { isShareholderACompany: true } }] };
    const p1 = withSteps(base, signatories);
    expect(resumePath(flows, p1, readCompletedSteps(p1))).toBe('/business/UploadDocuments');
    const p2 = withSteps([...base, done('selectServices', 'ssExpress')], signatories);
    expect(resumePath(flows, p2, readCompletedSteps(p2))).toBe('/business/SelectServices?step=2');
    const p3 = withSteps([...base, done('selectServices', 'ssExpress'), done('selectServices', 'ssAccountDetails')], signatories);
    expect(resumePath(flows, p3, readCompletedSteps(p3))).toBe('/business/SubmitApplication');
  });
});

describe('server field errors on the inputs', () => {
  it('maps prospect.<path> errors to RJSF extraErrors, scoped to a signatory', () => {
    const errors = fieldErrorsOf(
      new ApiRequestError(400, {
        errorType: 'FieldsValidation',
        errors: [
          { errorCode: 'PATTERN', message: 'Company name is invalid', field: 'prospect.organizationInfo.companyName' },
          { errorCode: 'REQUIRED', message: 'Date of birth is not filled', field: 'prospect.signatoryInfo[1].kycDetails.dateOfBirth' },
        ],
      }),
    );
    expect(errors).toEqual({ 'organizationInfo.companyName': ['Company name is invalid'], 'signatoryInfo[1].kycDetails.dateOfBirth': ['Date of birth is not filled'] });
    expect(toExtraErrors(errors)).toEqual({
      organizationInfo: { companyName: { __errors: ['Company name is invalid'] } },
      signatoryInfo: { 1: { kycDetails: { dateOfBirth: { __errors: ['Date of birth is not filled'] } } } },
    });
    expect(toExtraErrors(errors, '/signatoryInfo/1')).toEqual({ kycDetails: { dateOfBirth: { __errors: ['Date of birth is not filled'] } } });
    expect(toExtraErrors(errors, '/signatoryInfo/0')).toEqual({});
  });
});

describe('the journey steps an application has completed (the progress list marks only these)', () => {
  const person = (id: string) => ({ signatoryId: id, firstName: 'Amal', lastName: id, kycDetails: { isSignatory: true, isShareholderACompany: false } });
  const prospect = (steps: unknown[], signatoryInfo: unknown[] = []) => withSteps(steps, { signatoryInfo }) as never;

  it('a brand-new application has only Basic Information done, whatever page is open', () => {
    expect(journeyDone(flows, prospect([]), [])).toEqual([1]);
  });

  it('marks a page done only when each of its steps is, stakeholders only with stakeholders, documents once the services were begun', () => {
    const company = ['companyDetails', 'companyIndustry', 'companyLicense'].map((s) => done('companyInfo', s));
    let p = prospect(company);
    expect(journeyDone(flows, p, readCompletedSteps(p))).toEqual([1, 2]);
    const people = [done('stakeholderPerson', 'stakeholderPersonalInfo', 's1')];
    const fq = [done('finalQuestionsCompany', 'fqBranches'), done('finalQuestionsSignatory', 'fqSignatoryPersonal', 's1'), done('finalQuestionsSignatory', 'fqSignatoryEmployment', 's1')];
    p = prospect([...company, ...people, ...fq], [person('s1')]);
    expect(journeyDone(flows, p, readCompletedSteps(p))).toEqual([1, 2, 3, 4]);
    p = prospect([...company, ...people, ...fq, done('selectServices', 'ssExpress')], [person('s1')]);
    expect(journeyDone(flows, p, readCompletedSteps(p))).toEqual([1, 2, 3, 4, 5]);
    p = prospect([...company, ...people, ...fq, done('selectServices', 'ssExpress'), done('selectServices', 'ssAccountDetails')], [person('s1')]);
    expect(journeyDone(flows, p, readCompletedSteps(p))).toEqual([1, 2, 3, 4, 5, 6]);
    // Final questions of a second stakeholder not answered: step 4 is not done.
    p = prospect([...company, ...people, done('stakeholderPerson', 'stakeholderPersonalInfo', 's2'), ...fq], [person('s1'), person('s2')]);
    expect(journeyDone(flows, p, readCompletedSteps(p))).toEqual([1, 2, 3]);
  });
});
