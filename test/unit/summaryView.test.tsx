// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SummaryView } from '../../src/app/features/summary/SummaryView';
import { formatDate, prospectOverview } from '../../src/app/features/summary/summaryModel';
import { uploadStatusWords } from '../../src/app/features/summary/documentWords';
import { buildContent } from '../../src/content/buildContent';
import { buildConfigDocument } from '../../src/content/configDocument';
import { readContentDir } from '../../src/content/readContentDir';

type Obj = Record<string, unknown>;
const root = join(import.meta.dirname, '..', '..');
const content = buildContent(await readContentDir());
const config = buildConfigDocument(content, { role: 'customer', schemaVersion: 1 });
const fixture = (name: string) => JSON.parse(readFileSync(join(root, 'fixtures', 'prospect', `${name}.json`), 'utf8')).data as Obj;

const EDIT: Record<string, string> = { companyInfo: '/business/CompanyInfo', stakeholderPerson: '/business/StakeholdersInfo', stakeholderCompany: '/business/StakeholdersInfo', documents: '/business/UploadDocuments', selectServices: '/business/SelectServices', finalQuestionsCompany: '/business/FinalQuestions', finalQuestionsSignatory: '/business/FinalQuestions' };

function show(prospect: Obj, documents?: Parameters<typeof SummaryView>[0]['documents']) {
  const router = createMemoryRouter([{ path: '*', element: <SummaryView config={config} prospect={prospect} documents={documents} editPath={(f) => EDIT[f]} /> }]);
  return render(
    <FluentProvider theme={webLightTheme}>
      <RouterProvider router={router} />
    </FluentProvider>,
  );
}
afterEach(cleanup);

describe('the submit summary (one renderer for the applicant and the agent)', () => {
  it('shows every section the applicant filled in, titled as in the journey, each with an Edit link to its page', () => {
    show(fixture('soleProprietor'));
    for (const group of ['Account', 'Basic Information', 'Company Information', 'Company Stakeholders', 'Final Questions', 'Select Services']) {
      expect(screen.getByRole('heading', { name: group }), group).toBeTruthy();
    }
    const company = screen.getByRole('region', { name: 'Company Information' });
    for (const step of ['Company Details', 'Industry', 'License Information']) {
      expect(within(company).getByRole('heading', { name: step })).toBeTruthy();
      expect(within(company).getByRole('link', { name: `Edit ${step}` }).getAttribute('href')).toBe('/business/CompanyInfo');
    }
    const services = screen.getByRole('region', { name: 'Select Services' });
    expect(within(services).getByRole('link', { name: 'Edit Express Service' }).getAttribute('href')).toBe('/business/SelectServices');
    expect(within(services).getByRole('link', { name: 'Edit Channels' })).toBeTruthy();
  });

  it('never shows raw codes, booleans, ISO dates or machine labels', () => {
    const { container } = show(fixture('soleProprietor'));
    const text = container.textContent ?? '';
    // Account from the products, package by its name.
    const account = screen.getByRole('region', { name: 'Account' });
    expect(account.textContent).toContain('RAKstarter');
    expect(account.textContent).toContain('Conventional');
    expect(account.textContent).toContain('RAKvalue SME PLUS');
    expect(text).not.toMatch(/\bstarter\b|currentAccount/);
    // Industry by its list labels, not SER / 215; the express answer as Yes/No, not "Item 1 · Express Service".
    const industry = screen.getByRole('region', { name: 'Company Information' });
    expect(industry.textContent).not.toMatch(/\bSER\b|\b215\b/);
    expect(text).not.toMatch(/Item \d/);
    expect(text).not.toMatch(/\btrue\b|\bfalse\b/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).toContain(formatDate('2025-06-10'));
    expect(text).not.toMatch(/(\b[\w ?]+) · \1\b/);
  });

  it('titles a company stakeholder by its name, people by theirs, and lists their shares and roles', () => {
    const prospect = fixture('llcThreePersonsOneCompany');
    show(prospect);
    const names = prospectOverview(config, prospect).stakeholders.map((s) => s.name);
    expect(names.some((n) => /^Stakeholder \d/.test(n))).toBe(false);
    const companyHolder = (prospect.signatoryInfo as Obj[]).find((s) => s.signatoryCompanyInfo) as Obj;
    expect(names).toContain((companyHolder.signatoryCompanyInfo as Obj).companyName);
    const region = screen.getByRole('region', { name: 'Company Stakeholders' });
    expect(within(region).getAllByRole('heading', { name: 'Shareholding' }).length).toBeGreaterThan(0);
  });

  it('leaves out answers the form logic hides', () => {
    const prospect = fixture('soleProprietor');
    const org = prospect.orgKYCDetails as Obj;
    // A stale answer the logic hides (no entities in the UAE, yet a list of them) is not shown.
    const entity = { companyName: 'Hidden Sister Co', emirate: 'DXB', tradeLicenseNo: 'TL-1' };
    const { container, unmount } = show({ ...prospect, orgKYCDetails: { ...org, entitiesInUAE: 'Y', otherEntitiesInUAE: [entity] } });
    // Shown while the answer is Yes (so the check below can fail) ...
    expect(container.textContent).toContain('Hidden Sister Co');
    unmount();
    // ... and not once the answer is No.
    const stale = show({ ...prospect, orgKYCDetails: { ...org, entitiesInUAE: 'N', otherEntitiesInUAE: [entity] } });
    expect(stale.container.textContent).not.toContain('Hidden Sister Co');
  });

  it('lists the documents by title with the file name and the status in words, with an Edit link', () => {
    show(fixture('soleProprietor'), [
      { title: 'Company documents', documents: [{ documentKey: 'TradeLicense-1', documentTitle: 'Trade licence', uploadStatus: 'Uploaded', fileName: 'licence.pdf', required: true }, { documentKey: 'MOA-1', documentTitle: 'Memorandum', uploadStatus: 'NotUploaded', required: true }] },
    ]);
    const docs = screen.getByRole('region', { name: 'Documents' });
    expect(docs.textContent).toContain('licence.pdf (Uploaded)');
    expect(docs.textContent).toContain('Not uploaded');
    expect(docs.textContent).not.toContain('NotUploaded');
    expect(within(docs).getByRole('link', { name: 'Edit Company documents' }).getAttribute('href')).toBe('/business/UploadDocuments');
    expect(uploadStatusWords('NotUploaded')).toBe('Not uploaded');
  });
});
