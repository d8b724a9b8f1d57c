import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiApplicant, createApplication, interceptFileChoosers, makePdf, openInBrowser, seriousViolations, soleProprietorApplication, type ApiApplicant } from './documentsHelpers';
import { completeCompanyInfo, enterCode, latestCode, newApplicant, savedProspect, waitForPage, waitForSaved } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, startServer, stopServerAndBrowser } from './server';
import { addPersonStakeholder } from './stakeholderHelpers';

const suite = chromiumAvailable ? describe : describe.skip;

/** A field or group whose accessible name starts with the text (required fields carry a trailing marker). */
const named = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Answers a Yes/No question of a config step. */
async function answer(page: Page, question: string, yes: boolean): Promise<void> {
  await page.getByRole('radiogroup', { name: named(question) }).getByRole('radio', { name: yes ? 'Yes' : 'No' }).check();
}

/** A searchable list (LargeListSelect): type the start of the label, then pick the option. */
async function pick(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await combobox.fill(option.slice(0, 6));
  await page.getByRole('option', { name: option, exact: true }).first().click();
}

/** "Continue" on a config step; waits for the next step's heading (or page), with the page's errors on failure. */
async function continueStep(page: Page, next: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Continue' }).click();
  try {
    if (typeof next === 'string' && next.startsWith('**/')) await page.waitForURL(next);
    else await page.getByRole('heading', { level: 1, name: next }).waitFor();
  } catch (error) {
    const errors = await page.locator('[role="alert"], .fui-Field__validationMessage').allInnerTexts();
    const labels = await page.locator('label').allInnerTexts();
    throw new Error(`${(error as Error).message}\non the page: ${errors.join(' | ')}\nlabels: ${labels.join(' | ')}`);
  }
}

/**
 * The whole customer journey in Chromium for a company with one person stakeholder (100 %, signatory): account
 * choice, applicant info, one-time code (read from the development outbox), company information, stakeholder
 * wizard, final questions, real PDF uploads through the file chooser, select services, submit. Only the page
 * is used after the account choice; the API is read for the code and for the final checks.
 */
suite('the whole customer journey in Chromium to "Application submitted"', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  it('chooses an account, signs in, fills every section, uploads the documents and submits', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    interceptFileChoosers(page);
    // The Express Service terms open the bank's site in a new tab; reading them is all the offer needs.
    context.on('page', (tab) => void tab.close());
    const applicant = newApplicant({ fullName: 'Mariam Al Suwaidi' });

    // Accounts comparison -> Current Account -> overview -> Applicant info.
    await page.goto(`${server.url}/business/accounts`);
    await page.getByRole('heading', { name: 'Compare our business accounts' }).waitFor();
    await page.getByRole('button', { name: 'Choose Current Account' }).click();
    await waitForPage(page, 'Current Account', '**/business/accounts/current-account');
    await page.getByRole('button', { name: 'Apply now' }).click();
    await waitForPage(page, 'Apply for Current Account', '**/business/accounts/current-account/application-overview');
    await page.getByRole('button', { name: 'Start application' }).click();
    await waitForPage(page, 'Basic Information', '**/business/ApplicantInfo');

    await page.getByLabel('Full name').fill(applicant.fullName);
    await page.getByLabel('E-mail').fill(applicant.email);
    await page.getByLabel('Mobile Number').fill(applicant.mobileNo);
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPage(page, "Confirm that it's you", '**/business/VerifyOTP');
    await enterCode(page, await latestCode(server, applicant));
    await waitForPage(page, 'Company Details', '**/business/CompanyInfo**');

    // Company information (3 steps), then the stakeholder wizard (6 steps).
    await completeCompanyInfo(page);
    await addPersonStakeholder(page, { firstName: 'Mariam', lastName: 'Al Suwaidi', signatory: true, percentage: 100 });
    const toFinal = page.getByRole('button', { name: 'Continue to Final Questions' });
    await page.getByText('Shares held: 100 % of 100 % · Signatories: 1').waitFor();
    await waitForSaved(page);
    await expect.poll(() => toFinal.getAttribute('aria-disabled'), { timeout: 10_000 }).toBeNull();
    await toFinal.click();
    await page.waitForURL('**/business/FinalQuestions**');

    // Final questions: five company steps, then four for the signatory.
    await page.getByRole('heading', { level: 1, name: 'Business relationships' }).waitFor();
    await page.getByText('Step 1 of 9').waitFor();
    if ((await page.getByLabel(named('Customer name')).count()) === 0) await page.getByRole('button', { name: 'Add another customer' }).click();
    await page.getByLabel(named('Customer name')).fill('Gulf Retail Group');
    await pick(page, page.getByRole('combobox', { name: named('Country') }).first(), 'United Arab Emirates');
    await page.getByRole('checkbox', { name: "I don't have any suppliers yet" }).check();
    await page.getByRole('checkbox', { name: "I don't trade goods yet" }).check();
    await answer(page, 'Does the company have accounts with other banks?', false);
    await answer(page, 'Does the company, directly or indirectly, deal with sanctioned countries?', false);
    await continueStep(page, 'Branches and subsidiaries');

    await answer(page, 'Does the company have branches, subsidiaries or other group entities in the UAE?', false);
    await answer(page, 'Does the company have branches, subsidiaries or other group entities outside the UAE?', false);
    await continueStep(page, 'Anticipated activity');

    const amounts: [string, string][] = [
      ['Annual turnover', '1200000'],
      ['Total monthly credits', '100000'],
      ['Monthly cash credits', '20000'],
      ['Largest single cash transaction', '10000'],
      ['Largest single non-cash transaction', '50000'],
    ];
    for (const [field, value] of amounts) await page.getByLabel(named(field)).fill(value);
    // The cash percentage, the non-cash amount and its percentage are worked out from the totals (read-only).
    for (const [field, value] of [['Cash credits percentage', '20'], ['Monthly non-cash credits', '80000'], ['Non-cash credits percentage', '80']] as const) {
      await expect.poll(() => page.getByLabel(named(field)).inputValue()).toBe(value);
      expect(await page.getByLabel(named(field)).isEditable()).toBe(false);
    }
    await answer(page, 'Does the company offer hawala', false);
    await answer(page, 'Is the company a US entity', false);
    await answer(page, 'Is the company a designated non-financial business', false);
    await answer(page, 'Is the company a financial institution', false);
    await page.getByRole('radiogroup', { name: named('Is the company an active or a passive') }).getByRole('radio').first().check();
    await continueStep(page, 'Preferred mailing address');

    if ((await page.getByLabel(named('Office / villa number')).count()) === 0) await page.getByRole('button', { name: 'Add the mailing address' }).click();
    await page.getByLabel(named('Office / villa number')).fill('1203');
    await page.getByLabel(named('Street / location')).fill('Al Maktoum Road, Deira');
    await page.getByLabel(named('PO Box')).fill('12345');
    await page.getByRole('combobox', { name: named('Emirate / City') }).selectOption({ index: 1 });
    // An office (office 1203): a flexi desk would refer the application (PEP Check, reason code RSN2).
    await page.getByRole('combobox', { name: named('Type of space occupied') }).selectOption({ label: 'Office' });
    await answer(page, 'Is this address different from the address on your trade license?', false);
    await continueStep(page, 'Preferred contact');

    await page.getByLabel(named('E-mail')).fill('accounts@falcontrading.ae');
    await page.getByLabel(named('Mobile Number')).fill('501112233');
    await continueStep(page, /^Personal information: Mariam Al Suwaidi/);

    await page.getByRole('combobox', { name: named('Marital status') }).selectOption({ index: 1 });
    await page.getByLabel(named("Mother's maiden name")).fill('Fatima Rahman');
    await page.getByRole('combobox', { name: named('Education') }).selectOption({ index: 1 });
    // Not a UAE national (India): the home country address is asked.
    if ((await page.getByLabel(named('Address line 1')).count()) === 0) await page.getByRole('button', { name: 'Add home country address' }).click();
    await page.getByLabel(named('Address line 1')).fill('12 MG Road');
    await page.getByLabel(named('City')).fill('Kochi');
    await pick(page, page.getByRole('combobox', { name: named('Country') }).last(), 'India');
    await continueStep(page, /^Employment details: Mariam Al Suwaidi/);

    // Salaried: a housewife (the first option) is asked no employer (the form logic hides it).
    await page.getByRole('combobox', { name: named('Employment type') }).selectOption('Salaried');
    await page.getByLabel(named('Employer name')).fill('Falcon Trading LLC');
    await page.getByRole('combobox', { name: named('Designation') }).selectOption({ index: 1 });
    await continueStep(page, /^Source of funds: Mariam Al Suwaidi/);

    await page.getByRole('group', { name: named('What is the source of your wealth?') }).getByRole('checkbox').first().check();
    await continueStep(page, /^UAE address: Mariam Al Suwaidi/);

    // Her UAE address is the company's; with a home country address (India) she says which one is preferred.
    await answer(page, "Is the signatory's address in the UAE the same as the company's address?", true);
    await expect.poll(() => page.getByLabel(named('Street / location')).inputValue()).toBe('Al Maktoum Road, Deira');
    await answer(page, "Is this the signatory's preferred address for letters?", true);
    await continueStep(page, '**/business/UploadDocuments');

    // Upload Documents: a real PDF for every required document, through the file chooser of its Upload button.
    await page.getByRole('heading', { name: 'Upload Documents', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Company documents' }).waitFor();
    await page.getByRole('heading', { name: 'Documents of Mariam Al Suwaidi' }).waitFor();
    const pending = page.locator('li[data-document-key]:not([data-availability="COMPLETED"])').filter({ has: page.getByText('Required', { exact: true }) });
    const continueButton = page.getByRole('button', { name: 'Continue' });
    let uploaded = 0;
    while ((await pending.count()) > 0) {
      expect(await continueButton.isDisabled()).toBe(true);
      const row = pending.first();
      const key = (await row.getAttribute('data-document-key'))!;
      const pdf = makePdf(60_000, key);
      expect(pdf.length).toBeGreaterThanOrEqual(50 * 1024);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const chooser = page.waitForEvent('filechooser');
      await row.getByRole('button', { name: /^Upload/ }).click();
      await (await chooser).setFiles({ name: `${key}.pdf`, mimeType: 'application/pdf', buffer: pdf });
      await page.locator(`li[data-document-key="${key}"][data-availability="COMPLETED"]`).waitFor({ timeout: 30_000 });
      uploaded += 1;
    }
    expect(uploaded).toBeGreaterThanOrEqual(5); // trade licence, MOA, bank statement, passport, Emirates ID at least
    await expect.poll(() => continueButton.isEnabled(), { timeout: 10_000 }).toBe(true);
    await continueButton.click();
    await page.waitForURL('**/business/SelectServices**');

    // Select Services: express offer (terms read, accepted), account details, signing, channels, package.
    await page.getByRole('heading', { level: 1, name: 'Express Service' }).waitFor();
    // The terms are a link to the bank's site, or a button while the config gives no address (products.json).
    const terms = { name: 'Express Service terms and conditions' };
    await page.getByRole('link', terms).or(page.getByRole('button', terms)).click();
    await page.getByRole('checkbox', { name: 'I have read and accept the terms and conditions of Express Service' }).check();
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Account details' }).waitFor();

    await page.getByRole('combobox', { name: named('Emirate/City') }).selectOption({ index: 1 });
    await page.getByRole('combobox', { name: named('Branch') }).selectOption({ index: 1 });
    await continueStep(page, 'Signing preferences');

    await page.getByRole('combobox', { name: named('Signing transactions') }).selectOption({ index: 1 });
    await page.getByLabel(named('Full name')).first().fill('Mariam Al Suwaidi');
    await page.getByLabel(named('Mobile Number')).first().fill('501234567');
    await continueStep(page, 'Channels');

    await page.getByLabel(named('Name on debit card')).fill('MARIAM AL SUWAIDI');
    await continueStep(page, 'Value added services');

    const packages = page.getByRole('button', { name: /^Select / });
    await packages.first().click();
    await expect.poll(() => page.getByRole('button', { pressed: true }).count()).toBe(1);
    await continueStep(page, '**/business/SubmitApplication');

    // Submit.
    await page.getByRole('heading', { name: 'Submit your application', level: 1 }).waitFor();
    const submit = page.getByRole('button', { name: 'Submit application' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('I confirm that the information in this application is true and complete.').check();
    await submit.click();

    await page.waitForURL('**/business/ApplicationSubmitted');
    await page.getByRole('heading', { name: 'Application submitted', level: 1 }).waitFor();
    await page.getByText('Check it out. Application submitted!').waitFor();
    const saved = await savedProspect(page, server);
    await page.getByText(`Your application number is ${saved.prospectId}.`).waitFor();
    expect(saved.status).toBe('SUBMITTED');
    const prospect = saved.prospect as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(prospect.applicationInfo).toMatchObject({ accountType: 'currentAccount', islamicBanking: false, declaration: true }); // the confirmation, recorded by the server with the submit
    expect(prospect.signatoryInfo).toHaveLength(1);
    expect(prospect.signatoryInfo[0]).toMatchObject({ fullName: 'Mariam Al Suwaidi', kycDetails: { isSignatory: true, shareHoldingPercentage: 100 } });
    expect(prospect.accountInfo[0]).toMatchObject({ express: true, accountCurrencies: ['AED'] });
    expect(prospect.applicationInfo.rakValuePackage).toBeTruthy();
    await context.close();
  }, 300_000);
});

/**
 * The documents page in detail, then submit, for an application saved through the same API the browser uses
 * (sign-in code from the development outbox): the required list, checks before upload, cancel, other
 * documents, and the submitted page with re-upload and "Check status".
 */
suite('documents to "Application submitted" for an application saved through the API', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let client: ApiApplicant;
  let prospectId: string;

  const row = (key: string) => page.locator(`li[data-document-key="${key}"]`);
  const choose = (key: string, name: string, buffer: Buffer, mimeType = 'application/pdf') =>
    page.getByTestId(`file-${key}`).setInputFiles({ name, mimeType, buffer });

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    client = await apiApplicant(server.url, { email: 'khalid@alzaabiconsulting.ae', mobileNo: '507654321' }, 'e2e-journey');
    ({ prospectId } = await createApplication(client, soleProprietorApplication('507654321', 'khalid@alzaabiconsulting.ae')));
    page = await (await browser.newContext({ bypassCSP: true })).newPage(); // bypassCSP: the axe-core check injects a script
  }, 120_000);
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  it('lists the required documents of the company and of its stakeholder', async () => {
    await openInBrowser(page, server.url, client, prospectId);
    await page.goto(`${server.url}/UploadDocuments`);
    await page.getByRole('heading', { name: 'Upload Documents', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/business/UploadDocuments');
    await page.getByRole('heading', { name: 'Company documents' }).waitFor();
    await page.getByRole('heading', { name: 'Documents of Khalid Saeed Al Zaabi' }).waitFor();
    await expect(row('Passport-0-1').getByText('Passport (AE) - Khalid Saeed Al Zaabi').count()).resolves.toBe(1);
    expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('checks size and type in the browser before sending anything', async () => {
    let uploads = 0;
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/documents') && uploads++);
    await choose('TradeLicense-1', 'licence.pdf', makePdf(20_000).subarray(0, 20_000));
    await row('TradeLicense-1').getByRole('alert').getByText('Document size is insufficient. Please upload a document that is at least 50KB to continue.').waitFor();
    const program = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(60_000, 1)]);
    await choose('TradeLicense-1', 'licence.pdf', program);
    await row('TradeLicense-1').getByRole('alert').getByText('Supported formats are PDF, JPG and PNG').waitFor();
    expect(uploads).toBe(0);
  });

  it('cancels an upload in flight', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/prospectId/*/documents', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await choose('MOA-1', 'moa.pdf', makePdf());
    await row('MOA-1').getByRole('progressbar').waitFor();
    await row('MOA-1').getByRole('button', { name: 'Cancel the upload of Memorandum of Association / Articles of Association' }).click();
    await row('MOA-1').getByRole('progressbar').waitFor({ state: 'detached' });
    release();
    await page.unroute('**/prospectId/*/documents');
    expect(await row('MOA-1').getAttribute('data-availability')).toBe('AVAILABLE');
    await expect(row('MOA-1').getByRole('alert').count()).resolves.toBe(0);
  });

  it('uploads every required document and opens Continue', async () => {
    const docs = await client.documents(prospectId);
    const required = [
      ...['companyDocuments', 'companyBankStatements', 'companyAddressProof', 'companyInvoices'].flatMap((s) => docs[s].documents),
      ...Object.values(docs.stakeholdersDocuments).flatMap((s) => (s as { documents: unknown[] }).documents),
    ].filter((d) => (d as { required: boolean }).required) as { documentKey: string }[];
    expect(required.map((d) => d.documentKey)).toEqual(
      expect.arrayContaining(['TradeLicense-1', 'MOA-1', 'companyBankStatements-BankStatement-1', 'Passport-0-1', 'EmiratesId-0-1']),
    );
    for (const { documentKey } of required) {
      expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
      await choose(documentKey, `${documentKey}.pdf`, makePdf(60_000, documentKey));
      await page.locator(`li[data-document-key="${documentKey}"][data-availability="COMPLETED"]`).waitFor();
    }
    await row('TradeLicense-1').getByText('TradeLicense-1.pdf', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Continue' }).isEnabled()).toBe(true);
    const after = await client.documents(prospectId);
    expect(after.readyForSubmit).toBe(true);
  });

  it('adds an other document, and deletes it after confirming', async () => {
    await page.getByLabel('Name of the document').fill('Tenancy contract');
    await page.getByRole('button', { name: 'Add other document' }).click();
    await choose('Other-1', 'tenancy.pdf', makePdf());
    await page.locator('li[data-document-key="Other-1"][data-availability="COMPLETED"]').waitFor();
    expect((await client.documents(prospectId)).otherDocuments).toMatchObject([{ documentKey: 'Other-1', documentTitle: 'Tenancy contract' }]);

    await row('Other-1').getByRole('button', { name: 'Delete Tenancy contract' }).click();
    await page.getByRole('alertdialog').getByText('Are you sure?').waitFor();
    await page.getByRole('button', { name: "Yes, I'm sure" }).click();
    await row('Other-1').waitFor({ state: 'detached' });
    expect((await client.documents(prospectId)).otherDocuments).toEqual([]);
  });

  it('continues to Select Services, submits and lands on "Application submitted"', async () => {
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/business/SelectServices**');
    // The services were saved with the application above; the submit page is step 6's related route.
    await page.goto(`${server.url}/SubmitApplication`);
    await page.getByRole('heading', { name: 'Submit your application', level: 1 }).waitFor();
    const submit = page.getByRole('button', { name: 'Submit application' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('I confirm that the information in this application is true and complete.').check();
    await submit.click();

    await page.waitForURL('**/business/ApplicationSubmitted');
    await page.getByRole('heading', { name: 'Application submitted', level: 1 }).waitFor();
    await page.getByText('Check it out. Application submitted!').waitFor();
    await page.getByText(`Your application number is ${prospectId}.`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Re-upload (when the bank asks again): nothing is missing, so every document can be replaced.
    await page.goto(`${server.url}/ReUploadDocuments`);
    await page.getByRole('heading', { name: 'Upload your documents', level: 1 }).waitFor();
    await page.getByText('We have every document we asked for.', { exact: false }).waitFor();
    await row('Passport-0-1').getByRole('button', { name: 'Replace Passport (AE) - Khalid Saeed Al Zaabi' }).waitFor();
    // The bank asked nothing: the documents are shown, nothing can be replaced (the server would refuse it).
    await expect(row('Passport-0-1').getByRole('button', { name: 'Replace Passport (AE) - Khalid Saeed Al Zaabi' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: /^Delete / }).count()).resolves.toBe(0);
    await page.goto(`${server.url}/ApplicationSubmitted`);
    await page.getByRole('heading', { name: 'Application submitted', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Check status' }).click();
    await page.waitForURL('**/business/ComeBackLogin');
    const kept = await page.evaluate(() => [sessionStorage.getItem('qa.session'), sessionStorage.getItem('qa.application')]);
    expect(kept.map((v) => (v === null ? null : JSON.parse(v)))).toEqual([null, null]);
  });
});
