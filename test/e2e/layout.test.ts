import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putProspect, signInAsNewApplicant } from './journeyHelpers';
import { measureLayout } from './layoutChecks';
import { chromiumAvailable, launchBrowser, removeDataDir, type RunningServer, startServer } from './server';

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

/** Loads each page once and resizes it through the widths (a resize lays the page out again without a reload). */
async function check(page: Page, server: RunningServer, paths: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const path of paths) {
    await page.setViewportSize({ width: widths[0]!, height: 800 });
    await page.goto(server.url + path);
    await settle(page);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const report = await measureLayout(page, width <= PHONE ? 44 : 0);
      if (report.scrollWidth > report.viewportWidth) failures.push(`${path} at ${width} px: the page is ${report.scrollWidth} px wide`);
      for (const small of report.small) failures.push(`${path} at ${width} px: tap target under 44×44 px: ${small}`);
    }
  }
  return failures;
}

suite('layout: no page wider than the screen, tap targets of 44×44 px on phones', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDataDir(server.dataDir);
  });

  it('every customer page at 320, 390, 768 and 1366 px', async () => {
    const page = await browser.newPage();
    const failures = await check(page, server, publicPaths);
    await signInAsNewApplicant(page, server);
    await putProspect(page, server, {
      signatoryInfo: [{ signatoryId: 'S1', firstName: 'Khalid', lastName: 'Mohammed Al-Mansouri', kycDetails: { isSignatory: true, isShareholderACompany: false } }],
    });
    failures.push(...(await check(page, server, signedInPaths)));
    await page.close();
    expect(failures).toEqual([]);
  }, 600_000);
});
