import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentGroups } from '../../src/app/features/agent/documents';
import type { DocumentsConfig } from '../../src/content/requiredDocuments';
import { groupDocuments } from '../../src/server/documents/documentList';

const config = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'schemas', 'documents.json'), 'utf8')) as DocumentsConfig;

const prospect = {
  signatoryInfo: [
    { signatoryId: 'p', firstName: 'Omar', lastName: 'Mansoori', kycDetails: { isShareholderACompany: false, isSignatory: true } },
    { signatoryId: 'c', kycDetails: { isShareholderACompany: true, isShareholder: true, shareHoldingPercentage: 40 }, signatoryCompanyInfo: { companyName: 'Gulf Holding Partners LLC' } },
  ],
};

// A company stakeholder is not a person: named by its company name, offered company documents only.
describe('documents of a company stakeholder', () => {
  it('is named by its company name and gets no personal bank statements or CV', () => {
    const answer = groupDocuments(prospect, config, []);
    const company = answer.stakeholdersDocuments.c!;
    expect(company.signatoryName).toBe('Gulf Holding Partners LLC');
    expect(company).not.toHaveProperty('personalBankStatements');
    expect(company).not.toHaveProperty('personalBackground');
    expect(company.documents.map((d) => d.documentType)).toEqual(['TradeLicense', 'MOA']);

    const person = answer.stakeholdersDocuments.p!;
    expect(person.signatoryName).toBe('Omar Mansoori');
    expect(person).toHaveProperty('personalBankStatements');
    expect(person).toHaveProperty('personalBackground');
  });

  it('the review pages head its documents with the company name, never its id', () => {
    const titles = documentGroups(groupDocuments(prospect, config, [])).map((g) => g.title);
    expect(titles).toContain('Stakeholder documents: Gulf Holding Partners LLC');
    const unnamed = groupDocuments({ signatoryInfo: [{ signatoryId: 'dff9e77e', kycDetails: { isShareholderACompany: true } }] }, config, []);
    expect(documentGroups(unnamed).map((g) => g.title)).toContain('Stakeholder documents');
    expect(documentGroups(unnamed).map((g) => g.title).join()).not.toContain('dff9e77e');
  });
});
