import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Three projects, run in this order by `npm test` (scripts/test.ts):
 *   unit  schema fixtures, keywords, widgets (happy-dom), pure modules
 *   api   the Fastify app through app.inject, against PGlite and PostgreSQL
 *   e2e   the built server driven in Debian's Chromium through playwright-core
 */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          // component tests opt in with a `// @vitest-environment happy-dom` first line
          environment: 'node',
          // files run in parallel on 2 cores: rendering a whole step or validating 50 stakeholders can be slow
          testTimeout: 20_000,
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
          fileParallelism: false,
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
          fileParallelism: false,
        },
      },
    ],
  },
});
