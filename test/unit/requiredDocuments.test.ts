import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applicationUploads,
  type DocumentsConfig,
  fulfils,
  isReadyForSubmit,
  stakeholderIds,
  requiredDocuments,
  stripGroupPrefix,
  uploadedFromProspect,
} from '../../src/content/requiredDocuments';

const config = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'schemas', 'documents.json'), 'utf8'),
) as DocumentsConfig;

const person = (id: string, fullName: string, passports: string[], resident: boolean) => ({
  signatoryId: id,
  fullName,
  kycDetails: {
    isShareholderACompany: false,
    isUAEResident: resident,
    passportDetails: passports.map((country) => ({ country, passportNumber: `P${country}123` })),
  },
});

const baseProspect = () => ({
  applicantInfo: { validRoCode: 'N' },
  orgKYCDetails: { hawalaService: 'N', isCompanyUSEntity: 'N' },
  signatoryInfo: [
    person('S1', 'Aisha Rahman', ['AE'], true),
    person('S2', 'Rahul Mehta', ['IN', 'GB'], false),
    {
      signatoryId: 'S3',
      kycDetails: { isShareholderACompany: true },
      signatoryCompanyInfo: { companyName: 'Falcon Holdings Ltd' },
    },
  ],
});

const keys = (docs: { documentKey: string }[]) => docs.map((d) => d.documentKey);

describe('requiredDocuments', () => {
  it('lists company documents, then each stakeholder with one passport per nationality', () => {
    const docs = requiredDocuments(baseProspect(), config);
    expect(keys(docs)).toEqual([
      'TradeLicense-1',
      'MOA-1',
      'companyBankStatements-BankStatement-1',
      'companyAddressProof-AddressProof-1',
      'companyInvoices-Invoice-1',
      'Passport-S1-1',
      'EmiratesId-S1-1',
      'personalBankStatements-BankStatement-S1-1',
      'personalBackground-CV-S1-1',
      'Passport-S2-1',
      'Passport-S2-2',
      'personalBankStatements-BankStatement-S2-1',
      'personalBackground-CV-S2-1',
      'TradeLicense-S3-1',
      'MOA-S3-1',
    ]);
    const passports = docs.filter((d) => d.documentType === 'Passport');
    expect(passports.map((d) => [d.signatoryId, d.documentTitle])).toEqual([
      ['S1', 'Passport (AE) - Aisha Rahman'],
      ['S2', 'Passport (IN) - Rahul Mehta'],
      ['S2', 'Passport (GB) - Rahul Mehta'],
    ]);
    expect(docs.find((d) => d.documentKey === 'TradeLicense-S3-1')).toMatchObject({
      group: 'stakeholders',
      signatoryId: 'S3',
      documentTitle: 'Trade License - Falcon Holdings Ltd',
      required: true,
    });
    // A company stakeholder uploads company documents: its memorandum (optional) beside its trade licence.
    expect(docs.find((d) => d.documentKey === 'MOA-S3-1')).toMatchObject({
      group: 'stakeholders',
      signatoryId: 'S3',
      documentTitle: 'Memorandum of Association / Articles of Association - Falcon Holdings Ltd',
      required: false,
    });
    expect(docs.find((d) => d.documentKey === 'TradeLicense-1')).toMatchObject({ group: 'company', section: 'companyDocuments' });
    expect(docs.find((d) => d.documentType === 'CV')).toMatchObject({ required: false, section: 'personalBackground' });
    expect(docs.find((d) => d.documentKey === 'TradeLicense-1')).not.toHaveProperty('signatoryId');
  });

  it('requires the Emirates ID only for residents', () => {
    const docs = requiredDocuments(baseProspect(), config).filter((d) => d.documentType === 'EmiratesId');
    expect(docs.map((d) => d.signatoryId)).toEqual(['S1']);
    const p = baseProspect();
    (p.signatoryInfo[1]!.kycDetails as Record<string, unknown>).residenceCountry = 'AE';
    expect(requiredDocuments(p, config).filter((d) => d.documentType === 'EmiratesId').map((d) => d.signatoryId)).toEqual([
      'S1',
      'S2',
    ]);
  });

  it('adds hawala documents when hawalaService is Y and W8/W9 when the company is a US entity', () => {
    const none = requiredDocuments(baseProspect(), config).map((d) => d.documentType);
    expect(none).not.toContain('HawalaCertificate');
    expect(none).not.toContain('W8W9');
    const p = { ...baseProspect(), orgKYCDetails: { hawalaService: 'Y', isCompanyUSEntity: 'Y' } };
    const docs = requiredDocuments(p, config);
    expect(docs.find((d) => d.documentType === 'HawalaCertificate')).toMatchObject({ required: true, group: 'company' });
    expect(docs.find((d) => d.documentType === 'W8W9')).toMatchObject({ documentKey: 'W8W9-1', required: true });
  });

  it('adds KYC annexure documents only when the annexure exists', () => {
    expect(requiredDocuments(baseProspect(), config).some((d) => d.group === 'kycAnnexure')).toBe(false);
    const docs = requiredDocuments({ ...baseProspect(), kycAnnexure: { workItemNumber: 'WI-1', isVisitConducted: 'Y' } }, config);
    expect(docs.filter((d) => d.group === 'kycAnnexure').map((d) => d.documentKey)).toEqual([
      'BAIS Account Opening Checklist-1',
      'Site Visit Report-1',
    ]);
    // The DSA checklist is not asked for a meeting elsewhere ('Others'); the visit report only after a visit.
    const others = requiredDocuments({ ...baseProspect(), kycAnnexure: { kycVerificationLocation: 'OTHERS', isVisitConducted: 'N' } }, config);
    expect(others.filter((d) => d.group === 'kycAnnexure')).toEqual([]);
  });

  it('handles a prospect without stakeholders or sections', () => {
    expect(keys(requiredDocuments({}, config))).toEqual([
      'TradeLicense-1',
      'MOA-1',
      'companyBankStatements-BankStatement-1',
      'companyAddressProof-AddressProof-1',
      'companyInvoices-Invoice-1',
    ]);
  });

  it('strips the numeric prefix of group names and numbers keys per stem', () => {
    expect(stripGroupPrefix('1_companyBankStatements')).toBe('companyBankStatements');
    expect(stripGroupPrefix('companyInvoices')).toBe('companyInvoices');
    const custom: DocumentsConfig = {
      groups: [
        {
          group: 'other',
          sections: [
            {
              section: 'otherDocuments',
              name: '12_extra',
              documents: [
                { documentType: 'Letter', documentTitle: 'Letter', required: true },
                { documentType: 'Letter', documentTitle: 'Second letter', required: false },
              ],
            },
          ],
        },
      ],
    };
    expect(keys(requiredDocuments({}, custom))).toEqual(['extra-Letter-1', 'extra-Letter-2']);
  });

  it('is pure: the same input gives the same list and the prospect is not changed', () => {
    const p = baseProspect();
    const before = JSON.stringify(p);
    expect(requiredDocuments(p, config)).toEqual(requiredDocuments(p, config));
    expect(JSON.stringify(p)).toBe(before);
  });
});

describe('isReadyForSubmit', () => {
  const uploadedAll = (p: unknown) =>
    requiredDocuments(p, config)
      .filter((d) => d.required)
      .map((d) => ({ documentKey: d.documentKey, documentTitle: d.documentTitle, uploadStatus: 'Uploaded' }));

  it('is ready when every required document is uploaded (optional ones may be missing)', () => {
    const p = baseProspect();
    expect(isReadyForSubmit(p, uploadedAll(p), config)).toBe(true);
  });

  it('is not ready while a required document is missing or not in the uploaded status', () => {
    const p = baseProspect();
    const all = uploadedAll(p);
    expect(isReadyForSubmit(p, all.slice(1), config)).toBe(false);
    expect(isReadyForSubmit(p, all.map((d, i) => (i === 0 ? { ...d, uploadStatus: 'Uploading' } : d)), config)).toBe(false);
    expect(isReadyForSubmit(p, [], config)).toBe(false);
  });

  it('becomes not ready when hawala documents become required', () => {
    const p = baseProspect();
    const all = uploadedAll(p);
    expect(isReadyForSubmit({ ...p, orgKYCDetails: { hawalaService: 'Y', isCompanyUSEntity: 'N' } }, all, config)).toBe(false);
  });

  it('is ready without documents when an agent brought the application with a valid code, not when the applicant typed one', () => {
    expect(isReadyForSubmit({ ...baseProspect(), applicantInfo: { validRoCode: 'Y', LeadSource: 'RO' } }, [], config)).toBe(true);
    expect(isReadyForSubmit({ ...baseProspect(), applicantInfo: { validRoCode: 'Y', LeadSource: 'Direct' } }, [], config)).toBe(false);
    expect(isReadyForSubmit({ ...baseProspect(), applicantInfo: { validRoCode: 'N', LeadSource: 'RO' } }, [], config)).toBe(false);
  });

  it('reads the uploaded documents stored in the prospect', () => {
    const p = baseProspect();
    const all = uploadedAll(p);
    const stored = {
      ...p,
      documents: {
        companyDocuments: { documents: all.filter((d) => /^(TradeLicense|MOA)-1$/.test(d.documentKey)), isDocUpdate: false },
        companyBankStatements: { documents: all.filter((d) => d.documentKey.startsWith('company')), isDocUpdate: false },
        stakeholdersDocuments: {
          S1: { documents: all.filter((d) => /^(Passport|EmiratesId|TradeLicense-S3-1)/.test(d.documentKey)) },
        },
      },
    };
    expect(uploadedFromProspect(stored)).toHaveLength(all.length);
    expect(isReadyForSubmit(stored, uploadedFromProspect(stored), config)).toBe(true);
  });
});

describe('a removed stakeholder`s documents', () => {
  // The uploads as the server stores them: each with the stakeholder it was uploaded for (null: the company's).
  const stored = (p: unknown) =>
    requiredDocuments(p, config)
      .filter((d) => d.required)
      .map((d) => ({ documentKey: d.documentKey, uploadStatus: 'Uploaded', signatoryId: d.signatoryId ?? null }));
  const without = (p: ReturnType<typeof baseProspect>, id: string) => ({ ...p, signatoryInfo: p.signatoryInfo.filter((s) => s.signatoryId !== id) });

  it('are no longer the application`s: the company`s and the current stakeholders` uploads are', () => {
    const p = baseProspect();
    const uploads = [...stored(p), { documentKey: 'ProofOfRelationship-S9', uploadStatus: 'Uploaded', signatoryId: 'S9' }];
    expect(stakeholderIds(p)).toEqual(new Set(['S1', 'S2', 'S3']));
    expect(applicationUploads(p, uploads)).toEqual(stored(p));
    const left = applicationUploads(without(p, 'S1'), uploads);
    expect(left.some((u) => u.signatoryId === 'S1')).toBe(false);
    expect(left.filter((u) => u.signatoryId === null)).toHaveLength(5);
  });

  it('a stakeholder without an id is known by its position, as its documents are keyed', () => {
    const p = { signatoryInfo: [{ fullName: 'No Id' }, { signatoryId: '', fullName: 'Empty Id' }] };
    expect(stakeholderIds(p)).toEqual(new Set(['0', '1']));
    expect(new Set(requiredDocuments(p, config).map((d) => d.signatoryId).filter(Boolean))).toEqual(new Set(['0', '1']));
  });

  it('removing a stakeholder renumbers nobody else`s documents: the next one`s uploads still count at submit', () => {
    const p = baseProspect();
    const uploads = stored(p);
    const keysOf = (prospect: typeof p, id: string) => requiredDocuments(prospect, config).filter((d) => d.signatoryId === id).map((d) => d.documentKey);
    // Keys used to run across stakeholders (S2's passports were Passport-2 and Passport-3, then Passport-1 and
    // Passport-2 once S1 was removed: S2's uploads were lost). They carry the stakeholder's id now.
    const after = without(p, 'S1');
    expect(keysOf(after, 'S2')).toEqual(keysOf(p, 'S2'));
    expect(keysOf(after, 'S3')).toEqual(keysOf(p, 'S3'));
    expect(isReadyForSubmit(after, uploads, config)).toBe(true);
    // S1's uploads count for nobody: S1 back under another id needs its own.
    const again = { ...after, signatoryInfo: [{ ...p.signatoryInfo[0]!, signatoryId: 'S1b' }, ...after.signatoryInfo] };
    expect(isReadyForSubmit(again, uploads, config)).toBe(false);
  });

  it('an upload is a required document only when it is for the same stakeholder (when it says whose it is)', () => {
    const passport = { documentKey: 'Passport-S2-1', signatoryId: 'S2' };
    expect(fulfils({ documentKey: 'Passport-S2-1', signatoryId: 'S2' }, passport)).toBe(true);
    expect(fulfils({ documentKey: 'Passport-S2-1', signatoryId: 'S1' }, passport)).toBe(false);
    expect(fulfils({ documentKey: 'Passport-S2-1' }, passport)).toBe(true);
    expect(fulfils({ documentKey: 'TradeLicense-1', signatoryId: null }, { documentKey: 'TradeLicense-1' })).toBe(true);
    expect(fulfils({ documentKey: 'TradeLicense-1', signatoryId: 'S1' }, { documentKey: 'TradeLicense-1' })).toBe(false);
  });
});
