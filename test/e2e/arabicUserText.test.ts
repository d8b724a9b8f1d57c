import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiApplicant, createApplication, openInBrowser, soleProprietorApplication, uploadRequired } from './documentsHelpers';
import { uniqueLicenceNumber } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, seededAgentEnv, sendAgentDecision, signInAgent, startServer, stopServerAndBrowser } from './server';

const suite = chromiumAvailable ? describe : describe.skip;

const AGENT = { username: 'ro.arabictext', password: 'arabic text agent password', name: 'Noura Kamal', roCode: 'RO6262' };
const NOTE = 'Please send a clearer passport <b>bold</b>';

/** The computed direction of an element (what the browser lays its text out in). */
const direction = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).direction);

/** The visible text of the page that is in Latin letters only (the applicant's and the bank's own data aside). */
async function latinTexts(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate((selector) => {
    const found: string[] = [];
    const root = document.querySelector(selector)!;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest('script, style') || !el.getClientRects().length) continue;
      const text = (node.textContent ?? '').trim();
      if (/[A-Za-z]{3,}/.test(text) && !/[\u0600-\u06FF]/.test(text)) found.push(text);
    }
    return found;
  }, within);
}

/**
 * The Arabic UI shows the app's and the content's words in Arabic and people's own words (the bank's note, names)
 * in their own direction, at 320 px: the documents page's panel, the value packages' cards, the status page's
 * requested documents, the bank's note on the status page and in its history, and the note on the agent's page.
 */
suite('Arabic UI: no English words of ours, and text typed by people isolated (Chromium, 320 px)', () => {
  let server: RunningServer;
  let browser: Browser;
  let agentPage: Page;

  beforeAll(async () => {
    server = await startServer({ ...seededAgentEnv(AGENT) });
    browser = await launchBrowser();
    agentPage = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signInAgent(agentPage, server.url, AGENT, '?locale=en');
  }, 120_000);
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  async function agentDecides(prospectId: string, action: string, fill: (section: Locator) => Promise<void> = async () => {}) {
    await sendAgentDecision(agentPage, server.url, prospectId, action, fill);
  }

  it('documents panel, package cards, requested documents in Arabic; the bank note keeps its own direction', async () => {
    const mobileNo = '504446262';
    const email = 'layla@arabic-text.ae';
    const client = await apiApplicant(server.url, { email, mobileNo }, 'e2e-arabic-text-1');
    const data = soleProprietorApplication(mobileNo, email, (d) => {
      d.organizationInfo.licenseNumber = uniqueLicenceNumber();
    });
    const { prospectId } = await createApplication(client, data);
    await uploadRequired(client, prospectId);
    const page = await (await browser.newContext({ viewport: { width: 320, height: 740 } })).newPage();
    await openInBrowser(page, server.url, client, prospectId);

    // Upload Documents: the side panel's title is the catalogue's (it was the English sentence in the code). The
    // panel is folded away at 320 px: its text is still in the page (and shown from 768 px).
    await page.goto(`${server.url}/business/UploadDocuments?locale=ar`);
    await page.getByRole('heading', { level: 1, name: 'تحميل المستندات' }).waitFor();
    await page.getByText('لم يكن فتح الحساب بهذه السهولة من قبل.').first().waitFor({ state: 'attached' });
    await expect(page.getByText('Opening an account has never been this simple.').count()).resolves.toBe(0);

    // The value packages: the buttons and badges (ui:options.labels, translated), the read-more link (the widget's).
    await page.goto(`${server.url}/business/SelectServices?step=5`);
    const cards = page.getByRole('group', { name: 'باقة القيمة' });
    await cards.getByRole('link', { name: 'اقرأ المزيد' }).first().waitFor();
    await cards.getByRole('button', { name: /^(تم الاختيار|اختر) / }).first().waitFor();
    const cardWords = (await cards.innerText()).replace(/RAKvalue SME (PLUS|MAX)/g, '');
    expect(cardWords).not.toMatch(/Included|Selected|Select|Read more|Upgrade available|per month/);
    expect(cardWords).toContain('اقرأ المزيد');

    // Submitted (in English: the submit page is not under test here), then ASSESSING, then DOCUMENTS_NEEDED with the note.
    await page.goto(`${server.url}/business/SubmitApplication?locale=en`);
    await page.getByLabel('I confirm that the information in this application is true and complete.').check();
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.waitForURL('**/business/ApplicationSubmitted');
    await agentDecides(prospectId, 'Start or resume the assessment');
    await agentPage.getByText('Status: Assessing').waitFor();
    await agentDecides(prospectId, 'Request documents', async (decisions) => {
      await decisions.getByRole('checkbox', { name: /^Passport \(AE\)/ }).check();
      await decisions.getByLabel('Message to the applicant').fill(NOTE);
    });
    await agentPage.getByText('Status: Documents needed').waitFor();

    // The applicant, in Arabic at 320 px: Check status.
    await page.goto(`${server.url}/business/MyApplications?locale=ar`);
    await page.getByRole('button', { name: new RegExp(prospectId) }).filter({ hasText: /الحالة|التحقق/ }).first().click();
    await page.waitForURL('**/business/ApplicationStatus');
    await page.getByRole('heading', { level: 1, name: 'مستندات مطلوبة' }).waitFor();

    // The requested document named in Arabic (the request stored the agent's English title).
    const requested = page.getByRole('list', { name: 'المستندات المطلوبة' });
    const item = requested.getByRole('listitem').first();
    await item.waitFor();
    expect(await item.innerText()).toMatch(/^جواز السفر \(AE\) - Khalid Saeed Al Zaabi/);
    expect(await requested.innerText()).not.toMatch(/Passport/);

    // The bank's note: its own direction (left to right), so "<b>bold</b>" keeps its brackets where they were typed.
    const note = page.getByTestId('bank-note');
    await expect(note.innerText()).resolves.toBe(NOTE);
    await expect(direction(note)).resolves.toBe('ltr');
    await expect(direction(page.locator('main'))).resolves.toBe('rtl');
    const historyNote = page.getByRole('list', { name: 'سجل الطلب' }).getByText(NOTE, { exact: true });
    await expect(direction(historyNote)).resolves.toBe('ltr');
    // The note starts at its own left edge: the first glyph ("P") is left of the last (">").
    const [first, last] = await note.evaluate((el) => {
      const text = el.firstChild!;
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, 1);
      const a = range.getBoundingClientRect().left;
      range.setStart(text, text.textContent!.length - 1);
      range.setEnd(text, text.textContent!.length);
      return [a, range.getBoundingClientRect().left];
    });
    expect(first).toBeLessThan(last);
    // Nothing of ours in English on the page: what is left in Latin letters is the note, names, codes and brands.
    const latin = (await latinTexts(page, 'main')).filter((t) => !t.includes(NOTE) && !/Khalid Saeed Al Zaabi|RAK|SME[0-9A-Z]+|Quick Apply/.test(t));
    expect(latin).toEqual([]);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(320);

    // The agent's page in Arabic: the note in the Status panel keeps its own direction too.
    await agentPage.goto(`${server.url}/agent/SearchedAppInfo/${prospectId}?locale=ar`);
    const agentNote = agentPage.locator('section[aria-labelledby="status-title"] dd').filter({ hasText: NOTE });
    await agentNote.waitFor();
    await expect(direction(agentNote)).resolves.toBe('ltr');
    await expect(direction(agentPage.locator('section[aria-labelledby="status-title"] dt').first())).resolves.toBe('rtl');
  }, 300_000);
});
