import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe } from 'vitest';
import { dropSchema, postgresReachable, TEST_DATABASE_URL } from '../../scripts/lib/postgres';
import { removeDataDir, type RunningServer, startServer } from './server';

/** A JSON answer's body (null when empty: the connection died with the server). */
export async function json(res: Response) {
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

const pgUp = await postgresReachable();
if (!pgUp && process.env.CI === 'true') throw new Error('CI must run the PostgreSQL durability test');

/**
 * The kill -9 suites, once per database (PostgreSQL skipped only outside CI when it is not reachable): each with an
 * empty data folder and PostgreSQL schema of its own (named by `prefix`), removed after. `start()` starts the server
 * (again, after a kill) on that data, without body encryption; the last one started is stopped at the end.
 */
export function describeEachDurableDatabase(title: string, prefix: string, body: (start: () => Promise<RunningServer>) => void): void {
  for (const kind of ['pglite', 'postgres'] as const) {
    const suite = kind === 'postgres' && !pgUp ? describe.skip : describe;
    suite(`${title} [${kind}]`, () => {
      const dataDir = mkdtempSync(join(tmpdir(), `qa-${prefix}-`));
      const schema = `${prefix.replace(/-/g, '_')}_${process.pid}`;
      const env: Record<string, string> = { ENCRYPTION: 'off', ...(kind === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema } : {}) };
      let server: RunningServer | undefined;

      afterAll(async () => {
        await server?.stop();
        removeDataDir(dataDir);
        if (kind === 'postgres') await dropSchema(schema);
      });

      body(async () => (server = await startServer(env, dataDir)));
    });
  }
}
