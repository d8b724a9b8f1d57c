import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putProspect, signInAsNewApplicant } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, startServer, stopServerAndBrowser } from './server';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const suite = chromiumAvailable ? describe : describe.skip;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Every page reachable without a prospect, with the main action the keyboard must reach (when it is known). */
const pages: { path: string; action?: string }[] = [
  { path: '/', action: 'See RAKstarter' },
  { path: '/business', action: 'Compare accounts' },
  { path: '/business/accounts', action: 'Choose RAKstarter' },
  { path: '/business/accounts/rakstarter', action: 'Apply now' },
  { path: '/business/accounts/current-account', action: 'Apply now' },
  { path: '/business/accounts/business-elite', action: 'Apply now' },
  { path: '/business/accounts/rakstarter-islamic', action: 'Apply now' },
  { path: '/business/accounts/current-account-islamic', action: 'Apply now' },
  { path: '/business/accounts/business-elite-islamic', action: 'Apply now' },
  { path: '/business/accounts/rakstarter/application-overview', action: 'Start application' },
  { path: '/business/accounts/business-elite-islamic/application-overview', action: 'Start application' },
  { path: '/business/ApplicantInfo' },
  { path: '/business/ComeBackLogin' },
  { path: '/business/no-such-page', action: 'See products' },
  { path: '/agent/Login' },
  { path: '/studio/Login' },
];

const viewports = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

/**
 * Waits until the page is drawn: loaded, its heading shown and no loading spinner left (the lazily loaded
 * route and the data it fetches are in). UI states, not a network-quiet period (which cost half a second a page).
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.locator('#main h1, main h1, h1').first().waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"], .fui-Spinner') && document.fonts.status === 'loaded', undefined, { timeout: 15_000 });
}

async function axe(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    // Tabster's focus-trap sentinels (Fluent UI internals, aria-hidden by design) are left out.
    // WCAG 2.0 to 2.2 A and AA (2.2 adds target size, 2.5.8) and axe's best practices.
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
    const { axe } = window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } };
    // resultTypes: only the violations are read, so axe need not collect every passing node (faster, same violations).
    const result = await axe.run({ exclude: [['[data-tabster-dummy]']] }, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    // axe files text of exactly the background's colour (a 1:1 ratio: invisible text) under "needs review", not
    // as a violation: it may be hidden on purpose. Nothing on these pages is, so such text counts as a violation.
    type Incomplete = Omit<AxeViolation, 'nodes'> & { nodes: { target: string[]; any: { data?: { contrastRatio?: number } | null }[] }[] };
    const invisible = (result as unknown as { incomplete: Incomplete[] }).incomplete
      .filter((r) => r.id === 'color-contrast')
      .map((r) => ({ ...r, impact: 'serious', help: 'Text invisible: the same colour as its background (1:1)', nodes: r.nodes.filter((n) => n.any.some((a) => a.data?.contrastRatio === 1)) }))
      .filter((r) => r.nodes.length > 0);
    return [...result.violations, ...invisible];
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Tabs through the page (at most 60 stops) and tells whether the named control received focus. The page records
 * every control that gains focus; the record is read after each few presses instead of after every one.
 */
async function tabReaches(page: Page, name: string): Promise<boolean> {
  await page.evaluate(() => {
    const w = window as unknown as { focusedNames?: string[] };
    w.focusedNames = [];
    document.addEventListener('focusin', (e) => {
      const el = e.target as HTMLElement;
      w.focusedNames!.push((el.getAttribute('aria-label') ?? el.textContent ?? '').trim());
    });
  });
  await page.locator('body').focus();
  for (let pressed = 0; pressed < 60; ) {
    for (let i = 0; i < 5; i++, pressed++) await page.keyboard.press('Tab');
    if (await page.evaluate((n) => (window as unknown as { focusedNames: string[] }).focusedNames.includes(n), name)) return true;
  }
  return false;
}

suite('accessibility (axe-core) and keyboard', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  for (const viewport of viewports) {
    it(`has no serious or critical violation and reaches the main actions by keyboard (${viewport.name})`, async () => {
      // The app's CSP forbids inline scripts: axe is injected with the policy bypassed in this test context only.
      const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, bypassCSP: true });
      const failures: string[] = [];
      // One tab for every page; its session storage is emptied before each page, so each starts as in a new tab.
      const page = await context.newPage();
      try {
        for (const { path, action } of pages) {
          if (page.url().startsWith(server.url)) await page.evaluate(() => sessionStorage.clear());
          await page.goto(server.url + path);
          await settle(page);
          for (const v of await axe(page)) failures.push(`${path}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
          // WCAG 2.4.2: the page is titled by its own heading, so tabs and history tell pages apart.
          const heading = (await page.locator('main h1').first().textContent())?.replace(/\s+/g, ' ').trim();
          const title = await page.title();
          if (title !== `${heading} – Quick Apply`) failures.push(`${path}: titled '${title}', its heading is '${heading}'`);
          if (action && !(await tabReaches(page, action))) failures.push(`${path}: Tab never reaches '${action}'`);
        }
      } finally {
        await context.close();
      }
      expect(failures).toEqual([]);
    }, 240_000);
  }

  it('offers a skip link as the first tab stop, which moves focus to the page', async () => {
    const page = await browser.newPage();
    await page.goto(server.url + '/business/accounts');
    await settle(page);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to main content');
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
    await page.close();
  });

  it('moves the focus to the new page heading after a navigation (not the page body)', async () => {
    const page = await browser.newPage();
    await page.goto(server.url + '/business/accounts');
    await settle(page);
    await page.getByRole('button', { name: 'Choose Business Elite' }).first().click();
    await page.waitForURL('**/business/accounts/business-elite');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await page.getByRole('button', { name: 'Apply now' }).first().click();
    await page.waitForURL('**/application-overview');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await page.close();
  });

  it('signed-in pages: the header line, logout, and no serious or critical violation', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    try {
      await signInAsNewApplicant(page, server);
      await page.getByTestId('application-header').getByText('Current Account Application').waitFor();
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      // A signatory who is a person: Upload Documents then lists optional documents (their badge's contrast is checked).
      await putProspect(page, server, {
        signatoryInfo: [{ signatoryId: 'S1', firstName: 'Khalid', lastName: 'Mohammed Al-Mansouri', kycDetails: { isSignatory: true, isShareholderACompany: false } }],
      });
      const failures: string[] = [];
      for (const path of ['/business/CompanyInfo', '/business/StakeholdersInfo', '/business/UploadDocuments', '/business/MyApplications']) {
        if (path !== '/business/CompanyInfo') await page.goto(server.url + path);
        await settle(page);
        if (path === '/business/UploadDocuments') await page.getByText('Optional', { exact: true }).first().waitFor();
        for (const v of await axe(page)) failures.push(`${path}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
      }
      expect(failures).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
