import { describe, expect, it } from 'vitest';
import { availabilityOf, documentBlocks, nextKey, requiredDone, type ProspectDocuments } from '../../../src/app/features/documents/documentList';

const doc = (documentKey: string, required: boolean, uploaded = false, extra: Record<string, string> = {}) => ({
  documentKey,
  documentType: documentKey.split('-').find((part) => /^[A-Z]/.test(part))!,
  documentTitle: documentKey,
  required,
  uploadStatus: uploaded ? 'Uploaded' : 'NotUploaded',
  ...extra,
});

const answer = (uploaded: boolean): ProspectDocuments => ({
  companyDocuments: { documents: [doc('TradeLicense-1', true, uploaded), doc('MOA-1', true, true)], isDocUpdate: true },
  companyBankStatements: { documents: [doc('companyBankStatements-BankStatement-1', true, uploaded)], isDocUpdate: false },
  companyAddressProof: { documents: [], isDocUpdate: false },
  companyInvoices: { documents: [], isDocUpdate: false },
  stakeholdersDocuments: {
    s1: {
      signatoryId: 's1',
      signatoryName: 'Aisha Rahman',
      documents: [doc('Passport-s1-1', true, uploaded, { signatoryId: 's1' })],
      personalBankStatements: { documents: [doc('personalBankStatements-BankStatement-s1-1', false)], isDocUpdate: false, limit: 6 },
      personalBackground: { documents: [], isDocUpdate: false, limit: 3 },
    },
  },
  kycAnnexureDocuments: [],
  otherDocuments: [],
  readyForSubmit: uploaded,
});

describe('documentBlocks', () => {
  it('lists company documents, then each stakeholder with the lists one can add to', () => {
    const blocks = documentBlocks(answer(false));
    expect(blocks.map((b) => b.heading)).toEqual(['Company documents', 'Documents of Aisha Rahman']);
    expect(blocks[0]!.rows.map((r) => r.documentKey)).toEqual(['TradeLicense-1', 'MOA-1']);
    expect(blocks[0]!.lists[0]!.list).toMatchObject({ stem: 'companyBankStatements-BankStatement', documentType: 'BankStatement', limit: 6 });
    expect(blocks[1]!.lists.map((l) => [l.list.title, l.list.limit, l.list.signatoryId])).toEqual([
      ['Personal bank statements', 6, 's1'],
      ['CV (personal background)', 3, 's1'],
    ]);
  });

  it("a stakeholder's list is keyed by the stakeholder's id, also before its first document (no index shared with others)", () => {
    const [, stakeholder] = documentBlocks(answer(false));
    expect(stakeholder!.lists.map((l) => l.list.stem)).toEqual(['personalBankStatements-BankStatement-s1', 'personalBackground-CV-s1']);
    expect(nextKey(stakeholder!.lists[1]!.list.stem, ['personalBackground-CV-s0-1', 'personalBackground-CV-s0-2'])).toBe('personalBackground-CV-s1-1');
  });
});

describe('readiness and availability (001 §4)', () => {
  it('continue opens only when every required document is uploaded', () => {
    expect(requiredDone(documentBlocks(answer(false)))).toBe(false);
    expect(requiredDone(documentBlocks(answer(true)))).toBe(true);
  });
  it("'Uploaded' is COMPLETED; otherwise AVAILABLE while uploads are open, NOT_AVAILABLE after", () => {
    expect(availabilityOf({ uploadStatus: 'Uploaded' }, false)).toBe('COMPLETED');
    expect(availabilityOf({ uploadStatus: 'NotUploaded' }, true)).toBe('AVAILABLE');
    expect(availabilityOf({ uploadStatus: 'NotUploaded' }, false)).toBe('NOT_AVAILABLE');
  });
});

describe('nextKey', () => {
  it('takes one past the highest index of the stem, across every key of the application', () => {
    expect(nextKey('Other', [])).toBe('Other-1');
    expect(nextKey('Other', ['Other-1', 'Other-3', 'Passport-7'])).toBe('Other-4');
    expect(nextKey('personalBankStatements-BankStatement', ['personalBankStatements-BankStatement-1', 'personalBankStatements-BankStatement-2'])).toBe(
      'personalBankStatements-BankStatement-3',
    );
  });
});
