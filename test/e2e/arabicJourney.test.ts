import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkArabicPage, englishLeft } from './arabicHelpers';
import { apiApplicant, createApplication, makePdf, openInBrowser, soleProprietorApplication } from './documentsHelpers';
import { savedProspect } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, startServer, stopServerAndBrowser } from './server';

const suite = chromiumAvailable ? describe : describe.skip;
const root = join(import.meta.dirname, '..', '..');
/** The smallest phone width the journey supports. */
const PHONE = { width: 360, height: 740 };

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const catalogue = JSON.parse(readFileSync(join(root, 'schemas', 'i18n', 'ar.json'), 'utf8')) as { texts: Record<string, Record<string, string>> };
const flows = JSON.parse(readFileSync(join(root, 'schemas', 'flows.json'), 'utf8')) as Record<string, { steps: { step: string; roles?: string[] }[] }>;
/** The Arabic title of a flow's step (the page heading), from the content catalogue. */
const stepTitle = (flow: string, step: string) => catalogue.texts['flows.json']![`/${flow}/steps/${flows[flow]!.steps.findIndex((s) => s.step === step)}/title`]!;
/** The applicant's steps of a flow (the agents' KYC annexure is not shown to the applicant). */
const stepsOf = (flow: string) => flows[flow]!.steps.filter((s) => !s.roles).map((s) => s.step);
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);


suite('the whole journey in Arabic at phone width (360 px), through submit', () => {
  let server: RunningServer;
  let browser: Browser;
  const english: Record<string, string[]> = {};

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    if (Object.keys(english).length) console.info(`English texts left on the Arabic pages:\n${JSON.stringify(english, null, 1)}`);
    await stopServerAndBrowser(server, browser);
  });

  it('walks every step in Arabic, right to left, within the phone width, axe clean; uploads and submits', async () => {
    const mobileNo = '509876543';
    const email = 'khalid@alzaabiconsulting.ae';
    const client = await apiApplicant(server.url, { email, mobileNo }, 'e2e-arabic-journey');
    // The application as the applicant typed it (the typing in Arabic of the first part: arabic.test.ts).
    const { prospectId } = await createApplication(client, soleProprietorApplication(mobileNo, email));
    const context = await browser.newContext({ locale: 'ar-AE', viewport: PHONE, bypassCSP: true }); // bypassCSP: axe's injected script
    const page = await context.newPage();
    await openInBrowser(page, server.url, client, prospectId);
    const failures: string[] = [];

    /** What must hold on every Arabic page: right to left, no wider than the phone, tap targets, axe. */
    const check = async (where: string) => {
      await checkArabicPage(page, where, failures);
      const left = await englishLeft(page);
      if (left.length) english[where] = left;
    };
    /**
     * Pages whose own texts are all translated: no English left but the applicant's data (names, e-mail, file
     * names, numbers), the brand (the logo's "Quick Apply", product names) and the switch's "English".
     */
    const DATA = /Khalid|Al Zaabi|Zaabi Consulting|@|\.pdf\b|^Quick Apply$|^RAK|^English$|^[A-Z0-9 ./-]+$/;
    const checkTranslated = async (where: string) => {
      await check(where);
      for (const text of english[where] ?? []) if (!DATA.test(text)) failures.push(`${where}: English left: ${text}`);
      await page.screenshot({ path: join(root, 'test-results', `arabic-${where}.png`) });
    };
    /** "متابعة" on a config step, then the next page's Arabic heading (with the page's errors on failure). */
    const next = async (heading: RegExp | undefined, url?: string) => {
      await page.getByRole('button', { name: 'متابعة', exact: true }).click();
      try {
        if (url) await page.waitForURL(url);
        if (heading) await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      } catch (error) {
        const errors = await page.locator('[role="alert"], .fui-Field__validationMessage').allInnerTexts();
        throw new Error(`${(error as Error).message}\non the page: ${errors.join(' | ')}`);
      }
    };

    // Company information: three steps.
    await page.goto(`${server.url}/business/CompanyInfo`);
    const company = stepsOf('companyInfo');
    for (const [i, step] of company.entries()) {
      await page.getByRole('heading', { level: 1, name: stepTitle('companyInfo', step) }).waitFor();
      await check(step);
      await next(i + 1 < company.length ? new RegExp(`^${stepTitle('companyInfo', company[i + 1]!)}$`) : undefined, i + 1 < company.length ? undefined : '**/business/StakeholdersInfo**');
    }

    // The stakeholders: the list with its one person, 100 % and signatory.
    await page.getByText('Khalid', { exact: false }).first().waitFor();
    await checkTranslated('stakeholders');
    // Their steps, checked and confirmed one by one in the wizard (the first button of the stakeholder's row edits it).
    await page.getByRole('listitem').filter({ hasText: 'Khalid Saeed Al Zaabi' }).getByRole('button').first().click();
    const person = stepsOf('stakeholderPerson');
    for (const step of person) {
      await page.getByRole('heading', { name: startsWith(stepTitle('stakeholderPerson', step)) }).first().waitFor();
      await checkTranslated(`stakeholder ${step}`);
      await page.getByRole('button', { name: /^(متابعة|Continue)$/ }).click();
    }
    const toFinal = page.getByRole('button', { name: /الأسئلة الختامية|Final Questions/ });
    await expect.poll(() => toFinal.getAttribute('aria-disabled'), { timeout: 15_000 }).toBeNull();
    await toFinal.click();
    await page.waitForURL('**/business/FinalQuestions**');

    // Final questions: the company's steps, then the signatory's (their headings name the signatory).
    const final = [...stepsOf('finalQuestionsCompany').map((s) => ['finalQuestionsCompany', s] as const), ...stepsOf('finalQuestionsSignatory').map((s) => ['finalQuestionsSignatory', s] as const)];
    for (const [i, [flow, step]] of final.entries()) {
      await page.getByRole('heading', { level: 1, name: startsWith(stepTitle(flow, step)) }).waitFor();
      await check(step);
      if (step === 'fqAnticipatedActivity') {
        // A wrong amount answered in Arabic (cash credits above the total), then put back.
        const cash = page.getByLabel(startsWith('الإيداعات النقدية الشهرية'));
        const before = await cash.inputValue();
        await cash.fill('99999999');
        await page.getByRole('button', { name: 'متابعة', exact: true }).click();
        await page.getByText('يجب ألا تتجاوز الإيداعات النقدية الشهرية إجمالي الإيداعات الشهرية').first().waitFor();
        await cash.fill(before);
        await expect.poll(() => page.getByText('يجب ألا تتجاوز الإيداعات النقدية الشهرية إجمالي الإيداعات الشهرية').count()).toBe(0);
      }
      const following = final[i + 1];
      await next(following ? startsWith(stepTitle(following[0], following[1])) : undefined, following ? undefined : '**/business/UploadDocuments');
    }

    // Documents: the Arabic names of the documents, then a real PDF for every required one.
    await page.locator('li[data-document-key]').first().waitFor();
    await page.getByText('الرخصة التجارية', { exact: true }).first().waitFor();
    await checkTranslated('documents');
    const keys = await page.locator('li[data-document-key]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-document-key')!));
    const required = (await client.documents(prospectId)) as Json;
    const requiredKeys = [
      ...['companyDocuments', 'companyBankStatements', 'companyAddressProof', 'companyInvoices'].flatMap((s) => required[s]?.documents ?? []),
      ...Object.values(required.stakeholdersDocuments ?? {}).flatMap((s) => (s as Json).documents ?? []),
    ]
      .filter((d: Json) => d.required)
      .map((d: Json) => d.documentKey as string);
    expect(keys).toEqual(expect.arrayContaining(requiredKeys));
    for (const key of requiredKeys) {
      await page.getByTestId(`file-${key}`).setInputFiles({ name: `${key}.pdf`, mimeType: 'application/pdf', buffer: makePdf(60_000, key) });
      await page.locator(`li[data-document-key="${key}"][data-availability="COMPLETED"]`).waitFor({ timeout: 30_000 });
    }
    await page.getByRole('button', { name: /^(متابعة|Continue)$/ }).click();
    await page.waitForURL('**/business/SelectServices**');

    // Select services: the Express offer (declined), then the steps with their saved answers.
    const services = stepsOf('selectServices');
    await page.getByRole('heading', { level: 1, name: stepTitle('selectServices', services[0]!) }).waitFor();
    await check(services[0]!);
    // The offer's words come from the content in Arabic (products.json, the step's ui:options and schema).
    await page.getByRole('checkbox', { name: 'قرأت الشروط والأحكام الخاصة بالخدمة السريعة وأوافق عليها' }).waitFor();
    await page.getByRole('button', { name: 'لا، شكرًا', exact: true }).click();
    for (const [i, step] of services.slice(1).entries()) {
      await page.getByRole('heading', { level: 1, name: stepTitle('selectServices', step) }).waitFor();
      await check(step);
      const following = services[i + 2];
      await next(following ? new RegExp(`^${stepTitle('selectServices', following)}$`) : undefined, following ? undefined : '**/business/SubmitApplication');
    }

    // Submit: the confirmation, then the submitted page.
    await page.locator('h1').first().waitFor();
    await page.locator('[data-summary-section]').first().waitFor();
    await checkTranslated('submit');
    // The page's one checkbox, then its last button (submit), whatever their words in the app's catalogue.
    await page.getByRole('main').getByRole('checkbox').check();
    await page.getByRole('main').getByRole('button').last().click();
    await page.waitForURL('**/business/ApplicationSubmitted').catch(async (error: Error) => {
      const shown = await page.locator('[role="alert"], .fui-MessageBar').allInnerTexts();
      throw new Error(`${error.message}\non the page: ${shown.join(' | ')}`);
    });
    await check('submitted');
    const saved = await savedProspect(page, server, prospectId);
    expect(saved.status).toBe('SUBMITTED');
    expect((saved.prospect.accountInfo as Json[])[0]).toMatchObject({ express: false });
    expect(failures).toEqual([]);
    await context.close();
  }, 300_000);
});
