import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeCompanyInfo, savedProspect, signInAsNewApplicant, waitForSaved } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, startServer, stopServerAndBrowser } from './server';
import { addPersonStakeholder } from './stakeholderHelpers';

const suite = chromiumAvailable ? describe : describe.skip;

const PERSON_STEPS = ['stakeholderPersonalInfo', 'stakeholderSignatory', 'stakeholderShareholding', 'stakeholderNationality', 'stakeholderResidence', 'stakeholderContact'];

suite('company stakeholders page', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  it('adds one person stakeholder (100 %, signatory) through the wizard and reaches Final Questions', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const { prospectId } = await signInAsNewApplicant(page, server);
    await completeCompanyInfo(page);

    const continueButton = page.getByRole('button', { name: 'Continue to Final Questions' });
    await expect.poll(() => continueButton.getAttribute('aria-disabled')).toBe('true');
    await page.getByText('Company stakeholders are not filled').waitFor();

    await addPersonStakeholder(page, { firstName: 'Layla', lastName: 'Haddad', signatory: true, percentage: 100 });

    const card = page.getByRole('list', { name: 'Company stakeholders' }).getByRole('listitem');
    await expect.poll(() => card.count()).toBe(1);
    await card.getByText('Person · Signatory · Shareholder 100 %').waitFor();
    await card.getByText('Complete').waitFor();
    await page.getByText('Shares held: 100 % of 100 % · Signatories: 1').waitFor();
    await waitForSaved(page);

    const saved = await savedProspect(page, server, prospectId);
    const [stakeholder] = saved.prospect.signatoryInfo as Record<string, unknown>[];
    expect(stakeholder).toMatchObject({
      firstName: 'Layla',
      lastName: 'Haddad',
      fullName: 'Layla Haddad',
      kycDetails: { isShareholderACompany: false, isSignatory: true, isShareholder: true, shareHoldingPercentage: 100, nationality: 'IN', residenceCountry: 'AE', isUAEResident: true },
      accountSigningInfo: { authorityType: '4' },
    });
    const id = stakeholder!.signatoryId as string;
    const done = saved.completedSteps.filter((s) => s.flowId === 'stakeholderPerson' && s.signatoryId === id && s.status === 'COMPLETED').map((s) => s.step);
    expect(done.sort()).toEqual([...PERSON_STEPS].sort());

    await expect.poll(() => continueButton.getAttribute('aria-disabled')).toBeNull();
    await continueButton.click();
    await page.waitForURL('**/business/FinalQuestions**');
    await context.close();
  }, 240_000);

  it('removing a stakeholder asks for confirmation and keyboard focus returns to the page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInAsNewApplicant(page, server);
    await page.goto(`${server.url}/business/StakeholdersInfo`);
    await page.getByRole('button', { name: 'Add a stakeholder' }).click();
    await page.getByLabel(/^First name/).fill('Omar');
    await page.getByRole('button', { name: 'Remove Omar' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Remove Omar');

    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: "Yes, I'm sure" }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('list', { name: 'Company stakeholders' }).count()).toBe(0);
    await page.getByText('No stakeholders yet.', { exact: false }).waitFor();
    await context.close();
  }, 120_000);
});
