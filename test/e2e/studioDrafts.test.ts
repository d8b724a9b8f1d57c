import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser, type RunningServer, startServer, stopServerAndBrowser } from './server';
import { type Json, plainCall, PRODUCT, REVIEWER, signInStudio as signInStudioAt } from './studioHelpers';

const suite = chromiumAvailable ? describe : describe.skip;

/**
 * One open draft per step: opening a step that has one edits it (a second draft of the step would have to be merged
 * by hand), several ask which to continue; and a reviewer sees why a draft the check refuses cannot be approved.
 */
suite('studio drafts of a step and their review, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  const signInStudio = (page: Page, who: { username: string; password: string }, start?: string) => signInStudioAt(page, server.url, who, start);
  /** The signed-in staff member's token, to ask the API what the page did. */
  const tokenOf = (page: Page) => page.evaluate(() => (JSON.parse(sessionStorage.getItem('qa.session') ?? '{}') as { accessToken: string }).accessToken);
  const openDrafts = async (page: Page) => ((await plainCall(server.url, 'GET', '/api/studio/drafts', undefined, await tokenOf(page))).body.drafts as Json[]);
  const draftParam = (page: Page) => new URL(page.url()).searchParams.get('draft');

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
  });
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  it('opens the open draft of a step instead of starting another, and asks when there are several', async () => {
    const page = await browser.newPage();
    await signInStudio(page, PRODUCT, '/studio/steps/companyDetails');
    await page.getByRole('heading', { name: 'companyDetails', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Company name', exact: true }).click();
    await page.getByLabel('Placeholder', { exact: true }).fill('Registered name');
    await page.getByText(/Saved on the server/).waitFor();
    const first = draftParam(page);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);

    // Back to the steps, the same step again: the editor takes its open draft (with the change), no second one.
    await page.goto(server.url + '/studio');
    await page.getByRole('link', { name: 'Company Details' }).first().click();
    await page.getByText(/This step already has an open draft, “Changes to companyDetails” by Layla Product/).waitFor();
    expect(draftParam(page)).toBe(first);
    await page.getByRole('button', { name: 'Company name', exact: true }).click();
    expect(await page.getByLabel('Placeholder', { exact: true }).inputValue()).toBe('Registered name');
    await page.getByLabel('Placeholder', { exact: true }).fill('Registered company name');
    await page.getByText(/Saved on the server \(revision 2\)/).waitFor();
    expect((await openDrafts(page)).map((d) => d.id)).toEqual([first]);

    // A colleague's second draft of the step (made through the API): the editor asks which one to continue.
    const token = await tokenOf(page);
    const version = ((await plainCall(server.url, 'GET', '/api/studio/versions', undefined, token)).body.versions as Json[])[0]!.version as number;
    const ui = structuredClone(((await plainCall(server.url, 'GET', `/api/studio/versions/${version}`, undefined, token)).body.files as Json)['steps/companyDetails.ui.json']) as {
      organizationInfo: { vatRegistrationNumber: Json };
    };
    ui.organizationInfo.vatRegistrationNumber['ui:placeholder'] = 'If registered';
    const other = await plainCall(server.url, 'POST', '/api/studio/drafts', { name: 'Another companyDetails change', baseVersion: version, files: { 'steps/companyDetails.ui.json': ui } }, token);
    expect(other.status).toBe(201);
    await page.goto(server.url + '/studio/steps/companyDetails');
    await page.getByText('2 open drafts change this step').waitFor();
    expect(draftParam(page)).toBeNull();
    expect(await page.getByRole('button', { name: 'Company name', exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'Changes to companyDetails' }).click();
    await page.getByRole('heading', { name: 'companyDetails', level: 1 }).waitFor();
    expect(draftParam(page)).toBe(first);
    await plainCall(server.url, 'POST', `/api/studio/drafts/${other.body.id as string}/discard`, { revision: other.body.revision }, token);
    await page.close();
  }, 120_000);

  it('shows the author why a draft the check refuses cannot be submitted for review, and the server refuses the submission too', async () => {
    const page = await browser.newPage();
    await signInStudio(page, PRODUCT, '/studio/drafts');
    await page.getByRole('link', { name: 'Changes to companyDetails' }).click();
    await page.getByRole('heading', { name: 'Changes to companyDetails', level: 1 }).waitFor();
    // The placeholder's English changed, its Arabic not: out of date, which blocks the publication, and so the review.
    const submit = page.getByRole('button', { name: 'Submit for review' });
    await submit.click();
    // Not a generic error: the refusal says why, and the check (run for it) lists the problem where it is.
    await page.getByText(/^Submission is not possible: the check finds 1 problem that would block the publication/).waitFor();
    await page.getByText(/The Arabic translation of the placeholder of organizationInfo\.companyName .*is out of date/).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    // The button names its reason to assistive technology.
    expect(await submit.getAttribute('aria-describedby')).toBe('studio-submit-reasons');
    expect(await page.getByText('Waiting for another product user to review it').count()).toBe(0);
    // The server's own gate: a submission sent anyway is refused, naming the problem; the draft stays a draft.
    const draftId = /\/studio\/drafts\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    const token = await tokenOf(page);
    const { revision } = (await plainCall(server.url, 'GET', `/api/studio/drafts/${draftId}`, undefined, token)).body;
    const refused = await plainCall(server.url, 'POST', `/api/studio/drafts/${draftId}/submit`, { revision }, token);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorType: 'DraftHasProblems', errors: [{ errorCode: 'BLOCKING_PROBLEM', field: expect.stringContaining('ui:placeholder') }] });
    expect((await plainCall(server.url, 'GET', `/api/studio/drafts/${draftId}`, undefined, token)).body.status).toBe('draft');
    await page.close();
  }, 120_000);
  it('keeps saving on a slow connection: changes made while a save is on its way wait for it, never a conflict with itself', async () => {
    const page = await browser.newPage();
    await signInStudio(page, PRODUCT, '/studio/steps/companyLicense');
    await page.getByRole('heading', { name: 'companyLicense', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'License number', exact: true }).click();
    const placeholder = page.getByLabel('Placeholder', { exact: true });
    await placeholder.fill('CN-1');
    await page.getByText(/Saved on the server \(revision 1\)/).waitFor();
    const draftId = draftParam(page)!;
    // Every later save takes 2 s to reach the server; the staff member keeps typing meanwhile (each pause longer
    // than the autosave's wait, so a save starts while the one before it is still on its way).
    await page.route(`**/api/studio/drafts/${draftId}`, async (route) => {
      if (route.request().method() === 'PUT') await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    const answers: number[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'PUT' && response.url().endsWith(draftId)) answers.push(response.status());
    });
    for (const text of ['CN-12', 'CN-123', 'CN-1234']) {
      await placeholder.fill(text);
      await page.waitForTimeout(1_000);
    }
    await expect
      .poll(async () => {
        const files = (await plainCall(server.url, 'GET', `/api/studio/drafts/${draftId}`, undefined, await tokenOf(page))).body.files as Json;
        return JSON.stringify(files['steps/companyLicense.ui.json']);
      }, { timeout: 20_000 })
      .toContain('"ui:placeholder":"CN-1234"');
    await page.getByText(/Saved on the server/).waitFor();
    expect(answers.every((status) => status === 200), String(answers)).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect((await openDrafts(page)).filter((d) => String(d.name).includes('companyLicense'))).toHaveLength(1);
    await page.close();
  }, 120_000);
});
