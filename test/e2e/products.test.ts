import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession, signInAsNewApplicant, waitForPage } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, startServer, stopServerAndBrowser } from './server';

const suite = chromiumAvailable ? describe : describe.skip;
const SHOTS = process.env.E2E_SCREENSHOTS; // a folder: the walk's screenshots are written there

suite('products, shell and session dialogs in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  it('compares the accounts from the config, switches to Islamic keeping the query, and stores the chosen account', async () => {
    const page = await browser.newPage();
    await page.goto(server.url + '/business/accounts?utm=x');
    await page.getByRole('heading', { name: 'Compare our business accounts' }).waitFor();
    await page.getByRole('rowheader', { name: 'Monthly average credit balance' }).waitFor();
    await expect(page.getByRole('cell', { name: 'AED 500,000 (or equivalent at entity level)' }).count()).resolves.toBe(1);
    await expect(page.locator('nav[data-variant]').getAttribute('data-variant')).resolves.toBe('standard');

    // The starter-age notice before the starter account.
    await page.getByRole('button', { name: 'Choose RAKstarter' }).click();
    await page.getByText('Please note that the starter account is only available for business with a length of business less than a year.').waitFor();
    await page.getByRole('button', { name: 'Open Current Account' }).click();
    // The product page's own switch: until its chunk has loaded, the comparison (with a switch of its own) is still shown.
    await waitForPage(page, 'Current Account', '**/business/accounts/current-account?utm=x');

    // A click, not check(): the switch navigates to the Islamic page, whose own switch then shows the choice (checked below by the page).
    await page.getByRole('radio', { name: 'Islamic' }).click();
    await waitForPage(page, 'Current Account RAKislamic', '**/business/accounts/current-account-islamic?utm=x');
    await expect.poll(() => page.getByRole('radio', { name: 'Islamic' }).isChecked()).toBe(true);
    await expect(page.locator('nav[data-variant]').getAttribute('data-variant')).resolves.toBe('islamic');

    await page.getByRole('button', { name: 'Apply now' }).click();
    await waitForPage(page, 'Apply for Current Account RAKislamic', '**/business/accounts/current-account-islamic/application-overview?utm=x');
    await page.getByRole('button', { name: 'Back to other account options' }).waitFor();
    await page.getByRole('button', { name: 'Start application' }).click();
    await waitForPage(page, 'Basic Information', '**/business/ApplicantInfo?utm=x');
    const choice = await page.evaluate(() => sessionStorage.getItem('qa.accountChoice'));
    expect(JSON.parse(choice!)).toEqual({ accountType: 'currentAccount', islamicBanking: true });
    await page.close();
  });

  it('sends an unknown account type to the comparison and keeps the query on the logo link', async () => {
    const page = await browser.newPage();
    await page.goto(server.url + '/business/accounts/savings?rocode=R7');
    await page.waitForURL('**/business/accounts?rocode=R7');
    await expect(page.getByRole('link', { name: /all business accounts/ }).getAttribute('href')).resolves.toBe('/business/accounts?rocode=R7');
    await page.close();
  });

  it('elite is maroon; on a phone the panel is a top band and the desktop banner can be closed', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(server.url + '/business/accounts/business-elite');
    await page.getByRole('heading', { name: 'Business Elite' }).waitFor();
    await expect(page.locator('nav[data-variant]').getAttribute('data-variant')).resolves.toBe('elite');
    const banner = page.getByText('Use the desktop to access all the services of Quick Apply');
    await banner.waitFor();
    const nav = await page.locator('nav[data-variant]').boundingBox();
    expect(nav!.width).toBeGreaterThan(380);
    await page.getByRole('button', { name: 'Close the banner' }).click();
    await expect(banner.count()).resolves.toBe(0);
    await page.reload();
    await page.getByRole('heading', { name: 'Business Elite' }).waitFor();
    await expect(banner.count()).resolves.toBe(0);
    await context.close();
  });

  it('counts down after inactivity, and at zero ends the session on the server and in the tab (as Logout)', async () => {
    // A new applicant on a phone types a company name, then leaves the tab (QA walk, 390 px).
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.clock.install();
    const { prospectId } = await signInAsNewApplicant(page, server);
    await page.getByLabel(/^Company name/).fill('Idle Trading LLC');
    const { accessToken } = await browserSession(page);
    const { refreshToken } = JSON.parse((await page.evaluate(() => sessionStorage.getItem('qa.session')))!) as { refreshToken: string };

    await page.clock.fastForward('10:01');
    const countdown = page.getByRole('alertdialog', { name: 'Oops, looks like your session is about to expire. Would you like to continue on this page?' });
    await countdown.waitFor();
    const first = Number(await countdown.locator('strong').textContent());
    expect(first).toBeLessThanOrEqual(60);
    await page.clock.runFor(2000);
    await expect.poll(async () => Number(await countdown.locator('strong').textContent())).toBeLessThan(first);
    await page.clock.runFor(61_000);
    // By its role and name: a screen reader reaches it (the countdown's modal once left it inside a wrapper it hid).
    const expired = page.getByRole('alertdialog', { name: /Sorry, your session has expired/ });
    await expired.waitFor();
    await expired.getByRole('button', { name: 'Reload' }).waitFor();
    // The countdown's Yes is gone: the focus is on the expiry's button, not lost on the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Reload');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/idle-expired.png`, fullPage: true });

    // The tab forgot the session, the application and the draft...
    const kept = await page.evaluate(() => ['qa.session', 'qa.application', 'qa.draftProspect'].map((k) => sessionStorage.getItem(k)));
    expect(kept).toEqual(['null', null, null]);
    // ...and the server ended it: the old access token and the refresh token are refused.
    await expect.poll(async () => (await fetch(`${server.url}/api/usertypes/sme/prospects/${prospectId}`, { headers: { authorization: `Bearer ${accessToken}` } })).status).toBe(401);
    const refreshed = await fetch(`${server.url}/api/onboarding/post-login/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'quick-apply-web', grant_type: 'refresh_token', refresh_token: refreshToken }),
    });
    expect(refreshed.status).toBe(401);

    await page.locator('[role="alertdialog"] button', { hasText: 'Reload' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    await context.close();
  }, 180_000);
});
