import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { makeFixture } from '../../scripts/makeFiftyStakeholders';
import { fromBank, loadMapping, toBank } from '../../src/bankFormat';
import type { DocumentRow } from '../../src/server/repositories/documentRepository';
import { withServerRecord, type ExportRecord } from '../../src/server/prospects/bankExchange';
import { readSchemas } from './readSchemas';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const files = readSchemas();
const mapping = loadMapping(files);
const validateBank = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false }).compile(files['bank/bankProspect.json'] as Obj);
const fixture = (name: string): Obj => JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'prospect', `${name}.json`), 'utf8')).data;
const errorsOf = (doc: unknown) => (validateBank(doc) ? [] : (validateBank.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));

const upload = (over: Partial<DocumentRow>): DocumentRow => ({
  id: 'd1',
  prospectId: 'P-1001',
  documentKey: 'tradeLicense',
  documentType: 'TradeLicense',
  documentTitle: 'Trade license',
  groupName: 'companyDocuments',
  signatoryId: null,
  fileName: 'licence.pdf',
  contentType: 'application/pdf',
  size: 120_400,
  sha256: 'ab'.repeat(32),
  storageKey: 'P-1001/d1',
  uploadStatus: 'Uploaded',
  uploadedBy: 'c:971501112299',
  createdAt: new Date('2026-01-10T08:00:00Z'),
  ...over,
});

/** A record as the export route reads it: two uploads of the licence (replaced by an agent), a stakeholder's passport, the audit trail. */
const record: ExportRecord = {
  createdAt: new Date('2026-01-10T07:55:00Z'),
  updatedAt: new Date('2026-01-12T10:00:00Z'),
  audit: [
    { actor: 'c:971501112299', action: 'prospect.create' },
    { actor: 'c:971501112299', action: 'prospect.save' },
    { actor: 'u:ro-bank', action: 'document.upload' },
    { actor: 'u:ro-bank', action: 'prospect.status' },
    { actor: 'u:ro-auditor', action: 'prospect.export' },
    { actor: 'u:ro-auditor', action: 'document.download' },
  ],
  uploads: [
    upload({}),
    upload({ id: 'd2', documentKey: 'passport_1', documentType: 'Passport', documentTitle: 'Passport', groupName: 'stakeholderDocuments', signatoryId: '1', fileName: 'passport.jpg', contentType: 'image/jpeg', size: 80_000, createdAt: new Date('2026-01-10T08:05:00Z') }),
    upload({ id: 'd3', fileName: 'licence-2026.pdf', size: 130_000, uploadedBy: 'u:ro-bank', createdAt: new Date('2026-01-12T09:30:00Z') }),
  ],
};

describe('bank exchange format: the application’s record beside the prospect (mapping-records.json)', () => {
  const llc = fixture('llcThreePersonsOneCompany');
  const composed = withServerRecord(llc, 'P-1001', record);
  const doc = toBank(composed, mapping);
  const bank = doc.prospect as Obj;

  it('is valid for the bank and reads back as the composed document (the round trip stays the identity)', () => {
    expect(errorsOf(doc)).toEqual([]);
    expect(fromBank(JSON.parse(JSON.stringify(doc)), mapping)).toEqual(composed);
    // The stored prospect itself is not changed.
    expect(llc).toEqual(fixture('llcThreePersonsOneCompany'));
  });

  it('sends the row’s dates, the creator and the last one who changed it (reads such as exports are not changes)', () => {
    expect(bank.applicationInfo).toMatchObject({
      createdDate: '2026-01-10T07:55:00.000Z',
      lastModifiedDate: '2026-01-12T10:00:00.000Z',
      createdBy: 'c:971501112299',
      lastModifiedBy: 'u:ro-bank',
    });
    // The channel is the lead source the server writes at creation.
    for (const source of ['Direct', 'RO']) expect((toBank({ applicantInfo: { LeadSource: source } }, mapping).prospect as Obj).applicationInfo).toEqual({ channelId: source });
  });

  it('links the application’s API address, sends the note of the latest status change and the branch on the account too', () => {
    expect(bank.generalInfo._links).toEqual({ self: { href: '/api/usertypes/sme/prospects/P-1001' } });
    const moved = { ...llc, prospectStatusInfo: { status: 'NEED_ADDITIONAL_INFO', statusReason: 'DOCS', message: 'Please upload the signed MOA' } };
    expect((toBank(moved, mapping).prospect as Obj).prospectStatusInfo).toEqual({ statusCode: 'NEED_ADDITIONAL_INFO', statusReason: 'DOCS', reasonNotes: 'Please upload the signed MOA' });
    expect(bank.accountInfo[0].branchId).toBe(llc.organizationInfo.branchID);
    expect(bank.organizationInfo.branchID).toBe(llc.organizationInfo.branchID);
  });

  it('sends the acceptance of the Express Service’s terms as the bank’s tncAgreed, and reads it back', () => {
    const express = structuredClone(llc);
    Object.assign(express.accountInfo[0], { express: true, expressTandC: true, accountCurrencies: ['AED'] });
    const out = toBank(express, mapping);
    expect(errorsOf(out)).toEqual([]);
    expect((out.prospect as Obj).applicationInfo).toEqual({ tncAgreed: true });
    expect(fromBank(JSON.parse(JSON.stringify(out)), mapping)).toEqual(express);
  });

  it('lists the current file of each document, the company’s and the stakeholders’ apart, with the first and the latest upload', () => {
    expect(bank.documents.companyDocuments).toEqual([
      {
        documentType: 'TradeLicense',
        documentTitle: 'Trade license',
        fileName: 'licence-2026.pdf',
        filePath: 'tradeLicense',
        url: '/api/banks/rak/prospects/P-1001/documents/tradeLicense',
        fileFormat: 'application/pdf',
        fileSize: 130_000,
        fileDescription: 'companyDocuments',
        submittedBy: 'c:971501112299',
        submittedDt: '2026-01-10T08:00:00.000Z',
        updatedBy: 'u:ro-bank',
        updatedDt: '2026-01-12T09:30:00.000Z',
        uploadStatus: 'Uploaded',
        verified: false,
      },
    ]);
    expect(bank.documents.stakeholdersDocuments).toHaveLength(1);
    expect(bank.documents.stakeholdersDocuments[0]).toMatchObject({ signatoryId: '1', fileName: 'passport.jpg', submittedDt: '2026-01-10T08:05:00.000Z', updatedDt: '2026-01-10T08:05:00.000Z' });
    // No document, no lists: the bank's shape has none then.
    expect(withServerRecord(llc, 'P-1001', { ...record, uploads: [] }).documents).toBeUndefined();
  });

  it('derives the bank’s flags: a PEP among the stakeholders, a company among them, a debit card for each named signatory', () => {
    expect(bank.generalInfo.isPoliticallyExposed).toBe(llc.signatoryInfo.some((s: Obj) => s.kycDetails.isPEP) ? 'Y' : 'N');
    expect(bank.orgKYCDetails.isShareholderACompany).toBe(true);
    const pep = structuredClone(llc);
    pep.signatoryInfo[1].kycDetails.isPEP = true;
    expect((withServerRecord(pep, 'P-1001') as Obj).generalInfo.isPoliticallyExposed).toBe('Y');
    pep.signatoryInfo.forEach((s: Obj) => (s.kycDetails.isPEP = false));
    expect((withServerRecord(pep, 'P-1001') as Obj).generalInfo.isPoliticallyExposed).toBe('N');
    llc.signatoryInfo.forEach((s: Obj, i: number) => {
      const issue = bank.signatoryInfo[i].debitCardInfo?.issueDebitCard;
      if (!s.kycDetails.isSignatory) return expect(issue).toBeUndefined();
      expect(issue).toBe(llc.accountInfo[0].debitCardApplied === true && !!s.debitCardInfo?.authSignatoryDetails?.nameOnDebitCard);
    });
    const noCards = structuredClone(llc);
    noCards.accountInfo[0].debitCardApplied = false;
    const cards = (withServerRecord(noCards, 'P-1001') as Obj).signatoryInfo.filter((s: Obj) => s.kycDetails.isSignatory).map((s: Obj) => s.debitCardInfo.issueDebitCard);
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((c: boolean) => c === false)).toBe(true);
  });

  it('exports 50 stakeholders with their record valid and back unchanged', () => {
    const data = (makeFixture() as Obj).data as Obj;
    const full = withServerRecord(data, 'P-1050', record);
    const out = toBank(full, mapping);
    expect(errorsOf(out)).toEqual([]);
    expect(fromBank(JSON.parse(JSON.stringify(out)), mapping)).toEqual(full);
  });
});

describe('bank exchange format: alias rows (the template’s older names and the bank’s search keys)', () => {
  const elite = fixture('islamicElite');
  const bank = toBank(elite, mapping).prospect as Obj;

  it('writes the value under both names', () => {
    const s = elite.signatoryInfo[1];
    const b = bank.signatoryInfo[1];
    expect(b.employmentStatus).toBe(s.employmentDetails.employmentType);
    expect(b.occupation).toBe(s.employmentDetails.occupation);
    expect(b.kycDetails.experienceInYrs).toBe(String(s.employmentDetails.totalExperienceYrs));
    expect(b.kycDetails.salutation).toBe(s.salutation);
    expect(b.kycDetails.passportDetails[0].diplomat).toBe(s.kycDetails.passportDetails[0].diplomatPassport);
    expect(b.highestEducationAttained).toBe({ 1: 'UNDER GRADUATE', 2: 'GRADUATE', 3: 'POST GRADUATE' }[s.personalDetails.education as 1 | 2 | 3]);
    expect(bank.searchInfo).toEqual({
      fname: elite.applicantInfo.fullName,
      email: elite.applicantInfo.email,
      countryCode: elite.applicantInfo.countryCode,
      mobileNo: elite.applicantInfo.mobileNo,
      tradeLicenseNo: elite.organizationInfo.licenseNumber,
      ...(elite.generalInfo?.leadNumber ? { leadNumber: elite.generalInfo.leadNumber } : {}),
    });
    expect((toBank({ orgKYCDetails: { businessUnit: 'SME' } }, mapping).prospect as Obj).generalInfo).toEqual({ customerType: 'SME' });
  });

  it('reads an alias only where the main name is empty: a document the bank wrote with the older names', () => {
    const p = fromBank(
      {
        prospect: {
          signatoryInfo: [
            { employmentStatus: 'Salaried', occupation: 'Accountant', highestEducationAttained: 'POST GRADUATE', kycDetails: { experienceInYrs: '7', salutation: 'Ms.', passportDetails: [{ diplomat: false }] } },
            { employmentStatus: 'Salaried', employmentDetails: { employmentType: 'SelfEmployed' } },
          ],
        },
      },
      mapping,
    );
    expect(p.signatoryInfo).toEqual([
      {
        salutation: 'Ms.',
        employmentDetails: { employmentType: 'Salaried', occupation: 'Accountant', totalExperienceYrs: 7 },
        personalDetails: { education: '3' },
        kycDetails: { passportDetails: [{ diplomatPassport: false }] },
      },
      // The main name wins over the older one.
      { employmentDetails: { employmentType: 'SelfEmployed' } },
    ]);
  });

  it('refuses an alias of a value no main row maps, an alias that is not true, and an alias over several values', () => {
    const row = { bank: 'signatoryInfo[*].occupation', ours: 'signatoryInfo[*].employmentDetails.occupation', alias: true };
    expect(() => loadMapping({ 'bank/mapping.json': { version: '1', rows: [row] } })).toThrow(/no other row maps/);
    expect(() => loadMapping({ 'bank/mapping.json': { version: '1', rows: [{ ...row, alias: 'yes' }] } })).toThrow(/"alias" is true or left out/);
    expect(() =>
      loadMapping({
        'bank/mapping.json': {
          version: '1',
          rows: [
            { bank: 'orgKYCDetails.industryMultiSelect[0]', ours: 'orgKYCDetails.industryMultiSelect', converter: 'parallelLists', fields: ['industry'] },
            { bank: 'orgKYCDetails.topOriginGoodsCountries', ours: 'orgKYCDetails.industryMultiSelect', converter: 'parallelLists', fields: ['industry'], alias: true },
          ],
        },
      }),
    ).toThrow(/an alias row copies one value/);
  });
});

describe('bank exchange format: the signatory’s own second contacts (mapping-addresses.json 1.1.0)', () => {
  it('sends them under the bank’s names, as the company’s, and reads them back', () => {
    const llc = fixture('llcThreePersonsOneCompany');
    const own = llc.signatoryInfo[0].contactDetails;
    expect(own.secondaryMobileNo).toBeTruthy();
    const doc = toBank(llc, mapping);
    // The home-country phone has no place in the bank's shape (extensions); everything else has the same name there.
    const { primaryHomeCountryCode: _code, primaryHomeNo: _home, ...named } = own;
    expect((doc.prospect as Obj).signatoryInfo[0].contactDetails).toEqual(named);
    expect(Object.keys(doc.extensions).filter((k) => /^\/signatoryInfo\/\d+\/contactDetails\/(secondary|fax|website)/.test(k))).toEqual([]);
    expect(fromBank(JSON.parse(JSON.stringify(doc)), mapping)).toEqual(llc);
    expect(errorsOf({ format: 'bank', prospect: { signatoryInfo: [{ contactDetails: { website: 'Not A Site' } }] } })[0]).toMatch(/website must match pattern/);
  });
});

describe('bank exchange format: the unmapped paths are documented', () => {
  it('lists every path of schemas/bank/unmapped.json in schemas/README.md, and no path a row maps', () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'schemas', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf("### The bank's paths that are not mapped"));
    const table = section.slice(0, section.indexOf('\n## ')).split('\n').filter((line) => line.startsWith('| `'));
    // The first cell of each row: the paths it explains.
    const listed = table.flatMap((line) => [...line.split(' | ')[0]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
    const unmapped = (files['bank/unmapped.json'] as { paths: { bank: string }[] }).paths.map((p) => p.bank);
    expect(unmapped.length).toBeGreaterThan(0);
    expect([...listed].sort()).toEqual([...unmapped].sort());
  });
});
