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
import { localizeFiles } from '../../src/content/i18n/catalogue';
import { IntlProvider } from 'react-intl';
import arMessages from 'virtual:app-messages/ar';

type Obj = Record<string, unknown>;
const root = join(import.meta.dirname, '..', '..');
const files = await readContentDir();
const content = buildContent(files);
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

const arConfig = buildConfigDocument(buildContent(localizeFiles(files, 'ar')), { role: 'customer', schemaVersion: 1 });
function showArabic(prospect: Obj, documents?: Parameters<typeof SummaryView>[0]['documents']) {
  const router = createMemoryRouter([{ path: '*', element: <SummaryView config={arConfig} prospect={prospect} documents={documents} editPath={(f) => EDIT[f]} /> }]);
  return render(
    <IntlProvider locale="ar" messages={arMessages} defaultLocale="en">
      <FluentProvider theme={webLightTheme} dir="rtl">
        <RouterProvider router={router} />
      </FluentProvider>
    </IntlProvider>,
  );
}

describe("a form's upload (a stakeholder's proof of relationship) in the summary", () => {
  const proofKey = 'DOC-4be1c07a';
  const proofDocs = (title: string) => [{ title, documents: [{ documentKey: proofKey, documentTitle: 'Proof of relationship', fileName: 'shares.pdf', uploadStatus: 'Uploaded', required: false }] }];

  it('shows the file name and that it is uploaded, never the document key, in English and in Arabic', () => {
    const prospect = fixture('llcThreePersonsOneCompany');
    const english = show(prospect, proofDocs('Gulf Holdings') as never);
    const region = within(english.container).getByRole('region', { name: 'Company Stakeholders' });
    expect(region.textContent).toContain('shares.pdf (Uploaded)');
    expect(region.textContent).not.toContain(proofKey);
    english.unmount();
    // Without the documents list (the agent's overview): "Uploaded" alone.
    const rows = prospectOverview(config, prospect).stakeholders.flatMap((s) => s.sections.flatMap((sec) => sec.rows));
    expect(rows.find((r) => r.path.endsWith('/docProofOfRelationship'))?.value).toBe('Uploaded');
    const arabic = showArabic(prospect, proofDocs('Gulf Holdings') as never);
    expect(arabic.container.textContent).toContain('shares.pdf (تم التحميل)');
    expect(arabic.container.textContent).not.toContain(proofKey);
  });
});

describe('the summary in Arabic', () => {

  it("words the summary's own texts in Arabic (Edit, Yes/No, dates, document statuses), none in English", () => {
    const { container } = showArabic(fixture('llcThreePersonsOneCompany'), [
      { title: 'مستندات الشركة', documents: [{ documentKey: 'TradeLicense-1', documentTitle: 'الرخصة التجارية', fileName: 'licence.pdf', uploadStatus: 'Uploaded', required: true }] },
    ] as never);
    const text = container.textContent ?? '';
    expect(text).not.toMatch(/\bEdit\b|\bYes\b|\bNo\b|Account type|\bBanking\b|Not uploaded|\(optional\)|Stakeholder \d|\bDocuments\b/);
    expect(screen.getAllByRole('link', { name: /^تعديل / }).length).toBeGreaterThan(3);
    expect(text).toContain('نوع الحساب');
    expect(text).toContain('licence.pdf (تم التحميل)');
    expect(text).toMatch(/\d{1,2} [\u0600-\u06FF]+ \d{4}/); // a date as "10 يونيو 2025": Arabic month, Western digits
  });

  it('lays out data typed in Latin letters or digits (phone, e-mail, numbers) left to right inside the Arabic page', () => {
    const prospect = fixture('soleProprietor');
    const { container } = showArabic(prospect);
    const values = [...container.querySelectorAll('dd')];
    expect(values.length).toBeGreaterThan(10);
    const mobile = String((prospect.applicantInfo as Obj).mobileNo);
    const email = String((prospect.applicantInfo as Obj).email);
    for (const data of [mobile, email]) {
      const dd = values.find((v) => v.textContent === data);
      expect(dd, data).toBeTruthy();
      expect(dd!.querySelector('bdi')?.getAttribute('dir'), data).toBe('ltr');
    }
    // Every value without an Arabic letter is isolated left to right; a value in Arabic follows the page.
    for (const dd of values) {
      const arabic = /[\u0600-\u06FF]/.test(dd.textContent ?? '');
      expect(dd.querySelector('bdi[dir="ltr"]') !== null, dd.textContent ?? '').toBe(!arabic);
    }
  });
});
