/**
 * A company stakeholder holding 25 % or more, at 360 px: its proof of relationship is uploaded from the wizard
 * through the documents API and stored as that stakeholder's document, so the step completes.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from './documentsHelpers';
import { browserSession, completeCompanyInfo, putProspect, savedProspect, signInAsNewApplicant, waitForSaved } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, startServer, stopServerAndBrowser } from './server';
import { addCompanyStakeholder, addPersonStakeholder } from './stakeholderHelpers';

const suite = chromiumAvailable ? describe : describe.skip;

suite('company stakeholder', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  it('a 40 % company shareholder uploads its proof of relationship on a phone and completes', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    const { prospectId } = await signInAsNewApplicant(page, server);
    await completeCompanyInfo(page);
    await addPersonStakeholder(page, { firstName: 'Omar', lastName: 'Mansoori', signatory: true, percentage: 60 });

    const uploads: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/documents') && uploads.push(r.url()));
    await addCompanyStakeholder(page, { companyName: 'Gulf Holding Partners LLC', percentage: 40, proof: { name: 'share-certificate.pdf', buffer: makePdf(70_000, 'Share certificate') } });
    expect(uploads).toHaveLength(1);

    const card = page.getByRole('list', { name: 'Company stakeholders' }).getByRole('listitem').nth(1);
    await card.getByText('Company · Shareholder 40 %').waitFor();
    await card.getByText('Complete').waitFor();
    await waitForSaved(page);

    // Editing the complete person opens its first step (not step 6 of 6), so a change needs no Back.
    await page.getByRole('button', { name: 'Edit Omar Mansoori' }).click();
    const wizard = page.locator('section[aria-labelledby^="stakeholder-step-"]');
    await wizard.getByRole('heading', { level: 2, name: 'Personal Information' }).waitFor();
    await wizard.getByText('Omar Mansoori · Step 1 of 6').waitFor();
    await wizard.getByRole('button', { name: 'Close' }).click();
    await wizard.waitFor({ state: 'detached' });

    const saved = await savedProspect(page, server, prospectId);
    const company = (saved.prospect.signatoryInfo as Record<string, Record<string, unknown>>[])[1]!;
    const id = company.signatoryId as unknown as string;
    expect(company.kycDetails).toMatchObject({ isShareholderACompany: true, isShareholder: true, shareHoldingPercentage: 40, docProofOfRelationship: `ProofOfRelationship-${id}` });
    expect(saved.completedSteps).toContainEqual(expect.objectContaining({ flowId: 'stakeholderCompany', step: 'stakeholderCompanyInfo', signatoryId: id, status: 'COMPLETED' }));

    // The file is the company's document on the server.
    const { accessToken } = await browserSession(page);
    const res = await fetch(`${server.url}/api/prospects/${prospectId}/documents`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(res.status).toBe(200);
    const docs = (await res.json()) as { stakeholdersDocuments: Record<string, { signatoryName: string; documents: { documentKey: string; uploadStatus: string; fileName: string }[] }> };
    expect(docs.stakeholdersDocuments[id]?.documents).toContainEqual(
      expect.objectContaining({ documentKey: `ProofOfRelationship-${id}`, uploadStatus: 'Uploaded', fileName: 'share-certificate.pdf' }),
    );

    // Upload Documents: the company's section is named by the company and offers no personal documents.
    await page.goto(`${server.url}/business/UploadDocuments`);
    const section = page.getByRole('region', { name: 'Documents of Gulf Holding Partners LLC' });
    await section.waitFor();
    await section.getByText('Trade License - Gulf Holding Partners LLC').first().waitFor();
    expect(await section.getByText(/Personal bank statements|CV \(personal background\)/).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Documents of Omar Mansoori' }).getByText('Personal bank statements').count()).toBeGreaterThan(0);

    // Channels: a name on a debit card for the signatory only, no empty "Signatory" for the company.
    await putProspect(page, server, {
      accountInfo: [{ accountCurrencies: ['AED'] }],
      organizationInfo: { ...((await savedProspect(page, server)).prospect.organizationInfo as Record<string, unknown>), accountSigningInfo: { accountSigningType: '100' } },
    });
    await page.goto(`${server.url}/business/SelectServices?step=4`);
    await page.getByRole('heading', { level: 1, name: 'Channels' }).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: /^Name on debit card/ }).count()).toBe(1);
    const signatories = page.getByRole('textbox', { name: /^Signatory/ });
    await expect.poll(() => signatories.count()).toBe(1);
    expect(await signatories.inputValue()).toBe('Omar Mansoori');
    await context.close();
  }, 300_000);
});
