import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidIban } from '../../src/shared/iban';
import { apiApplicant, createApplication, makePdf, openInBrowser, seriousViolations, soleProprietorApplication, uploadRequired } from './documentsHelpers';
import { uniqueLicenceNumber, waitForPage } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, seededAgentEnv, sendAgentDecision, signInAgent, startServer, stopServerAndBrowser } from './server';

const suite = chromiumAvailable ? describe : describe.skip;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const AGENT = { username: 'ro.lifecycle', password: 'lifecycle agent password', name: 'Salma Rashid', roCode: 'RO5151' };

/**
 * After the submit (issue 13), through the UI on both sides: the agent asks for two documents with a note, the
 * message reaches the outbox, the applicant's status page says "Documents needed" and lists them, they are
 * uploaded on ReUploadDocuments, the application is back in assessment, the agent approves and the applicant
 * sees the account numbers. Then a decline with a reason, seen by the applicant.
 */
suite('the application after submit: decisions, documents, accounts (Chromium, both sides)', () => {
  let server: RunningServer;
  let browser: Browser;
  let agentPage: Page;

  beforeAll(async () => {
    server = await startServer({
      ...seededAgentEnv(AGENT),
    });
    browser = await launchBrowser();
    agentPage = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signInAgent(agentPage, server.url, AGENT);
  }, 120_000);
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  /** An applicant with a complete application (every section and required document through the API), open in a tab. */
  async function applicantWithApplication(mobileNo: string, email: string, deviceId: string, viewport = { width: 1366, height: 900 }) {
    const client = await apiApplicant(server.url, { email, mobileNo }, deviceId);
    const data = soleProprietorApplication(mobileNo, email, (d) => {
      d.organizationInfo.licenseNumber = uniqueLicenceNumber();
      d.accountInfo[0].accountCurrencies = ['AED', 'USD'];
    });
    const { prospectId } = await createApplication(client, data);
    await uploadRequired(client, prospectId);
    const page = await (await browser.newContext({ viewport, bypassCSP: true })).newPage();
    await openInBrowser(page, server.url, client, prospectId);
    return { client, prospectId, page };
  }

  async function submitInBrowser(page: Page) {
    await page.goto(`${server.url}/business/SubmitApplication`);
    await page.getByLabel('I confirm that the information in this application is true and complete.').check();
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.waitForURL('**/business/ApplicationSubmitted');
  }

  /** My Applications -> "Check status" of this application -> the status page. */
  async function checkStatus(page: Page, prospectId: string) {
    await page.goto(`${server.url}/business/MyApplications`);
    await page.getByRole('button', { name: `Check status of application ${prospectId}` }).click();
    await page.waitForURL('**/business/ApplicationStatus');
  }

  async function agentDecides(prospectId: string, action: string, fill: (section: ReturnType<Page['getByTestId']>) => Promise<void>) {
    await sendAgentDecision(agentPage, server.url, prospectId, action, fill);
  }

  const outbox = async (recipient: string): Promise<Json[]> =>
    ((await (await fetch(`${server.url}/api/dev/outbox?recipient=${encodeURIComponent(recipient)}&limit=20`)).json()) as Json).messages;

  it('documents asked, uploaded, back to assessing, approved: the applicant sees the account numbers', async () => {
    const mobileNo = '504445566';
    const email = 'hessa@lifecycle-trading.ae';
    const { prospectId, page } = await applicantWithApplication(mobileNo, email, 'e2e-lifecycle-1');
    await submitInBrowser(page);

    // My Applications: account type and status in words; "Check status" opens the status page.
    await page.goto(`${server.url}/business/MyApplications`);
    const card = page.getByRole('listitem').filter({ hasText: `Application ${prospectId}` });
    await card.getByText('Submitted', { exact: true }).waitFor();
    await card.getByText('RAKstarter', { exact: true }).waitFor();
    await checkStatus(page, prospectId);
    await page.getByRole('heading', { level: 1, name: 'Application submitted' }).waitFor();

    // The agent asks for two documents with a note.
    const note = 'The trade licence scan is cut off; please send it again with the memorandum.';
    await agentDecides(prospectId, 'Request documents', async (decisions) => {
      const company = decisions.getByRole('group', { name: 'Company' });
      await company.getByRole('checkbox', { name: 'Trade License' }).check();
      await company.getByRole('checkbox', { name: 'Memorandum of Association / Articles of Association' }).check();
      await decisions.getByLabel('Message to the applicant').fill(note);
    });
    await agentPage.getByText('Status: Documents needed').waitFor();
    // The agent's Status panel in words: the note, when the documents were asked (a date), no raw keys or codes.
    const statusPanel = agentPage.locator('section[aria-labelledby="status-title"]');
    await statusPanel.getByText(note).waitFor();
    const panelText = await statusPanel.innerText();
    expect(panelText).toMatch(/Documents requested\s+\d{1,2} \w{3} \d{4}/);
    expect(panelText).toMatch(/Note\s+The trade licence/);
    expect(panelText).not.toMatch(/requestedAt|message|DOCUMENTS_NEEDED|SUBMITTED|\d{4}-\d\d-\d\dT|^status\b/m);

    // The message reached the outbox: e-mail (with the documents and the note) and SMS.
    const mail = (await outbox(email)).find((m) => m.subject === `Your application ${prospectId}: Documents needed`);
    expect(mail?.body).toContain('- Trade License');
    expect(mail?.body).toContain('- Memorandum of Association / Articles of Association');
    expect(mail?.body).toContain(note);
    expect((await outbox(`971${mobileNo}`)).some((m) => /need documents for your application/.test(m.body))).toBe(true);

    // The applicant's status page says "Documents needed" and lists them.
    await checkStatus(page, prospectId);
    await page.getByRole('heading', { level: 1, name: 'Documents needed' }).waitFor();
    const requested = page.getByRole('list', { name: 'Requested documents' });
    await expect(requested.getByRole('listitem').allInnerTexts()).resolves.toEqual(['Trade License (needed)', 'Memorandum of Association / Articles of Association (needed)']);
    await page.getByText(note).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // ReUploadDocuments: exactly the two documents; uploading both returns the application to assessment.
    await page.getByRole('button', { name: 'Upload documents' }).click();
    await waitForPage(page, 'Upload your documents', '**/business/ReUploadDocuments');
    const rows = page.locator('li[data-document-key]');
    await rows.first().waitFor();
    await expect(rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-document-key')))).resolves.toEqual(['TradeLicense-1', 'MOA-1']);
    await page.getByTestId('file-TradeLicense-1').setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: makePdf(70_000, 'Trade licence again') });
    await requested.getByText('Trade License (received)').waitFor();
    await page.getByTestId('file-MOA-1').setInputFiles({ name: 'moa.pdf', mimeType: 'application/pdf', buffer: makePdf(70_000, 'Memorandum again') });
    await page.getByText('Status: Assessing.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL('**/business/ApplicationStatus');
    await page.getByRole('heading', { level: 1, name: 'Assessing' }).waitFor();

    // The agent approves; the system opens the accounts.
    await agentDecides(prospectId, 'Approve', async (decisions) => {
      await decisions.getByLabel('Message to the applicant').fill('Welcome to the bank.');
    });
    await agentPage.getByText('Status: Account opened').waitFor();

    await checkStatus(page, prospectId);
    await page.getByRole('heading', { level: 1, name: 'Your accounts are open' }).waitFor();
    const numbers = page.getByRole('definition');
    await numbers.first().waitFor();
    const ibans = await page.locator('[data-iban]').evaluateAll((els) => els.map((e) => e.getAttribute('data-iban')!));
    expect(ibans).toHaveLength(2);
    for (const iban of ibans) {
      expect(iban).toMatch(/^AE[0-9]{2}040[0-9]{16}$/);
      expect(isValidIban(iban)).toBe(true);
    }
    await expect(page.getByRole('term').allInnerTexts()).resolves.toEqual(['AED', 'USD']);
    await page.getByRole('list', { name: 'Timeline' }).getByText('Account opened').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The phone width: the same page fits 390 px without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
  }, 300_000);

  it('a decline with a reason from the list is seen by the applicant', async () => {
    const mobileNo = '504447788';
    const email = 'fatma@lifecycle-decline.ae';
    const { prospectId, page } = await applicantWithApplication(mobileNo, email, 'e2e-lifecycle-2', { width: 390, height: 844 });
    await submitInBrowser(page);

    // A decline without a reason is refused by the server with the field's message, then sent with one.
    await agentPage.goto(`${server.url}/agent/SearchedAppInfo/${prospectId}`);
    const decisions = agentPage.getByTestId('agent-decisions');
    await decisions.getByRole('button', { name: 'Decline', exact: true }).click();
    await decisions.getByRole('button', { name: 'Send decision' }).click();
    await decisions.getByText('Reason is not filled').waitFor();
    await decisions.getByLabel('Reason').selectOption({ label: 'The documents provided could not be verified' });
    await decisions.getByRole('button', { name: 'Send decision' }).click();
    await decisions.getByRole('status').filter({ hasText: 'The applicant was told by e-mail and SMS.' }).waitFor();
    await agentPage.getByText('No decision can be taken in this status.').waitFor();
    // A declined application is closed: the agent page says so and offers no editing (the server refuses it too).
    await agentPage.reload();
    await agentPage.getByText('The application is "Declined": it can no longer be changed.').waitFor();
    await expect(agentPage.getByRole('button', { name: 'Continue application' }).isDisabled()).resolves.toBe(true);
    await expect(agentPage.getByRole('button', { name: 'Edit KYC annexure' }).isDisabled()).resolves.toBe(true);
    // The Status panel gives the reason in words, not its code.
    const statusPanel = agentPage.locator('section[aria-labelledby="status-title"]');
    await statusPanel.getByText('The documents provided could not be verified').waitFor();
    expect(await statusPanel.innerText()).not.toMatch(/\b[A-Z]+_[A-Z_]+\b|DECLINED/);

    await checkStatus(page, prospectId);
    await page.getByRole('heading', { level: 1, name: 'Application declined' }).waitFor();
    await page.getByText('The documents provided could not be verified').first().waitFor();
    await page.goto(`${server.url}/business/MyApplications`);
    await page.getByRole('listitem').filter({ hasText: `Application ${prospectId}` }).getByText('Declined', { exact: true }).waitFor();
    const mail = (await outbox(email)).find((m) => m.subject === `Your application ${prospectId}: Declined`);
    expect(mail?.body).toContain('Reason: The documents provided could not be verified');
  }, 180_000);
});
