/**
 * QA walk, defect 1: a removed stakeholder's documents stayed in the application. A non-signatory holding 30 %
 * uploads a proof of relationship from the wizard, is removed ("Yes, I'm sure"), and is then on no page: no
 * "Stakeholder documents" section for nobody on Upload Documents (no orphan proof, no bank statements or CV lists
 * of nobody), nothing of his on the review.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from './documentsHelpers';
import { browserSession, completeCompanyInfo, signInAsNewApplicant, waitForSaved } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, startServer, stopServerAndBrowser } from './server';
import { addPersonStakeholder } from './stakeholderHelpers';

const suite = chromiumAvailable ? describe : describe.skip;

suite('documents of a removed stakeholder', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  it('are no longer listed on Upload Documents or the review once the stakeholder is removed', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const { prospectId } = await signInAsNewApplicant(page, server);
    await completeCompanyInfo(page);
    await addPersonStakeholder(page, { firstName: 'Omar', lastName: 'Mansoori', signatory: true, percentage: 70 });
    await addPersonStakeholder(page, { firstName: 'Ravi', lastName: 'Menon', signatory: false, percentage: 30, proof: { name: 'big.pdf', buffer: makePdf(70_000, 'Proof of relationship') } });
    await waitForSaved(page);

    // While Ravi is a stakeholder his proof is his document.
    const { accessToken } = await browserSession(page);
    const listed = async () => (await (await fetch(`${server.url}/api/prospects/${prospectId}/documents`, { headers: { authorization: `Bearer ${accessToken}` } })).json()) as { stakeholdersDocuments: Record<string, { signatoryName: string }> };
    expect(Object.values((await listed()).stakeholdersDocuments).map((s) => s.signatoryName)).toEqual(['Omar Mansoori', 'Ravi Menon']);

    await page.getByRole('button', { name: 'Remove Ravi Menon' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await dialog.getByRole('button', { name: "Yes, I'm sure" }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('list', { name: 'Company stakeholders' }).getByRole('listitem').count()).toBe(1);
    await waitForSaved(page);
    await expect.poll(async () => Object.values((await listed()).stakeholdersDocuments).map((s) => s.signatoryName)).toEqual(['Omar Mansoori']);

    await page.goto(`${server.url}/business/UploadDocuments`);
    await page.getByRole('region', { name: 'Documents of Omar Mansoori' }).waitFor();
    expect(await page.getByRole('region', { name: 'Stakeholder documents' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Documents of Ravi Menon' }).count()).toBe(0);
    expect(await page.getByText(/Ravi Menon|big\.pdf/).count()).toBe(0);
    // Omar's lists only: one "Add another statement" and one "Add another CV" besides the company's statements.
    expect(await page.getByRole('button', { name: /Add another CV/ }).count()).toBe(1);

    await page.goto(`${server.url}/business/SubmitApplication`);
    await page.getByText('Documents of Omar Mansoori').first().waitFor();
    expect(await page.getByText(/Ravi Menon|Proof of relationship|big\.pdf/).count()).toBe(0);
    await context.close();
  }, 240_000);
});
