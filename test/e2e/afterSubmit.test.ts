import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiApplicant, createApplication, openInBrowser, soleProprietorApplication, uploadRequired, type ApiApplicant } from './documentsHelpers';
import { waitForPage } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, startServer, stopServerAndBrowser } from './server';

const suite = chromiumAvailable ? describe : describe.skip;

const lifecycle = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'schemas', 'lifecycle.json'), 'utf8')) as {
  states: Record<string, { label: string; applicant: { title: string } }>;
};
const CONFIRM = 'I confirm that the information in this application is true and complete.';

/**
 * What the applicant sees around the submit (QA walk): a submit refused because another tab saved, the review's
 * layout and application number, Edit from the review, Back after the submission or a decline, a save in a tab
 * that still holds the draft of a closed application, and the end of the session on an outcome page.
 */
suite('around the submit', () => {
  let server: RunningServer;
  let browser: Browser;
  let n = 0;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  /** A complete application (documents in), signed in over the API; `decline` makes screening decline it. */
  async function ready(decline = false): Promise<{ client: ApiApplicant; prospectId: string; data: Record<string, any>; version: number }> { // eslint-disable-line @typescript-eslint/no-explicit-any
    n += 1;
    const mobileNo = `5077700${String(n).padStart(2, '0')}`;
    const email = `owner${n}@aftersubmit.ae`;
    const client = await apiApplicant(server.url, { email, mobileNo }, `e2e-after-submit-${n}`);
    const data = soleProprietorApplication(mobileNo, email, (d) => {
      d.organizationInfo.licenseNumber = `RAK-88${String(n).padStart(3, '0')}`;
      if (decline) {
        d.organizationInfo.companyName = 'Crypto Trade Consultancy';
        d.orgKYCDetails.industryMultiSelect = [{ industry: 'SER', subCategory: '243' }];
      }
    });
    const { prospectId, version } = await createApplication(client, data);
    await uploadRequired(client, prospectId);
    return { client, prospectId, data, version };
  }

  async function tab(client: ApiApplicant, prospectId: string, width = 1366): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
    await openInBrowser(page, server.url, client, prospectId);
    return page;
  }

  async function submit(page: Page): Promise<void> {
    await page.getByLabel(CONFIRM).check();
    await page.getByRole('button', { name: 'Submit application' }).click();
  }

  it('a submit refused because another tab saved says so; checked again, it goes through; Back then shows the status, not a form', async () => {
    const { client, prospectId, data } = await ready();
    const page = await tab(client, prospectId, 360);
    await page.goto(`${server.url}/business/SelectServices`);
    await waitForPage(page, /.+/);
    await page.goto(`${server.url}/business/SubmitApplication`);
    await waitForPage(page, 'Submit your application');

    // Heading and intro on lines of their own, at 360 and 1366 px.
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      const heading = (await page.getByRole('heading', { level: 1, name: 'Submit your application' }).boundingBox())!;
      const intro = (await page.getByText('Please check that everything is right.').boundingBox())!;
      expect(intro.y, `at ${width} px`).toBeGreaterThanOrEqual(heading.y + heading.height);
    }
    // One application number: the one Application submitted, My applications and the status page show.
    await expect.poll(() => page.locator('dt:text-is("Application number") + dd').textContent()).toBe(prospectId);

    // Another tab changes the number of employees.
    const current = (await (await fetch(`${server.url}/api/usertypes/sme/prospects/${prospectId}`, { headers: { authorization: `Bearer ${client.accessToken}` } })).json()) as { version: number };
    const elsewhere = await client.send('PUT', `/api/usertypes/sme/prospects/${prospectId}`, {
      prospect: { ...data, organizationInfo: { ...data.organizationInfo, noOfEmployees: 31 } },
      saveType: 'save',
      version: current.version,
    });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);

    await submit(page);
    const alert = page.getByRole('alert').filter({ hasText: 'changed elsewhere' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/check it and submit it again/);
    expect(await page.getByLabel(CONFIRM).isChecked()).toBe(false);

    await submit(page);
    await waitForPage(page, 'Application submitted', '**/business/ApplicationSubmitted');
    await page.getByText(`Your application number is ${prospectId}.`).waitFor();

    // Back: the services step of a submitted application is its status page.
    await page.goBack();
    await page.waitForURL('**/business/ApplicationStatus');
    await page.locator('h1[data-status]').waitFor();
    expect(await page.getByRole('button', { name: 'Continue' }).count()).toBe(0);
    await page.getByText(`Application ${prospectId}`).waitFor();
    await page.context().close();
  });

  it('Edit on the review opens the section and Continue returns to the review', async () => {
    const { client, prospectId } = await ready();
    const page = await tab(client, prospectId);
    await page.goto(`${server.url}/business/SubmitApplication`);
    await waitForPage(page, 'Submit your application');
    await page.getByRole('link', { name: 'Edit Company Details' }).click();
    await waitForPage(page, 'Company Details', (u) => u.pathname === '/business/CompanyInfo');
    await page.getByLabel('Number of employees').fill('27');
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPage(page, 'Submit your application', '**/business/SubmitApplication');
    await page.locator('[data-summary-section="Company Details"]').getByText('27', { exact: true }).waitFor();
    await page.context().close();
  });

  it('Edit on the review of the stakeholders or the documents returns to the review too', async () => {
    // The stakeholder's own steps are continued as the browser's journey continues them (this application is made through the API).
    const steps = (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'schemas', 'flows.json'), 'utf8')) as { stakeholderPerson: { steps: { step: string }[] } }).stakeholderPerson.steps;
    const { client, prospectId, data, version: created } = await ready();
    let version = created;
    for (const { step } of steps) {
      const res = await client.send('PUT', `/api/usertypes/sme/prospects/${prospectId}`, { prospect: { signatoryInfo: data.signatoryInfo }, saveType: 'save', actionType: 'continue', step, signatoryIndex: 0, version });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      version = res.body.version as number;
    }
    const page = await tab(client, prospectId);
    for (const path of ['/business/StakeholdersInfo', '/business/UploadDocuments']) {
      await page.goto(`${server.url}/business/SubmitApplication`);
      await waitForPage(page, 'Submit your application');
      const edit = page.locator(`a[href^="${path}?"]`).first();
      expect(new URL(await edit.getAttribute('href') ?? '', server.url).searchParams.get('returnTo')).toBe('/business/SubmitApplication');
      const target = new URL(await edit.getAttribute('href') ?? '', server.url);
      await edit.click();
      await page.waitForURL((u) => u.pathname === path);
      if (path === '/business/StakeholdersInfo') {
        // The stakeholder's own section: its wizard opens at that step.
        expect(target.searchParams.get('stakeholder')).toBe('0');
        expect(Number(target.searchParams.get('step'))).toBeGreaterThanOrEqual(1);
        await page.getByRole('button', { name: 'Continue to the review' }).click();
      } else {
        await page.getByRole('button', { name: 'Continue' }).click();
      }
      await waitForPage(page, 'Submit your application', '**/business/SubmitApplication');
    }
    // A signatory's final questions: Edit opens that step of that signatory (not the first final question).
    await page.goto(`${server.url}/business/SubmitApplication`);
    await waitForPage(page, 'Submit your application');
    const personal = page.locator('a[href*="edit=fqSignatoryPersonal"]').first();
    expect(new URL(await personal.getAttribute('href') ?? '', server.url).searchParams.get('signatory')).toBe('0');
    await personal.click();
    await waitForPage(page, /^Personal information: /, (u) => u.pathname === '/business/FinalQuestions');
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPage(page, 'Submit your application', '**/business/SubmitApplication');
    await page.context().close();
  });

  it('Back in company information goes back a step at a time, also from a first visit without a step in the address', async () => {
    const { client, prospectId } = await ready();
    const page = await tab(client, prospectId, 390);
    await page.goto(`${server.url}/business/CompanyInfo`);
    await waitForPage(page, 'Company Details', (u) => u.searchParams.get('step') === '1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPage(page, 'Industry', (u) => u.searchParams.get('step') === '2');
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPage(page, 'License Information', (u) => u.searchParams.get('step') === '3');
    await page.goBack();
    await waitForPage(page, 'Industry', (u) => u.searchParams.get('step') === '2');
    await page.goBack();
    await waitForPage(page, 'Company Details', (u) => u.searchParams.get('step') === '1');
    await page.context().close();
  });

  it('after a decline: Back shows the status page, and a tab still on a step is told the real reason', async () => {
    const { client, prospectId } = await ready(true);
    const stale = await tab(client, prospectId);
    await stale.goto(`${server.url}/business/CompanyInfo?step=1`);
    await waitForPage(stale, 'Company Details');

    const page = await tab(client, prospectId);
    await page.goto(`${server.url}/business/SelectServices`);
    await waitForPage(page, /.+/);
    await page.goto(`${server.url}/business/SubmitApplication`);
    await waitForPage(page, 'Submit your application');
    await submit(page);
    await page.locator('section[data-outcome="DECLINE"]').waitFor();

    await page.goBack();
    await page.waitForURL('**/business/ApplicationStatus');
    await page.locator('h1[data-status="DECLINED"]').waitFor();
    expect(await page.locator('h1').textContent()).toBe(lifecycle.states.DECLINED!.applicant.title);
    // The review of a declined application is not shown (nor screened again) either.
    await page.goto(`${server.url}/business/SubmitApplication`);
    await page.waitForURL('**/business/ApplicationStatus');
    await page.locator('h1[data-status="DECLINED"]').waitFor();
    expect(await page.getByText('We could not submit your application').count()).toBe(0);

    // The other tab still shows the draft: its save is refused because the application is closed, and it says so.
    await stale.getByLabel('Number of employees').fill('14');
    await stale.waitForURL('**/business/ApplicationStatus', { timeout: 20_000 });
    const reason = stale.getByRole('alert').filter({ hasText: 'can no longer be changed' });
    await reason.waitFor();
    expect(await reason.textContent()).toContain(`The application is "${lifecycle.states.DECLINED!.label}": it can no longer be changed`);
    expect(await stale.getByText('changed elsewhere').count()).toBe(0);
    await stale.locator('h1[data-status="DECLINED"]').waitFor();
    await page.context().close();
    await stale.context().close();
  });

  it('a step stopped by a prospect code shows its status page: a heading and a button, not a bare message', async () => {
    const { client } = await ready();
    const page = await tab(client, 'SME0NOSUCHAPP', 360);
    await page.goto(`${server.url}/business/FinalQuestions`);
    const outcome = page.locator('section[data-reason="12002"]');
    await outcome.waitFor();
    await page.getByRole('heading', { level: 1, name: 'Invalid Prospect ID' }).waitFor();
    expect(await outcome.getByRole('button').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('an outcome page button ends the session on the server too', async () => {
    const { client, prospectId } = await ready(true);
    const page = await tab(client, prospectId);
    await page.goto(`${server.url}/business/SubmitApplication`);
    await waitForPage(page, 'Submit your application');
    await submit(page);
    const outcome = page.locator('section[data-outcome="DECLINE"]');
    await outcome.waitFor();
    await outcome.getByRole('button', { name: 'Go to home page' }).click();
    await page.waitForURL((u) => u.pathname === '/business');
    await outcome.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem('qa.session') ?? 'null') as unknown)).toBeNull();
    // The token the tab had no longer opens the application.
    await expect
      .poll(async () => (await fetch(`${server.url}/api/usertypes/sme/prospects/${prospectId}`, { headers: { authorization: `Bearer ${client.accessToken}` } })).status)
      .toBe(401);
    await page.context().close();
  });
});
