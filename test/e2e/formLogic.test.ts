import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSession, newApplicant, putProspect, savedProspect, signInAsNewApplicant } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, seededAgentEnv, startServer, stopServerAndBrowser } from './server';

const suite = chromiumAvailable ? describe : describe.skip;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const AGENT = { username: 'ro.logic', password: 'agent logic password', name: 'Hamad Saeed', roCode: 'RO4321' };
const PRODUCT = { username: 'product.logic', password: 'Product-logic-123' };
const REVIEWER = { username: 'reviewer.logic', password: 'Reviewer-logic-123' };
const customer = { email: 'mariam@example.ae', countryCode: '971', mobileNo: '504445566' };

const annexureFixtures = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'kycAnnexure', 'valid.json'), 'utf8'));
/** A complete annexure (fixtures/kycAnnexure/valid.json #1: meeting elsewhere, so no DSA checklist; no visit, with a reason). */
const ANNEXURE: Json = annexureFixtures[1].data.kycAnnexure;

/**
 * The form logic (src/validation/logic) in Chromium, on the compiled server and the built SPA: hidden answers are
 * neither validated nor stored, derived values follow the answers they come from whoever saves, errors show where
 * they can be fixed (issue 11, "Done when").
 */
suite('form logic in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let agentToken: string;
  let prospectId: string;

  const api = async (path: string, init: { method?: string; token?: string; json?: unknown; form?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = {};
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined;
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
  async function customerToken(who: typeof customer, deviceId: string): Promise<string> {
    const device = await api('/api/onboarding/pre-login/oauth2/token', { form: { client_id: 'quick-apply-web', device_id: deviceId, unique_id: 'e2e' } });
    const generated = await api('/api/otp', { token: device.json.access_token, json: { action: 'generate', ...who } });
    expect(generated.status, JSON.stringify(generated.json)).toBe(200);
    const outbox = await api(`/api/dev/outbox?recipient=${who.countryCode}${who.mobileNo}&limit=1`);
    const otpToken = /\b(\d{6})\b/.exec(outbox.json.messages[0].body)![1]!;
    const verified = await api('/api/otp', { token: device.json.access_token, json: { action: 'verify', ...who, otpToken, deviceId } });
    expect(verified.json).toMatchObject({ verified: true });
    const token = await api('/api/onboarding/post-login/oauth2/token', {
      token: device.json.access_token,
      form: { client_id: 'quick-apply-web', resource_type: 'customer', device_id: deviceId, unique_id: 'e2e' },
    });
    expect(token.status).toBe(200);
    return token.json.access_token;
  }

  const stored = async (id = prospectId) => (await api(`/api/usertypes/sme/prospects/${id}`, { token: agentToken })).json as Json;

  /** Saves sections as the agent through the API (plaintext; the server runs with ENCRYPTION=off). */
  async function agentSave(sections: Json): Promise<void> {
    const current = await stored();
    const res = await api(`/api/usertypes/sme/prospects/${prospectId}`, { method: 'PUT', token: agentToken, json: { prospect: { ...current.prospect, ...sections }, saveType: 'auto', version: current.version } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  }

  beforeAll(async () => {
    server = await startServer({
      ENCRYPTION: 'off',
      ...seededAgentEnv(AGENT),
      SEED_PRODUCT_USERNAME: PRODUCT.username,
      SEED_PRODUCT_PASSWORD: PRODUCT.password,
      SEED_PRODUCT_NAME: 'Layla Product',
      SEED_REVIEWER_USERNAME: REVIEWER.username,
      SEED_REVIEWER_PASSWORD: REVIEWER.password,
    });
    browser = await launchBrowser();
    const token = await customerToken(customer, 'e2e-logic-device');
    const created = await api('/api/usertypes/sme/prospects', {
      token,
      json: {
        applicantInfo: { fullName: 'Mariam Saleh', ...customer },
        applicationInfo: { accountType: 'currentAccount', islamicBanking: false },
        organizationInfo: { companyName: 'Oasis Logic Trading', licenseNumber: 'CN-4455661' },
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    prospectId = created.json.prospectId;
    const login = await api('/api/users/authenticate', { json: { username: AGENT.username, password: AGENT.password } });
    expect(login.status).toBe(200);
    agentToken = login.json.access_token;
    await agentSave({
      accountInfo: [{ accountCurrencies: ['EUR', 'AED'], receiveInterest: false }],
      applicationInfo: { accountType: 'currentAccount', islamicBanking: false, rakValuePackage: 'RAKvalue PLUS' },
      organizationInfo: {
        companyName: 'Oasis Logic Trading',
        licenseNumber: 'CN-4455661',
        branchCity: '4',
        branchID: '055',
        accountSigningInfo: { accountSigningType: '000', accountSigningInstn: 'Both directors together' },
        contactDetailsForTxnReconfirming: [{ TxnReconfirmingfullname: 'Mariam Saleh', primaryMobCountryCode: '971', primaryMobileNo: '504445566' }],
      },
      kycAnnexure: (({ reasonForNoVisit: _r, isVisitConducted: _v, ...rest }) => rest)(ANNEXURE),
    });
  }, 120_000);
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  /** An agent page signed in through the login page. */
  async function agentPage(): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${server.url}/agent/Login`);
    await page.getByLabel('Username').fill(AGENT.username);
    await page.getByLabel('Password').fill(AGENT.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/agent/SearchProspect');
    return page;
  }

  async function openServicesStep(page: Page, n: number, heading: string): Promise<void> {
    await page.goto(`${server.url}/agent/SearchedAppInfo/${prospectId}/SelectServices?step=${n}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  }

  it('annexure: a site visit Yes then No saves, and the stored annexure has no visit entry', async () => {
    const page = await agentPage();
    await openServicesStep(page, 5, 'KYC Annexure');
    const visit = page.getByRole('combobox', { name: /^Was a site visit conducted/ });
    await visit.selectOption('Y');
    await page.getByText('Visit details').first().waitFor();
    await visit.selectOption('N');
    await page.getByLabel(/^Reason for no visit/).fill('The premises are being fitted out');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Step 6 of 6').waitFor();
    const doc = await stored();
    expect(doc.prospect.kycAnnexure).toMatchObject({ isVisitConducted: 'N', reasonForNoVisit: 'The premises are being fitted out' });
    expect(doc.prospect.kycAnnexure).not.toHaveProperty('visitDetails');
    expect(doc.prospect.kycAnnexure).not.toHaveProperty('siteVisitReport');
    await page.close();
  }, 120_000);

  it('annexure: a missing checklist upload shows the message of the spec on its field', async () => {
    const page = await agentPage();
    await openServicesStep(page, 5, 'KYC Annexure');
    await page.getByRole('combobox', { name: /^Where did the KYC verification take place|^KYC verification location|^Meeting location/ }).selectOption('BUSINESS_PREMISES');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    const message = page.locator('#root_kycAnnexure_dsaChecklist__error');
    await message.getByText('Please upload BAIS Account Opening Checklist').waitFor();
    await expect(page.getByText('Step 5 of 6').count()).resolves.toBe(1);
    await page.close();
  }, 120_000);

  it('RO flow: unticking AED and changing the signing type both save; the flags of Channels and the package follow', async () => {
    const page = await agentPage();
    await openServicesStep(page, 2, 'Account details');
    await page.getByRole('checkbox', { name: 'UAE DIRHAM' }).uncheck();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Step 3 of 6').waitFor();
    let doc = (await stored()).prospect;
    expect(doc.accountInfo[0]).toMatchObject({ accountCurrencies: ['EUR'], debitCardApplied: false, chequeBookApplied: false });
    expect(doc.applicationInfo.rakValuePackage ?? '').toBe('');

    await page.getByRole('heading', { level: 1, name: 'Signing preferences' }).waitFor();
    await page.getByRole('combobox', { name: /^Signing transactions/ }).selectOption('100');
    await expect(page.getByPlaceholder('Please specify').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Step 4 of 6').waitFor();
    doc = (await stored()).prospect;
    expect(doc.organizationInfo.accountSigningInfo).toEqual({ accountSigningType: '100' });

    // AED again, signing singly, a +971 mobile: Channels has debit card and cheque book, derived on save of step 2.
    await openServicesStep(page, 2, 'Account details');
    await page.getByRole('checkbox', { name: 'UAE DIRHAM' }).check();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Step 3 of 6').waitFor();
    doc = (await stored()).prospect;
    expect(doc.accountInfo[0]).toMatchObject({ accountCurrencies: ['EUR', 'AED'], debitCardApplied: true, chequeBookApplied: true });
    await openServicesStep(page, 4, 'Channels');
    await expect(page.getByRole('checkbox', { name: 'Debit card' }).isChecked()).resolves.toBe(true);
    await expect(page.getByRole('checkbox', { name: 'Cheque book' }).isChecked()).resolves.toBe(true);
    await page.close();
  }, 180_000);

  describe('as an applicant', () => {
    let page: Page;
    let applicantProspect: string;
    beforeAll(async () => {
      page = await browser.newPage();
      applicantProspect = (await signInAsNewApplicant(page, server, newApplicant())).prospectId;
    }, 120_000);
    afterAll(async () => page?.close());

    it('years in business is shown from the date of incorporation and saved', async () => {
      await page.goto(`${server.url}/business/CompanyInfo?step=3`);
      await page.getByRole('heading', { level: 1, name: 'License Information' }).waitFor();
      await page.getByLabel('Date of incorporation').fill('01/06/2020');
      await page.getByLabel('Date of incorporation').press('Tab');
      const years = page.getByLabel(/^Years in business/);
      const expected = String(new Date().getFullYear() - 2020 - (new Date() < new Date(new Date().getFullYear(), 5, 1) ? 1 : 0));
      await expect.poll(() => years.inputValue()).toBe(expected);
      await expect.poll(async () => ((await savedProspect(page, server, applicantProspect)).prospect as Json).orgKYCDetails?.yearsInBusiness, { timeout: 20_000 }).toBe(Number(expected));
    }, 60_000);

    it('Channels derives debit card and cheque book; online and paper statements are an exclusive pair', async () => {
      await putProspect(page, server, {
        accountInfo: [{ accountCurrencies: ['AED'] }],
        organizationInfo: { ...((await savedProspect(page, server)).prospect as Json).organizationInfo, accountSigningInfo: { accountSigningType: '100' } },
      });
      await page.goto(`${server.url}/business/SelectServices?step=4`);
      await page.getByRole('heading', { level: 1, name: 'Channels' }).waitFor();
      const debit = page.getByRole('checkbox', { name: 'Debit card' });
      const cheque = page.getByRole('checkbox', { name: 'Cheque book' });
      const online = page.getByRole('checkbox', { name: 'Online statements' });
      const paper = page.getByRole('checkbox', { name: 'Paper statements' });
      await expect(debit.isChecked()).resolves.toBe(true);
      await expect(cheque.isChecked()).resolves.toBe(true);
      await expect(online.isChecked()).resolves.toBe(true);
      await expect(paper.isChecked()).resolves.toBe(false);
      await paper.check();
      await expect.poll(() => online.isChecked()).toBe(false);
      await online.check();
      await expect.poll(() => paper.isChecked()).toBe(false);
      await paper.check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { level: 1, name: /Value added services/ }).waitFor();
      const doc = (await savedProspect(page, server)).prospect as Json;
      expect(doc.accountInfo[0]).toMatchObject({ debitCardApplied: true, chequeBookApplied: true, eStatements: false, mailStatements: true });
    }, 60_000);

    it('a stakeholder left at an incomplete step gets a card naming it, and Edit opens that step', async () => {
      await page.goto(`${server.url}/business/StakeholdersInfo`);
      await page.getByRole('button', { name: 'Add a stakeholder' }).click();
      const wizard = page.locator('section[aria-labelledby^="stakeholder-step-"]');
      const next = async (heading: string) => {
        await wizard.getByRole('button', { name: 'Continue' }).click();
        await wizard.getByRole('heading', { level: 2, name: heading }).waitFor();
      };
      await wizard.getByRole('heading', { level: 2, name: 'Personal Information' }).waitFor();
      await wizard.getByRole('combobox', { name: /^Salutation/ }).selectOption('MS.');
      await wizard.getByLabel(/^First name/).fill('Huda');
      await wizard.getByLabel(/^Last name/).fill('Karim');
      await wizard.getByLabel(/^Date of birth/).fill('15/04/1985');
      await page.getByRole('radiogroup', { name: /^Is this person a politically exposed person/ }).getByRole('radio', { name: 'No' }).check();
      await next('Signatory Rights');
      await page.getByRole('radiogroup', { name: /^Is this person a signatory/ }).getByRole('radio', { name: 'Yes' }).check();
      await wizard.getByRole('combobox', { name: /^Authority type/ }).selectOption('4');
      await next('Shareholding');
      await page.getByRole('radiogroup', { name: /^Is this person a shareholder/ }).getByRole('radio', { name: 'No' }).check();
      await next('Nationality');
      // Left here: the card names the step that is not done, and Edit opens it.
      await page.goto(`${server.url}/business/StakeholdersInfo`);
      await page.getByText('Step 4 of 6: Nationality is incomplete').waitFor();
      await page.getByRole('button', { name: 'Edit Huda Karim' }).click();
      await wizard.getByRole('heading', { level: 2, name: 'Nationality' }).waitFor();
      expect(new URL(page.url()).searchParams.get('step')).toBe('4');
    }, 90_000);

    it('a save refused for a field of another step names that step as a link; there the field shows its error and "Not saved"', async () => {
      expect((await browserSession(page)).accessToken).not.toBe('');
      await putProspect(page, server, { organizationInfo: { ...((await savedProspect(page, server)).prospect as Json).organizationInfo, companyName: 'Falcon Trading LLC' } });
      await page.goto(`${server.url}/business/CompanyInfo?step=2`);
      await page.getByRole('heading', { level: 1, name: 'Industry' }).waitFor();

      // Product staff publish a shorter company name while the applicant's tab has the old rules: the stored name breaks it.
      const login = await api('/api/users/authenticate', { json: PRODUCT });
      expect(login.status, JSON.stringify(login.json)).toBe(200);
      const product = login.json.access_token;
      const config = (await api('/api/config?segment=sme&role=customer')).json;
      const schema = structuredClone(config.steps.companyDetails.schema);
      const files: Record<string, unknown> = { 'steps/companyDetails.schema.json': schema };
      const name = schema.properties.organizationInfo.properties.companyName;
      name.maxLength = 10;
      name.errorMessage.maxLength = 'Company name: at most 10 characters';
      const versions = (await api('/api/studio/versions', { token: product })).json.versions as { version: number }[];
      const baseVersion = Math.max(...versions.map((v) => v.version));
      // A rewritten English message needs its Arabic to be published (issue 19: the check refuses a stale translation).
      const arabic = structuredClone((await api(`/api/studio/versions/${baseVersion}`, { token: product })).json.files['i18n/ar.json']);
      arabic.texts['steps/companyDetails.schema.json']['/properties/organizationInfo/properties/companyName/errorMessage/maxLength'] = 'اسم الشركة: 10 أحرف كحد أقصى';
      // The help states the limit too: in both languages it follows (the studio's check refuses a help that names the old one).
      const version = (await api(`/api/studio/versions/${baseVersion}`, { token: product })).json.files;
      const ui = structuredClone(version['steps/companyDetails.ui.json']);
      ui.organizationInfo.companyName['ui:help'] = String(ui.organizationInfo.companyName['ui:help']).replace('up to 50 characters', 'up to 10 characters');
      files['steps/companyDetails.ui.json'] = ui;
      const helpKey = '/organizationInfo/companyName/ui:help';
      arabic.texts['steps/companyDetails.ui.json'][helpKey] = String(arabic.texts['steps/companyDetails.ui.json'][helpKey]).replace('حتى 50 حرفًا', 'حتى 10 أحرف');
      files['i18n/ar.json'] = arabic;
      // A draft, submitted for review; a second product user confirms the server's check, approves and publishes.
      const created = await api('/api/studio/drafts', { token: product, json: { name: 'Company name at most 10 characters', baseVersion, files } });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      const draft = created.json.id as string;
      const submitted = await api(`/api/studio/drafts/${draft}/submit`, { token: product, json: { revision: created.json.revision } });
      expect(submitted.status, JSON.stringify(submitted.json)).toBe(200);
      const reviewer = (await api('/api/users/authenticate', { json: REVIEWER })).json.access_token;
      const check = await api(`/api/studio/drafts/${draft}/check`, { token: reviewer, json: {} });
      expect(check.status, JSON.stringify(check.json)).toBe(200);
      const approved = await api(`/api/studio/drafts/${draft}/review`, { token: reviewer, json: { revision: created.json.revision, decision: 'approve', acknowledge: check.json.checkHash } });
      expect(approved.status, JSON.stringify(approved.json)).toBe(200);
      const published = await api(`/api/studio/drafts/${draft}/publish`, { token: reviewer, json: { message: 'Company name at most 10 characters' } });
      expect(published.status, JSON.stringify(published.json)).toBe(201);

      // An edit on the Industry step is auto-saved and refused for the company name, a field of Company Details.
      const industry = page.getByRole('combobox', { name: 'Industry', exact: true });
      if ((await industry.count()) === 0) await page.getByRole('button', { name: 'Add another industry' }).click();
      await industry.first().selectOption('GT');
      const notice = page.locator('[data-other-step-errors]');
      await notice.getByText('Company name: at most 10 characters').waitFor({ timeout: 20_000 });
      // Nothing on this step is highlighted: the save line points to the steps listed above the form.
      await page.getByText('Not saved — see the steps that need your attention').waitFor();
      if (process.env.E2E_SCREENSHOTS) {
        for (const width of [390, 1366]) {
          await page.setViewportSize({ width, height: 900 });
          await page.screenshot({ path: join(process.env.E2E_SCREENSHOTS, `other-step-errors-${width}.png`), fullPage: true });
        }
      }
      await notice.getByRole('link', { name: 'Company Details' }).click();
      await page.getByRole('heading', { level: 1, name: 'Company Details' }).waitFor();
      expect(new URL(page.url()).searchParams.get('step')).toBe('1');
      const field = page.getByLabel('Company name');
      await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
      await page.getByText('Company name: at most 10 characters').first().waitFor();
      await page.getByText('Not saved — fix the highlighted field').waitFor();

      // Fixed: the error goes at once and the next auto-save is accepted.
      await field.fill('Falcon');
      await expect.poll(() => page.getByText('Company name: at most 10 characters').count()).toBe(0);
      await page.locator('[data-save-state="saved"]').waitFor({ timeout: 20_000 });
      const doc = (await savedProspect(page, server)).prospect as Json;
      expect(doc.organizationInfo.companyName).toBe('Falcon');
      expect(doc.orgKYCDetails.industryMultiSelect[0].industry).toBe('GT');
    }, 90_000);
  });
});
