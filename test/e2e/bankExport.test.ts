import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptResponse, encryptRequest, importPublicKey } from '../../src/shared/envelope';
import { apiApplicant, createApplication, soleProprietorApplication, uploadRequired } from './documentsHelpers';
import { uniqueLicenceNumber } from './journeyHelpers';
import { measureLayout } from './layoutChecks';
import { chromiumAvailable, launchBrowser, type RunningServer, seededAgentEnv, signInAgent, startServer, stopServerAndBrowser } from './server';

const suite = chromiumAvailable ? describe : describe.skip;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const AGENT = { username: 'ro.bankexport', password: 'bank export agent password', name: 'Mariam Obaid', roCode: 'RO6161' };
const bankSchema = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'schemas', 'bank', 'bankProspect.json'), 'utf8'));

/**
 * Issue 18: an agent downloads the bank export of a submitted application from the application's page in
 * Chromium ("Download bank export"): a JSON file in the bank's format, valid against its schema, with the bank's
 * names and codes, and the download is in the audit trail.
 */
suite('bank export from the agent’s application page (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let prospectId: string;
  let data: Json;

  beforeAll(async () => {
    server = await startServer({
      ...seededAgentEnv(AGENT),
    });
    browser = await launchBrowser();
    // A complete application (every section and required document through the API), submitted.
    const mobileNo = '505556677';
    const email = 'latifa@bankexport-trading.ae';
    const client = await apiApplicant(server.url, { email, mobileNo }, 'e2e-bank-export');
    data = soleProprietorApplication(mobileNo, email, (d) => {
      d.organizationInfo.licenseNumber = uniqueLicenceNumber();
    });
    const created = await createApplication(client, data);
    prospectId = created.prospectId;
    await uploadRequired(client, prospectId);
    const current = await client.send('PUT', `/api/usertypes/sme/prospects/${prospectId}`, { prospect: data, saveType: 'save', version: created.version });
    const submitted = await client.send('PUT', `/api/usertypes/sme/prospects/${prospectId}`, { prospect: current.body.prospect, saveType: 'submit', version: current.body.version, declaration: true });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.status).not.toBe('DRAFT');

    page = await (await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true })).newPage();
    await signInAgent(page, server.url, AGENT);
  }, 180_000);
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  it('downloads the bank export of the submitted application: the bank’s format and codes, valid, audited', async () => {
    await page.goto(`${server.url}/agent/SearchedAppInfo/${prospectId}`);
    await page.getByRole('heading', { name: `Application ${prospectId}` }).waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download bank export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${prospectId}-bank.json`);
    // Read as a stream: the run's browser is shared (a connection), and a connected browser gives no local path.
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    const exported = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;

    const validate = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false }).compile(bankSchema);
    expect(validate(exported), JSON.stringify(validate.errors)).toBe(true);
    expect(exported.format).toBe('bank');
    expect(exported.prospect.generalInfo.prospectId).toBe(prospectId);
    // The bank's account type name, its Yes/No words and booleans, its names for the company's fields.
    expect(exported.prospect.accountInfo[0].accountType).toBe('RAKStarter');
    expect(exported.prospect.organizationInfo.companyName).toBe(data.organizationInfo.companyName);
    expect(exported.prospect.organizationInfo.numberOfEmployees).toBe(data.organizationInfo.noOfEmployees);
    expect(exported.prospect.organizationInfo.addressInfo[0].addressDetails[0].preferredAddress).toBe('Yes');
    expect(exported.prospect.orgKYCDetails.otherEntitiesInUAE).toBe(data.orgKYCDetails.entitiesInUAE === 'Y');
    expect(exported.prospect.prospectStatusInfo.statusCode).not.toBe('DRAFT');
    // The screening result of the submit, with the bank's Y / N flags.
    expect(exported.prospect.organizationInfo.screeningInfo.statusOverAll).toEqual(expect.any(String));
    for (const r of exported.prospect.organizationInfo.screeningInfo.screeningResults) expect(['Y', 'N']).toContain(r.screeningFlag);
    // The server's record of it: dates, the channel (the applicant online), and every uploaded document with its download address.
    expect(exported.prospect.applicationInfo).toMatchObject({ channelId: 'Direct', createdDate: expect.any(String), lastModifiedDate: expect.any(String), declaration: true });
    const listed = [...(exported.prospect.documents.companyDocuments ?? []), ...(exported.prospect.documents.stakeholdersDocuments ?? [])] as Json[];
    expect(listed.length).toBeGreaterThan(0);
    for (const d of listed) {
      expect(d).toMatchObject({ uploadStatus: 'Uploaded', url: `/api/banks/rak/prospects/${prospectId}/documents/${encodeURIComponent(d.filePath)}` });
      expect(d.fileSize).toBeGreaterThan(0);
    }

    // The download is in the application's audit trail, in words.
    await page.getByRole('table', { name: 'Audit trail' }).getByText('Exported in the bank format').waitFor();
  });

  it('shows the bank’s records read-only and lets the agent verify a document: both in the next export, the verification audited', async () => {
    // The bank's integration records its values with an agent's token (bodies encrypted like the browser's).
    const publicKey = await importPublicKey(((await (await fetch(`${server.url}/api/config`)).json()) as Json).publicKey);
    const send = async (method: string, path: string, body: unknown, token?: string) => {
      const sealed = await encryptRequest(publicKey, body, { method, path });
      const res = await fetch(server.url + path, { method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...sealed.headers }, body: JSON.stringify(sealed.payload) });
      const text = await res.text();
      const parsed = text ? (JSON.parse(text) as Json) : {};
      return { status: res.status, body: res.headers.get('x-encrypted') ? ((await decryptResponse(sealed.key, parsed)) as Json) : parsed };
    };
    const login = await send('POST', '/api/users/authenticate', { username: AGENT.username, password: AGENT.password });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const token = login.body.access_token as string;
    const path = `/api/agent/prospects/${prospectId}/bank-records`;
    const current = (await (await fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } })).json()) as Json;
    const documentKey = current.documents[0].documentKey as string;
    const body = {
      generalInfo: { cifId: 4455667, accountManagerId: 'AM-0042', groupName: 'SME Trading Dubai' },
      applicationInfo: { srNumber: 'SR-2026-000777' },
      documents: [{ filePath: documentKey, avsCheck: true, avsCheckDt: '2026-01-15T09:00:00Z' }],
    };
    const put = await send('PUT', path, body, token);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ records: { generalInfo: body.generalInfo } });

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${server.url}/agent/SearchedAppInfo/${prospectId}`);
    const section = page.getByTestId('bank-records');
    await section.getByRole('heading', { name: 'Bank records and verification' }).waitFor();
    await section.getByText('4455667').waitFor();
    await section.getByText('SR-2026-000777').waitFor();
    await section.getByText(new RegExp(`^Recorded by ${AGENT.name} on `)).waitFor();
    const row = section.locator(`tr[data-document="${documentKey}"]`);
    await row.getByText('Not verified').waitFor();
    await row.getByText(/^Passed on /).waitFor();
    // The agent verifies the document from the keyboard.
    const verify = row.getByRole('button', { name: /^Mark .+ verified$/ });
    await verify.focus();
    await page.keyboard.press('Enter');
    await row.getByText(new RegExp(`^Verified by ${AGENT.name} on `)).waitFor();
    await row.getByRole('button', { name: /^Withdraw the verification of / }).waitFor();
    await section.screenshot({ path: join(import.meta.dirname, '..', '..', 'test-results', 'bank-records-section.png') });
    await page.getByRole('table', { name: 'Audit trail' }).getByText('Document verify').waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download bank export' }).click();
    const chunks: Buffer[] = [];
    for await (const chunk of await (await download).createReadStream()) chunks.push(chunk as Buffer);
    const exported = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
    const validate = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false }).compile(bankSchema);
    expect(validate(exported), JSON.stringify(validate.errors)).toBe(true);
    expect(exported.prospect.generalInfo).toMatchObject(body.generalInfo);
    expect(exported.prospect.applicationInfo).toMatchObject({ srNumber: 'SR-2026-000777', saveType: 'submit' });
    const listed = [...(exported.prospect.documents.companyDocuments ?? []), ...(exported.prospect.documents.stakeholdersDocuments ?? [])] as Json[];
    expect(listed.find((d) => d.filePath === documentKey)).toMatchObject({ verified: true, verifiedBy: expect.any(String), avsCheck: true, avsCheckDt: '2026-01-15T09:00:00Z' });

    // In Arabic: the section's own words are translated, laid out right to left.
    await page.evaluate(() => localStorage.setItem('qa.locale', 'ar'));
    await page.reload();
    await section.getByRole('heading', { name: 'سجلات البنك والتحقق' }).waitFor();
    await section.getByText('رقم ملف معلومات العميل (CIF)').waitFor();
    await row.getByRole('button', { name: /^سحب التحقق من / }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await section.screenshot({ path: join(import.meta.dirname, '..', '..', 'test-results', 'bank-records-section-ar.png') });
    await page.evaluate(() => localStorage.setItem('qa.locale', 'en'));
  });

  it('keeps the button on a 320 px phone: inside the screen, a full tap target, and it works from the keyboard', async () => {
    await page.setViewportSize({ width: 320, height: 740 });
    await page.goto(`${server.url}/agent/SearchedAppInfo/${prospectId}`);
    const button = page.getByRole('button', { name: 'Download bank export' });
    await button.waitFor();
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    // Not the whole page: at 320 px the agent's application page is still 326 px wide (no element's box passes
    // 320 px, so the overflow comes from a margin or pseudo-element; noted on issue 14's follow-up list).
    const layout = await measureLayout(page, 24);
    expect(layout.small.filter((s) => s.includes('Download bank export'))).toEqual([]);
    // Keyboard: the button takes the focus and Enter downloads.
    await button.focus();
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await download).suggestedFilename()).toBe(`${prospectId}-bank.json`);
  });
});
