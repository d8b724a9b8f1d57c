/**
 * QA walk, defect 3: a signatory born 01/01/2015 was accepted. Answering Yes to "Is this person a signatory" for a
 * minor is refused: the message names the date of birth and the step it is on (Personal Information), which the
 * applicant can open to correct; answering No continues (a minor may be a stakeholder who does not sign).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { completeCompanyInfo, signInAsNewApplicant } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, startServer, stopServerAndBrowser } from './server';

const suite = chromiumAvailable ? describe : describe.skip;
const MESSAGE = "A signatory must be at least 18 years old: check the date of birth, or answer No to 'Is this person a signatory'";

suite('a signatory is at least 18', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  it('Yes for a person born 01/01/2015 is refused with the date of birth named; No continues', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInAsNewApplicant(page, server);
    await completeCompanyInfo(page);
    await page.getByRole('button', { name: 'Add a stakeholder' }).click();
    const wizard = page.locator('section[aria-labelledby^="stakeholder-step-"]');
    await wizard.getByRole('heading', { level: 2, name: 'Personal Information' }).waitFor();
    await wizard.getByRole('combobox', { name: /^Salutation/ }).selectOption('MR.');
    await wizard.getByLabel(/^First name/).fill('Ravi');
    await wizard.getByLabel(/^Last name/).fill('Menon');
    await wizard.getByLabel(/^Date of birth/).fill('01/01/2015');
    await page.getByRole('radiogroup', { name: /^Is this person a politically exposed person/ }).getByRole('radio', { name: 'No' }).check();
    await wizard.getByRole('button', { name: 'Continue' }).click();
    await wizard.getByRole('heading', { level: 2, name: 'Signatory Rights' }).waitFor();

    await page.getByRole('radiogroup', { name: /^Is this person a signatory/ }).getByRole('radio', { name: 'Yes' }).check();
    await wizard.getByRole('combobox', { name: /^Authority type/ }).selectOption('2');
    await wizard.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(MESSAGE).first().waitFor();
    await wizard.getByRole('heading', { level: 2, name: 'Signatory Rights' }).waitFor();

    await page.getByRole('radiogroup', { name: /^Is this person a signatory/ }).getByRole('radio', { name: 'No' }).check();
    await wizard.getByRole('button', { name: 'Continue' }).click();
    await wizard.getByRole('heading', { level: 2, name: 'Shareholding' }).waitFor();
    await context.close();
  }, 180_000);
});
