/**
 * Screenshots of the main pages at desktop (1280 x 800) and phone (390 x 844) width, written to
 * docs/screenshots/<page>-desktop.png and <page>-phone.png and linked from the README. Starts the real server on
 * a free port with a fresh data folder and seeded staff accounts, drives Debian's Chromium (CHROMIUM_PATH),
 * serves PUBLIC_DIR (the built SPA: run `npm run build` first; `npm run screenshots` does).
 *
 * Signed-in pages show a realistic application (Falcon Trading LLC): the applicant signs in over HTTP (code
 * from the development outbox), the application is saved through the same encrypted API the browser uses, and
 * the session is handed to the tab as after the one-time code (test/e2e/documentsHelpers.ts).
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { decryptResponse, encryptRequest, importPublicKey } from '../src/shared/envelope';
import { apiApplicant, type ApiApplicant, createApplication, openInBrowser, soleProprietorApplication, uploadRequired } from '../test/e2e/documentsHelpers';
import { type RunningServer, startServer } from './lib/serverProcess';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const root = join(import.meta.dirname, '..');
const outDir = join(root, 'docs', 'screenshots');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const AGENT = { username: 'ro.screens', password: 'Screens-agent-pass-1', name: 'Hamad Saeed', roCode: 'RO4321' };
const PRODUCT = { username: 'product.screens', password: 'Screens-product-pass-1', name: 'Layla Product' };
const APPLICANT = { fullName: 'Aisha Rahman', email: 'aisha@falcontrading.ae', countryCode: '971', mobileNo: '501234567' };
const LICENCE = 'CN-1234567';

const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
type Kind = keyof typeof viewports;

/** The Falcon Trading application: the sole-proprietor fixture as a general trading company run by Aisha Rahman. */
function falconApplication(change: (data: Json) => void = () => {}): Json {
  return soleProprietorApplication(APPLICANT.mobileNo, APPLICANT.email, (d) => {
    d.applicantInfo.fullName = APPLICANT.fullName;
    Object.assign(d.organizationInfo, { companyName: 'Falcon Trading LLC', noOfEmployees: 12, licenseNumber: LICENCE });
    d.organizationInfo.contactDetails.primaryEmail = 'accounts@falcontrading.ae';
    d.organizationInfo.contactDetails.primaryMobileNo = APPLICANT.mobileNo;
    d.organizationInfo.contactDetails.primaryPhoneNo = '42281144';
    d.organizationInfo.addressInfo[0].addressDetails = { ...d.organizationInfo.addressInfo[0].addressDetails, officeNumber: '1203', street: 'Al Maktoum Road, Deira', landmark: 'Near Clock Tower', emirateCity: 'DXB' };
    d.organizationInfo.contactDetailsForTxnReconfirming = [{ TxnReconfirmingfullname: APPLICANT.fullName, primaryMobCountryCode: '971', primaryMobileNo: APPLICANT.mobileNo }];
    d.orgKYCDetails.companyCategory = 'LLC';
    d.orgKYCDetails.industryMultiSelect = [{ industry: 'GT', subCategory: '31' }];
    const s = d.signatoryInfo[0];
    Object.assign(s, { salutation: 'MS.', firstName: 'Aisha', middleName: undefined, lastName: 'Rahman', fullName: APPLICANT.fullName });
    s.contactDetails = { ...s.contactDetails, primaryEmail: APPLICANT.email, primaryMobileNo: APPLICANT.mobileNo };
    s.employmentDetails.employerName = 'Falcon Trading LLC';
    s.debitCardInfo.authSignatoryDetails.nameOnDebitCard = 'AISHA RAHMAN';
    change(d);
  });
}

/** What the scenarios share: the server, the signed-in applicant and the application they work on. */
interface Setup {
  server: RunningServer;
  customer: ApiApplicant;
  falcon: { prospectId: string };
}

/** A staff member's encrypted API call (the agent fills the KYC annexure as the agent pages would). */
async function staffSend(url: string, token: string, method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown): Promise<Json> {
  if (method === 'GET') {
    const res = await fetch(url + path, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Json;
  }
  const config = (await (await fetch(`${url}/api/config`)).json()) as { publicKey: string };
  const sealed = await encryptRequest(await importPublicKey(config.publicKey), payload, { method, path });
  const res = await fetch(url + path, { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...sealed.headers }, body: JSON.stringify(sealed.payload) });
  const body = (await res.json()) as unknown;
  const answer = (res.headers.get('x-encrypted') ? await decryptResponse(sealed.key, body) : body) as Json;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.fui-Spinner'), undefined, { timeout: 20_000 });
  await page.evaluate(() => document.fonts.ready);
}

/** A public page, or one that needs an account chosen first (as the product pages store it). */
function visit(path: string, ready: string | null, chosen = false) {
  return async (page: Page, { server }: Setup) => {
    if (chosen) {
      await page.goto(server.url + '/business/no-such-page');
      await page.evaluate(() => sessionStorage.setItem('qa.accountChoice', JSON.stringify({ accountType: 'currentAccount', islamicBanking: false })));
    }
    await page.goto(server.url + path);
    if (ready) await page.getByText(ready).first().waitFor({ timeout: 20_000 });
    else await page.locator('h1').first().waitFor({ timeout: 20_000 });
  };
}

/** A page of the open Falcon Trading application. */
function falconPage(path: string, heading: string | RegExp) {
  return async (page: Page, { server, customer, falcon }: Setup) => {
    await openInBrowser(page, server.url, customer, falcon.prospectId);
    await page.goto(server.url + path);
    await page.getByRole('heading', { level: 1, name: heading }).first().waitFor({ timeout: 20_000 });
  };
}

/** A fresh complete application of the applicant on the Submit page (for the submitted and declined pages). */
let submitters = 0;
async function toSubmit(page: Page, { server }: Setup, change?: (d: Json) => void): Promise<void> {
  // Its own applicant and trade licence: screening sends a second application of the same applicant, or for a
  // licence the bank already has, to another outcome.
  submitters += 1;
  const mobileNo = `5030000${String(submitters).padStart(2, '0')}`;
  const email = `owner${submitters}@falcontrading.ae`;
  const customer = await apiApplicant(server.url, { email, mobileNo }, `screenshots-submit-${submitters}`);
  const { prospectId } = await createApplication(customer, falconApplication((d) => {
    d.applicantInfo = { ...d.applicantInfo, email, mobileNo };
    d.organizationInfo.licenseNumber = `CN-77000${submitters}`;
    change?.(d);
  }));
  await uploadRequired(customer, prospectId);
  await openInBrowser(page, server.url, customer, prospectId);
  await page.goto(`${server.url}/business/SubmitApplication`);
  // The one checkbox of the page (its label in the page's language).
  await page.getByRole('main').getByRole('checkbox').check();
}

async function agentLogin(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/agent/Login`);
  await page.getByLabel('Username').fill(AGENT.username);
  await page.getByLabel('Password').fill(AGENT.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/agent/SearchProspect');
}

async function agentOverview(page: Page, { server, falcon }: Setup): Promise<void> {
  await agentLogin(page, server.url);
  await page.goto(`${server.url}/agent/SearchedAppInfo/${falcon.prospectId}`);
  await page.getByRole('heading', { name: `Application ${falcon.prospectId}` }).waitFor();
  await page.getByRole('heading', { name: 'Basic Information' }).waitFor();
}

/** name: file name stem; title: the README's name for it; take: brings the page to the state to capture. */
const shots: { name: string; title: string; locale?: string; take: (page: Page, setup: Setup) => Promise<void> }[] = [
  { name: 'landing', title: 'landing', take: visit('/business', 'Get started with your banking needs online') },
  { name: 'accounts', title: 'accounts comparison', take: visit('/business/accounts', 'Choose the account that fits your business') },
  {
    name: 'accounts-islamic',
    title: 'accounts comparison, Islamic (green theme)',
    async take(page, setup) {
      await visit('/business/accounts', 'Choose the account that fits your business')(page, setup);
      await page.getByRole('radio', { name: 'Islamic' }).check();
      await page.getByText('RAKislamic').first().waitFor();
    },
  },
  { name: 'product-elite', title: 'Business Elite', take: visit('/business/accounts/business-elite', 'Apply now') },
  { name: 'product-starter-islamic', title: 'RAKstarter RAKislamic', take: visit('/business/accounts/rakstarter-islamic', 'Apply now') },
  { name: 'application-overview', title: 'application overview (start page)', take: visit('/business/accounts/current-account/application-overview', 'Start application') },
  {
    name: 'applicant-info',
    title: 'Applicant info (Basic Information)',
    async take(page, setup) {
      await visit('/business/ApplicantInfo', null, true)(page, setup);
      await page.getByLabel('Full name').fill(APPLICANT.fullName);
      await page.getByLabel('E-mail').fill(APPLICANT.email);
      await page.getByLabel('Mobile Number').fill(APPLICANT.mobileNo);
    },
  },
  {
    name: 'verify-otp',
    title: 'Verify OTP (one-time code)',
    async take(page, setup) {
      await visit('/business/ApplicantInfo', null, true)(page, setup);
      await page.getByLabel('Full name').fill('Omar Haddad');
      await page.getByLabel('E-mail').fill('omar@falcontrading.ae');
      // Its own number: the code requests of the other pages do not count against it.
      await page.getByLabel('Mobile Number').fill(page.viewportSize()!.width > 500 ? '502345671' : '502345672');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL('**/business/VerifyOTP');
      await page.getByLabel('Digit 1 of 6').waitFor();
    },
  },
  { name: 'company-info', title: 'Company Information (Company Details step)', take: falconPage('/business/CompanyInfo?step=1', 'Company Details') },
  { name: 'company-license', title: 'Company Information (License Information step)', take: falconPage('/business/CompanyInfo?step=3', 'License Information') },
  {
    name: 'stakeholders',
    title: 'Company Stakeholders (one card, wizard open)',
    async take(page, setup) {
      await falconPage('/business/StakeholdersInfo', 'Company Stakeholders')(page, setup);
      await page.getByText('Aisha Rahman').first().waitFor();
      await page.getByRole('button', { name: 'Add a stakeholder' }).click();
      const wizard = page.locator('section[aria-labelledby^="stakeholder-step-"]');
      await wizard.getByRole('heading', { level: 2, name: 'Personal Information' }).waitFor();
      await wizard.getByLabel(/^First name/).fill('Omar');
      await wizard.getByLabel(/^Last name/).fill('Haddad');
    },
  },
  { name: 'final-questions', title: 'Final Questions (Business relationships)', take: falconPage('/business/FinalQuestions?step=1', 'Business relationships') },
  {
    name: 'upload-documents',
    title: 'Upload Documents',
    async take(page, setup) {
      await falconPage('/business/UploadDocuments', 'Upload Documents')(page, setup);
      await page.getByRole('heading', { name: 'Company documents' }).waitFor();
    },
  },
  { name: 'select-services', title: 'Select Services (package cards)', take: falconPage('/business/SelectServices?step=5', 'Value added services') },
  {
    name: 'submit',
    title: 'Submit application',
    async take(page, setup) {
      await toSubmit(page, setup);
    },
  },
  {
    name: 'application-submitted',
    title: 'Application submitted',
    async take(page, setup) {
      await toSubmit(page, setup);
      await page.getByRole('button', { name: 'Submit application' }).click();
      await page.waitForURL('**/business/ApplicationSubmitted', { timeout: 30_000 });
      await page.locator('h1').first().waitFor();
    },
  },
  {
    name: 'declined',
    title: 'screening outcome: declined',
    async take(page, setup) {
      // Virtual currency (SER / 243): the Virtual Currency Check of schemas/screening.json declines.
      await toSubmit(page, setup, (d) => {
        d.organizationInfo.companyName = 'Falcon Crypto Consultancy';
        d.orgKYCDetails.industryMultiSelect = [{ industry: 'SER', subCategory: '243' }];
      });
      await page.getByRole('button', { name: 'Submit application' }).click();
      await page.locator('section[data-outcome="DECLINE"]').waitFor({ timeout: 30_000 });
    },
  },
  {
    name: 'my-applications',
    title: 'My Applications',
    async take(page, { server, customer, falcon }) {
      await openInBrowser(page, server.url, customer, falcon.prospectId);
      await page.evaluate(() => sessionStorage.removeItem('qa.application'));
      await page.goto(`${server.url}/business/MyApplications`);
      await page.getByRole('button', { name: `Continue application ${falcon.prospectId}` }).waitFor({ timeout: 20_000 });
    },
  },
  { name: 'come-back-login', title: 'come-back login', take: visit('/business/ComeBackLogin', null) },
  { name: 'not-found', title: 'not found', take: visit('/business/no-such-page', 'Page not found') },
  { name: 'agent-login', title: 'agent login', take: visit('/agent/Login', null) },
  {
    name: 'agent-search',
    title: 'agent: search with results',
    async take(page, { server }) {
      await agentLogin(page, server.url);
      await page.getByLabel('Trade license number').fill(LICENCE);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('table', { name: 'Applications found' }).waitFor();
    },
  },
  { name: 'agent-application', title: 'agent: application overview', take: agentOverview },
  {
    name: 'agent-kyc-annexure',
    title: 'agent: KYC annexure step',
    async take(page, setup) {
      await agentOverview(page, setup);
      await page.getByRole('button', { name: 'Edit KYC annexure' }).click();
      await page.getByText('Step 5 of 6').waitFor();
      await page.getByRole('heading', { name: 'KYC Annexure' }).first().waitFor();
    },
  },
  {
    name: 'agent-invite',
    title: 'agent: invite a customer',
    async take(page, { server }) {
      await agentLogin(page, server.url);
      await page.goto(`${server.url}/agent/InviteCustomer`);
      await page.getByRole('heading', { name: 'Invite a customer' }).waitFor();
      await page.getByLabel('Full name').fill('Omar Haddad');
      await page.getByLabel('E-mail').fill('omar@pearldunes.ae');
      await page.getByLabel('Mobile Number').fill('503334455');
    },
  },
  // In Arabic (a browser set to Arabic: the app follows it on a first visit), right to left.
  { name: 'landing-ar', title: 'landing, Arabic', locale: 'ar-AE', take: visit('/business', 'ابدأ معاملاتك المصرفية عبر الإنترنت') },
  { name: 'accounts-ar', title: 'accounts comparison, Arabic', locale: 'ar-AE', take: visit('/business/accounts', 'اختر الحساب الذي يناسب أعمالك') },
  {
    name: 'applicant-info-ar',
    title: 'Basic Information, Arabic',
    locale: 'ar-AE',
    async take(page, setup) {
      await visit('/business/ApplicantInfo', 'المعلومات الأساسية', true)(page, setup);
      await page.getByLabel('الاسم الكامل').fill(APPLICANT.fullName);
      await page.getByLabel('البريد الإلكتروني').fill(APPLICANT.email);
      await page.getByLabel('رقم الهاتف المتحرك').fill(APPLICANT.mobileNo);
    },
  },
  {
    name: 'verify-otp-ar',
    title: 'one-time code, Arabic',
    locale: 'ar-AE',
    async take(page, setup) {
      await visit('/business/ApplicantInfo', 'المعلومات الأساسية', true)(page, setup);
      await page.getByLabel('الاسم الكامل').fill('Omar Haddad');
      await page.getByLabel('البريد الإلكتروني').fill('omar.ar@falcontrading.ae');
      await page.getByLabel('رقم الهاتف المتحرك').fill(page.viewportSize()!.width > 500 ? '502345673' : '502345674');
      await page.getByRole('button', { name: 'متابعة' }).click();
      await page.waitForURL('**/business/VerifyOTP');
      await page.getByLabel('الرقم 1 من 6').waitFor();
    },
  },
  { name: 'company-info-ar', title: 'Company Details, Arabic', locale: 'ar-AE', take: falconPage('/business/CompanyInfo?step=1', 'تفاصيل الشركة') },
  { name: 'company-license-ar', title: 'License Information, Arabic', locale: 'ar-AE', take: falconPage('/business/CompanyInfo?step=3', 'معلومات الرخصة التجارية') },
  // The rest of the journey in Arabic: the content (steps, lists, document names, products) from schemas/i18n/ar.json.
  {
    name: 'stakeholders-ar',
    title: 'Company Stakeholders, Arabic (wizard open)',
    locale: 'ar-AE',
    async take(page, setup) {
      await falconPage('/business/StakeholdersInfo', /.+/)(page, setup);
      await page.getByRole('listitem').filter({ hasText: 'Aisha Rahman' }).getByRole('button').first().click();
      await page.getByRole('heading', { name: 'المعلومات الشخصية' }).first().waitFor();
    },
  },
  { name: 'final-questions-ar', title: 'Final Questions (Business relationships), Arabic', locale: 'ar-AE', take: falconPage('/business/FinalQuestions?step=1', 'العلاقات التجارية') },
  { name: 'anticipated-activity-ar', title: 'Final Questions (Anticipated activity), Arabic', locale: 'ar-AE', take: falconPage('/business/FinalQuestions?step=3', 'النشاط المتوقع') },
  { name: 'signatory-address-ar', title: "Final Questions (signatory's UAE address), Arabic", locale: 'ar-AE', take: falconPage('/business/FinalQuestions?step=9', /^العنوان في الإمارات/) },
  {
    name: 'upload-documents-ar',
    title: 'Upload Documents, Arabic',
    locale: 'ar-AE',
    async take(page, setup) {
      await falconPage('/business/UploadDocuments', /.+/)(page, setup);
      await page.getByText('الرخصة التجارية', { exact: true }).first().waitFor();
    },
  },
  { name: 'express-ar', title: 'Select Services (Express Service), Arabic', locale: 'ar-AE', take: falconPage('/business/SelectServices?step=1', 'الخدمة السريعة') },
  { name: 'account-details-ar', title: 'Select Services (Account details), Arabic', locale: 'ar-AE', take: falconPage('/business/SelectServices?step=2', 'تفاصيل الحساب') },
  { name: 'select-services-ar', title: 'Select Services (package cards), Arabic', locale: 'ar-AE', take: falconPage('/business/SelectServices?step=5', 'الخدمات ذات القيمة المضافة') },
  {
    name: 'application-submitted-ar',
    title: 'Application submitted, Arabic',
    locale: 'ar-AE',
    async take(page, setup) {
      await toSubmit(page, setup);
      await page.locator('main').getByRole('button').last().click();
      await page.waitForURL('**/business/ApplicationSubmitted', { timeout: 30_000 });
      await page.locator('h1').first().waitFor();
    },
  },
  { name: 'studio-login', title: 'studio login', take: visit('/studio/Login', null) },
  {
    name: 'studio-editor',
    title: 'studio: step editor with preview',
    async take(page, { server }) {
      await page.goto(`${server.url}/studio/Login`);
      await page.getByLabel('Username').fill(PRODUCT.username);
      await page.getByLabel('Password').fill(PRODUCT.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((u) => u.pathname !== '/studio/Login');
      await page.goto(`${server.url}/studio/steps/companyDetails`);
      await page.getByRole('heading', { name: 'companyDetails', level: 1 }).waitFor();
      const preview = page.getByRole('region', { name: 'Preview' });
      await preview.getByLabel('Company name').fill('Falcon Trading LLC');
    },
  },
];

/** The Falcon Trading application, complete with its documents; the agent has filled the KYC annexure (but the last check). */
async function prepare(server: RunningServer): Promise<Setup> {
  const customer = await apiApplicant(server.url, { email: APPLICANT.email, mobileNo: APPLICANT.mobileNo }, 'screenshots-device');
  const falcon = await createApplication(customer, falconApplication());
  await uploadRequired(customer, falcon.prospectId);
  const login = await staffSend(server.url, '', 'POST', '/api/users/authenticate', { username: AGENT.username, password: AGENT.password });
  const annexure = JSON.parse(readFileSync(join(root, 'fixtures', 'kycAnnexure', 'valid.json'), 'utf8'))[1].data.kycAnnexure as Json;
  const path = `/api/usertypes/sme/prospects/${falcon.prospectId}`;
  const current = await staffSend(server.url, login.access_token, 'GET', path);
  await staffSend(server.url, login.access_token, 'PUT', path, { prospect: { ...current.prospect, kycAnnexure: annexure }, saveType: 'auto', version: current.version });
  return { server, customer, falcon };
}

async function main(): Promise<void> {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  mkdirSync(outDir, { recursive: true });
  const only = process.argv.slice(2);
  const server = await startServer({
    SEED_AGENT_USERNAME: AGENT.username,
    SEED_AGENT_PASSWORD: AGENT.password,
    SEED_AGENT_NAME: AGENT.name,
    SEED_AGENT_RO_CODE: AGENT.roCode,
    SEED_PRODUCT_USERNAME: PRODUCT.username,
    SEED_PRODUCT_PASSWORD: PRODUCT.password,
    SEED_PRODUCT_NAME: PRODUCT.name,
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  const failed: string[] = [];
  try {
    const setup = await prepare(server);
    for (const [kind, viewport] of Object.entries(viewports) as [Kind, (typeof viewports)[Kind]][]) {
      for (const shot of shots.filter((s) => only.length === 0 || only.includes(s.name))) {
        // A context per page: each starts with empty storage, as a new tab would.
        const context: BrowserContext = await browser.newContext({ viewport, deviceScaleFactor: 1, ...(shot.locale ? { locale: shot.locale } : {}) });
        const page = await context.newPage();
        try {
          await shot.take(page, setup);
          await settle(page);
          const file = join(outDir, `${shot.name}-${kind}.png`);
          await page.screenshot({ path: file, fullPage: true });
          console.log(`wrote ${file}`);
        } catch (error) {
          failed.push(`${shot.name}-${kind}: ${(error as Error).message.split('\n')[0]}`);
          await page.screenshot({ path: `/tmp/screenshot-failed-${shot.name}-${kind}.png`, fullPage: true }).catch(() => {});
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  if (failed.length) {
    console.error(`not taken:\n  ${failed.join('\n  ')}`);
    process.exitCode = 1;
  }
}

await main();
