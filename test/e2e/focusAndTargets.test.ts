import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interceptFileChoosers, makePdf } from './documentsHelpers';
import { newApplicant, signInAsNewApplicant, startCodeRequest, waitForPage } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, seededAgentEnv, startServer, stopServerAndBrowser } from './server';

const suite = chromiumAvailable ? describe : describe.skip;
const AGENT = { username: 'ro.focus', password: 'Focus-agent-pass-1', name: 'Salma Focus', roCode: 'RO6161' };

/** The focused element, described by its accessible name (aria-label, else its text) and tag. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? ''}`.trim() : '';
  });

/**
 * Defects a QA walk in Chromium found, which need a browser: where the keyboard focus goes when a button it is on
 * turns disabled or changes, errors shown by a click whose button moves, and the size of standalone links.
 */
suite('focus, errors on the first press, standalone link targets (Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer(seededAgentEnv(AGENT));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  it('"Send a new code" puts the focus in the first code box (the button turns disabled for the wait)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await startCodeRequest(page, server, newApplicant());
    // The wait for a new code is over (as 30 s later): the page reads the pending code's time when it opens.
    await page.evaluate(() => {
      const pending = JSON.parse(sessionStorage.getItem('qa.pendingCode')!) as { generatedAt: number };
      sessionStorage.setItem('qa.pendingCode', JSON.stringify({ ...pending, generatedAt: Date.now() - 60_000 }));
    });
    await page.reload();
    await waitForPage(page, "Confirm that it's you");
    const resend = page.getByRole('button', { name: 'Send a new code' });
    await expect.poll(() => resend.isEnabled()).toBe(true);
    await resend.focus();
    await page.keyboard.press('Enter');
    await page.getByText(/You can ask for a new code in 0:\d\d/).waitFor();
    await expect.poll(() => focused(page)).toBe('input Digit 1 of 6');
    await expect(resend.isDisabled()).resolves.toBe(true);
    await context.close();
  });

  it('after an upload the focus stays on the document\'s button, now Replace, and the upload is announced', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    interceptFileChoosers(page);
    await signInAsNewApplicant(page, server, newApplicant());
    await page.goto(`${server.url}/business/UploadDocuments`);
    await waitForPage(page, 'Upload Documents');
    const row = page.locator('li[data-document-key]').first();
    const key = await row.getAttribute('data-document-key');
    const upload = row.getByRole('button', { name: /^Upload / });
    const title = (await upload.getAttribute('aria-label'))!.replace(/^Upload /, '');
    await upload.focus();
    await expect.poll(() => focused(page)).toBe(`button Upload ${title}`);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
    await chooser.setFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: makePdf(60_000, 'focus') });
    await page.locator(`li[data-document-key="${key}"][data-availability="COMPLETED"]`).waitFor({ timeout: 30_000 });
    await expect.poll(() => focused(page)).toBe(`button Replace ${title}`);
    await expect(row.getByRole('status').textContent()).resolves.toBe(`${title} uploaded: licence.pdf`);
    await context.close();
  });

  it('a refused file (a .txt, then a 6 MB PDF) at 360 px keeps the focus on the row\'s button, which names the error; each refusal is announced', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    interceptFileChoosers(page);
    await signInAsNewApplicant(page, server, newApplicant());
    await page.goto(`${server.url}/business/UploadDocuments`);
    await waitForPage(page, 'Upload Documents');
    const row = page.locator('li[data-document-key]').first();
    const upload = row.getByRole('button', { name: /^Upload / });
    const label = (await upload.getAttribute('aria-label'))!;
    const choose = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      await upload.focus();
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
      await chooser.setFiles(file);
    };
    await choose({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.alloc(60_000, 'a') });
    await row.getByRole('alert').filter({ hasText: 'Supported formats are PDF, JPG and PNG' }).waitFor();
    await expect.poll(() => focused(page)).toBe(`button ${label}`);
    await choose({ name: 'large.pdf', mimeType: 'application/pdf', buffer: makePdf(6 * 1024 * 1024, 'large') });
    // The spec's own words (001 §5 'Document upload'): 'File size exceeded (5Mb maximum)'.
    const alert = row.getByRole('alert');
    await alert.filter({ hasText: 'File size exceeded (5Mb maximum)' }).waitFor();
    await expect.poll(() => focused(page)).toBe(`button ${label}`);
    const errorId = await alert.getAttribute('id');
    await expect(upload.getAttribute('aria-describedby')).resolves.toBe(errorId);
    // A new alert element for each refusal (the same words twice would not be read again by a screen reader).
    const before = await alert.getAttribute('data-attempt');
    expect(before).toBeTruthy();
    await choose({ name: 'large.pdf', mimeType: 'application/pdf', buffer: makePdf(6 * 1024 * 1024, 'large') });
    await expect.poll(() => alert.getAttribute('data-attempt')).not.toBe(before);
    await expect.poll(() => focused(page)).toBe(`button ${label}`);
    await context.close();
  });

  it('agent invite: Send with a bad e-mail, a bad mobile and no account type shows all three errors at once', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/agent/Login`);
    await page.getByLabel('Username').fill(AGENT.username);
    await page.getByLabel('Password').fill(AGENT.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/agent/SearchProspect');
    await page.goto(`${server.url}/agent/InviteCustomer`);
    await page.getByRole('heading', { name: 'Invite a customer' }).waitFor();
    await page.getByLabel('Full name').fill('Omar Ali');
    await page.getByLabel('E-mail').fill('omar.example');
    await page.getByLabel('Mobile Number').fill('12');
    // The mobile field is left by this click: its message appears under it, and Send must still be pressed.
    await page.getByRole('button', { name: 'Send invite' }).click();
    await page.getByText('Account type is not filled').waitFor({ timeout: 5_000 });
    await page.getByText('E-mail must be an address like name@company.com').waitFor();
    await page.getByText(/^Mobile Number is not a mobile number/).waitFor();
    await expect.poll(() => focused(page)).toBe('input');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('root_email');
    // Each control names its error (and hint) once: the account type's radio group named its error twice.
    const described = await page.evaluate(() =>
      [...document.querySelectorAll('form [aria-describedby]')].map((el) => ({ id: el.id, ids: el.getAttribute('aria-describedby')!.split(' ') })),
    );
    const radios = described.find((d) => d.id === 'root_accountType');
    expect(radios?.ids).toContain('root_accountType__error');
    for (const d of described) expect(d.ids, d.id).toEqual([...new Set(d.ids)]);
    await context.close();
  });

  it('standalone links have a target of 24 px and more (44 px on phones), as wide as their words', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/business/ComeBackLogin`);
    await page.locator('h1').first().waitFor();
    const startNew = page.getByRole('link', { name: 'Start a new application' });
    const sizes: Record<string, { width: number; height: number }> = {};
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 800 });
      sizes[`start ${width}`] = (await startNew.boundingBox())!;
    }
    await signInAsNewApplicant(page, server, newApplicant());
    await page.goto(`${server.url}/business/SelectServices?step=1`);
    await waitForPage(page, 'Express Service');
    const terms = page.getByRole('link', { name: 'Express Service terms and conditions' });
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 800 });
      sizes[`terms ${width}`] = (await terms.boundingBox())!;
    }
    expect(sizes['start 1366']!.height).toBeGreaterThanOrEqual(24);
    expect(sizes['start 390']!.height).toBeGreaterThanOrEqual(44);
    expect(sizes['terms 1366']!.height).toBeGreaterThanOrEqual(24);
    expect(sizes['terms 390']!.height).toBeGreaterThanOrEqual(44);
    // the terms link is on its own line: only its words open it, not the empty row beside them (838 px before)
    expect(sizes['terms 1366']!.width).toBeLessThan(400);
    await context.close();
  });
});
