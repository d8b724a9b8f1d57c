/**
 * Reusable steps of the customer journey for the end-to-end tests (journey, stakeholders, documents, full
 * journey): sign in a new applicant through the real pages (code read from the development outbox), come
 * back as a returning applicant, fill the company information steps, and read the saved application through
 * the API with the browser's own token.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningServer } from './server';

export interface Applicant {
  fullName: string;
  email: string;
  countryCode: string;
  mobileNo: string;
}

let counter = 0;

/** A fresh applicant (unique mobile and e-mail per call, so tests do not share rate limits or applications). */
export function newApplicant(overrides: Partial<Applicant> = {}): Applicant {
  counter += 1;
  const n = `${Date.now() % 100000}${counter}`.padStart(7, '0').slice(-7);
  return { fullName: 'Layla Haddad', email: `layla.${n}@falcon.ae`, countryCode: '971', mobileNo: `50${n}`, ...overrides };
}

/** The latest one-time code sent to the applicant's mobile (GET /api/dev/outbox). */
export async function latestCode(server: RunningServer, applicant: Pick<Applicant, 'countryCode' | 'mobileNo'>, previous?: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${server.url}/api/dev/outbox?recipient=${applicant.countryCode}${applicant.mobileNo}&limit=1`);
    const body = (await res.json()) as { messages: { body: string }[] };
    const code = /\b(\d{6})\b/.exec(body.messages[0]?.body ?? '')?.[1];
    if (code && code !== previous) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('no one-time code in the outbox');
}

/**
 * Waits until the app shows the page with this level-1 heading (a string is matched exactly), after the address
 * matched `url` when one is given. The address changes as soon as the app navigates, but the previous page stays
 * on screen until the new route's lazily loaded chunk has rendered (React Router renders navigations in a
 * transition): acting right after `waitForURL` can click the previous page's control of the same name (a radio,
 * Continue). Act on a new page only after this.
 */
export async function waitForPage(page: Page, heading: string | RegExp, url?: string | RegExp | ((url: URL) => boolean)): Promise<void> {
  if (url !== undefined) await page.waitForURL(url);
  await page.getByRole('heading', { level: 1, name: heading, exact: typeof heading === 'string' }).waitFor();
}

/** Types a code into the six boxes (auto-advance does the rest; the page verifies once six digits are in). */
export async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

/** Chooses an account as the product pages would (session storage), without depending on those pages. */
export async function chooseAccount(page: Page, server: RunningServer, accountType = 'currentAccount', islamicBanking = false): Promise<void> {
  await page.goto(`${server.url}/business/no-such-page`);
  await page.evaluate((choice) => sessionStorage.setItem('qa.accountChoice', JSON.stringify(choice)), { accountType, islamicBanking });
}

/** A new applicant fills Basic Information and continues to the code page (the code is sent). */
export async function startCodeRequest(page: Page, server: RunningServer, applicant: Applicant): Promise<void> {
  await chooseAccount(page, server);
  await page.goto(`${server.url}/business/ApplicantInfo`);
  await page.getByLabel('Full name').fill(applicant.fullName);
  await page.getByLabel('E-mail').fill(applicant.email);
  await page.getByLabel('Mobile Number').fill(applicant.mobileNo);
  await page.getByRole('button', { name: 'Continue' }).click();
  await waitForPage(page, "Confirm that it's you", '**/business/VerifyOTP');
}

/**
 * A new applicant from Basic Information to the first company information step: account chosen, form
 * filled, code read from the outbox and typed, application created. Returns the applicant and prospect id.
 */
export async function signInAsNewApplicant(page: Page, server: RunningServer, applicant: Applicant = newApplicant()): Promise<{ applicant: Applicant; prospectId: string }> {
  await startCodeRequest(page, server, applicant);
  await enterCode(page, await latestCode(server, applicant));
  await waitForPage(page, 'Company Details', '**/business/CompanyInfo**');
  return { applicant, prospectId: (await browserSession(page)).prospectId! };
}

/** A returning applicant: come-back login, code, their applications; resumes the one given (or the first). */
export async function comeBack(page: Page, server: RunningServer, applicant: Applicant, prospectId?: string): Promise<void> {
  await page.goto(`${server.url}/business/ComeBackLogin`);
  await page.getByLabel('E-mail').fill(applicant.email);
  await page.getByLabel('Mobile Number').fill(applicant.mobileNo);
  await page.getByRole('button', { name: 'Continue' }).click();
  await waitForPage(page, "Confirm that it's you", '**/business/ComeBackVerification');
  await enterCode(page, await latestCode(server, applicant));
  await waitForPage(page, 'Your applications', '**/business/MyApplications');
  const name = prospectId ? `Continue application ${prospectId}` : /^Continue application/;
  await page.getByRole('button', { name }).first().click();
}

export const companyDetails = { companyName: 'Falcon Trading LLC', noOfEmployees: '12', companyCategory: 'LLC' };

let licenceSequence = 0;
/** A trade licence number no other application in this run has (a number in use is refused on the License step). */
export function uniqueLicenceNumber(): string {
  licenceSequence += 1;
  return `CN-${String(process.pid % 1000).padStart(3, '0')}${String(licenceSequence).padStart(4, '0')}`;
}

/**
 * Fills and continues company details, industry and licence (the three company information steps), with
 * `licenseNumber` or a number of its own; returns the licence number entered.
 */
export async function completeCompanyInfo(page: Page, licenseNumber = uniqueLicenceNumber()): Promise<string> {
  await page.getByRole('heading', { level: 1, name: 'Company Details' }).waitFor();
  await page.getByLabel('Company name').fill(companyDetails.companyName);
  await page.getByLabel('Number of employees').fill(companyDetails.noOfEmployees);
  await page.getByRole('combobox', { name: 'Company category' }).selectOption(companyDetails.companyCategory);
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('heading', { level: 1, name: 'Industry' }).waitFor();
  const industry = page.getByRole('combobox', { name: 'Industry', exact: true });
  if ((await industry.count()) === 0) await page.getByRole('button', { name: 'Add another industry' }).click();
  await industry.first().selectOption('GT');
  await page.getByRole('combobox', { name: 'Sub-category' }).first().selectOption('31');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('heading', { level: 1, name: 'License Information' }).waitFor();
  await page.getByLabel('License number').fill(licenseNumber);
  await page.getByLabel('License issue date').fill('01/03/2025');
  await page.getByRole('combobox', { name: 'License issuing authority' }).selectOption('DED');
  await page.getByLabel('Date of incorporation').fill('01/06/2020');
  await page.getByRole('button', { name: 'Continue' }).click();
  await waitForPage(page, 'Company Stakeholders', '**/business/StakeholdersInfo**');
  return licenseNumber;
}

/** The browser tab's session: its access token and the application it has open. */
export async function browserSession(page: Page): Promise<{ accessToken: string; prospectId: string | undefined }> {
  return page.evaluate(() => {
    const session = JSON.parse(sessionStorage.getItem('qa.session') ?? 'null') as { accessToken: string } | null;
    const app = JSON.parse(sessionStorage.getItem('qa.application') ?? 'null') as { prospectId?: string } | null;
    return { accessToken: session?.accessToken ?? '', prospectId: app?.prospectId };
  });
}

export interface SavedProspect {
  prospectId: string;
  version: number;
  status: string;
  prospect: Record<string, unknown>;
  completedSteps: { flowId: string; step: string; status: string; signatoryId?: string }[];
}

/** The application as the server has it (GET with the browser's token: GET answers are not encrypted). */
export async function savedProspect(page: Page, server: RunningServer, prospectId?: string): Promise<SavedProspect> {
  const session = await browserSession(page);
  const id = prospectId ?? session.prospectId;
  const res = await fetch(`${server.url}/api/usertypes/sme/prospects/${id}`, { headers: { authorization: `Bearer ${session.accessToken}` } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as SavedProspect;
}

/**
 * Waits until the page's save status line says everything is saved. The company and stakeholder steps hand an edit
 * to the application after the next paint (StepForm's changesAfterPaint), so the line says "saved" until then: the
 * wait starts once a frame and the task after it have run (on a loaded machine an edit was otherwise not yet seen).
 */
export async function waitForSaved(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => setTimeout(resolve, 0));
        // A tab that paints no frames: the form hands the edit over after 100 ms.
        setTimeout(resolve, 150);
      }),
  );
  try {
    await page.locator('[data-save-state="saved"]').waitFor({ timeout: 20_000 });
  } catch (error) {
    // Say what the page shows instead (a failure on a loaded CI machine is otherwise hard to read).
    const lines = await page
      .locator('[data-save-state]')
      .evaluateAll((els) => els.map((el) => `${el.getAttribute('data-save-state')}: ${el.textContent ?? ''}`))
      .catch(() => [] as string[]);
    throw new Error(`not saved within 20 s; the save line says ${lines.length ? lines.join(' | ') : 'nothing'} (${(error as Error).message.split('\n')[0]})`);
  }
}

/**
 * Saves sections of the application through the API as the browser would (encrypted PUT with the browser's
 * token and the current version), e.g. to add stakeholders without the stakeholder pages. Returns the answer.
 */
export async function putProspect(page: Page, server: RunningServer, sections: Record<string, unknown>, prospectId?: string): Promise<SavedProspect> {
  const { encryptRequest, decryptResponse, importPublicKey, ENCRYPTED_RESPONSE_HEADER } = await import('../../src/shared/envelope');
  const { accessToken } = await browserSession(page);
  const config = (await (await fetch(`${server.url}/api/config`)).json()) as { publicKey: string };
  // The page may still be saving its last edit (an autosave, a wizard's step): a 409 here means the page's save landed
  // between our read and our write, so read the new version and write again (as the runtime does after reloading).
  let res: Response;
  let answer: unknown;
  for (let attempt = 0; ; attempt++) {
    const current = await savedProspect(page, server, prospectId);
    const path = `/api/usertypes/sme/prospects/${current.prospectId}`;
    const sealed = await encryptRequest(await importPublicKey(config.publicKey), { prospect: sections, saveType: 'save', version: current.version }, { method: 'PUT', path });
    res = await fetch(server.url + path, {
      method: 'PUT',
      headers: { authorization: `Bearer ${accessToken}`, ...sealed.headers },
      body: JSON.stringify(sealed.payload),
    });
    const body = (await res.json()) as unknown;
    answer = res.headers.get(ENCRYPTED_RESPONSE_HEADER) ? await decryptResponse(sealed.key, body) : body;
    if (res.status !== 409 || attempt >= 3) break;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  expect(res.status, JSON.stringify(answer)).toBe(200);
  // The tab keeps the server's new copy (as the runtime would after a save); the next page load reads it.
  const saved = answer as SavedProspect;
  await page.evaluate(
    (a) => sessionStorage.setItem('qa.application', JSON.stringify({ prospectId: a.prospectId, prospect: a.prospect, version: a.version, status: a.status, dirty: false })),
    { prospectId: saved.prospectId, prospect: saved.prospect, version: saved.version, status: saved.status },
  );
  return saved;
}
