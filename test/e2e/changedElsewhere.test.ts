import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putProspect, savedProspect, signInAsNewApplicant, waitForPage, waitForSaved } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, startServer, stopServerAndBrowser } from './server';

const suite = chromiumAvailable ? describe : describe.skip;
const SHOTS = process.env.E2E_SCREENSHOTS; // a folder: the walk's screenshots are written there
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SARA = {
  signatoryId: 'S1',
  salutation: 'MS.',
  firstName: 'Sara',
  lastName: 'Khan',
  kycDetails: { isShareholderACompany: false, dateOfBirth: '1985-04-15', isPEP: false, isSignatory: true },
};
const OMAR = { signatoryId: 'S2', salutation: 'MR.', firstName: 'Omar', lastName: 'Nasser', kycDetails: { isShareholderACompany: false, dateOfBirth: '1980-02-01', isPEP: false } };

/**
 * The same application open in two tabs of one browser (QA walk, 390 px): a change saved in one tab never makes the
 * other lose what its applicant typed. A 409 rebases the tab's edits onto the latest copy and saves them again;
 * only an answer changed in both tabs is asked about (the applicant's value stays on screen, nothing says "saved");
 * a page load shows the server's copy, not the one kept in the tab.
 */
suite('the application changed in another tab', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  async function shot(page: Page, name: string): Promise<void> {
    if (!SHOTS) return;
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }

  /** Tab A signed in with an application (Sara Khan and Omar Nasser as stakeholders), and tab B as a copy of it (a duplicated tab). */
  async function twoTabs(): Promise<{ context: BrowserContext; a: Page; b: Page }> {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const a = await context.newPage();
    await signInAsNewApplicant(a, server);
    await putProspect(a, server, {
      organizationInfo: { companyName: 'Falcon Trading LLC', noOfEmployees: 12 },
      signatoryInfo: [SARA, OMAR],
      orgKYCDetails: { topCustomers: [{ name: 'Gulf Foods', country: 'AE' }] },
    });
    const storage = await a.evaluate(() => Object.entries(sessionStorage));
    const b = await context.newPage();
    // A duplicated tab starts with a copy of the tab's session storage (its session and its kept application).
    await b.addInitScript((items: [string, string][]) => {
      if (!sessionStorage.getItem('qa.session')) for (const [k, v] of items) sessionStorage.setItem(k, v);
    }, storage);
    return { context, a, b };
  }

  it('a stakeholder edit made while another tab saved a different answer is saved, with the other change kept', async () => {
    const { context, a, b } = await twoTabs();
    await a.goto(`${server.url}/business/FinalQuestions?step=1`);
    await waitForPage(a, 'Business relationships');
    await b.goto(`${server.url}/business/StakeholdersInfo`);
    await waitForPage(b, 'Company Stakeholders');
    await b.getByRole('button', { name: 'Edit Sara Khan' }).click();
    const wizard = b.locator('section[aria-labelledby^="stakeholder-step-"]');
    await wizard.getByRole('heading', { level: 2, name: 'Personal Information' }).waitFor();

    // Tab A changes the top customer's name and saves.
    await a.getByLabel(/^Customer name/).first().fill('Gulf Foods Trading');
    await waitForSaved(a);
    const before = await savedProspect(a, server);

    // Tab B types a middle name and continues: its save meets the newer version.
    await wizard.getByLabel(/^Middle name/).fill('Ali');
    await wizard.getByRole('button', { name: 'Continue' }).click();
    await wizard.getByRole('heading', { level: 2, name: 'Signatory Rights' }).waitFor();
    await waitForSaved(b);
    await shot(b, 'stakeholder-rebased');
    expect(await b.getByText('changed elsewhere').count()).toBe(0);

    const after = await savedProspect(a, server);
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.prospect.signatoryInfo).toMatchObject([{ signatoryId: 'S1', middleName: 'Ali' }, { signatoryId: 'S2', firstName: 'Omar' }]);
    expect((after.prospect.orgKYCDetails as Json).topCustomers).toEqual([{ name: 'Gulf Foods Trading', country: 'AE' }]);
    expect(after.completedSteps).toContainEqual(expect.objectContaining({ flowId: 'stakeholderPerson', step: 'stakeholderPersonalInfo', signatoryId: 'S1', status: 'COMPLETED' }));
    await context.close();
  }, 240_000);

  it('the same answer changed in both tabs: the applicant is told, their value stays on screen and nothing says saved until they continue', async () => {
    const { context, a, b } = await twoTabs();
    await b.goto(`${server.url}/business/StakeholdersInfo?stakeholder=S1&step=1`);
    const wizard = b.locator('section[aria-labelledby^="stakeholder-step-"]');
    await wizard.getByRole('heading', { level: 2, name: 'Personal Information' }).waitFor();
    // The other tab (here its save through the API) gives Sara another middle name.
    await putProspect(a, server, { signatoryInfo: [{ ...SARA, middleName: 'Omar' }, OMAR] });

    await wizard.getByLabel(/^Middle name/).fill('Ali');
    await wizard.getByRole('button', { name: 'Continue' }).click();
    const notice = wizard.getByRole('alert').filter({ hasText: 'changed elsewhere' });
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/kept your answers on screen but did not save them/);
    // It names the answer to check under its step, which links to it (the list's code loads with the notice).
    await expect.poll(() => notice.getByRole('listitem').allTextContents()).toEqual(['Personal Information: Sara Ali Khan: Middle name']);
    expect(await notice.getByRole('link', { name: 'Personal Information: Sara Ali Khan' }).getAttribute('href')).toBe('/business/StakeholdersInfo?stakeholder=S1&step=1');
    expect(await wizard.getByLabel(/^Middle name/).inputValue()).toBe('Ali');
    await wizard.getByRole('heading', { level: 2, name: 'Personal Information' }).waitFor();
    await b.locator('[data-save-state="pending"]').waitFor();
    expect(await b.locator('[data-save-state="saved"]').count()).toBe(0);
    await shot(b, 'stakeholder-conflict');
    // Nothing was saved over the other tab's answer.
    expect((await savedProspect(a, server)).prospect.signatoryInfo).toMatchObject([{ signatoryId: 'S1', middleName: 'Omar' }, { signatoryId: 'S2' }]);

    // Continue again: the applicant's answer is saved on the latest version.
    await wizard.getByRole('button', { name: 'Continue' }).click();
    await wizard.getByRole('heading', { level: 2, name: 'Signatory Rights' }).waitFor();
    await waitForSaved(b);
    expect((await savedProspect(a, server)).prospect.signatoryInfo).toMatchObject([{ signatoryId: 'S1', middleName: 'Ali' }, { signatoryId: 'S2' }]);
    await context.close();
  }, 240_000);

  it('after a conflict a reload keeps the answer unsaved and asked about: nothing saved over the other tab, never "saved", also once the session ended', async () => {
    const { context, a, b } = await twoTabs();
    await a.goto(`${server.url}/business/CompanyInfo`);
    await waitForPage(a, 'Company Details');
    await b.goto(`${server.url}/business/CompanyInfo`);
    await waitForPage(b, 'Company Details');
    await a.getByLabel(/^Company name/).fill('Tab One LLC');
    await waitForSaved(a);
    await b.getByLabel(/^Company name/).fill('Tab Two LLC');
    const notice = b.getByRole('alert').filter({ hasText: 'changed elsewhere' });
    await notice.waitFor();
    await b.locator('[data-save-state="pending"]').waitFor();

    // F5 in tab B: its answer, the notice naming it, still not saved (and not said to be).
    await b.reload();
    await waitForPage(b, 'Company Details');
    await expect.poll(() => b.getByLabel(/^Company name/).inputValue()).toBe('Tab Two LLC');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/kept your answers on screen but did not save them/);
    await expect.poll(async () => (await notice.getByRole('listitem').allTextContents()).join()).toMatch(/Company name/);
    await b.locator('[data-save-state="pending"]').waitFor();
    // Longer than a save's debounce and check: nothing goes.
    await b.waitForTimeout(3000);
    expect(await b.locator('[data-save-state="saved"]').count()).toBe(0);
    await shot(b, 'conflict-reloaded');
    expect((await savedProspect(a, server)).prospect.organizationInfo).toMatchObject({ companyName: 'Tab One LLC' });

    // Logged out in tab A: tab B reloaded shows the session's end, never "saved" for its unsaved answer.
    await a.getByRole('button', { name: 'Logout' }).click();
    await a.waitForURL('**/business/ComeBackLogin');
    await b.reload();
    await b.getByRole('alertdialog', { name: /Sorry, your session has expired/ }).waitFor({ timeout: 60_000 });
    await b.waitForTimeout(3000);
    await shot(b, 'conflict-reloaded-logged-out');
    expect(await b.locator('[data-save-state="saved"]').count()).toBe(0);
    await context.close();
  }, 240_000);

  it('a reload shows the server\'s copy, and answers typed on a page survive a save refused because the other tab saved', async () => {
    const { context, a, b } = await twoTabs();
    await b.goto(`${server.url}/business/CompanyInfo?step=1`);
    await waitForPage(b, 'Company Details');
    expect(await b.getByLabel('Number of employees').inputValue()).toBe('12');

    await a.goto(`${server.url}/business/CompanyInfo?step=1`);
    await waitForPage(a, 'Company Details');
    await a.getByLabel('Number of employees').fill('13');
    await waitForSaved(a);
    await expect.poll(async () => ((await savedProspect(a, server)).prospect.organizationInfo as { noOfEmployees?: number }).noOfEmployees, { timeout: 15_000 }).toBe(13);

    // F5 in tab B: the server's 13, not the 12 kept in the tab.
    await b.reload();
    await waitForPage(b, 'Company Details');
    await expect.poll(() => b.getByLabel('Number of employees').inputValue()).toBe('13');
    // And a tab opened on the address (the kept copy painted first) shows it too.
    await b.goto(`${server.url}/business/FinalQuestions?step=1`);
    await waitForPage(b, 'Business relationships');

    // Tab A saves again while B fills the page: B's next save meets the newer version.
    await a.getByLabel('Number of employees').fill('14');
    await waitForSaved(a);
    await b.getByLabel(/^Customer name/).first().fill('Emirates Retail');
    await b.getByRole('checkbox', { name: /^I don't have any suppliers yet/ }).check();
    await b.getByRole('checkbox', { name: /^I don't trade goods yet/ }).check();
    await b.getByRole('radiogroup', { name: /^Does the company have accounts with other banks\?/ }).getByRole('radio', { name: 'No' }).check();
    await b.getByRole('radiogroup', { name: /^Does the company, directly or indirectly, deal with sanctioned countries\?/ }).getByRole('radio', { name: 'No' }).check();
    await waitForSaved(b);
    await shot(b, 'relationships-rebased');
    expect(await b.getByText('changed elsewhere').count()).toBe(0);
    expect(await b.getByLabel(/^Customer name/).first().inputValue()).toBe('Emirates Retail');
    expect(await b.getByRole('radiogroup', { name: /^Does the company have accounts with other banks\?/ }).getByRole('radio', { name: 'No' }).isChecked()).toBe(true);

    const saved = await savedProspect(a, server);
    expect(saved.prospect.organizationInfo).toMatchObject({ noOfEmployees: 14 });
    expect(saved.prospect.orgKYCDetails).toMatchObject({
      topCustomers: [{ name: 'Emirates Retail', country: 'AE' }],
      dontHaveSuppliersYet: true,
      dontTradeGoodsYet: true,
      otherBankingRelationshipsExist: 'N',
      isDealingWithSanctionedCountries: 'N',
    });
    await context.close();
  }, 240_000);
  it('a tab brought back to the front shows what the other tab saved meanwhile, with its own answers kept (no reload)', async () => {
    const { context, a, b } = await twoTabs();
    await a.goto(`${server.url}/business/CompanyInfo`);
    await waitForPage(a, 'Company Details');
    const nameA = a.getByLabel(/^Company name/);
    await expect.poll(() => nameA.inputValue()).toBe('Falcon Trading LLC');
    // Tab A's own answer, saved before the applicant switches tabs.
    await a.getByLabel(/^Number of employees/).fill('15');
    await waitForSaved(a);

    // Tab B (a copy from before that save) renames the company: its save meets A's version, is rebased and saved.
    await b.bringToFront();
    await b.goto(`${server.url}/business/CompanyInfo`);
    await waitForPage(b, 'Company Details');
    await b.getByLabel(/^Company name/).fill('Falcon General Trading LLC');
    await waitForSaved(b);
    await expect.poll(async () => (await savedProspect(b, server)).prospect.organizationInfo).toMatchObject({ companyName: 'Falcon General Trading LLC', noOfEmployees: 15 });

    // Back to tab A: it shows the new name without a reload, and its own answer.
    await a.bringToFront();
    // Headless Chromium keeps every tab visible and focused, so bringing one to the front fires nothing: the window's
    // focus event a real switch of tabs or windows fires is sent here.
    await a.evaluate(() => window.dispatchEvent(new FocusEvent('focus')));
    await expect.poll(() => nameA.inputValue(), { timeout: 10_000 }).toBe('Falcon General Trading LLC');
    await expect(a.getByLabel(/^Number of employees/).inputValue()).resolves.toBe('15');
    await expect(a.getByRole('alert').filter({ hasText: 'changed elsewhere' }).count()).resolves.toBe(0);
    // Its next save goes against the version it now shows: nothing of B's is undone.
    await a.getByLabel(/^Number of employees/).fill('16');
    await waitForSaved(a);
    await expect.poll(async () => (await savedProspect(a, server)).prospect.organizationInfo).toMatchObject({ companyName: 'Falcon General Trading LLC', noOfEmployees: 16 });
    await context.close();
  });
});
