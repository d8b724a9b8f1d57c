import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiApplicant, createApplication, makePdf, openInBrowser, seriousViolations, soleProprietorApplication, uploadRequired } from './documentsHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, startServer, stopServerAndBrowser } from './server';

const suite = chromiumAvailable ? describe : describe.skip;

/**
 * A company in an industry the bank does not serve online (sub-category SER/243, virtual currency: the
 * Virtual Currency Check of schemas/screening.json, outcome DECLINE) submits and sees the decline page.
 */
suite('an application that screening declines', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  it('shows the decline message and "Go to home page", which leaves the application', async () => {
    const mobileNo = '501112233';
    const email = 'owner@cryptotrade.ae';
    const client = await apiApplicant(server.url, { email, mobileNo }, 'e2e-decline');
    const data = soleProprietorApplication(mobileNo, email, (d) => {
      d.organizationInfo.companyName = 'Crypto Trade Consultancy';
      d.organizationInfo.licenseNumber = 'RAK-77001';
      d.orgKYCDetails.industryMultiSelect = [{ industry: 'SER', subCategory: '243' }];
    });
    const { prospectId } = await createApplication(client, data);
    await uploadRequired(client, prospectId);

    const page = await (await browser.newContext({ bypassCSP: true })).newPage(); // bypassCSP: the axe-core check injects a script
    await openInBrowser(page, server.url, client, prospectId);
    await page.goto(`${server.url}/business/SubmitApplication`);
    await page.getByLabel('I confirm that the information in this application is true and complete.').check();
    await page.getByRole('button', { name: 'Submit application' }).click();

    const outcome = page.locator('section[data-outcome="DECLINE"]');
    await outcome.waitFor();
    expect(await outcome.getAttribute('data-reason')).toBe('Virtual Currency Check');
    await page
      .getByRole('heading', { level: 1, name: 'We are unable to open accounts online for businesses dealing in virtual currencies. Thank you for your interest in the product' })
      .waitFor();
    const buttons = await outcome.getByRole('button').allTextContents();
    expect(buttons).toEqual(['Go to home page']);
    expect(new URL(page.url()).pathname).toBe('/business/SubmitApplication');
    expect(await seriousViolations(page)).toEqual([]);

    // The button ends the session on the server, moves to the home page in the app, then reloads it without the
    // application: the reload's load event is the end of the sequence (reading storage before it races the reload).
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await outcome.getByRole('button', { name: 'Go to home page' }).click();
    await reloaded;
    expect(new URL(page.url()).pathname).toBe('/business');
    await outcome.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => sessionStorage.getItem('qa.application'))).toBeNull();
    await page.close();
  });
});

/** 001 §4: the upload past the maximum shows the max-documents page, whose 'Explore Now' opens the accounts comparison. */
suite('the maximum number of uploads', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ DOCUMENT_MAX_UPLOADS: '1' });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  it('shows the max-documents page with "Explore Now"', async () => {
    const mobileNo = '502223344';
    const email = 'owner@manydocs.ae';
    const client = await apiApplicant(server.url, { email, mobileNo }, 'e2e-max-docs');
    const { prospectId } = await createApplication(client, soleProprietorApplication(mobileNo, email));
    expect((await client.upload(prospectId, { documentKey: 'TradeLicense-1', documentType: 'TradeLicense' }, makePdf())).status).toBe(200);

    const page = await browser.newPage();
    await openInBrowser(page, server.url, client, prospectId);
    await page.goto(`${server.url}/business/UploadDocuments`);
    await page.getByTestId('file-MOA-1').setInputFiles({ name: 'moa.pdf', mimeType: 'application/pdf', buffer: makePdf() });
    await page
      .getByRole('heading', {
        level: 1,
        name: "Oops! you have reached the maximum no. of documents uploads. Let's have someone call you back within one day to help you out.",
      })
      .waitFor();
    await page.getByRole('button', { name: 'Explore Now' }).click();
    await page.waitForURL((u) => u.pathname === '/business/accounts');
    await page.close();
  });
});
