import { describe, expect, it } from 'vitest';
import { readSchemas } from './readSchemas';
import type { AppConfig } from '../../src/app/features/config/useConfig';
import { buildContent } from '../../src/content/buildContent';
import { buildConfigDocument } from '../../src/content/configDocument';
import { declares, errorsOnOtherSteps, fieldTitle, refusedAt, stepsOfFields } from '../../src/app/features/forms/errorSteps';

const content = buildContent(readSchemas());
const customer = buildConfigDocument(content, { role: 'customer', schemaVersion: 1 }) as unknown as AppConfig;
const prospect = {
  organizationInfo: { companyName: 'Falcon Trading LLC' },
  signatoryInfo: [
    { signatoryId: 's1', firstName: 'Huda', lastName: 'Karim', kycDetails: { isSignatory: true } },
    { signatoryId: 's2', firstName: 'Omar', lastName: 'Haddad', kycDetails: { isSignatory: false } },
  ],
};

describe('server field errors of other steps', () => {
  it('a refused save names where its reasons are: the open step\'s field, the steps that need attention, or the answers (never a highlight that is not there)', () => {
    const stakeholderShare = { 'signatoryInfo[1].kycDetails.dateOfBirth': ['Date of birth is not filled'] };
    // Company Details was valid but could not be saved for a stakeholder's answer: not "the highlighted field".
    expect(refusedAt(customer, prospect, stakeholderShare, { step: 'companyDetails' })).toBe('steps');
    expect(refusedAt(customer, prospect, { ...stakeholderShare, 'organizationInfo.companyName': ['Company name: at most 10 characters'] }, { step: 'companyDetails' })).toBe('field');
    // No field errors (or only ones no step declares): nothing on the page is highlighted.
    expect(refusedAt(customer, prospect, {}, { step: 'companyDetails' })).toBe('answers');
    expect(refusedAt(customer, prospect, { '': ['The application is incomplete'] }, { step: 'companyDetails' })).toBe('answers');
  });

  it('finds a path through properties, items and if/then branches, and not one the schema lacks', () => {
    const schema = customer.steps.ssChannels!.schema;
    expect(declares(schema, ['accountInfo', '0', 'mailStatements'])).toBe(true);
    expect(declares(schema, ['signatoryInfo', '1', 'debitCardInfo', 'authSignatoryDetails', 'nameOnDebitCard'])).toBe(true);
    expect(declares(schema, ['accountInfo', '0', 'accountCurrencies'])).toBe(false);
  });

  it('names the step of each error with a link to it, in journey order, leaving the open step its own errors', () => {
    const found = errorsOnOtherSteps(
      customer,
      prospect,
      {
        'accountInfo[0].mailStatements': ['Online and paper statements cannot both be chosen'],
        'organizationInfo.companyName': ['Company name: at most 10 characters'],
        'signatoryInfo[1].kycDetails.dateOfBirth': ['Date of birth is not filled'],
        'orgKYCDetails.industryMultiSelect[0].industry': ['Industry is not filled'],
        '': ['The application is incomplete'],
      },
      { step: 'companyIndustry' },
    );
    expect(found).toEqual([
      { step: 'companyDetails', title: 'Company Details', href: '/business/CompanyInfo?step=1', messages: ['Company name: at most 10 characters'] },
      {
        step: 'stakeholderPersonalInfo',
        signatoryIndex: 1,
        title: 'Personal Information: Omar Haddad',
        href: '/business/StakeholdersInfo?stakeholder=s2&step=1',
        messages: ['Date of birth is not filled'],
      },
      { step: 'ssChannels', title: 'Channels', href: '/business/SelectServices?step=4', messages: ['Online and paper statements cannot both be chosen'] },
    ]);
  });

  it('an error of the same step for another stakeholder is another step', () => {
    const errors = { 'signatoryInfo[0].kycDetails.dateOfBirth': ['Date of birth is not filled'] };
    expect(errorsOnOtherSteps(customer, prospect, errors, { step: 'stakeholderPersonalInfo', signatoryIndex: 0 })).toEqual([]);
    expect(errorsOnOtherSteps(customer, prospect, errors, { step: 'stakeholderPersonalInfo', signatoryIndex: 1 })).toHaveLength(1);
  });
});

describe('the answers a notice is about (changed here and elsewhere), named with their steps', () => {
  it('reads the title of a field through properties and items, none for a path the schema lacks', () => {
    expect(fieldTitle(customer.steps.companyDetails!.schema, ['organizationInfo', 'companyName'])).toBe('Company name');
    expect(fieldTitle(customer.steps.companyDetails!.schema, ['organizationInfo', 'nothingHere'])).toBeUndefined();
  });

  it('groups the answers by step in journey order, a stakeholder\'s under its own step, with links', () => {
    const found = stepsOfFields(customer, prospect, ['signatoryInfo[1].kycDetails.dateOfBirth', 'organizationInfo.noOfEmployees', 'organizationInfo.companyName', 'unknown.path']);
    expect(found).toEqual([
      { step: 'companyDetails', title: 'Company Details', href: '/business/CompanyInfo?step=1', messages: ['Number of employees', 'Company name'] },
      { step: 'stakeholderPersonalInfo', signatoryIndex: 1, title: 'Personal Information: Omar Haddad', href: '/business/StakeholdersInfo?stakeholder=s2&step=1', messages: ['Date of birth'] },
    ]);
  });
});
