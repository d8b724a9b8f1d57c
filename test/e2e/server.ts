import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';

const root = join(import.meta.dirname, '..', '..');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CI = process.env.CI === 'true';

/** The built SPA the server will serve (PUBLIC_DIR, as the server reads it; dist/public by default). */
export const publicDir = process.env.PUBLIC_DIR ?? join(root, 'dist', 'public');
export const chromiumAvailable = existsSync(CHROMIUM_PATH) && existsSync(join(publicDir, 'index.html'));
if (!chromiumAvailable) {
  const message = existsSync(CHROMIUM_PATH)
    ? 'the SPA is not built (npm run build)'
    : `Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`;
  if (CI) throw new Error(`${message}: CI must run the end-to-end tests`);
  console.warn(`\n!!! ${message}: the end-to-end tests are SKIPPED !!!\n`);
}

export { type RunningServer, startServer } from '../../scripts/lib/serverProcess';

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}
