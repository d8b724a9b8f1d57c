import { constants, createDecipheriv, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { makeFixture } from '../../scripts/makeFiftyStakeholders';
import { fromBank, loadMapping, toBank } from '../../src/bankFormat';
import { buildContent } from '../../src/content/buildContent';
import { ApiError } from '../../src/server/plugins/app/errors';
import { fileEncryptor, plainFile } from '../../src/server/prospects/bankFileEncryption';
import { withServerRecord, type ExportRecord } from '../../src/server/prospects/bankExchange';
import { checkBankRecords, CIF_DIGITS, OWN_MAX_LENGTH, recordErrors, takeImportedRecords, type RecordContext } from '../../src/server/prospects/bankRecords';
import type { DocumentRow } from '../../src/server/repositories/documentRepository';
import type { SignatoryScreening } from '../../src/server/screening/runScreening';
import { readSchemas } from './readSchemas';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const files = readSchemas();
const content = buildContent(files);
const mapping = loadMapping(files);
const config = (files['bank/fieldConfig.json'] as Obj).fields as Obj;
const validateBank = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false }).compile(files['bank/bankProspect.json'] as Obj);
const errorsOf = (doc: unknown) => (validateBank(doc) ? [] : (validateBank.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));
const fixture = (name: string): Obj => JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'prospect', `${name}.json`), 'utf8')).data;
const rule = (path: string) => Object.values(config).find((e: Obj) => e.name === `prospect.${path}`) as Obj;

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

/** The fixture as the browser keeps it: each stakeholder with its signatoryId (the screening names stakeholders by it). */
const llc = fixture('llcThreePersonsOneCompany');
llc.signatoryInfo.forEach((s: Obj, i: number) => (s.signatoryId = `s${i + 1}`));
llc.orgKYCDetails = { ...llc.orgKYCDetails, businessUnit: 'SME' };
const ids = llc.signatoryInfo.map((s: Obj) => String(s.signatoryId));
const signatories: SignatoryScreening[] = [
  { signatoryId: ids[0], index: 0, name: 'A', statusOverAll: 'WITH_RO', screeningResults: [{ screeningType: 'PEP Check', screeningStatus: 'WITH_RO', screeningReason: 'PEP', screeningFlag: true, reasonCode: 'RSNLP' }] },
];
const screening = {
  statusOverAll: 'WITH_RO',
  screeningResults: [
    { screeningType: 'Blacklist Check', screeningStatus: 'SUCCESS', screeningReason: 'No match', screeningFlag: false },
    { screeningType: 'Negative List Check', screeningStatus: 'WITH_RO', screeningReason: 'Match', screeningFlag: true },
  ],
  signatories,
};
const uploads = [
  upload({}),
  upload({ id: 'd2', documentKey: 'passport_1', documentType: 'Passport', documentTitle: 'Passport', groupName: 'stakeholderDocuments', signatoryId: ids[0], fileName: 'passport.jpg', contentType: 'image/jpeg', size: 80_000 }),
];
const context: RecordContext = { screening, current: uploads };

/** What the bank's integration sends: every kind of record. */
const body = {
  generalInfo: { cifId: 1234567, accountManagerId: 'AM-0042', groupId: 'G-SME-7', groupName: 'SME Trading Dubai', dsaId: 'DSA0042' },
  applicationInfo: { riskScore: 'MEDIUM 42', srNumber: 'SR-2026-000123' },
  prospectStatusInfo: { statusType: 'ONBOARDING', statusFlag: 'ACTIVE', reasonCode: 'RC01', reasonStatus: 'OPEN' },
  screeningResults: [
    { screeningType: 'Negative List Check', reasonStatus: 'CLEARED' },
    { signatoryId: ids[0], screeningType: 'PEP Check', reasonStatus: 'ESCALATED' },
  ],
  documents: [{ filePath: 'tradeLicense', avsCheck: true, avsCheckDt: '2026-01-12T09:00:00Z' }],
};

const fieldsOf = (fn: () => unknown): { errorCode: string; field?: string }[] => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error.errors.map((e) => ({ errorCode: e.errorCode, field: e.field }));
    throw error;
  }
  return [];
};

describe('bank records: the values the bank’s back end assigns (mapping-bank-records.json)', () => {
  const records = checkBankRecords(content, body, context);
  const record: ExportRecord = {
    screening,
    uploads,
    bankRecords: records,
    verifications: [{ documentId: 'd2', verifiedBy: 'user:ro1', verifiedAt: new Date('2026-01-12T10:00:00Z') }],
    audit: [
      { actor: 'c:971501112299', action: 'prospect.create' },
      { actor: 'c:971501112299', action: 'prospect.save', changes: ['actionType=continue', '/organizationInfo/companyName'] },
      { actor: 'user:ro1', action: 'document.verify', changes: [] },
    ],
  };
  const annexed = { ...structuredClone(llc), kycAnnexure: { kycVerificationDate: '2026-01-11' } };
  const composed = withServerRecord(annexed, 'P-1001', record);
  const doc = toBank(composed, mapping);
  const bank = doc.prospect as Obj;

  it('exports them under the bank’s names, valid for the bank, and reads back the composed document (the round trip stays the identity)', () => {
    expect(errorsOf(doc)).toEqual([]);
    expect(fromBank(JSON.parse(JSON.stringify(doc)), mapping)).toEqual(composed);
    expect(bank.generalInfo).toMatchObject(body.generalInfo);
    expect(bank.applicationInfo).toMatchObject(body.applicationInfo);
    expect(bank.prospectStatusInfo).toMatchObject(body.prospectStatusInfo);
  });

  it('puts each reason status on its check of the latest screening: the company’s and the stakeholder’s apart', () => {
    const company = bank.organizationInfo.screeningInfo.screeningResults as Obj[];
    expect(company.find((r) => r.screeningType === 'Negative List Check')!.reasonStatus).toBe('CLEARED');
    expect(company.find((r) => r.screeningType === 'Blacklist Check')).not.toHaveProperty('reasonStatus');
    const own = bank.signatoryInfo.find((s: Obj) => String(s.signatoryId) === ids[0]).screeningInfo.screeningResults[0];
    expect(own).toMatchObject({ screeningType: 'PEP Check', reasonStatus: 'ESCALATED' });
  });

  it('sends each document’s verification by an agent and the bank’s anti-virus check of the file it checked, not of a later upload', () => {
    expect(bank.documents.companyDocuments[0]).toMatchObject({ filePath: 'tradeLicense', verified: false, avsCheck: true, avsCheckDt: '2026-01-12T09:00:00Z' });
    expect(bank.documents.companyDocuments[0]).not.toHaveProperty('verifiedBy');
    expect(bank.documents.stakeholdersDocuments[0]).toMatchObject({ filePath: 'passport_1', verified: true, verifiedBy: 'user:ro1' });
    expect(bank.documents.stakeholdersDocuments[0]).not.toHaveProperty('avsCheck');
    // A new upload of the licence: neither the check nor a verification of the old file carries over.
    const replaced = withServerRecord(llc, 'P-1001', { ...record, uploads: [...uploads, upload({ id: 'd3', fileName: 'licence-new.pdf', createdAt: new Date('2026-01-13T08:00:00Z') })] });
    const licence = (replaced.documents as Obj).companyDocuments[0];
    expect(licence).toMatchObject({ fileName: 'licence-new.pdf', verified: false });
    expect(licence).not.toHaveProperty('avsCheck');
  });

  it('carries the files’ contents only when asked (files=inline): the file’s own bytes, marked not encrypted, without the bank’s key', () => {
    expect(bank.documents.companyDocuments[0]).not.toHaveProperty('fileData');
    const inline = toBank(withServerRecord(llc, 'P-1001', { ...record, fileData: new Map([['d1', plainFile(Buffer.from('%PDF-1.4'))]]) }), mapping);
    expect(errorsOf(inline)).toEqual([]);
    expect((inline.prospect as Obj).documents.companyDocuments[0]).toMatchObject({ fileData: 'JVBERi0xLjQ=', isEncrypted: false });
    expect((inline.prospect as Obj).documents.companyDocuments[0]).not.toHaveProperty('encryptionDetails');
    expect((inline.prospect as Obj).documents.stakeholdersDocuments[0]).not.toHaveProperty('fileData');
  });

  it('encrypts the inline files for the bank when its key is configured: only the bank’s private key opens them', () => {
    const bankKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const seal = fileEncryptor(bankKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString());
    const bytes = Buffer.from('%PDF-1.4 the trade licence');
    const inline = toBank(withServerRecord(llc, 'P-1001', { ...record, fileData: new Map([['d1', seal(bytes)]]) }), mapping);
    expect(errorsOf(inline)).toEqual([]);
    const item = (inline.prospect as Obj).documents.companyDocuments[0];
    expect(item.isEncrypted).toBe(true);
    const details = /^RSA-OAEP-256 A256GCM kid ([0-9a-f]{16}) iv ([0-9a-f]{24}) key ([0-9a-f]+)$/.exec(item.encryptionDetails)!;
    expect(details).not.toBeNull();
    const sealed = Buffer.from(item.fileData, 'base64');
    expect(sealed.includes(Buffer.from('trade licence'))).toBe(false);
    const contentKey = privateDecrypt({ key: bankKeys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(details[3]!, 'hex'));
    const decipher = createDecipheriv('aes-256-gcm', contentKey, Buffer.from(details[2]!, 'hex'));
    decipher.setAuthTag(sealed.subarray(-16));
    expect(Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()])).toEqual(bytes);
    // Each file has its own key and IV.
    expect(seal(bytes).encryptionDetails).not.toBe(item.encryptionDetails);
    expect(() => fileEncryptor(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString())).toThrow(/RSA/);
  });

  it('does not make the bank’s integration or a verifying agent the application’s last modifier (nothing of the application changed)', () => {
    expect(composed.applicationInfo).toMatchObject({ lastModifiedBy: 'c:971501112299' });
    const records = withServerRecord(llc, 'P-1001', { audit: [...record.audit!, { actor: 'user:bank-integration', action: 'prospect.bankRecords', changes: ['bank:generalInfo.cifId'] }, { actor: 'user:ro1', action: 'document.unverify' }] });
    expect(records.applicationInfo).toMatchObject({ lastModifiedBy: 'c:971501112299' });
  });

  it('sends how the application was saved last (000: saveType and actionType accompany each update), from the audit trail', () => {
    expect(bank.applicationInfo).toMatchObject({ saveType: 'save', actionType: 'continue' });
    const auto = withServerRecord(llc, 'P-1001', { audit: [...record.audit!, { actor: 'c:1', action: 'prospect.auto', changes: ['/a'] }] });
    expect(auto.applicationInfo).toMatchObject({ saveType: 'auto' });
    expect(auto.applicationInfo).not.toHaveProperty('actionType');
    expect(withServerRecord(llc, 'P-1001', { audit: [{ actor: 'c:1', action: 'prospect.create' }] }).applicationInfo).not.toHaveProperty('saveType');
  });

  it('marks every stakeholder KYC-verified once the agent’s KYC annexure has its verification date, and none before', () => {
    expect(bank.signatoryInfo.map((s: Obj) => s.kycVerified)).toEqual(llc.signatoryInfo.map(() => true));
    const before = toBank(withServerRecord(llc, 'P-1001', record), mapping).prospect as Obj;
    expect(before.signatoryInfo.map((s: Obj) => s.kycVerified)).toEqual(llc.signatoryInfo.map(() => false));
  });

  it('writes the stakeholder’s full name as the name on the passport (both of the bank’s names) and the user type of its API', () => {
    const person = llc.signatoryInfo.findIndex((s: Obj) => typeof s.fullName === 'string');
    expect(bank.signatoryInfo[person].debitCardInfo.authSignatoryDetails).toMatchObject({ fullNameOnPassport: llc.signatoryInfo[person].fullName, fullNameOn: llc.signatoryInfo[person].fullName });
    expect(bank.searchInfo.userType).toBe('sme');
    expect(bank.orgKYCDetails.businessUnit).toBe('SME');
    // A document the bank wrote with only the passport name gives the stakeholder its full name.
    const only = structuredClone(doc) as Obj;
    delete only.prospect.signatoryInfo[person].fullName;
    delete only.extensions;
    expect((fromBank(only as never, mapping) as Obj).signatoryInfo[person].fullName).toBe(llc.signatoryInfo[person].fullName);
  });

  it('exports 50 stakeholders with every record valid and back unchanged', () => {
    const data = (makeFixture() as Obj).data as Obj;
    const full = withServerRecord({ ...data, kycAnnexure: { kycVerificationDate: '2026-01-11' } }, 'P-1050', record);
    const out = toBank(full, mapping);
    expect(errorsOf(out)).toEqual([]);
    expect(fromBank(JSON.parse(JSON.stringify(out)), mapping)).toEqual(full);
  });
});

describe('bank records: the bank’s rules on what its integration sends', () => {
  it('takes the bank’s own maximum lengths and patterns from its field configuration, ours where it has none', () => {
    expect(Number(rule('generalInfo.cifId').maxlength)).toBe(CIF_DIGITS);
    for (const [path, value] of [
      ['generalInfo.dsaId', 'D'.repeat(Number(rule('generalInfo.dsaId').maxlength) + 1)],
      ['generalInfo.groupName', 'G'.repeat(Number(rule('generalInfo.groupName').maxlength) + 1)],
      ['applicationInfo.srNumber', 'S'.repeat(Number(rule('applicationInfo.srNumber').maxlength) + 1)],
      ['applicationInfo.riskScore', 'R'.repeat(OWN_MAX_LENGTH + 1)],
    ] as const) {
      const [section, field] = path.split('.');
      expect(recordErrors(content, { [section!]: { [field!]: value } }, 'body'), path).toEqual([{ errorCode: 'MAXLENGTH', field: `body.${path}`, message: expect.stringMatching(/^At most \d+ characters$/) }]);
    }
  });

  it('refuses a wrong type, an unknown field, an empty or control-character text and a CIF number of more than 7 digits, naming each field', () => {
    const errors = recordErrors(
      content,
      { generalInfo: { cifId: 12345678, groupId: '' }, applicationInfo: { riskScore: 7, srNumber: 'SR\u0007' }, prospectStatusInfo: { statusCode: 'X' }, documents: [{ filePath: 'tradeLicense', avsCheck: 'yes', avsCheckDt: 'yesterday' }] },
      'body',
    );
    expect(errors.map((e) => [e.errorCode, e.field])).toEqual(
      expect.arrayContaining([
        ['MAXIMUM', 'body.generalInfo.cifId'],
        ['MINLENGTH', 'body.generalInfo.groupId'],
        ['TYPE', 'body.applicationInfo.riskScore'],
        ['PATTERN', 'body.applicationInfo.srNumber'],
        ['UNKNOWN_FIELD', 'body.prospectStatusInfo.statusCode'],
        ['TYPE', 'body.documents[0].avsCheck'],
        ['PATTERN', 'body.documents[0].avsCheckDt'],
      ]),
    );
    expect(recordErrors(content, { screeningResults: [{ screeningType: 'PEP Check' }] }, 'body')).toEqual([{ errorCode: 'REQUIRED', field: 'body.screeningResults[0].reasonStatus', message: 'Needed' }]);
  });

  it('refuses a reason status of a check or stakeholder the latest screening does not have, a document the application does not have, and duplicates', () => {
    expect(
      fieldsOf(() =>
        checkBankRecords(
          content,
          {
            screeningResults: [
              { screeningType: 'Offshore Company Check', reasonStatus: 'CLEARED' },
              { signatoryId: 'nobody', screeningType: 'PEP Check', reasonStatus: 'CLEARED' },
              { signatoryId: ids[0], screeningType: 'Blacklist Check', reasonStatus: 'CLEARED' },
              { screeningType: 'Blacklist Check', reasonStatus: 'CLEARED' },
              { screeningType: 'Blacklist Check', reasonStatus: 'OPEN' },
            ],
            documents: [
              { filePath: 'memorandum', avsCheck: true, avsCheckDt: '2026-01-12T09:00:00Z' },
              { filePath: 'tradeLicense', avsCheck: true, avsCheckDt: '2026-01-12T09:00:00Z' },
              { filePath: 'tradeLicense', avsCheck: false, avsCheckDt: '2026-01-12T09:00:00Z' },
            ],
          },
          context,
        ),
      ),
    ).toEqual([
      { errorCode: 'UNKNOWN_CHECK', field: 'body.screeningResults[0].screeningType' },
      { errorCode: 'UNKNOWN_STAKEHOLDER', field: 'body.screeningResults[1].signatoryId' },
      { errorCode: 'UNKNOWN_CHECK', field: 'body.screeningResults[2].screeningType' },
      { errorCode: 'DUPLICATE', field: 'body.screeningResults[4].screeningType' },
      { errorCode: 'UNKNOWN_DOCUMENT', field: 'body.documents[0].filePath' },
      { errorCode: 'DUPLICATE', field: 'body.documents[2].filePath' },
    ]);
    // Before any screening, no reason status can be recorded.
    expect(fieldsOf(() => checkBankRecords(content, { screeningResults: [{ screeningType: 'Blacklist Check', reasonStatus: 'X' }] }, { current: [] }))).toEqual([
      { errorCode: 'UNKNOWN_CHECK', field: 'body.screeningResults[0].screeningType' },
    ]);
  });

  it('binds a document check to the upload it is about; empty sections are not kept', () => {
    const checked = checkBankRecords(content, { generalInfo: {}, documents: [{ filePath: 'passport_1', avsCheck: false, avsCheckDt: '2026-01-12T09:00:00+04:00' }] }, context);
    expect(checked).toEqual({ documents: [{ filePath: 'passport_1', documentId: 'd2', avsCheck: false, avsCheckDt: '2026-01-12T09:00:00+04:00' }] });
  });

  it('takes the bank’s records out of an imported document, by the same rules (fields named bank.prospect.)', () => {
    const imported: Obj = { generalInfo: { cifId: 7654321, prospectId: 'X' }, applicationInfo: { accountType: 'elite', srNumber: 'SR-1' }, prospectStatusInfo: { reasonCode: 'RC9', statusCode: 'DRAFT' } };
    const { records, taken } = takeImportedRecords(content, imported);
    expect(records).toEqual({ generalInfo: { cifId: 7654321 }, applicationInfo: { srNumber: 'SR-1' }, prospectStatusInfo: { reasonCode: 'RC9' } });
    expect(taken).toEqual(['/generalInfo/cifId', '/applicationInfo/srNumber', '/prospectStatusInfo/reasonCode']);
    expect(imported).toEqual({ generalInfo: { prospectId: 'X' }, applicationInfo: { accountType: 'elite' }, prospectStatusInfo: { statusCode: 'DRAFT' } });
    expect(fieldsOf(() => takeImportedRecords(content, { generalInfo: { cifId: 123456789 } }))).toEqual([{ errorCode: 'MAXIMUM', field: 'bank.prospect.generalInfo.cifId' }]);
  });
});
