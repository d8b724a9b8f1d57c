/**
 * Screenshots of the main pages at desktop (1440 x 900) and phone (390 x 844) width, written to
 * docs/screenshots/<page>-desktop.png and <page>-phone.png and linked from the README. Starts the real server on
 * a free port with a fresh data folder, drives Debian's Chromium (CHROMIUM_PATH), serves PUBLIC_DIR (the built
 * SPA: run `npm run build` first; `npm run screenshots` does).
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startServer } from './lib/serverProcess';

const root = join(import.meta.dirname, '..');
const outDir = join(root, 'docs', 'screenshots');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The pages; `ready` is text that shows once the page has rendered (not a spinner); `chosen` pages need an
 * account chosen first (as the product pages store it), else the journey sends them to the comparison.
 */
const shots: { name: string; path: string; ready: string; chosen?: boolean }[] = [
  { name: 'landing', path: '/business', ready: 'Get started with your banking needs online' },
  { name: 'accounts', path: '/business/accounts', ready: 'Monthly average credit balance' },
  { name: 'product-elite', path: '/business/accounts/business-elite', ready: 'Apply now' },
  { name: 'product-starter-islamic', path: '/business/accounts/rakstarter-islamic', ready: 'Apply now' },
  { name: 'application-overview', path: '/business/accounts/current-account/application-overview', ready: 'Start application' },
  { name: 'applicant-info', path: '/business/ApplicantInfo', ready: '', chosen: true },
  { name: 'come-back-login', path: '/business/ComeBackLogin', ready: '' },
  { name: 'not-found', path: '/business/no-such-page', ready: 'Page not found' },
  { name: 'agent-login', path: '/agent/Login', ready: '' },
  { name: 'studio-login', path: '/studio/Login', ready: '' },
];

const viewports = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;

async function settle(page: Page, ready: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  if (ready) await page.getByText(ready).first().waitFor({ timeout: 20_000 });
  else await page.locator('h1').first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => !document.querySelector('.fui-Spinner'), undefined, { timeout: 20_000 });
}

async function main(): Promise<void> {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  mkdirSync(outDir, { recursive: true });
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  const failed: string[] = [];
  try {
    for (const [kind, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      for (const shot of shots) {
        const page = await context.newPage();
        try {
          if (shot.chosen) {
            await page.goto(server.url + '/business/no-such-page');
            await page.evaluate(() => sessionStorage.setItem('qa.accountChoice', JSON.stringify({ accountType: 'currentAccount', islamicBanking: false })));
          }
          await page.goto(server.url + shot.path);
          await settle(page, shot.ready);
          const file = join(outDir, `${shot.name}-${kind}.png`);
          await page.screenshot({ path: file, fullPage: true });
          console.log(`wrote ${file}`);
        } catch (error) {
          failed.push(`${shot.name}-${kind}: ${(error as Error).message.split('\n')[0]}`);
        } finally {
          await page.close();
        }
      }
      await context.close();
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
