import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser, type RunningServer, startServer, stopServerAndBrowser } from './server';
import { axe } from './axeCheck';
import { englishLeft, settle } from './arabicHelpers';
import { APPLICANT, type Json, plainCall, PRODUCT, REVIEWER, signInCustomer as signInCustomerAt, signInStudio as signInStudioAt } from './studioHelpers';

const suite = chromiumAvailable ? describe : describe.skip;

const NEW_ARABIC_LABEL = 'الاسم المسجل للشركة';
const NEW_HELP = 'As on the trade license, up to 50 characters.';
const NEW_ARABIC_HELP = 'كما هو مكتوب في الرخصة التجارية، حتى 50 حرفًا.';

/**
 * The studio in both languages: English and Arabic side by side, a missing or out-of-date Arabic text flagged in the
 * form and refused by the check (naming the field), and an Arabic label edited
 * by product staff, published after review, that the Arabic applicant then reads.
 */
suite('schema studio in Arabic, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let customerToken: string;

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, token = customerToken) => plainCall(server.url, method, path, body, token);

  const signInCustomer = () => signInCustomerAt(server.url, 'e2e-studio-ar-device');

  const signInStudio = (page: Page, who: { username: string; password: string }, start?: string) => signInStudioAt(page, server.url, who, start);

  /** The applicant's company-details page in Arabic (the language chosen on this browser), for one application. */
  async function openApplicantInArabic(prospectId: string): Promise<Page> {
    const answer = (await call('GET', `/api/usertypes/sme/prospects/${prospectId}`)).body as { prospect: Json; version: number; status: string };
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.addInitScript(
      ([session, application]) => {
        localStorage.setItem('qa.locale', 'ar');
        sessionStorage.setItem('qa.session', session!);
        sessionStorage.setItem('qa.application', application!);
      },
      [
        JSON.stringify({ kind: 'customer', accessToken: customerToken }),
        JSON.stringify({ prospectId, prospect: answer.prospect, version: answer.version, status: answer.status, dirty: false }),
      ],
    );
    await page.goto(server.url + '/business/CompanyInfo');
    await page.getByRole('heading', { name: 'تفاصيل الشركة' }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    return page;
  }

  beforeAll(async () => {
    server = await startServer({
      ENCRYPTION: 'off',
      SEED_PRODUCT_USERNAME: PRODUCT.username,
      SEED_PRODUCT_PASSWORD: PRODUCT.password,
      SEED_PRODUCT_NAME: 'Layla Product',
      SEED_REVIEWER_USERNAME: REVIEWER.username,
      SEED_REVIEWER_PASSWORD: REVIEWER.password,
      SEED_REVIEWER_NAME: 'Rana Reviewer',
    });
    browser = await launchBrowser();
    customerToken = await signInCustomer();
  });
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  it('edits an Arabic label beside its English, refuses a missing or stale Arabic, and the Arabic applicant sees the published label', async () => {
    const page = await browser.newPage();
    await signInStudio(page, PRODUCT, '/studio/steps/companyDetails');
    await page.getByRole('heading', { name: 'companyDetails', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Company name', exact: true }).click();

    // Side by side: the English and the published Arabic of the same text.
    expect(await page.getByLabel('Label', { exact: true }).inputValue()).toBe('Company name');
    const arabicLabel = page.getByLabel('Label (Arabic)');
    expect(await arabicLabel.inputValue()).toBe('اسم الشركة');
    expect(await arabicLabel.getAttribute('dir')).toBe('rtl');

    // The English help rewritten, the Arabic left as published: the check names the field (out of date).
    await page.getByLabel('Help text', { exact: true }).fill(NEW_HELP);
    // An Arabic label emptied: missing, the check names it.
    await arabicLabel.fill('');
    // The check shows the result of the draft as it is: once the editor has caught up with the typing (and saved).
    await page.waitForTimeout(900);
    await page.getByText(/Saved on the server/).waitFor();
    await page.getByRole('button', { name: 'Check draft' }).click();
    await page
      .getByText(
        'The Arabic translation of the help text of organizationInfo.companyName (steps/companyDetails.ui.json) is out of date: the English now says “As on the trade license, up to 50 characters.” but the Arabic was not changed. Update the Arabic text before publishing.',
      )
      .waitFor();
    await page.getByText('No Arabic translation of the label of organizationInfo.companyName (steps/companyDetails.schema.json): “Company name”. Write the Arabic text beside the English before publishing.').waitFor();

    // Fixed: the Arabic written beside the English.
    await page.getByLabel('Help text (Arabic)').fill(NEW_ARABIC_HELP);
    await arabicLabel.fill(NEW_ARABIC_LABEL);
    // The preview shows the English applicant's page, unchanged label.
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByLabel('Company name').waitFor();
    // Previewed in Arabic: the draft's new Arabic label, right to left, with the Arabic messages of the rules.
    await preview.getByRole('radio', { name: 'العربية' }).check();
    const arabicField = preview.getByLabel(NEW_ARABIC_LABEL);
    await arabicField.waitFor();
    expect(await arabicField.evaluate((el) => [el.closest('[dir]')?.getAttribute('dir'), el.closest('[lang]')?.getAttribute('lang'), getComputedStyle(el).direction])).toEqual(['rtl', 'ar', 'rtl']);
    expect(await page.evaluate(() => document.documentElement.dir)).not.toBe('rtl');
    await arabicField.fill('');
    await preview.getByRole('button', { name: 'متابعة' }).click();
    await preview.getByText('يرجى إدخال اسم الشركة').first().waitFor();
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: join(process.env.E2E_SCREENSHOTS, 'studio-preview-arabic.png'), fullPage: false });
    await preview.getByRole('radio', { name: 'English' }).check();
    await preview.getByLabel('Company name').waitFor();

    // Check, submit, a colleague reviews and publishes.
    await page.getByRole('button', { name: 'Check draft' }).click();
    await page.getByText('No problems in the draft.').waitFor();
    await page.waitForTimeout(900);
    await page.getByText(/Saved on the server/).waitFor();
    await page.getByRole('button', { name: 'Review and publish' }).click();
    await page.getByRole('heading', { name: 'Review and publish' }).waitFor();
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByText('Waiting for another product user to review it').waitFor();
    const draftId = /\/studio\/drafts\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    await page.close();

    const reviewer = await browser.newPage();
    await signInStudio(reviewer, REVIEWER, `/studio/drafts/${draftId}`);
    await reviewer.getByRole('heading', { name: 'Review and publish' }).waitFor();
    // The reviewer reads the Arabic change in words.
    await reviewer.getByText(`Arabic of the label of organizationInfo.companyName: "اسم الشركة" → "${NEW_ARABIC_LABEL}"`).first().waitFor();
    await reviewer.getByRole('button', { name: 'Check draft' }).click();
    await reviewer.getByText('No problems in the draft.').waitFor();
    const ack = reviewer.getByRole('checkbox', { name: /I confirm this check result/ });
    if ((await ack.count()) > 0) await ack.check();
    await reviewer.getByLabel('Review comment').fill('Arabic checked');
    await reviewer.getByRole('button', { name: 'Approve' }).click();
    await reviewer.getByText('approved by Rana Reviewer', { exact: false }).waitFor();
    await reviewer.getByLabel('Change message').fill('Arabic label of the company name');
    await reviewer.getByRole('button', { name: 'Publish' }).click();
    await reviewer.getByText(/Published as version \d+/).waitFor();
    await reviewer.close();

    // The Arabic applicant reads the new label and help; the English applicant's page is unchanged.
    const created = await call('POST', '/api/usertypes/sme/prospects', {
      applicantInfo: { fullName: 'Aisha Al Mansoori', ...APPLICANT, applyOnbehalf: false },
      applicationInfo: { accountType: 'currentAccount', islamicBanking: false },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const applicant = await openApplicantInArabic((created.body as { prospectId: string }).prospectId);
    await applicant.getByLabel(NEW_ARABIC_LABEL).waitFor();
    await applicant.getByText(NEW_ARABIC_HELP).waitFor();
    await applicant.close();
    const english = (await (await fetch(server.url + '/api/config?segment=sme&role=customer&locale=en')).json()) as Json;
    const field = ((english.steps as Json).companyDetails as { schema: { properties: { organizationInfo: { properties: { companyName: { title: string } } } } } }).schema.properties.organizationInfo.properties.companyName;
    expect(field.title).toBe('Company name');
  }, 240_000);

  it('product staff work in Arabic: the studio right to left in their words, axe passes', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await signInStudio(page, PRODUCT, '/studio/versions');
    await page.getByRole('heading', { name: 'Versions', level: 1 }).waitFor();
    await page.getByTestId('language-switch').click();
    await page.getByRole('heading', { name: 'الإصدارات', level: 1 }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    const failures: string[] = [];
    // Left in Latin letters: only data (versions' messages, people, file names) and the brand.
    // After the first test's publication the versions page lists its changes: the content's own names (the step and the
    // field, written in English by staff), their values quoted, JSON pointers and the publication's record are data too.
    const data = /^(Quick Apply|Layla Product|Rana Reviewer|Schema studio|English|files|Company Details|Company name)$|\.json|^(Imported from schemas\/|Arabic label of the company name)|^"|^\/[A-Za-z]|^\{/;
    for (const [path, heading] of [
      ['/studio/versions', 'الإصدارات'],
      ['/studio/drafts', 'المسودات'],
    ] as const) {
      await page.goto(server.url + path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await settle(page);
      for (const text of await englishLeft(page)) if (!data.test(text)) failures.push(`${path}: English left: ${text}`);
      for (const v of await axe(page)) failures.push(`${path}: axe ${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      if (path === '/studio/versions' && process.env.E2E_SCREENSHOTS) await page.screenshot({ path: join(process.env.E2E_SCREENSHOTS, 'studio-versions-arabic.png'), fullPage: false });
    }
    // The choice is remembered: a new page of the studio opens in Arabic.
    await page.goto(server.url + '/studio');
    await page.getByRole('heading', { name: 'الخطوات', level: 1 }).waitFor();
    expect(failures).toEqual([]);
    await page.close();
  }, 120_000);
});
