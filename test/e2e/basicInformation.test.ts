import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterCode, latestCode, newApplicant, savedProspect, signInAsNewApplicant, startCodeRequest } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, startServer, stopServerAndBrowser } from './server';

const suite = chromiumAvailable ? describe : describe.skip;

/**
 * Basic information against the server's rules (QA walk): the name the page allows is the name the server takes,
 * and a refusal of a basic information field after the code does not leave the applicant under the code boxes.
 * A file of its own: one-time codes are limited per address (OTP_RATE_PER_IP), and this test asks for three.
 */
suite('basic information: the same rules in the page and on the server', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  it('a full name of up to 240 characters goes through; a refusal of a basic information field returns to that field with the message, and the corrected name goes on', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // 101-240 characters: the step allows them and so does the server (it answered 400 'Maximum 100 characters allowed').
    const long = newApplicant({ fullName: `Abdullah ${'Rahman '.repeat(30)}Haddad`.slice(0, 230).trim() });
    expect(long.fullName.length).toBeGreaterThan(200);
    const { prospectId } = await signInAsNewApplicant(page, server, long);
    expect(((await savedProspect(page, server, prospectId)).prospect.applicantInfo as Record<string, unknown>).fullName).toBe(long.fullName);
    await context.close();

    // A rule the page could not check refuses the application after the code: back to the name, with the message.
    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const tab = await other.newPage();
    const applicant = newApplicant();
    const message = 'Full name is already used by a closed application: write it as on your passport';
    await tab.route('**/api/usertypes/sme/prospects', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ errorType: 'FieldsValidation', errors: [{ errorCode: 'INVALID', message, field: 'prospect.applicantInfo.fullName' }] }) })
        : route.continue(),
    );
    await startCodeRequest(tab, server, applicant);
    await enterCode(tab, await latestCode(server, applicant));
    await tab.waitForURL('**/business/ApplicantInfo');
    await tab.getByText(message).waitFor();
    const name = tab.getByLabel('Full name');
    await expect(name.inputValue()).resolves.toBe(applicant.fullName);
    await expect(name.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(tab.getByText(message).count()).resolves.toBe(1);
    // Corrected: the message goes, a new code is sent and the application is created.
    await tab.unroute('**/api/usertypes/sme/prospects');
    await name.fill(`${applicant.fullName} Jr`);
    await expect(tab.getByText(message).count()).resolves.toBe(0);
    const first = await latestCode(server, applicant);
    await tab.getByRole('button', { name: 'Continue' }).click();
    await tab.waitForURL('**/business/VerifyOTP');
    await enterCode(tab, await latestCode(server, applicant, first));
    await tab.waitForURL('**/business/CompanyInfo**');
    const created = await savedProspect(tab, server);
    expect((created.prospect.applicantInfo as Record<string, unknown>).fullName).toBe(`${applicant.fullName} Jr`);
    await other.close();
  });
});
