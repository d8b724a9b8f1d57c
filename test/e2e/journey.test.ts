import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comeBack, completeCompanyInfo, companyDetails, newApplicant, putProspect, savedProspect, signInAsNewApplicant, waitForSaved } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, startServer, stopServerAndBrowser } from './server';

const suite = chromiumAvailable ? describe : describe.skip;

const COMPANY_STEPS = ['companyDetails', 'companyIndustry', 'companyLicense'];

suite('customer journey: sign-in, company information, resume, offline', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone (390 px)', { width: 390, height: 844 }],
  ] as const) {
    it(`applicant info -> one-time code -> company information completed, at ${label} width`, async () => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const { prospectId } = await signInAsNewApplicant(page, server);
      const licenseNumber = await completeCompanyInfo(page);

      const saved = await savedProspect(page, server, prospectId);
      const org = saved.prospect.organizationInfo as Record<string, unknown>;
      expect(org.companyName).toBe(companyDetails.companyName);
      expect(org.licenseNumber).toBe(licenseNumber);
      expect(org.dateOfIncorporation).toBe('2020-06-01');
      const done = saved.completedSteps.filter((s) => s.flowId === 'companyInfo' && s.status === 'COMPLETED').map((s) => s.step);
      expect(done.sort()).toEqual([...COMPANY_STEPS].sort());
      await context.close();
    });
  }

  it('select services: the express offer answers its step and the next step follows; steps are navigable with ?step', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const { prospectId } = await signInAsNewApplicant(page, server, newApplicant());
    await page.goto(`${server.url}/business/SelectServices`);
    await page.getByRole('heading', { level: 1, name: 'Express Service' }).waitFor();
    await page.getByRole('button', { name: 'No, thanks' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account details' }).waitFor();
    expect(page.url()).toContain('step=2');
    const saved = await savedProspect(page, server, prospectId);
    expect(saved.completedSteps).toContainEqual(expect.objectContaining({ flowId: 'selectServices', step: 'ssExpress', status: 'COMPLETED' }));
    expect((saved.prospect.accountInfo as { express?: boolean }[])[0]?.express).toBe(false);
    // Back goes to ?step=1; the address without a step opens the first step not completed.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { level: 1, name: 'Express Service' }).waitFor();
    expect(page.url()).toContain('step=1');
    await page.goto(`${server.url}/business/SelectServices`);
    await page.getByRole('heading', { level: 1, name: 'Account details' }).waitFor();
    await context.close();
  });

  it('final questions: company steps, then the signatory steps of each signatory, scoped to that stakeholder', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAsNewApplicant(page, server, newApplicant());
    await putProspect(page, server, {
      signatoryInfo: [
        { signatoryId: 'S1', firstName: 'Amal', lastName: 'Saeed', kycDetails: { isSignatory: true, isShareholderACompany: false } },
        { signatoryId: 'S2', firstName: 'Omar', lastName: 'Nasser', kycDetails: { isSignatory: false, isShareholderACompany: false } },
      ],
    });
    await page.goto(`${server.url}/business/FinalQuestions?step=1`);
    await page.getByRole('heading', { level: 1, name: 'Business relationships' }).waitFor();
    // 5 company steps + 4 for the one signatory (Omar is not a signatory).
    await page.getByText('Step 1 of 9').waitFor();
    await page.goto(`${server.url}/business/FinalQuestions?step=6`);
    await page.getByRole('heading', { level: 1, name: /Personal information: Amal Saeed/ }).waitFor();
    await page.goto(`${server.url}/business/FinalQuestions?step=9`);
    await page.getByRole('heading', { level: 1, name: /UAE address: Amal Saeed/ }).waitFor();
    await context.close();
  });

  it('resumes a saved application through the come-back login at the first incomplete step', async () => {
    const first = await browser.newContext();
    const page = await first.newPage();
    const { applicant, prospectId } = await signInAsNewApplicant(page, server, newApplicant());
    await page.getByLabel('Company name').fill('Resume Trading LLC');
    await page.getByLabel('Number of employees').fill('4');
    await page.getByRole('combobox', { name: 'Company category' }).selectOption('LLC');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Industry' }).waitFor();
    await first.close();

    // Another browser (nothing in session storage): come back, pick the application, land on Industry.
    const second = await browser.newContext();
    const again = await second.newPage();
    await comeBack(again, server, applicant, prospectId);
    await again.waitForURL('**/business/CompanyInfo?step=2');
    await again.getByRole('heading', { level: 1, name: 'Industry' }).waitFor();
    await again.getByRole('button', { name: 'Back' }).click();
    await again.getByRole('heading', { level: 1, name: 'Company Details' }).waitFor();
    await expect(again.getByLabel('Company name').inputValue()).resolves.toBe('Resume Trading LLC');
    await second.close();
  });

  it('keeps edits made offline and saves every one of them once the browser is back online', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const { prospectId } = await signInAsNewApplicant(page, server, newApplicant());
    await context.setOffline(true);
    await page.getByLabel('Company name').fill('Offline Trading LLC');
    await page.getByLabel('Number of employees').fill('7');
    await page.getByRole('combobox', { name: 'Company category' }).selectOption('LLC');
    await page.getByText('You are offline').waitFor();
    // A reload while offline is not possible; the local copy is in session storage meanwhile.
    const kept = await page.evaluate(() => JSON.parse(sessionStorage.getItem('qa.application') ?? '{}'));
    expect(kept.prospect.organizationInfo.companyName).toBe('Offline Trading LLC');
    expect(kept.dirty).toBe(true);

    await context.setOffline(false);
    await waitForSaved(page);
    const saved = await savedProspect(page, server, prospectId);
    const org = saved.prospect.organizationInfo as Record<string, unknown>;
    expect(org.companyName).toBe('Offline Trading LLC');
    expect(org.noOfEmployees).toBe(7);
    expect((saved.prospect.orgKYCDetails as Record<string, unknown>).companyCategory).toBe('LLC');
    await context.close();
  });

  it('a wrong code shows the server message and the attempts left; editing clears it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const applicant = newApplicant();
    const { chooseAccount, enterCode, latestCode } = await import('./journeyHelpers');
    await chooseAccount(page, server);
    await page.goto(`${server.url}/business/ApplicantInfo`);
    await page.getByLabel('Full name').fill(applicant.fullName);
    await page.getByLabel('E-mail').fill(applicant.email);
    await page.getByLabel('Mobile Number').fill(applicant.mobileNo);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/business/VerifyOTP');
    const code = await latestCode(server, applicant);
    const wrong = code === '000000' ? '111111' : '000000';
    await enterCode(page, wrong);
    await page.getByText('The one-time code is not correct').waitFor();
    await page.getByText(/attempts? left/).waitFor();
    await expect(page.getByRole('button', { name: 'Send a new code' }).isDisabled()).resolves.toBe(true);
    await page.getByText(/You can ask for a new code in 0:\d\d/).waitFor();
    await page.getByLabel('Digit 6 of 6').press('Backspace');
    await expect(page.getByText('The one-time code is not correct').count()).resolves.toBe(0);
    await context.close();
  });
});
