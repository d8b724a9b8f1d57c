import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiApplicant, createApplication, makePdf, openInBrowser, seriousViolations, soleProprietorApplication, type ApiApplicant } from './documentsHelpers';
import { chromiumAvailable, launchBrowser, removeDataDir, type RunningServer, startServer } from './server';

const suite = chromiumAvailable ? describe : describe.skip;

/**
 * The customer journey of a company with one person stakeholder, to "Application submitted". Sign-in (code
 * from the development outbox) and the form sections before the documents go through the same API the
 * browser uses; documents, submit and the submitted page are driven in Chromium.
 */
suite('the customer journey to "Application submitted"', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let client: ApiApplicant;
  let prospectId: string;

  const row = (key: string) => page.locator(`li[data-document-key="${key}"]`);
  const choose = (key: string, name: string, buffer: Buffer, mimeType = 'application/pdf') =>
    page.getByTestId(`file-${key}`).setInputFiles({ name, mimeType, buffer });

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    client = await apiApplicant(server.url, { email: 'khalid@alzaabiconsulting.ae', mobileNo: '507654321' }, 'e2e-journey');
    ({ prospectId } = await createApplication(client, soleProprietorApplication('507654321', 'khalid@alzaabiconsulting.ae')));
    page = await (await browser.newContext({ bypassCSP: true })).newPage(); // bypassCSP: the axe-core check injects a script
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDataDir(server.dataDir);
  });

  it('lists the required documents of the company and of its stakeholder', async () => {
    await openInBrowser(page, server.url, client, prospectId);
    await page.goto(`${server.url}/UploadDocuments`);
    await page.getByRole('heading', { name: 'Upload Documents', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/business/UploadDocuments');
    await page.getByRole('heading', { name: 'Company documents' }).waitFor();
    await page.getByRole('heading', { name: 'Documents of Khalid Saeed Al Zaabi' }).waitFor();
    await expect(row('Passport-1').getByText('Passport (AE) - Khalid Saeed Al Zaabi').count()).resolves.toBe(1);
    expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('checks size and type in the browser before sending anything', async () => {
    let uploads = 0;
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/documents') && uploads++);
    await choose('TradeLicense-1', 'licence.pdf', makePdf(20_000).subarray(0, 20_000));
    await row('TradeLicense-1').getByRole('alert').getByText('Document size is insufficient. Please upload a document that is at least 50KB to continue.').waitFor();
    const program = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(60_000, 1)]);
    await choose('TradeLicense-1', 'licence.pdf', program);
    await row('TradeLicense-1').getByRole('alert').getByText('Supported formats are PDF, JPG and PNG').waitFor();
    expect(uploads).toBe(0);
  });

  it('cancels an upload in flight', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/prospectId/*/documents', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await choose('MOA-1', 'moa.pdf', makePdf());
    await row('MOA-1').getByRole('progressbar').waitFor();
    await row('MOA-1').getByRole('button', { name: 'Cancel the upload of Memorandum of Association / Articles of Association' }).click();
    await row('MOA-1').getByRole('progressbar').waitFor({ state: 'detached' });
    release();
    await page.unroute('**/prospectId/*/documents');
    expect(await row('MOA-1').getAttribute('data-availability')).toBe('AVAILABLE');
    await expect(row('MOA-1').getByRole('alert').count()).resolves.toBe(0);
  });

  it('uploads every required document and opens Continue', async () => {
    const docs = await client.documents(prospectId);
    const required = [
      ...['companyDocuments', 'companyBankStatements', 'companyAddressProof', 'companyInvoices'].flatMap((s) => docs[s].documents),
      ...Object.values(docs.stakeholdersDocuments).flatMap((s) => (s as { documents: unknown[] }).documents),
    ].filter((d) => (d as { required: boolean }).required) as { documentKey: string }[];
    expect(required.map((d) => d.documentKey)).toEqual(
      expect.arrayContaining(['TradeLicense-1', 'MOA-1', 'companyBankStatements-BankStatement-1', 'Passport-1', 'EmiratesId-1']),
    );
    for (const { documentKey } of required) {
      expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
      await choose(documentKey, `${documentKey}.pdf`, makePdf(60_000, documentKey));
      await page.locator(`li[data-document-key="${documentKey}"][data-availability="COMPLETED"]`).waitFor();
    }
    await row('TradeLicense-1').getByText('TradeLicense-1.pdf').waitFor();
    expect(await page.getByRole('button', { name: 'Continue' }).isEnabled()).toBe(true);
    const after = await client.documents(prospectId);
    expect(after.readyForSubmit).toBe(true);
  });

  it('adds an other document, and deletes it after confirming', async () => {
    await page.getByLabel('Name of the document').fill('Tenancy contract');
    await page.getByRole('button', { name: 'Add other document' }).click();
    await choose('Other-1', 'tenancy.pdf', makePdf());
    await page.locator('li[data-document-key="Other-1"][data-availability="COMPLETED"]').waitFor();
    expect((await client.documents(prospectId)).otherDocuments).toMatchObject([{ documentKey: 'Other-1', documentTitle: 'Tenancy contract' }]);

    await row('Other-1').getByRole('button', { name: 'Delete Tenancy contract' }).click();
    await page.getByRole('alertdialog').getByText('Are you sure?').waitFor();
    await page.getByRole('button', { name: "Yes, I'm sure" }).click();
    await row('Other-1').waitFor({ state: 'detached' });
    expect((await client.documents(prospectId)).otherDocuments).toEqual([]);
  });

  it('continues to Select Services, submits and lands on "Application submitted"', async () => {
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/business/SelectServices');
    // The services were saved with the application above; the submit page is step 6's related route.
    await page.goto(`${server.url}/SubmitApplication`);
    await page.getByRole('heading', { name: 'Submit your application', level: 1 }).waitFor();
    const submit = page.getByRole('button', { name: 'Submit application' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('I confirm that the information in this application is true and complete.').check();
    await submit.click();

    await page.waitForURL('**/business/ApplicationSubmitted');
    await page.getByRole('heading', { name: 'Application submitted', level: 1 }).waitFor();
    await page.getByText('Check it out. Application submitted!').waitFor();
    await page.getByText(`Your application number is ${prospectId}.`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Re-upload (when the bank asks again): nothing is missing, so every document can be replaced.
    await page.goto(`${server.url}/ReUploadDocuments`);
    await page.getByRole('heading', { name: 'Upload your documents', level: 1 }).waitFor();
    await page.getByText('We have every document we asked for.', { exact: false }).waitFor();
    await row('Passport-1').getByRole('button', { name: 'Replace Passport (AE) - Khalid Saeed Al Zaabi' }).waitFor();
    await expect(page.getByRole('button', { name: /^Delete / }).count()).resolves.toBe(0);
    await page.goto(`${server.url}/ApplicationSubmitted`);
    await page.getByRole('heading', { name: 'Application submitted', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Check status' }).click();
    await page.waitForURL('**/business/ComeBackLogin');
    const kept = await page.evaluate(() => [sessionStorage.getItem('qa.session'), sessionStorage.getItem('qa.application')]);
    expect(kept.map((v) => (v === null ? null : JSON.parse(v)))).toEqual([null, null]);
  });
});
