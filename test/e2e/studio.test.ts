import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser, removeDataDir, type RunningServer, startServer } from './server';

const suite = chromiumAvailable ? describe : describe.skip;

const PRODUCT = { username: 'studio.product', password: 'Product-pass-123' };
const AGENT = { username: 'studio.agent', password: 'Agent-pass-1234' };
const APPLICANT = { email: 'aisha@falcon.ae', countryCode: '971', mobileNo: '501234567' };
const CLIENT_ID = 'quick-apply-web';

type Json = Record<string, unknown>;

suite('schema studio in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let customerToken: string;

  /** The applicant's API calls, plaintext (the server runs with ENCRYPTION=off). */
  async function call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, token = customerToken) {
    const res = await fetch(server.url + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Json };
  }

  /** The applicant's sign-in of test/api/authHelpers.ts over HTTP: device token, code from the outbox, customer token. */
  async function signInCustomer(): Promise<string> {
    const deviceId = 'e2e-studio-device';
    const form = (fields: Record<string, string>) => new URLSearchParams({ client_id: CLIENT_ID, ...fields });
    const device = (await (await fetch(server.url + '/api/onboarding/pre-login/oauth2/token', { method: 'POST', body: form({ device_id: deviceId, unique_id: 'u1' }) })).json()) as {
      access_token: string;
    };
    expect((await call('POST', '/api/otp', { action: 'generate', ...APPLICANT }, device.access_token)).status).toBe(200);
    const outbox = (await (await fetch(`${server.url}/api/dev/outbox?recipient=${APPLICANT.countryCode}${APPLICANT.mobileNo}&limit=1`)).json()) as { messages: { body: string }[] };
    const otpToken = /\b(\d{6})\b/.exec(outbox.messages[0]?.body ?? '')?.[1];
    expect(otpToken, 'no code in the outbox').toBeDefined();
    const verified = await call('POST', '/api/otp', { action: 'verify', ...APPLICANT, otpToken, deviceId }, device.access_token);
    expect(verified.body).toMatchObject({ verified: true });
    const res = await fetch(server.url + '/api/onboarding/post-login/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Bearer ${device.access_token}` },
      body: form({ resource_type: 'customer', device_id: deviceId, unique_id: 'u1' }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  async function createProspect(): Promise<{ prospectId: string; version: number }> {
    const res = await call('POST', '/api/usertypes/sme/prospects', {
      applicantInfo: { fullName: 'Aisha Al Mansoori', ...APPLICANT, applyOnbehalf: false },
      applicationInfo: { accountType: 'currentAccount', islamicBanking: false },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as never;
  }

  /**
   * The applicant's company-details page for one application: the tab gets the customer session and the open
   * application the way the journey keeps them (sessionStorage qa.session / qa.application), as after the
   * one-time-code sign-in, which test/e2e of the journey covers through the UI.
   */
  async function openApplicantCompanyInfo(prospectId: string): Promise<Page> {
    const answer = (await call('GET', `/api/usertypes/sme/prospects/${prospectId}`)).body as { prospect: Json; version: number; status: string };
    const page = await browser.newPage();
    await page.addInitScript(
      ([session, application]) => {
        sessionStorage.setItem('qa.session', session!);
        sessionStorage.setItem('qa.application', application!);
      },
      [
        JSON.stringify({ kind: 'customer', accessToken: customerToken }),
        JSON.stringify({ prospectId, prospect: answer.prospect, version: answer.version, status: answer.status, dirty: false }),
      ],
    );
    await page.goto(server.url + '/business/CompanyInfo');
    await page.getByRole('heading', { name: 'Company Details' }).waitFor();
    return page;
  }

  async function companyNameRule(): Promise<{ maxLength: number; message: string }> {
    const config = (await (await fetch(server.url + '/api/config?segment=sme&role=customer')).json()) as Json;
    const node = (config.steps as Record<string, { schema: Json }>).companyDetails!.schema as {
      properties: { organizationInfo: { properties: Record<string, { maxLength: number; errorMessage: { maxLength: string } }> } };
    };
    const field = node.properties.organizationInfo.properties.companyName!;
    return { maxLength: field.maxLength, message: field.errorMessage.maxLength };
  }

  async function signInStudio(page: Page, who: { username: string; password: string }, start = '/studio') {
    await page.goto(server.url + start);
    await page.getByRole('heading', { name: 'Schema studio sign-in' }).waitFor();
    await page.getByLabel('Username').fill(who.username);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  async function openCompanyDetails(page: Page) {
    await signInStudio(page, PRODUCT, '/studio/steps/companyDetails');
    await page.getByRole('heading', { name: 'companyDetails', level: 1 }).waitFor();
    await page.getByRole('region', { name: 'Preview' }).getByLabel('Company name').waitFor();
  }

  /** Check, acknowledge failing fixtures or applications when asked, publish; returns the new version. */
  async function checkAndPublish(page: Page, message: string): Promise<number> {
    await page.getByRole('button', { name: 'Check draft' }).click();
    await page.getByText('No problems in the draft.').waitFor();
    const ack = page.getByRole('checkbox', { name: /I understand/ });
    if ((await ack.count()) > 0) await ack.check();
    await page.getByLabel('Change message').fill(message);
    await page.getByRole('button', { name: 'Publish' }).click();
    const done = page.getByText(/Published as version \d+/);
    await done.waitFor();
    return Number(/version (\d+)/.exec((await done.textContent())!)![1]);
  }

  beforeAll(async () => {
    server = await startServer({
      ENCRYPTION: 'off',
      SEED_PRODUCT_USERNAME: PRODUCT.username,
      SEED_PRODUCT_PASSWORD: PRODUCT.password,
      SEED_PRODUCT_NAME: 'Layla Product',
      SEED_AGENT_USERNAME: AGENT.username,
      SEED_AGENT_PASSWORD: AGENT.password,
      SEED_AGENT_RO_CODE: 'RO123',
    });
    browser = await launchBrowser();
    customerToken = await signInCustomer();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDataDir(server.dataDir);
  });

  it('refuses an agent', async () => {
    const page = await browser.newPage();
    await signInStudio(page, AGENT);
    await page.getByText('No access to the schema studio').waitFor();
    await page.getByText(/only for product staff/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/studio/Login');
    // Nothing of the studio opens without the product role.
    await page.goto(server.url + '/studio/versions');
    await page.getByRole('heading', { name: 'Schema studio sign-in' }).waitFor();
    await page.close();
  });

  it('changes a max length and its message in the form view, publishes it to applicants, and rolls it back', async () => {
    expect(await companyNameRule()).toEqual({ maxLength: 50, message: 'Maximum 50 characters allowed' });
    const page = await browser.newPage();
    await openCompanyDetails(page);
    await page.getByLabel('Field', { exact: true }).selectOption('organizationInfo.companyName');
    await page.getByLabel('Max length', { exact: true }).fill('40');
    await page.getByLabel('Max length message', { exact: true }).fill('Company name: at most 40 characters');

    const preview = page.getByRole('region', { name: 'Preview' });
    // The applicant's input takes no more than the draft's limit...
    await preview.getByLabel('Company name').fill('A'.repeat(45));
    expect(await preview.getByLabel('Company name').inputValue()).toBe('A'.repeat(40));
    // ...and longer data (a saved application) is refused with the new message.
    await preview.getByText('Answers as JSON').click();
    await preview.getByLabel('Answers (JSON)').fill(JSON.stringify({ organizationInfo: { companyName: 'A'.repeat(45), noOfEmployees: 5 }, orgKYCDetails: {} }));
    await preview.getByRole('button', { name: 'Use these answers' }).click();
    await preview.getByRole('button', { name: 'Continue' }).click();
    await preview.getByText('Company name: at most 40 characters').waitFor();
    await preview.getByLabel('Company name').fill('A'.repeat(40));
    await expect(preview.getByText('Company name: at most 40 characters').count()).resolves.toBe(0);

    const version = await checkAndPublish(page, 'Company name: at most 40 characters');
    expect(version).toBe(2);
    await page.close();

    // The applicant's side: the config, the save call and the form all apply the new rule.
    expect(await companyNameRule()).toEqual({ maxLength: 40, message: 'Company name: at most 40 characters' });
    const { prospectId, version: v } = await createProspect();
    const refused = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, { prospect: { organizationInfo: { companyName: 'A'.repeat(45) } }, saveType: 'auto', version: v });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual(expect.objectContaining({ field: 'prospect.organizationInfo.companyName', message: 'Company name: at most 40 characters' }));

    const applicant = await openApplicantCompanyInfo(prospectId);
    await applicant.getByLabel('Company name').fill('A'.repeat(45));
    expect(await applicant.getByLabel('Company name').inputValue()).toBe('A'.repeat(40)); // the 41st character on is refused
    await applicant.close();

    // Rollback (with confirmation) restores 50.
    const studio = await browser.newPage();
    await signInStudio(studio, PRODUCT, '/studio/versions');
    await studio.getByRole('table', { name: 'Published versions' }).waitFor();
    await studio.getByRole('button', { name: 'Roll back to version 1' }).click();
    await studio.getByRole('alertdialog').getByRole('button', { name: 'Roll back' }).click();
    await studio.getByText(`Rolled back to version 1: published as version ${version + 1}.`).waitFor();
    expect(await companyNameRule()).toEqual({ maxLength: 50, message: 'Maximum 50 characters allowed' });
    // The difference between any two versions.
    await studio.getByLabel('From version', { exact: true }).selectOption('1');
    await studio.getByLabel('To version', { exact: true }).selectOption('2');
    await studio.getByRole('table', { name: 'Changes in steps/companyDetails.schema.json' }).getByText('/properties/organizationInfo/properties/companyName/maxLength').waitFor();
    await studio.close();
  }, 180_000);

  it('adds an optional field that applicants then see and save', async () => {
    const page = await browser.newPage();
    await openCompanyDetails(page);
    await page.getByLabel('Add to section').selectOption('organizationInfo');
    await page.getByLabel('Field name', { exact: true }).fill('tradeName');
    await page.getByLabel('New field label').fill('Trade name');
    await page.getByLabel('New field max length').fill('30');
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByRole('region', { name: 'Preview' }).getByLabel('Trade name').waitFor();
    // The draft survives a reload (sessionStorage).
    await page.reload();
    await page.getByRole('region', { name: 'Preview' }).getByLabel('Trade name').waitFor();
    expect(await checkAndPublish(page, 'Trade name (optional)')).toBeGreaterThan(1);
    await page.close();

    const { prospectId, version } = await createProspect();
    const applicant = await openApplicantCompanyInfo(prospectId);
    await applicant.getByLabel('Trade name').waitFor();
    await applicant.close();

    const saved = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, {
      prospect: { organizationInfo: { companyName: 'Falcon Trading LLC', tradeName: 'Falcon' } },
      saveType: 'auto',
      version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const read = await call('GET', `/api/usertypes/sme/prospects/${prospectId}`);
    expect(JSON.stringify(read.body)).toContain('"tradeName":"Falcon"');
    const tooLong = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, {
      prospect: { organizationInfo: { companyName: 'Falcon Trading LLC', tradeName: 'F'.repeat(31) } },
      saveType: 'auto',
      version: (saved.body as { version: number }).version,
    });
    expect(tooLong.body.errors).toContainEqual(expect.objectContaining({ field: 'prospect.organizationInfo.tradeName', message: 'Maximum 30 characters allowed' }));
  }, 180_000);

  it('warns when a draft would make saved applications invalid', async () => {
    const { prospectId, version } = await createProspect();
    const saved = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, {
      prospect: { organizationInfo: { companyName: 'Falcon General Trading Company LLC' } }, // 34 characters: valid today
      saveType: 'auto',
      version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const page = await browser.newPage();
    await openCompanyDetails(page);
    await page.getByLabel('Field', { exact: true }).selectOption('organizationInfo.companyName');
    await page.getByLabel('Max length', { exact: true }).fill('20');
    await page.getByRole('button', { name: 'Check draft' }).click();
    const warning = page.getByText(/Breaking change: \d+ saved applications? would newly fail/);
    await warning.waitFor();
    await page.getByText(/prospect\.organizationInfo\.companyName \(\d+\)/).waitFor();
    // Publishing waits for an explicit acknowledgement.
    await page.getByLabel('Change message').fill('Shorter company names');
    expect(await page.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
    await page.close();
  }, 120_000);
});
