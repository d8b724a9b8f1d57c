import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { dropSchema, postgresReachable, TEST_DATABASE_URL } from '../../scripts/lib/postgres';
import { buildApp } from '../../src/server/app';
import { loadConfig, type ServerConfig } from '../../src/server/config';

export { TEST_DATABASE_URL };
const CI = process.env.CI === 'true';

const pgAvailable = await postgresReachable();
if (!pgAvailable) {
  const message = `PostgreSQL is not reachable at ${TEST_DATABASE_URL} (set TEST_DATABASE_URL)`;
  if (CI) throw new Error(`${message}: CI must run the PostgreSQL tests`);
  console.warn(`\n!!! ${message}: the PostgreSQL API tests are SKIPPED on this machine !!!\n`);
}

/** A database of its own for one test file: a PGlite folder, or a PostgreSQL schema. Dropped by `cleanup`. */
export interface TestDatabase {
  name: 'pglite' | 'postgres';
  config: ServerConfig;
  cleanup(): Promise<void>;
}

export function newTestDatabase(name: 'pglite' | 'postgres'): TestDatabase {
  const dataDir = mkdtempSync(join(tmpdir(), 'qa-api-'));
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const config: ServerConfig = {
    ...loadConfig({}),
    dataDir,
    logLevel: 'silent',
    publicDir: undefined,
    ...(name === 'postgres' ? { databaseUrl: TEST_DATABASE_URL, databaseSchema: schema } : {}),
  };
  return {
    name,
    config,
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
      if (name === 'postgres') await dropSchema(schema);
    },
  };
}

/** Runs a suite once per database: the same API tests must pass on PGlite and on PostgreSQL. */
export function describeEachDatabase(title: string, suite: (db: () => TestDatabase) => void): void {
  for (const name of ['pglite', 'postgres'] as const) {
    const run = name === 'postgres' && !pgAvailable ? describe.skip : describe;
    run(`${title} [${name}]`, () => {
      let current: TestDatabase | undefined;
      suite(() => (current ??= newTestDatabase(name)));
    });
  }
}

/** Builds and starts the app on the test database; `overrides` adjust the config (e.g. encryption off). */
export async function startApp(db: TestDatabase, overrides: Partial<ServerConfig> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ ...db.config, ...overrides }, { logger: false });
  await app.ready();
  return app;
}

/** Starts the app once for a suite and closes it (and drops its database) afterwards. */
export function useApp(db: () => TestDatabase, overrides: Partial<ServerConfig> = {}): () => FastifyInstance {
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await startApp(db(), overrides);
  });
  afterAll(async () => {
    await app?.close();
    await db().cleanup();
  });
  return () => app!;
}
