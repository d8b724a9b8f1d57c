import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedProspect, signInAsNewApplicant, waitForSaved } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, startServer, stopServerAndBrowser } from './server';

const suite = chromiumAvailable ? describe : describe.skip;

/**
 * The company and stakeholder steps' text fields keep what is typed until typing pauses (useTypedText, useTypedValue): nothing
 * typed may be lost on the way out, on a 360 px phone.
 */
suite('typed values on the company and stakeholder steps (360 px)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  it('Continue pressed right after typing goes on with the typed values; Back shows them; undo in a field still works', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    const { prospectId } = await signInAsNewApplicant(page, server);
    await page.getByRole('heading', { level: 1, name: 'Company Details' }).waitFor();
    // Undo: the field is the browser's own input, its value never set behind the browser's back while typing.
    const name = page.getByLabel('Company name');
    await name.click();
    await page.keyboard.type('Undo');
    await page.keyboard.press('Control+Z');
    // Chromium undoes the typing (all of it, or its last keys on a loaded machine), and the form keeps what it shows.
    const undone = await name.inputValue();
    expect('Undo'.startsWith(undone) && undone.length < 4).toBe(true);
    await page.waitForTimeout(600);
    await expect(name.inputValue()).resolves.toBe(undone);
    await name.fill('');
    await page.getByRole('combobox', { name: 'Company category' }).selectOption('LLC');
    await name.click();
    await page.keyboard.type('Falcon Typing LLC');
    await page.getByLabel('Number of employees').click();
    await page.keyboard.type('12');
    // No pause: the Continue press is the way out for the employees typed a moment ago.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Industry' }).waitFor();
    await waitForSaved(page);
    const org = (await savedProspect(page, server, prospectId)).prospect.organizationInfo as Record<string, unknown>;
    expect(org.companyName).toBe('Falcon Typing LLC');
    expect(Number(org.noOfEmployees)).toBe(12);

    // Back, a change typed and Enter at once (the form's submit): the value goes on, not the one before.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { level: 1, name: 'Company Details' }).waitFor();
    await expect(name.inputValue()).resolves.toBe('Falcon Typing LLC');
    await name.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Two');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Industry' }).waitFor();
    await waitForSaved(page);
    const again = (await savedProspect(page, server, prospectId)).prospect.organizationInfo as Record<string, unknown>;
    expect(again.companyName).toBe('Falcon Typing LLC Two');
    // The browser's Back: the step shows what was typed.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Company Details' }).waitFor();
    await expect(name.inputValue()).resolves.toBe('Falcon Typing LLC Two');
    await context.close();
  }, 180_000);

  it('a stakeholder answer typed and changed back to the stored value at once leaves nothing unsaved: an edit made just before it is saved', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    const { prospectId } = await signInAsNewApplicant(page, server);
    await page.goto(`${server.url}/business/StakeholdersInfo`);
    await page.getByRole('button', { name: 'Add a stakeholder' }).click();
    const wizard = page.locator('section[aria-labelledby^="stakeholder-step-"]');
    await wizard.getByRole('heading', { level: 2, name: 'Personal Information' }).waitFor();
    await wizard.getByLabel(/^First name/).fill('Omar');
    await waitForSaved(page);
    // An edit (the last name, handed over when the field is left), then at once the first name typed into and changed
    // back: the page finds nothing changed in it, and the last name's save, held back while typing, must still go.
    await wizard.getByLabel(/^Last name/).click();
    await page.keyboard.type('Haddad');
    await wizard.getByLabel(/^First name/).click();
    await page.keyboard.press('End');
    await page.keyboard.type('x');
    await page.keyboard.press('Backspace');
    await expect(wizard.getByLabel(/^First name/).inputValue()).resolves.toBe('Omar');
    await waitForSaved(page);
    const [stakeholder] = (await savedProspect(page, server, prospectId)).prospect.signatoryInfo as Record<string, unknown>[];
    expect(stakeholder).toMatchObject({ firstName: 'Omar', lastName: 'Haddad' });
    await context.close();
  }, 180_000);
});
