import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from './axeCheck';
import { browserSession, completeCompanyInfo, savedProspect, signInAsNewApplicant, waitForPage } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, seededAgentEnv, startServer, stopServerAndBrowser } from './server';

const suite = chromiumAvailable ? describe : describe.skip;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const AGENT = { username: 'ro.pep', password: 'agent pep password', name: 'Salma Nasser', roCode: 'RO5150' };
const SELF = /^Does this person hold a government position/;
const RELATIVE = /^Does a close relative or associate hold a government position/;

/**
 * Issue 18 item 1 in Chromium: the PEP details (the signatory's and a relative's government position) are asked only
 * when the person is a PEP, on a 360 px phone; a hidden answer is dropped (never stored, never blocking). Item 2: the
 * PEP Check refers the application with reason code RSNLP, which the agent sees on the application page.
 */
suite('PEP government positions', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer(seededAgentEnv(AGENT));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  const pep = (page: Page, yes: boolean) =>
    page.getByRole('radiogroup', { name: /^Is this person a politically exposed person/ }).getByRole('radio', { name: yes ? 'Yes' : 'No' }).check();
  const wizardOf = (page: Page) => page.locator('section[aria-labelledby^="stakeholder-step-"]');
  const continueTo = async (wizard: Locator, heading: string) => {
    await wizard.getByRole('button', { name: 'Continue' }).click();
    await wizard.getByRole('heading', { level: 2, name: heading }).waitFor();
  };
  const backTo = async (wizard: Locator, heading: string) => {
    await wizard.getByRole('button', { name: 'Back' }).click();
    await wizard.getByRole('heading', { level: 2, name: heading }).waitFor();
  };
  const stakeholderKyc = async (page: Page, prospectId: string): Promise<Json> => {
    const saved = await savedProspect(page, server, prospectId);
    return ((saved.prospect.signatoryInfo as Json[])[0] ?? {}).kycDetails ?? {};
  };

  it('PEP Yes shows both positions, No hides and drops them, Yes again asks them afresh; then the step continues (360 px phone)', async () => {
    // bypassCSP: the accessibility check injects axe-core (the app's CSP forbids it).
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const { prospectId } = await signInAsNewApplicant(page, server);
    await completeCompanyInfo(page);
    await page.setViewportSize({ width: 360, height: 740 });

    await page.getByRole('button', { name: 'Add a stakeholder' }).click();
    const wizard = wizardOf(page);
    await wizard.getByRole('heading', { level: 2, name: 'Personal Information' }).waitFor();
    await wizard.getByRole('combobox', { name: /^Salutation/ }).selectOption('MR.');
    await wizard.getByLabel(/^First name/).fill('Khalid');
    await wizard.getByLabel(/^Last name/).fill('Al Mansoori');
    await wizard.getByLabel(/^Date of birth/).fill('02/02/1970');
    const self = wizard.getByRole('combobox', { name: SELF });
    const relative = wizard.getByRole('combobox', { name: RELATIVE });
    expect(await self.count()).toBe(0);

    // Yes: both positions appear, unanswered; the step does not continue without them.
    await pep(page, true);
    await self.waitFor();
    await relative.waitFor();
    await wizard.getByRole('button', { name: 'Continue' }).click();
    await page.getByText("This person's government position is not filled").first().waitFor();
    await page.getByText("A relative's government position is not filled").first().waitFor();
    await self.selectOption('Currently hold');

    // No: both are gone, and the step continues although a position was chosen.
    await pep(page, false);
    await self.waitFor({ state: 'detached' });
    expect(await relative.count()).toBe(0);
    await continueTo(wizard, 'Signatory Rights');
    const notPep = await stakeholderKyc(page, prospectId);
    expect(notPep.isPEP).toBe(false);
    expect(notPep).not.toHaveProperty('selfGovtPosition');

    // Back, Yes again: the questions are asked afresh (the dropped answer does not come back).
    await backTo(wizard, 'Personal Information');
    await pep(page, true);
    await self.waitFor();
    expect(await self.inputValue()).toBe('');
    await self.selectOption('Previously held');
    await relative.selectOption('Never held');
    const layout = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
    expect(layout.scroll, 'no horizontal scrolling at 360 px').toBeLessThanOrEqual(layout.width);
    expect(await axe(page), 'serious or critical accessibility problems of the step with the positions').toEqual([]);
    const box = await self.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360, 'the position select fits the phone').toBe(true);
    await continueTo(wizard, 'Signatory Rights');
    expect(await stakeholderKyc(page, prospectId)).toMatchObject({ isPEP: true, selfGovtPosition: 'Previously held', relativeGovtPosition: 'Never held' });

    // The draft's pre-screening refers a PEP (PEP Check, reason code RSNLP); the customer's answer has no reason code.
    const { encryptRequest, decryptResponse, importPublicKey, ENCRYPTED_RESPONSE_HEADER } = await import('../../src/shared/envelope');
    const { accessToken } = await browserSession(page);
    const publicKey = ((await (await fetch(`${server.url}/api/config`)).json()) as { publicKey: string }).publicKey;
    const path = `/api/prospects/${prospectId}/screening`;
    const sealed = await encryptRequest(await importPublicKey(publicKey), {}, { method: 'POST', path });
    const screened = await fetch(server.url + path, { method: 'POST', headers: { authorization: `Bearer ${accessToken}`, ...sealed.headers }, body: JSON.stringify(sealed.payload) });
    const raw = (await screened.json()) as unknown;
    const body = (screened.headers.get(ENCRYPTED_RESPONSE_HEADER) ? await decryptResponse(sealed.key, raw) : raw) as Json;
    expect(screened.status, JSON.stringify(body)).toBe(200);
    expect(body.screeningResults.find((r: Json) => r.screeningType === 'PEP Check')).toMatchObject({ screeningStatus: 'PENDING', screeningFlag: true });
    expect(JSON.stringify(body)).not.toContain('RSNLP');
    await context.close();

    // The agent's application page: the company's PEP Check and the signatory's own, with the reason code in words.
    const agentContext = await browser.newContext({ viewport: { width: 360, height: 740 }, bypassCSP: true });
    const agentPage = await agentContext.newPage();
    await agentPage.goto(`${server.url}/agent/Login`);
    await agentPage.getByLabel('Username').fill(AGENT.username);
    await agentPage.getByLabel('Password').fill(AGENT.password);
    await agentPage.getByRole('button', { name: 'Login' }).click();
    await agentPage.waitForURL('**/agent/SearchProspect');
    await agentPage.goto(`${server.url}/agent/SearchedAppInfo/${prospectId}`);
    await waitForPage(agentPage, `Application ${prospectId}`);
    const section = agentPage.getByRole('region', { name: 'Screening' });
    const company = section.getByRole('list', { name: 'Company screening' });
    await company.getByText('PEP Check').waitFor();
    await company.getByText('Reason code: RSNLP (Local PEP)').waitFor();
    const own = section.getByRole('list', { name: 'Screening of Khalid Al Mansoori' });
    await own.getByText('Reason code: RSNLP (Local PEP)').waitFor();
    await own.getByText('Negative List Check').waitFor();
    const agentLayout = await agentPage.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
    expect(agentLayout.scroll).toBeLessThanOrEqual(agentLayout.width);
    expect(await axe(agentPage), 'serious or critical accessibility problems of the agent page').toEqual([]);
    await agentContext.close();
  }, 120_000);
});
