import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { dropSchema, postgresReachable, TEST_DATABASE_URL } from '../../scripts/lib/postgres';
import { type BuildOptions, buildApp } from '../../src/server/app';
import type { ServerConfig } from '../../src/server/config';
import { createDatabase, type DatabaseHandle } from '../../src/server/db/createDatabase';
import { copyPgliteTemplate } from '../setup/pgliteCopy';
import { testServerConfig } from '../setup/testFixtures';

export { TEST_DATABASE_URL };
const CI = process.env.CI === 'true';
/** The run's key pair, token secret and template database (test/setup/globalSetup.ts). */
const fixtures = inject('testFixtures');

const pgAvailable = await postgresReachable();
if (!pgAvailable) {
  const message = `PostgreSQL is not reachable at ${TEST_DATABASE_URL} (set TEST_DATABASE_URL)`;
  if (CI) throw new Error(`${message}: CI must run the PostgreSQL tests`);
  console.warn(`\n!!! ${message}: the PostgreSQL API tests are SKIPPED on this machine !!!\n`);
}

/**
 * A database of its own for one test file: a PGlite folder (a copy of the run's migrated template), or a
 * PostgreSQL schema (named after the process and a random part, so parallel files never share one).
 * Dropped by `cleanup`.
 */
export interface TestDatabase {
  name: 'pglite' | 'postgres';
  config: ServerConfig;
  cleanup(): Promise<void>;
}

export function newTestDatabase(name: 'pglite' | 'postgres'): TestDatabase {
  const dataDir = mkdtempSync(join(tmpdir(), 'qa-api-'));
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  if (name === 'pglite') copyPgliteTemplate(fixtures.pgliteTemplateDir, dataDir);
  const config: ServerConfig = {
    ...testServerConfig(fixtures, dataDir),
    ...(name === 'postgres' ? { databaseUrl: TEST_DATABASE_URL, databaseSchema: schema, documentStore: { kind: 'database' as const } } : {}),
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

/**
 * Runs a suite once per database: the same API tests must pass on PGlite and on PostgreSQL. `name` lets a suite
 * define a test for one database only (it is then not declared, rather than skipped, on the other: CI refuses skips).
 */
export function describeEachDatabase(title: string, suite: (db: () => TestDatabase, name: 'pglite' | 'postgres') => void): void {
  for (const name of ['pglite', 'postgres'] as const) describeOnDatabase(name, title, suite);
}

/**
 * A suite on one database: a long suite (the studio's) is declared once and run by one file per database, so the
 * two run side by side in two workers instead of one after the other in one.
 */
export function describeOnDatabase(name: 'pglite' | 'postgres', title: string, suite: (db: () => TestDatabase, name: 'pglite' | 'postgres') => void): void {
  const run = name === 'postgres' && !pgAvailable ? describe.skip : describe;
  run(`${title} [${name}]`, () => {
    let current: TestDatabase | undefined;
    suite(() => (current ??= newTestDatabase(name)), name);
  });
}

/**
 * Builds and starts the app on the test database; `overrides` adjust the config (e.g. encryption off),
 * `options` the build (e.g. a clock the test moves).
 */
export async function startApp(db: TestDatabase, overrides: Partial<ServerConfig> = {}, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = await buildApp({ ...db.config, ...overrides }, { logger: false, ...options });
  await app.ready();
  return app;
}

/** Opens the suite's database alone (no app) once for a suite, and closes and drops it afterwards. */
export function useDatabase(db: () => TestDatabase): () => DatabaseHandle {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    const { databaseUrl, dataDir, databaseSchema } = db().config;
    handle = await createDatabase({ databaseUrl, dataDir, schema: databaseSchema });
  });
  afterAll(async () => {
    await handle?.close();
    await db().cleanup();
  });
  return () => handle!;
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
