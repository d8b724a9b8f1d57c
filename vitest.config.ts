import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { appMessages } from './scripts/lib/appMessages';

/**
 * Test files run in parallel, one worker per core (Vitest's default leaves one core free, which on the
 * 2-core CI machine means one file at a time). TEST_WORKERS overrides it.
 */
const WORKERS = Number(process.env.TEST_WORKERS) || Math.max(availableParallelism(), 1);
/**
 * E2E files side by side: each costs well under one core (its server, its pages in the run's one Chromium, and
 * much waiting on both), so two run on the 2-core machine. E2E_WORKERS overrides it (1: one file at a time).
 */
const E2E_WORKERS = Number(process.env.E2E_WORKERS) || Math.max(Math.min(availableParallelism(), 4), 1);

/**
 * Three projects, run in this order by `npm test` (scripts/test.ts):
 *   unit  schema fixtures, keywords, widgets (happy-dom), pure modules
 *   api   the Fastify app through app.inject, against PGlite and PostgreSQL
 *   e2e   the built server driven in Debian's Chromium through playwright-core
 * api and e2e share the run's fixtures (test/setup/globalSetup.ts): test key pair, secret, PGlite template;
 * the e2e files share one Chromium (test/setup/browserServer.ts).
 */
export default defineConfig({
  plugins: [react(), appMessages()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          // component tests opt in with a `// @vitest-environment happy-dom` first line
          environment: 'node',
          // files run in parallel: rendering a whole step or validating 50 stakeholders can be slow
          testTimeout: 20_000,
          setupFiles: ['test/unit/setupTestingLibrary.ts'],
          maxWorkers: WORKERS,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['test/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file has its own databases (a copy of the run's PGlite template, PostgreSQL schemas of its own).
          maxWorkers: WORKERS,
          globalSetup: ['test/setup/globalSetup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          maxWorkers: E2E_WORKERS,
          globalSetup: ['test/setup/globalSetup.ts', 'test/setup/browserServer.ts'],
        },
      },
    ],
  },
});
