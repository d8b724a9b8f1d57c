import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium (a Playwright browser server), '' when Chromium is not installed. */
    browserWsEndpoint: string;
  }
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/**
 * Vitest global setup of the e2e project: one Chromium for the whole run, launched before any worker and closed
 * after the last. Every e2e file connects to it (test/e2e/server.ts launchBrowser) and works in browser contexts
 * of its own, which share nothing (cookies, storage, cache); a file no longer pays a Chromium start (about 3 s of
 * CPU on the 2-core machine) and two files running side by side share one browser process.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!existsSync(CHROMIUM_PATH)) {
    project.provide('browserWsEndpoint', '');
    return undefined;
  }
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  project.provide('browserWsEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
