import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { lockDataDir } from './dataDirLock';
import { migrate } from './migrate';
import { listenPostgres } from './postgresListener';
import { PGlitePool } from './pgliteDialect';
import { copyTemplateInto, DEFAULT_PGLITE_TEMPLATE } from './pgliteTemplate';
import { withPreparedStatements } from './preparedStatements';
import type { Database } from './tables';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** Runs `select 1`; used by the readiness probe. */
  ping(): Promise<void>;
  /** Calls `onMessage` for each NOTIFY on `channel` (payload undefined: some may have been missed). Returns the unlisten. */
  listen(channel: string, onMessage: (payload: string | undefined) => void): Promise<() => Promise<void>>;
  /** Connections of the pool: open, idle, and requests waiting for one (metrics). */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
  /**
   * PGlite: how the data folder came to be at this start: 'existing' data, a copy of the build's 'template'
   * database (src/server/db/pgliteTemplate.ts) or PGlite's 'initdb' (with the reason no template was used).
   */
  created?: 'existing' | 'template' | { initdb: string };
}

/**
 * PGlite's Postgres runs in the server's thread and zeroes its shared buffers at every open: Postgres's default of
 * 128 MB cost 0.4 to 0.6 s of a start's CPU (half of opening an existing folder), 32 MB a quarter of that. The
 * buffers are a cache in front of the data folder's files (themselves in the OS's page cache), and 32 MB holds a
 * fresh database (under 30 MB) whole. Durability is unchanged (the same WAL, written at each commit).
 */
const PGLITE_START_SETTINGS = ['-c', 'shared_buffers=32MB'];

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL only: a schema of its own (created if missing), e.g. one per test run. */
  schema?: string;
  /** PostgreSQL only: connections per process (DATABASE_POOL_MAX, 10). */
  poolMax?: number;
  /** PGlite only: the template folder a new data folder is copied from (the build's by default); false: initdb. */
  pgliteTemplate?: string | false;
}

/** Opens PostgreSQL when a URL is given, the embedded PGlite otherwise, and applies the migrations. */
export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  let db: Kysely<Database>;
  let kind: DatabaseHandle['kind'];
  let unlock: () => Promise<void> = async () => {};
  let listen: DatabaseHandle['listen'];
  let poolStats: DatabaseHandle['poolStats'];
  let created: DatabaseHandle['created'];
  if (options.databaseUrl) {
    kind = 'postgres';
    const { schema, databaseUrl } = options;
    // Loaded only for PostgreSQL (0.1 to 0.2 s of a PGlite server's start otherwise).
    const { default: pg } = await import('pg');
    const pool = withPreparedStatements(
      new pg.Pool({
        connectionString: databaseUrl,
        max: options.poolMax ?? 10,
        ...(schema ? { options: `-c search_path=${schema}` } : {}),
      }),
    );
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    listen = (channel, onMessage) => listenPostgres(databaseUrl, channel, onMessage);
    poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    if (schema) {
      // Two processes may race here; "if not exists" is not atomic, so the loser's duplicate error is fine.
      await sql.raw(`create schema if not exists ${schema}`).execute(db).catch((error: { code?: string }) => {
        if (error.code !== '23505' && error.code !== '42P06') throw error;
      });
    }
  } else {
    kind = 'pglite';
    const pgliteDir = join(options.dataDir, 'pglite');
    await mkdir(options.dataDir, { recursive: true });
    unlock = await lockDataDir(options.dataDir);
    try {
      // Loaded while the template is copied (both take a while; module loading is mostly not on this thread).
      const pgliteModule = import('@electric-sql/pglite');
      pgliteModule.catch(() => {});
      const outcome = await copyTemplateInto(pgliteDir, options.pgliteTemplate ?? DEFAULT_PGLITE_TEMPLATE);
      created = typeof outcome === 'string' ? (outcome === 'copied' ? 'template' : 'existing') : { initdb: outcome.reason };
      await mkdir(pgliteDir, { recursive: true });
      const { PGlite } = await pgliteModule;
      const pglite = await PGlite.create(pgliteDir, { startParams: [...PGlite.defaultStartParams, ...PGLITE_START_SETTINGS] });
      db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }) });
      listen = async (channel, onMessage) => {
        const stop = await pglite.listen(channel, onMessage);
        return async () => stop();
      };
      poolStats = () => ({ total: 1, idle: 1, waiting: 0 }); // one embedded connection
    } catch (error) {
      await unlock();
      throw error;
    }
  }
  try {
    await migrate(db as Kysely<unknown>, options.schema);
  } catch (error) {
    await db.destroy();
    await unlock();
    throw error;
  }
  return {
    db,
    kind,
    async ping() {
      await sql`select 1`.execute(db);
    },
    listen,
    poolStats,
    ...(created ? { created } : {}),
    async close() {
      await db.destroy();
      await unlock();
    },
  };
}
