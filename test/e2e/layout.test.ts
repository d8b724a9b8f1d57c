import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterCode, latestCode, newApplicant, putProspect, signInAsNewApplicant, startCodeRequest, waitForPage } from './journeyHelpers';
import { measureLayout } from './layoutChecks';
import { chromiumAvailable, launchBrowser, type RunningServer, seededAgentEnv, startServer, stopServerAndBrowser } from './server';

const AGENT = { username: 'ro.layout', password: 'Layout-agent-pass-1', name: 'Mariam Layout', roCode: 'RO5150' };

const suite = chromiumAvailable ? describe : describe.skip;

/** Every customer page, before and after sign-in (the signed-in ones with a stakeholder on the application). */
const publicPaths = [
  '/',
  '/business/accounts',
  '/business/accounts/rakstarter',
  '/business/accounts/business-elite-islamic',
  '/business/accounts/current-account/application-overview',
  '/business/ApplicantInfo',
  '/business/ComeBackLogin',
  '/business/no-such-page',
];
/** Signed-in pages (with a signatory on the application, so that the signatory's final questions exist). */
const signedInPaths = [
  '/business/CompanyInfo?step=1',
  '/business/CompanyInfo?step=2',
  '/business/CompanyInfo?step=3',
  '/business/StakeholdersInfo',
  '/business/FinalQuestions?step=1',
  '/business/FinalQuestions?step=2',
  '/business/FinalQuestions?step=3',
  '/business/FinalQuestions?step=4',
  '/business/FinalQuestions?step=5',
  '/business/FinalQuestions?step=6',
  '/business/FinalQuestions?step=7',
  '/business/FinalQuestions?step=8',
  '/business/FinalQuestions?step=9',
  '/business/UploadDocuments',
  '/business/SelectServices?step=1',
  '/business/SelectServices?step=2',
  '/business/SelectServices?step=3',
  '/business/SelectServices?step=4',
  '/business/SelectServices?step=5',
  '/business/SubmitApplication',
  '/business/MyApplications',
];

/** Widths from the smallest phone to a laptop; targets are checked at the two phone widths. */
const widths = [320, 390, 768, 1366];
const PHONE = 390;

async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"], .fui-Spinner'), undefined, { timeout: 20_000 });
}

/** Resizes the page on screen through the widths (a resize lays the page out again without a reload). */
async function measureWidths(page: Page, name: string): Promise<string[]> {
  const failures: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const report = await measureLayout(page, width <= PHONE ? 44 : 0);
    if (report.scrollWidth > report.viewportWidth) failures.push(`${name} at ${width} px: the page is ${report.scrollWidth} px wide (${report.overflowing.join(', ') || 'no element box reaches past the edge'})`);
    for (const small of report.small) failures.push(`${name} at ${width} px: tap target under 44×44 px: ${small}`);
    for (const clipped of report.clipped) failures.push(`${name} at ${width} px: content wider than its box: ${clipped}`);
  }
  await page.setViewportSize({ width: widths[0]!, height: 800 });
  return failures;
}

/** Loads each page once (at the smallest width) and measures it at every width. */
async function check(page: Page, server: RunningServer, paths: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const path of paths) {
    await page.setViewportSize({ width: widths[0]!, height: 800 });
    await page.goto(server.url + path);
    await settle(page);
    failures.push(...(await measureWidths(page, path)));
  }
  return failures;
}

suite('layout: no page wider than the screen, tap targets of 44×44 px on phones', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer(seededAgentEnv(AGENT));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  it('every customer page at 320, 390, 768 and 1366 px', async () => {
    const page = await browser.newPage();
    const failures = await check(page, server, publicPaths);
    // The code pages exist only while a code request is pending: reached through Basic Information (a new
    // applicant) and the come-back login (a returning one), as a person would.
    const applicant = newApplicant();
    await startCodeRequest(page, server, applicant);
    failures.push(...(await measureWidths(page, '/business/VerifyOTP')));
    await enterCode(page, await latestCode(server, applicant));
    await waitForPage(page, 'Company Details', '**/business/CompanyInfo**');
    // A company name of 45 characters without a space (the header line "… Application for <name>" must wrap).
    await putProspect(page, server, {
      organizationInfo: { companyName: 'C'.repeat(45) },
      signatoryInfo: [{ signatoryId: 'S1', firstName: 'Khalid', lastName: 'Mohammed Al-Mansouri', kycDetails: { isSignatory: true, isShareholderACompany: false } }],
    });
    failures.push(...(await check(page, server, signedInPaths)));
    await page.close();
    const returning = await browser.newPage();
    await returning.goto(server.url + '/business/ComeBackLogin');
    await returning.getByLabel('E-mail').fill(applicant.email);
    await returning.getByLabel('Mobile Number').fill(applicant.mobileNo);
    await returning.getByRole('button', { name: 'Continue' }).click();
    await waitForPage(returning, "Confirm that it's you", '**/business/ComeBackVerification');
    failures.push(...(await measureWidths(returning, '/business/ComeBackVerification')));
    await returning.close();
    expect(failures).toEqual([]);
  }, 600_000);

  it('every agent page at 320, 390, 768 and 1366 px: search with results, an application, its services and KYC annexure, invite', async () => {
    // An application for the agent to find and open.
    const customer = await browser.newPage();
    const { prospectId } = await signInAsNewApplicant(customer, server);
    await putProspect(customer, server, {
      organizationInfo: { companyName: 'Layout Trading LLC', licenseNumber: 'LAYOUT-320' },
      signatoryInfo: [{ signatoryId: 'S1', firstName: 'Khalid', lastName: 'Mohammed Al-Mansouri', kycDetails: { isSignatory: true, isShareholderACompany: false } }],
    });
    await customer.close();

    const page = await browser.newPage();
    const failures = await check(page, server, ['/agent/Login']);
    await page.getByLabel('Username').fill(AGENT.username);
    await page.getByLabel('Password').fill(AGENT.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/agent/SearchProspect');
    await settle(page);
    await page.getByLabel('Trade license number').fill('LAYOUT-320');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('table', { name: 'Applications found' }).waitFor();
    failures.push(...(await measureWidths(page, '/agent/SearchProspect with results')));
    // On a phone each result is a card: every cell (the applicant's name, the status) on screen, nothing to scroll sideways.
    for (const width of [320, 360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      const { cells, scrolls } = await page.evaluate(() => {
        const table = document.querySelector('table[aria-label="Applications found"]')!;
        const region = table.closest('[role="region"]')!;
        return {
          cells: [...table.querySelectorAll('tbody td')].map((td) => ({ label: td.getAttribute('data-label'), left: td.getBoundingClientRect().left, right: td.getBoundingClientRect().right })),
          scrolls: region.scrollWidth > region.clientWidth + 1,
        };
      });
      expect(cells.length).toBeGreaterThanOrEqual(6);
      if (scrolls) failures.push(`/agent/SearchProspect at ${width} px: the results scroll sideways`);
      for (const c of cells) if (c.left < 0 || c.right > width + 0.5) failures.push(`/agent/SearchProspect at ${width} px: the ${c.label} cell is off screen (${Math.round(c.left)}-${Math.round(c.right)} px)`);
    }
    failures.push(...(await check(page, server, [`/agent/SearchedAppInfo/${prospectId}`, `/agent/SearchedAppInfo/${prospectId}/SelectServices`, '/agent/InviteCustomer'])));
    await page.goto(`${server.url}/agent/SearchedAppInfo/${prospectId}`);
    await settle(page);
    await page.getByRole('button', { name: 'Edit KYC annexure' }).click();
    await page.getByRole('heading', { name: 'KYC Annexure' }).first().waitFor();
    await settle(page);
    failures.push(...(await measureWidths(page, 'KYC annexure')));
    await page.close();
    expect(failures).toEqual([]);
  }, 600_000);
});
