import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScreening, type ScreeningContext } from '../../src/server/screening/runScreening';
import { bundledScreeningRules, parseScreeningRules } from '../../src/server/screening/screeningRules';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const root = join(import.meta.dirname, '..', '..');
const fixture = (name: string): Json => JSON.parse(readFileSync(join(root, 'fixtures', 'prospect', `${name}.json`), 'utf8')).data;
/** A valid starter application (one Emirati owner, incorporated 2025-06-10) screened on 2026-01-15. */
const base = () => structuredClone(fixture('soleProprietor'));

const rules = bundledScreeningRules();
const context = (over: Partial<ScreeningContext> = {}): ScreeningContext => ({
  rules,
  today: '2026-01-15',
  sameTradeLicence: [],
  sameApplicant: [],
  blacklist: [],
  documentsUploaded: 0,
  ...over,
});

function screen(prospect: Json, over: Partial<ScreeningContext> = {}) {
  const outcome = runScreening(prospect, context(over));
  const flagged = outcome.screeningResults.filter((r) => r.screeningFlag);
  return { ...outcome, flagged: flagged.map((r) => [r.screeningType, r.screeningStatus]) };
}

/** A stakeholder's name as the screening reads it. */
const stakeholderName = (s: Json): string => s.fullName || [s.firstName, s.middleName, s.lastName].filter(Boolean).join(' ');

const stakeholder = (over: Json = {}): Json => ({
  fullName: 'Person',
  kycDetails: { isShareholderACompany: false, isShareholder: true, shareHoldingPercentage: 5, residenceCountry: 'AE', ...over },
});

describe('runScreening', () => {
  it('every check that can be reported has its words for agents in lists/screeningCheck.json (translated like every list)', () => {
    const list = JSON.parse(readFileSync(join(root, 'schemas', 'lists', 'screeningCheck.json'), 'utf8')) as { options: { value: string; label: string }[] };
    const reported = runScreening(base(), context()).screeningResults.map((r) => r.screeningType);
    const declared = Object.values(JSON.parse(readFileSync(join(root, 'schemas', 'screening.json'), 'utf8')).checks as Record<string, { screeningType: string }>).map((c) => c.screeningType);
    expect(reported.length).toBeGreaterThan(10);
    expect(list.options.map((o) => o.value).sort()).toEqual([...new Set([...declared, ...reported])].sort());
  });

  it('passes a valid application: SUCCESS with every check reported and none flagged', () => {
    const r = screen(base());
    expect(r.statusOverAll).toBe('SUCCESS');
    expect(r.flagged).toEqual([]);
    expect(r.screeningResults).toHaveLength(16);
    expect(r.screeningResults[0]).toEqual({ screeningType: 'Dedupe Check', screeningStatus: 'SUCCESS', screeningReason: 'No Match', screeningFlag: false });
  });

  it('WITH_RO when every check passes and the application carries an agent code', () => {
    const p = base();
    p.applicantInfo.roCode = 'RO20417';
    expect(screen(p).statusOverAll).toBe('WITH_RO');
    p.applicantInfo.validRoCode = 'N';
    expect(screen(p).statusOverAll).toBe('SUCCESS');
  });

  it('Dedupe Check: another application for the same trade licence -> DECLINE', () => {
    const r = screen(base(), { sameTradeLicence: [{ prospectId: 'SMEOTHER' }] });
    expect(r.statusOverAll).toBe('DECLINE');
    expect(r.flagged).toEqual([['Dedupe Check', 'DECLINE']]);
    const hit = r.screeningResults.find((x) => x.screeningFlag)!;
    expect(hit.screeningReason).toBe('Dedupe Check');
    expect(JSON.stringify(hit)).not.toContain('SMEOTHER');
  });

  it('Application Dedupe Check: the same applicant applied before -> PENDING, or the other application\'s outcome', () => {
    expect(screen(base(), { sameApplicant: [{ prospectId: 'A', statusOverAll: null }] }).flagged).toEqual([['Application Dedupe Check', 'PENDING']]);
    expect(screen(base(), { sameApplicant: [{ prospectId: 'A', statusOverAll: 'SUCCESS' }] }).statusOverAll).toBe('PENDING');
    const declined = screen(base(), { sameApplicant: [{ prospectId: 'A', statusOverAll: 'WITH_RO' }, { prospectId: 'B', statusOverAll: 'DECLINE' }] });
    expect(declined.flagged).toEqual([['Application Dedupe Check', 'DECLINE']]);
    expect(screen(base(), { sameApplicant: [{ prospectId: 'A', statusOverAll: 'INELIGIBLE' }] }).statusOverAll).toBe('INELIGIBLE');
    expect(screen(base(), { sameApplicant: [{ prospectId: 'A', statusOverAll: 'WITH_RO' }] }).statusOverAll).toBe('WITH_RO');
  });

  it('Virtual Currency Check: industry sub-category VIRTUAL CURRENCY (SER/243) -> DECLINE', () => {
    const p = base();
    p.orgKYCDetails.industryMultiSelect.push({ industry: 'SER', subCategory: '243' });
    expect(screen(p).flagged).toEqual([['Virtual Currency Check', 'DECLINE']]);
    // parallel lists (industry[] and subCategory[]) as well
    p.orgKYCDetails.industryMultiSelect = [{ industry: ['SER'], subCategory: ['215', '243'] }];
    expect(screen(p).statusOverAll).toBe('DECLINE');
  });

  it('Starter account validation: a starter account for a business a year old or more -> INELIGIBLE', () => {
    const p = base();
    p.organizationInfo.dateOfIncorporation = '2025-01-15';
    const r = screen(p);
    expect(r.flagged).toEqual([['Starter account validation', 'INELIGIBLE']]);
    expect(r.statusOverAll).toBe('INELIGIBLE');
    p.organizationInfo.dateOfIncorporation = '2025-01-16'; // one day short of a year
    expect(screen(p).statusOverAll).toBe('SUCCESS');
    p.applicationInfo.accountType = 'currentAccount';
    p.organizationInfo.dateOfIncorporation = '2010-01-01';
    expect(screen(p).statusOverAll).toBe('SUCCESS');
  });

  it('Country Of Incorporation Check: not AE -> DECLINE', () => {
    const p = base();
    p.organizationInfo.countryOfIncorporation = 'GB';
    expect(screen(p).flagged).toEqual([['Country Of Incorporation Check', 'DECLINE']]);
  });

  it('ShareHolderCount Check: more than 10 shareholders -> INELIGIBLE', () => {
    const p = base();
    p.signatoryInfo = Array.from({ length: 11 }, () => stakeholder());
    expect(screen(p).flagged).toEqual([['ShareHolderCount Check', 'INELIGIBLE']]);
    p.signatoryInfo = p.signatoryInfo.slice(0, 10);
    expect(screen(p).statusOverAll).toBe('SUCCESS');
  });

  it('Blacklist Check: the company, a stakeholder or a stakeholder company on the list -> DECLINE', () => {
    const p = base();
    expect(screen(p, { blacklist: [{ licenseNumber: 'rak 45821' }] }).flagged).toEqual([['Blacklist Check', 'DECLINE']]);
    expect(screen(p, { blacklist: [{ name: '  al zaabi   ACCOUNTING consultancy' }] }).statusOverAll).toBe('DECLINE');
    p.signatoryInfo.push({ ...stakeholder({ isShareholderACompany: true }), signatoryCompanyInfo: { companyName: 'Shell Co', tradeLicenseNo: 'X-1' } });
    expect(screen(p, { blacklist: [{ licenseNumber: 'X1' }] }).flagged).toContainEqual(['Blacklist Check', 'DECLINE']);
    expect(screen(base(), { blacklist: [{ name: 'Someone Else', licenseNumber: 'RAK-1' }] }).statusOverAll).toBe('SUCCESS');
  });

  it('Blacklist Check per signatory: the stakeholder whose name (or stakeholder company whose name or licence) is listed gets DECLINE, the others SUCCESS', () => {
    const p = base();
    p.signatoryInfo.push({ ...stakeholder({ isShareholderACompany: true }), signatoryCompanyInfo: { companyName: 'Shell Co', tradeLicenseNo: 'X-1' } });
    const own = (r: ReturnType<typeof screen>) => r.signatories!.map((s) => s.screeningResults.find((x) => x.screeningType === 'Blacklist Check')?.screeningStatus);
    expect(own(screen(p))).toEqual(['SUCCESS', 'SUCCESS']);
    const byLicence = screen(p, { blacklist: [{ licenseNumber: 'x 1' }] });
    expect(own(byLicence)).toEqual(['SUCCESS', 'DECLINE']);
    expect(byLicence.signatories![1]).toMatchObject({ statusOverAll: 'DECLINE', screeningResults: expect.arrayContaining([expect.objectContaining({ screeningNotes: "The name or trade license of this stakeholder company is on the bank's list" })]) });
    const person = stakeholderName(p.signatoryInfo[0]);
    const byName = screen(p, { blacklist: [{ name: ` ${person.toUpperCase()} ` }] });
    expect(own(byName)).toEqual(['DECLINE', 'SUCCESS']);
    expect(byName.flagged).toContainEqual(['Blacklist Check', 'DECLINE']);
    // The company's own licence on the list declines the application, not a stakeholder.
    expect(own(screen(p, { blacklist: [{ licenseNumber: 'rak 45821' }] }))).toEqual(['SUCCESS', 'SUCCESS']);
  });

  it('Company is a Stakeholder Check: a company among the stakeholders -> PENDING', () => {
    const r = screen(fixture('llcThreePersonsOneCompany'));
    expect(r.flagged).toEqual([['Company is a Stakeholder Check', 'PENDING']]);
    expect(r.statusOverAll).toBe('PENDING');
  });

  it('Too many Stakeholders Check: more than 20 stakeholders -> PENDING', () => {
    const p = base();
    p.signatoryInfo = Array.from({ length: 21 }, () => stakeholder({ isShareholder: false, shareHoldingPercentage: 0 }));
    expect(screen(p).flagged).toEqual([['Too many Stakeholders Check', 'PENDING']]);
  });

  it('Country Of Residence Check: a stakeholder resident in a blocked country -> DECLINE', () => {
    const p = base();
    p.signatoryInfo.push(stakeholder({ residenceCountry: 'IR' }));
    expect(screen(p).flagged).toEqual([['Country Of Residence Check', 'DECLINE']]);
  });

  it('Country Of Residence Check per signatory: the person resident in a blocked country gets DECLINE with the country; companies get no such result', () => {
    const p = base();
    p.signatoryInfo.push(stakeholder({ residenceCountry: 'IR' }));
    p.signatoryInfo.push({ ...stakeholder({ isShareholderACompany: true }), signatoryCompanyInfo: { companyName: 'Holding Co', countryOfIncorporation: 'AE' } });
    const r = screen(p);
    const own = r.signatories!.map((s) => s.screeningResults.find((x) => x.screeningType === 'Country Of Residence Check'));
    expect(own[0]).toMatchObject({ screeningStatus: 'SUCCESS', screeningFlag: false });
    expect(own[1]).toMatchObject({ screeningStatus: 'DECLINE', screeningFlag: true, screeningNotes: 'This stakeholder resides in IR' });
    expect(own[2]).toBeUndefined();
    expect(r.signatories!.map((s) => s.statusOverAll)).toEqual(['SUCCESS', 'DECLINE', 'SUCCESS']);
    // Moved back to the UAE: no decline, for the application or the stakeholder.
    p.signatoryInfo[1].kycDetails.residenceCountry = 'AE';
    expect(screen(p).signatories![1]!.statusOverAll).toBe('SUCCESS');
  });

  it('HawalaService: a company offering hawala services -> PENDING', () => {
    const p = base();
    p.orgKYCDetails.hawalaService = 'Y';
    expect(screen(p).flagged).toEqual([['HawalaService', 'PENDING']]);
  });

  it('Total No of Documents uploaded check: the maximum of uploads reached -> PENDING', () => {
    expect(screen(base(), { documentsUploaded: 49 }).statusOverAll).toBe('SUCCESS');
    expect(screen(base(), { documentsUploaded: 50 }).flagged).toEqual([['Total No of Documents uploaded check', 'PENDING']]);
    expect(screen(base(), { documentsUploaded: 3, maxDocuments: 3 }).statusOverAll).toBe('PENDING');
  });

  it('Negative List Check: a stakeholder\'s Emirates ID or passport, or a trade licence, on the negative list -> DECLINE, reported for that stakeholder', () => {
    const p = fixture('llcThreePersonsOneCompany');
    expect(screen(p).flagged).not.toContainEqual(['Negative List Check', 'DECLINE']);
    const passport = p.signatoryInfo[1].kycDetails.passportDetails[0].passportNumber as string;
    // Case, spaces and dashes do not matter; a passport number listed as an Emirates ID does not match.
    const r = screen(p, { negativeList: [{ kind: 'passport', value: ` ${passport.toLowerCase().split('').join('-')} ` }] });
    expect(r.flagged).toContainEqual(['Negative List Check', 'DECLINE']);
    expect(r.statusOverAll).toBe('DECLINE');
    expect(JSON.stringify(r.screeningResults)).not.toContain(passport);
    const own = r.signatories!.map((s) => [s.index, s.statusOverAll, s.screeningResults.find((x) => x.screeningType === 'Negative List Check')?.screeningStatus]);
    expect(own).toEqual([
      [0, 'SUCCESS', 'SUCCESS'],
      [1, 'DECLINE', 'DECLINE'],
      [2, 'SUCCESS', 'SUCCESS'],
      [3, 'SUCCESS', 'SUCCESS'],
    ]);
    expect(screen(p, { negativeList: [{ kind: 'emiratesId', value: passport }] }).flagged).not.toContainEqual(['Negative List Check', 'DECLINE']);
    // The company's own licence and an Emirates ID typed with dashes.
    const sole = base();
    expect(screen(sole, { negativeList: [{ kind: 'license', value: 'rak45821' }] }).flagged).toEqual([['Negative List Check', 'DECLINE']]);
    expect(screen(sole, { negativeList: [{ kind: 'emiratesId', value: '784-1986-2345678-1' }] }).signatories![0]!.statusOverAll).toBe('DECLINE');
  });

  it('Offshore Company Check: an off-shore company, or a stakeholder company incorporated off-shore -> PENDING (referral)', () => {
    const p = base();
    p.orgKYCDetails.companyCategory = 'OFFE';
    expect(screen(p).flagged).toEqual([['Offshore Company Check', 'PENDING']]);
    expect(screen(p).statusOverAll).toBe('PENDING');
    const q = fixture('llcThreePersonsOneCompany');
    const company = q.signatoryInfo.find((s: Json) => s.kycDetails.isShareholderACompany);
    company.signatoryCompanyInfo.countryOfIncorporation = 'VG';
    expect(screen(q).flagged).toContainEqual(['Offshore Company Check', 'PENDING']);
    company.signatoryCompanyInfo.countryOfIncorporation = 'AE';
    expect(screen(q).flagged).not.toContainEqual(['Offshore Company Check', 'PENDING']);
  });

  it('Company Firco Check: the company\'s or a stakeholder company\'s name on the sanctions list, legal form ignored -> PENDING (referral)', () => {
    expect(screen(base(), { firco: [{ kind: 'name', value: 'AL ZAABI ACCOUNTING CONSULTANCY L.L.C.' }] }).flagged).toEqual([['Company Firco Check', 'PENDING']]);
    expect(screen(base(), { firco: [{ kind: 'name', value: 'Al Zaabi Accounting' }] }).statusOverAll).toBe('SUCCESS');
    // Only names are compared, not a licence number listed as a name.
    expect(screen(base(), { firco: [{ kind: 'license', value: 'Al Zaabi Accounting Consultancy' }] }).statusOverAll).toBe('SUCCESS');
    const q = fixture('llcThreePersonsOneCompany');
    const i = q.signatoryInfo.findIndex((s: Json) => s.kycDetails.isShareholderACompany);
    const name = q.signatoryInfo[i].signatoryCompanyInfo.companyName as string;
    const r = screen(q, { firco: [{ kind: 'name', value: `${name.toUpperCase()} FZE` }] });
    expect(r.flagged).toContainEqual(['Company Firco Check', 'PENDING']);
    expect(r.signatories![i]!.screeningResults.find((x) => x.screeningType === 'Company Firco Check')?.screeningStatus).toBe('PENDING');
    // Persons get no Firco result of their own (the check compares company names).
    expect(r.signatories!.filter((s, j) => j !== i).every((s) => !s.screeningResults.some((x) => x.screeningType === 'Company Firco Check'))).toBe(true);
  });

  it('PEP Check: reason codes RSNLP (a PEP), RSNRFO (ruling family owner), RSN2 (flexi desk) -> PENDING, per signatory with its code', () => {
    const p = base();
    p.signatoryInfo[0].kycDetails.isPEP = true;
    let r = screen(p);
    expect(r.flagged).toEqual([['PEP Check', 'PENDING']]);
    const company = r.screeningResults.find((x) => x.screeningType === 'PEP Check')!;
    expect([company.reasonCode, company.reasonNotes]).toEqual(['RSNLP', 'RSNLP: A politically exposed person']);
    expect(r.signatories![0]!.screeningResults.find((x) => x.screeningType === 'PEP Check')).toMatchObject({ screeningStatus: 'PENDING', reasonCode: 'RSNLP' });
    // A flexi desk (space type 5) and the ruling-family company category.
    p.signatoryInfo[0].kycDetails.isPEP = false;
    p.organizationInfo.addressInfo[0].addressDetails.spaceType = '5';
    r = screen(p);
    expect(r.screeningResults.find((x) => x.screeningType === 'PEP Check')).toMatchObject({ screeningStatus: 'PENDING', reasonCode: 'RSN2' });
    expect(r.signatories![0]!.statusOverAll).toBe('SUCCESS');
    p.orgKYCDetails.companyCategory = 'RF';
    expect(screen(p).screeningResults.find((x) => x.screeningType === 'PEP Check')).toMatchObject({ reasonCode: 'RSNRFO', reasonNotes: 'RSNRFO: Owned by a member of a ruling family; RSN2: The company occupies a flexi desk' });
    // A stakeholder company owned by a ruling-family member.
    const q = fixture('llcThreePersonsOneCompany');
    const i = q.signatoryInfo.findIndex((s: Json) => s.kycDetails.isShareholderACompany);
    q.signatoryInfo[i].signatoryCompanyInfo.isMemberofRulingFamily = true;
    expect(screen(q).signatories![i]!.screeningResults.find((x) => x.screeningType === 'PEP Check')).toMatchObject({ reasonCode: 'RSNRFO' });
  });

  it('the PEP reason codes of the rules are codes of lists/screeningReasonCode.json, and every code of the list is used', () => {
    const list = JSON.parse(readFileSync(join(root, 'schemas', 'lists', 'screeningReasonCode.json'), 'utf8')) as { options: { value: string; label: string }[] };
    const codes = Object.values(rules.checks.pep.reasonCodes).sort();
    expect(codes).toEqual(list.options.map((o) => o.value).sort());
    expect(list.options.map((o) => `${o.value} ${o.label}`).sort()).toEqual(['RSN2 Flexi desk', 'RSNLP Local PEP', 'RSNRFO Ruling Family Owner']);
    const bad = structuredClone(rules) as Json;
    delete bad.checks.pep.reasonCodes.flexiDesk;
    expect(() => parseScreeningRules(bad)).toThrow(/pep\.reasonCodes/);
  });

  it('per-signatory results follow the stakeholders (by position and signatoryId), each with its own overall outcome', () => {
    const q = fixture('llcThreePersonsOneCompany');
    const r = screen(q);
    expect(r.signatories!.map((s) => s.index)).toEqual(q.signatoryInfo.map((_: Json, i: number) => i));
    expect(r.signatories!.map((s) => s.signatoryId)).toEqual(q.signatoryInfo.map((s: Json) => (s.signatoryId === undefined ? undefined : String(s.signatoryId))));
    expect(r.signatories!.every((s) => s.statusOverAll === 'SUCCESS' && s.name !== '')).toBe(true);
  });

  it('the overall outcome follows DECLINE > INELIGIBLE > PENDING > WITH_RO > SUCCESS', () => {
    const p = base();
    p.applicantInfo.roCode = 'RO1';
    p.orgKYCDetails.hawalaService = 'Y'; // PENDING
    expect(screen(p).statusOverAll).toBe('PENDING');
    p.organizationInfo.dateOfIncorporation = '2020-01-01'; // INELIGIBLE
    expect(screen(p).statusOverAll).toBe('INELIGIBLE');
    p.organizationInfo.countryOfIncorporation = 'US'; // DECLINE
    expect(screen(p).statusOverAll).toBe('DECLINE');
  });

  it('rules are data: a disabled check is not run, thresholds come from the rules', () => {
    const custom = structuredClone(rules);
    custom.checks.hawala.enabled = false;
    custom.checks.tooManyStakeholders.maxStakeholders = 0;
    const p = base();
    p.orgKYCDetails.hawalaService = 'Y';
    const r = runScreening(p, context({ rules: custom }));
    expect(r.screeningResults.map((x) => x.screeningType)).not.toContain('HawalaService');
    expect(r.screeningResults.filter((x) => x.screeningFlag).map((x) => x.screeningType)).toEqual(['Too many Stakeholders Check']);
  });

  it('rejects malformed rules with a readable message', () => {
    expect(() => parseScreeningRules({ outcomePrecedence: ['DECLINE'], checks: {} })).toThrow(/outcomePrecedence.*checks\.dedupe is missing/);
    const bad = structuredClone(rules) as Json;
    bad.checks.shareholderCount.maxShareholders = 'ten';
    bad.checks.hawala.outcome = 'MAYBE';
    expect(() => parseScreeningRules(bad)).toThrow(/hawala\.outcome.*shareholderCount\.maxShareholders|shareholderCount\.maxShareholders.*hawala\.outcome/);
  });

  it('ignores sections not filled yet (auto-saved drafts)', () => {
    expect(runScreening({}, context()).statusOverAll).toBe('SUCCESS');
    expect(runScreening({ signatoryInfo: [null, 'x'] }, context()).statusOverAll).toBe('SUCCESS');
  });
});
