import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { type RunningServer, startServer as startServerProcess } from '../../scripts/lib/serverProcess';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../setup/browserServer';
import { copyPgliteTemplate } from '../setup/pgliteCopy';
import { testServerEnv } from '../setup/testServerEnv';

const root = join(import.meta.dirname, '..', '..');
export { CHROMIUM_PATH };
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

export type { RunningServer };
const fixtures = inject('testFixtures');

/**
 * The real server as a child process (scripts/lib/serverProcess.ts) with the run's test key pair and token
 * secret, on a new data folder holding a copy of the run's migrated template database; a test that passes
 * its own `dataDir` (a restart on the same data, a first start on an empty folder) gets that folder as is.
 */
export async function startServer(env: Record<string, string> = {}, dataDir?: string): Promise<RunningServer> {
  let dir = dataDir;
  if (dir === undefined) {
    dir = mkdtempSync(join(tmpdir(), 'qa-e2e-'));
    copyPgliteTemplate(fixtures.pgliteTemplateDir, dir);
  }
  return startServerProcess({ ...testServerEnv(fixtures), ...env }, dir);
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** The end of an e2e file: its browser connection closed, its server stopped and the server's data folder removed. */
export async function stopServerAndBrowser(server: RunningServer | undefined, browser: Browser | undefined): Promise<void> {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
}

/**
 * The run's Chromium (test/setup/browserServer.ts): a connection of this file's own, whose contexts it creates and
 * whose `close()` closes them and disconnects, leaving the browser to the other files. Launched here when the run
 * has none (Chromium missing at set-up: the suites are skipped or fail in CI before this is called).
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = inject('browserWsEndpoint');
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** A bank agent an e2e file signs in as: seeded into its server at start (SEED_AGENT_* settings). */
export interface SeededAgent {
  username: string;
  password: string;
  name: string;
  roCode: string;
}

/** The server settings that seed `agent`. */
export function seededAgentEnv(agent: SeededAgent): Record<string, string> {
  return { SEED_AGENT_USERNAME: agent.username, SEED_AGENT_PASSWORD: agent.password, SEED_AGENT_NAME: agent.name, SEED_AGENT_RO_CODE: agent.roCode };
}

/** Signs `agent` in on the agent login page (`query`: e.g. `?locale=en`) and waits for the search page. */
export async function signInAgent(page: Page, url: string, agent: SeededAgent, query = ''): Promise<void> {
  await page.goto(`${url}/agent/Login${query}`);
  await page.getByLabel('Username').fill(agent.username);
  await page.getByLabel('Password').fill(agent.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/agent/SearchProspect');
}

/**
 * The agent sends a decision on an application (its decisions section): `action` chosen, the section filled by
 * `fill`, sent, and the confirmation that the applicant was told awaited.
 */
export async function sendAgentDecision(page: Page, url: string, prospectId: string, action: string, fill: (section: Locator) => Promise<void> = async () => {}): Promise<void> {
  await page.goto(`${url}/agent/SearchedAppInfo/${prospectId}`);
  const decisions = page.getByTestId('agent-decisions');
  await decisions.waitFor();
  await decisions.getByRole('button', { name: action, exact: true }).click();
  await fill(decisions);
  await decisions.getByRole('button', { name: 'Send decision' }).click();
  await decisions.getByRole('status').filter({ hasText: 'The applicant was told by e-mail and SMS.' }).waitFor();
}
