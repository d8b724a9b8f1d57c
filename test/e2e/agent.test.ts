import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession, enterCode, latestCode } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, seededAgentEnv, startServer, stopServerAndBrowser } from './server';

const suite = chromiumAvailable ? describe : describe.skip;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const AGENT = { username: 'ro.e2e', password: 'agent e2e password', name: 'Hamad Saeed', roCode: 'RO4321' };
const applicant = { email: 'noura@example.ae', countryCode: '971', mobileNo: '502223344' };
const TRADE_LICENCE = 'CN-7788990';

const annexureFixtures = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'kycAnnexure', 'valid.json'), 'utf8'));
/** A complete annexure (fixtures/kycAnnexure/valid.json #1: meeting elsewhere, so no DSA checklist) and the visits of #0. */
const ANNEXURE: Json = annexureFixtures[1].data.kycAnnexure;
const VISITS: Json[] = annexureFixtures[0].data.kycAnnexure.visitDetails;

/** A real (if minimal) PDF padded past the 50 KB minimum. */
function pdf(size = 60_000): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n');
  const tail = Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  const out = Buffer.alloc(size, 0x20);
  head.copy(out);
  for (let i = head.length; i < size - tail.length; i++) out[i] = i % 80 === 0 ? 0x0a : 0x25; // comment lines
  tail.copy(out, size - tail.length);
  return out;
}

/**
 * The agent channel end to end: a customer application set up through the API (one-time code, prospect, a
 * real document), then in Chromium the agent logs in, finds it by trade licence and by mobile number, opens
 * it, downloads the document, and invites a customer whose application then carries the agent's RO code.
 */
suite('agent channel in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let prospectId: string;
  const fileBytes = pdf();

  const api = async (path: string, init: { method?: string; token?: string; json?: unknown; form?: Record<string, string>; body?: BodyInit } = {}) => {
    const headers: Record<string, string> = {};
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(server.url + path, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : undefined) as Json };
  };

  /** Device token, one-time code from the development outbox, customer token. */
  async function customerToken(who: typeof applicant, deviceId: string): Promise<string> {
    const device = await api('/api/onboarding/pre-login/oauth2/token', { form: { client_id: 'quick-apply-web', device_id: deviceId, unique_id: 'e2e' } });
    expect(device.status).toBe(200);
    const generated = await api('/api/otp', { token: device.json.access_token, json: { action: 'generate', ...who } });
    expect(generated.status, JSON.stringify(generated.json)).toBe(200);
    const outbox = await api(`/api/dev/outbox?recipient=${who.countryCode}${who.mobileNo}&limit=1`);
    const otpToken = /\b(\d{6})\b/.exec(outbox.json.messages[0].body)![1]!;
    const verified = await api('/api/otp', { token: device.json.access_token, json: { action: 'verify', ...who, otpToken, deviceId } });
    expect(verified.json).toMatchObject({ verified: true });
    const customer = await api('/api/onboarding/post-login/oauth2/token', {
      token: device.json.access_token,
      form: { client_id: 'quick-apply-web', resource_type: 'customer', device_id: deviceId, unique_id: 'e2e' },
    });
    expect(customer.status).toBe(200);
    return customer.json.access_token;
  }

  beforeAll(async () => {
    server = await startServer({
      // The test's own API calls are plaintext; the browser still encrypts its bodies.
      ENCRYPTION: 'off',
      ...seededAgentEnv(AGENT),
    });
    browser = await launchBrowser();

    const token = await customerToken(applicant, 'e2e-customer-device');
    const created = await api('/api/usertypes/sme/prospects', {
      token,
      json: { applicantInfo: { fullName: 'Noura Khalifa', ...applicant }, organizationInfo: { companyName: 'Pearl Dunes Trading', licenseNumber: TRADE_LICENCE } },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    prospectId = created.json.prospectId;

    const form = new FormData();
    form.append('documentKey', 'TradeLicense-1');
    form.append('documentType', 'TradeLicense');
    form.append('file', new Blob([new Uint8Array(fileBytes)], { type: 'application/pdf' }), 'trade licence.pdf');
    const uploaded = await api(`/api/rest/v1/banks/rak/prospectId/${prospectId}/documents`, { token, body: form });
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(200);

    page = await browser.newPage({ acceptDownloads: true });
  });
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  it('sends an agent without a session to the login, shows the server\'s message for wrong credentials, then returns to the page asked for', async () => {
    await page.goto(`${server.url}/agent/SearchProspect`);
    await page.waitForURL('**/agent/Login');
    await page.getByRole('heading', { name: 'Agent login' }).waitFor();

    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Username is not filled').waitFor();
    await expect(page.getByLabel('Password').getAttribute('type')).resolves.toBe('password');

    await page.getByLabel('Username').fill(AGENT.username);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('The username or password is incorrect').waitFor();
    // The password is cleared, but the empty field is not flagged: only "Login failed" shows until the agent tries again.
    await expect(page.getByLabel('Password').inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Username').inputValue()).resolves.toBe(AGENT.username);
    await expect(page.getByText('Password is not filled').count()).resolves.toBe(0);
    await expect(page.getByLabel('Password').getAttribute('aria-invalid')).resolves.not.toBe('true');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Password is not filled').waitFor();

    await page.getByLabel('Password').fill(AGENT.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/agent/SearchProspect');
    await page.getByRole('heading', { name: 'Search applications' }).waitFor();
    // Above the form: the agent's name, RO code and Logout; the agent's step list in the panel.
    await page.getByText(AGENT.name).first().waitFor();
    await page.getByText(AGENT.roCode).first().waitFor();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await expect(page.getByRole('list', { name: 'Application steps' }).textContent()).resolves.toMatch(/Search Applications.*Send Invite/);
  });

  it('asks for at least one criterion, then finds the application by trade licence and by mobile number', async () => {
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Enter at least one search criterion').waitFor();

    await page.getByLabel('Trade license number').fill(TRADE_LICENCE);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('heading', { name: '1 application found' }).waitFor();
    await page.getByRole('link', { name: prospectId }).waitFor();
    await expect(page.getByRole('table', { name: 'Applications found' }).textContent()).resolves.toContain('Pearl Dunes Trading');

    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByLabel('Mobile Number').fill('509999999');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('heading', { name: 'No applications found' }).waitFor();

    await page.getByLabel('Mobile Number').fill(applicant.mobileNo);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: prospectId }).waitFor();

    // The mobile as read out (with 0 in front), and one word of the applicant's name, find it too.
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByLabel('Mobile Number').fill(`0${applicant.mobileNo}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: prospectId }).waitFor();
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByLabel('Applicant name').fill('khalifa');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('heading', { name: '1 application found' }).waitFor();
    const row = page.getByRole('table', { name: 'Applications found' }).getByRole('row').nth(1);
    await expect(row.textContent()).resolves.toMatch(/In progress/);
    await expect(row.textContent()).resolves.toMatch(/QA\d{8}/);
  });

  it('opens the application: sections from the step titles, documents with download, audit trail', async () => {
    await page.getByRole('link', { name: prospectId }).click();
    await page.getByRole('heading', { name: `Application ${prospectId}` }).waitFor();
    await page.getByRole('heading', { name: 'Basic Information' }).waitFor();
    await expect(page.getByText('Pearl Dunes Trading').count()).resolves.toBeGreaterThan(0);
    await page.getByRole('table', { name: 'Audit trail' }).getByText('Application created').waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download trade licence.pdf' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('trade licence.pdf');
    // Read as a stream: the run's browser is shared (a connection), and a connected browser gives no local path.
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(fileBytes)).toBe(true);

    await expect(page.getByRole('button', { name: 'Continue application' }).isEnabled()).resolves.toBe(true);
  });

  it('edits the KYC annexure (step 5 of 6 of the RO flow): a broken rule shows on its field, the visit report uploads, the step saves as the agent', async () => {
    // Filled through the API as the agent, all but the GoAML number and the visit report, which the agent adds in the browser.
    const login = await api('/api/users/authenticate', { json: { username: AGENT.username, password: AGENT.password } });
    expect(login.status).toBe(200);
    const current = await api(`/api/usertypes/sme/prospects/${prospectId}`, { token: login.json.access_token });
    const { goAmlRegistrationNumber: _number, reasonForNoVisit: _reason, ...annexure } = ANNEXURE;
    const prefilled = await api(`/api/usertypes/sme/prospects/${prospectId}`, {
      method: 'PUT',
      token: login.json.access_token,
      json: {
        prospect: { ...current.json.prospect, kycAnnexure: { ...annexure, isVisitConducted: 'Y', visitDetails: VISITS } },
        saveType: 'auto',
        version: current.json.version,
      },
    });
    expect(prefilled.status, JSON.stringify(prefilled.json)).toBe(200);

    await page.reload();
    await page.getByRole('button', { name: 'Edit KYC annexure' }).click();
    await page.getByRole('heading', { name: 'KYC Annexure' }).first().waitFor();
    await page.getByText('Step 5 of 6').waitFor();

    const goAml = page.getByLabel('GoAML registration number');
    await goAml.fill('GO-AML 1');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('GoAML registration number may only contain Latin letters (A-Z) and digits: remove spaces and other characters').waitFor();
    await expect(goAml.getAttribute('aria-invalid')).resolves.toBe('true');

    await goAml.fill('GOAML12345');
    await page.locator('input[type=file][id$="siteVisitReport__file"]').setInputFiles({ name: 'site visit.pdf', mimeType: 'application/pdf', buffer: pdf(70_000) });
    await page.getByText('site visit.pdf').first().waitFor();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Step 6 of 6').waitFor();

    const saved = await api(`/api/usertypes/sme/prospects/${prospectId}`, { token: login.json.access_token });
    expect(saved.json.prospect.kycAnnexure).toMatchObject({ goAmlRegistrationNumber: 'GOAML12345', siteVisitReport: { uploadStatus: 'Uploaded' } });
    expect(saved.json.completedSteps).toContainEqual(expect.objectContaining({ step: 'kycAnnexure', status: 'COMPLETED' }));

    const audit = await api(`/api/agent/prospects/${prospectId}/audit`, { token: login.json.access_token });
    expect(audit.json.entries.at(-1)).toMatchObject({ actor: AGENT.name, action: 'prospect.save' });
  });

  it('sends an invite that reaches the outbox; the invited customer\'s application carries the RO code', async () => {
    await page.goto(`${server.url}/agent/InviteCustomer`);
    await page.getByRole('heading', { name: 'Invite a customer' }).waitFor();
    await page.getByRole('button', { name: 'Send invite' }).click();
    await page.getByText('Full name is not filled').waitFor();

    const invited = { email: 'omar.invited@example.ae', countryCode: '971', mobileNo: '503334455' };
    await page.getByLabel('Full name').fill('Omar Invited');
    await page.getByLabel('E-mail').fill(invited.email);
    await page.getByLabel('Mobile Number').fill(invited.mobileNo);
    await page.getByLabel('Current Account').check();
    await page.getByRole('button', { name: 'Send invite' }).click();
    await page.getByText('Invitation sent').waitFor();
    // The emptied form is ready for the next customer: no "not filled" message until it is sent again.
    await expect(page.getByLabel('Full name').inputValue()).resolves.toBe('');
    await expect(page.getByText('Full name is not filled').count()).resolves.toBe(0);

    const outbox = await api(`/api/dev/outbox?recipient=${encodeURIComponent(invited.email)}&limit=1`);
    const link = /\/business\/application-redirect\?\S+/.exec(outbox.json.messages[0].body)?.[0];
    expect(link).toBeDefined();
    const query = new URL(link!, server.url).searchParams;
    expect(query.get('rocode')).toBe(AGENT.roCode);

    const token = await customerToken(invited, 'e2e-invited-device');
    const created = await api('/api/usertypes/sme/prospects', {
      token,
      json: { applicantInfo: { fullName: 'Omar Invited', ...invited }, inviteToken: query.get('invite') },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json.prospect.applicantInfo.roCode).toBe(AGENT.roCode);
  });

  it('an invite link taken from the outbox opens the right account type with the basic information prefilled', async () => {
    await page.goto(`${server.url}/agent/InviteCustomer`);
    await page.getByRole('heading', { name: 'Invite a customer' }).waitFor();
    const invited = { fullName: 'Mariam Invited', email: 'mariam.invited@example.ae', countryCode: '971', mobileNo: '504445566' };
    await page.getByLabel('Full name').fill(invited.fullName);
    await page.getByLabel('E-mail').fill(invited.email);
    await page.getByLabel('Mobile Number').fill(invited.mobileNo);
    await page.getByLabel('Business Elite').check();
    await page.getByLabel('Islamic banking (RAKislamic)').check();
    await page.getByRole('button', { name: 'Send invite' }).click();
    await page.getByText('Invitation sent').waitFor();
    const sentRow = page.getByRole('table', { name: 'Sent invites' }).locator(`tr[data-invite="${invited.email}"]`);
    await sentRow.getByText('Sent', { exact: true }).waitFor();
    await expect(sentRow.textContent()).resolves.toContain('Business Elite (Islamic)');

    // The link in the e-mail is absolute (PUBLIC_URL, http://localhost:PORT by default) and clickable as it is.
    const outbox = await api(`/api/dev/outbox?recipient=${encodeURIComponent(invited.email)}&limit=1`);
    const link = /https?:\/\/\S+/.exec(outbox.json.messages[0].body)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.port).toBe(new URL(server.url).port);
    expect(url.searchParams.get('accountType')).toBe('elite');
    expect(url.searchParams.get('islamic')).toBe('true');

    // Opened from the mailbox: a new browser, no session.
    const mailbox = await browser.newContext();
    const invitee = await mailbox.newPage();
    try {
      await invitee.goto(link!);
      await invitee.waitForURL('**/business/ApplicantInfo');
      await invitee.getByText('Your relationship officer invited you to open a Business Elite (RAKislamic) account').waitFor();
      await expect(invitee.getByLabel('Full name').inputValue()).resolves.toBe(invited.fullName);
      await expect(invitee.getByLabel('E-mail').inputValue()).resolves.toBe(invited.email);
      await expect(invitee.getByLabel('Mobile Number').inputValue()).resolves.toBe(invited.mobileNo);
      await expect(invitee.getByRole('navigation', { name: 'Application progress' }).getAttribute('data-variant')).resolves.toBe('islamic');

      await page.reload();
      await sentRow.getByText('Opened', { exact: true }).waitFor();

      // Still verified by one-time code; the application is the invited account, with the agent's RO code.
      await invitee.getByRole('button', { name: 'Continue' }).click();
      await invitee.waitForURL('**/business/VerifyOTP');
      await enterCode(invitee, await latestCode(server, invited));
      await invitee.waitForURL('**/business/CompanyInfo**');
      const created = await browserSession(invitee);
      const token = await api('/api/users/authenticate', { json: { username: AGENT.username, password: AGENT.password } });
      const saved = await api(`/api/usertypes/sme/prospects/${created.prospectId}`, { token: token.json.access_token });
      expect(saved.json.prospect.applicationInfo).toMatchObject({ accountType: 'elite', islamicBanking: true });
      expect(saved.json.prospect.applicantInfo).toMatchObject({ fullName: invited.fullName, email: invited.email, mobileNo: invited.mobileNo, roCode: AGENT.roCode });

      await page.reload();
      await sentRow.getByText('Used', { exact: true }).waitFor();
      await sentRow.getByRole('link', { name: created.prospectId! }).waitFor();
    } finally {
      await mailbox.close();
    }
    // Two browsers and a one-time code: longer than the default on a shared machine.
  }, 180_000);

  it('logs out back to the login page, and the agent pages need a new login', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/agent/Login');
    await page.goto(`${server.url}/agent/SearchedAppInfo/${prospectId}`);
    await page.waitForURL('**/agent/Login');
  });

  it('shows the lock-out (429) with the time to wait after repeated failures', async () => {
    await page.goto(`${server.url}/agent/Login`);
    await page.getByLabel('Username').fill('somebody.else');
    for (let i = 0; i < 6; i++) {
      await page.getByLabel('Password').fill(`wrong password ${i}`);
      await page.getByRole('button', { name: 'Login' }).click();
      // A failed attempt clears the password.
      await expect.poll(() => page.getByLabel('Password').inputValue(), { timeout: 15_000 }).toBe('');
    }
    await page.getByText('Account locked').waitFor();
    // In minutes, or in seconds when the lock's window has less than a minute left (failed at 06:29 in a full run).
    await page.getByText(/Too many failed sign-in attempts\. Please try again in \d+ (minutes?|seconds?)\./).waitFor();
  });
});
