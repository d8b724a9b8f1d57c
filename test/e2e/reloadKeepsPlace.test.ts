/**
 * A reload (or a language switch) brings the applicant back to what they saw, on a 390 px phone: a number typed
 * beyond what a number holds stays as typed, with the limit's message; the stakeholder wizard stays open at its
 * step with its card selected; an uploaded proof of relationship is named by its file, not by the document's title.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from './documentsHelpers';
import { savedProspect, signInAsNewApplicant, waitForSaved } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, startServer, stopServerAndBrowser } from './server';

const suite = chromiumAvailable ? describe : describe.skip;
const PHONE = { width: 390, height: 844 };
const label = (text: string) => new RegExp(`^${text}`);

suite('a reload keeps the applicant where they were (390 px)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  const wizardOf = (page: Page) => page.locator('section[aria-labelledby^="stakeholder-step-"]');
  const answer = (page: Page, question: string, yes: boolean) =>
    page.getByRole('radiogroup', { name: label(question) }).getByRole('radio', { name: yes ? 'Yes' : 'No' }).check();
  const reloaded = async (page: Page) => {
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Company Stakeholders' }).waitFor();
  };

  it('number of employees: 99999999999999999999 stays as typed (not 100000000000000000000), says the range, and so after a reload', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const { prospectId } = await signInAsNewApplicant(page, server);
    const employees = page.getByLabel('Number of employees');
    await employees.click();
    await page.keyboard.type('99999999999999999999');
    await page.getByLabel('Company name').click();
    const message = 'Number of employees must be a whole number from 0 to 999999, e.g. 12: remove decimals and other characters';
    await page.getByText(message).waitFor();
    await expect(employees.inputValue()).resolves.toBe('99999999999999999999');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Company Details' }).waitFor();
    await expect.poll(() => employees.inputValue()).toBe('99999999999999999999');
    // Fixed: the number goes to the server as the number typed.
    await employees.fill('250');
    await page.getByRole('combobox', { name: 'Company category' }).selectOption('LLC');
    await page.getByLabel('Company name').fill('Falcon Reload LLC');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Industry' }).waitFor();
    await waitForSaved(page);
    expect((await savedProspect(page, server, prospectId)).prospect.organizationInfo).toMatchObject({ noOfEmployees: 250 });
    await context.close();
  }, 120_000);

  it('a stakeholder wizard stays open at its step after a reload, its card selected; the proof of relationship is named by its file, also in Arabic', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await signInAsNewApplicant(page, server);
    await page.goto(`${server.url}/business/StakeholdersInfo`);
    const wizard = wizardOf(page);

    // Reloaded at once after Add: the new stakeholder's first step, open.
    await page.getByRole('button', { name: 'Add a stakeholder' }).click();
    await wizard.getByRole('heading', { level: 2, name: 'Personal Information' }).waitFor();
    await reloaded(page);
    await wizard.getByRole('heading', { level: 2, name: 'Personal Information' }).waitFor();
    await expect(page.locator('[role="group"][aria-current="true"]').count()).resolves.toBe(1);

    await wizard.getByRole('combobox', { name: label('Salutation') }).selectOption('MR.');
    await wizard.getByLabel(label('First name')).fill('Omar');
    await wizard.getByLabel(label('Last name')).fill('Haddad');
    await wizard.getByLabel(label('Date of birth')).fill('15/04/1985');
    await answer(page, 'Is this person a politically exposed person', false);
    await wizard.getByRole('button', { name: 'Continue' }).click();
    await wizard.getByRole('heading', { level: 2, name: 'Signatory Rights' }).waitFor();
    await answer(page, 'Is this person a signatory', false);
    await wizard.getByRole('button', { name: 'Continue' }).click();
    await wizard.getByRole('heading', { level: 2, name: 'Shareholding' }).waitFor();
    await answer(page, 'Is this person a shareholder', true);
    await wizard.getByLabel(label('Percentage')).fill('30');
    await wizard.locator('input[type=file][id$="docProofOfRelationship__file"]').setInputFiles({ name: 'share-certificate.pdf', buffer: makePdf(70_000, 'Share certificate'), mimeType: 'application/pdf' });
    await wizard.getByText('share-certificate.pdf (Uploaded)').waitFor();
    await waitForSaved(page);

    // Reloaded on step 3: that step, its answers, the file by its name, the card selected.
    await reloaded(page);
    await wizard.getByRole('heading', { level: 2, name: 'Shareholding' }).waitFor();
    await wizard.getByText('Omar Haddad · Step 3 of 6').waitFor();
    await expect(wizard.getByLabel(label('Percentage')).inputValue()).resolves.toBe('30');
    await wizard.getByText('share-certificate.pdf (Uploaded)').waitFor();
    expect(await wizard.getByText('Proof of relationship (Uploaded)').count()).toBe(0);
    await expect(page.locator('[role="group"][aria-current="true"]').textContent()).resolves.toContain('Omar Haddad');

    // The language switched: the same step, the file still by its name.
    await page.getByTestId('language-switch').click();
    await wizard.getByRole('heading', { level: 2, name: 'الملكية في الشركة' }).waitFor();
    await wizard.getByText('share-certificate.pdf (تم التحميل)').waitFor();
    await context.close();
  }, 180_000);
});
