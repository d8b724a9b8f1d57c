import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './dataDirLock';
import { migrate } from './migrate';
import { listenPostgres } from './postgresListener';
import { PGlitePool } from './pgliteDialect';
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
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL only: a schema of its own (created if missing), e.g. one per test run. */
  schema?: string;
  /** PostgreSQL only: connections per process (DATABASE_POOL_MAX, 10). */
  poolMax?: number;
}

/** Opens PostgreSQL when a URL is given, the embedded PGlite otherwise, and applies the migrations. */
export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  let db: Kysely<Database>;
  let kind: DatabaseHandle['kind'];
  let unlock: () => Promise<void> = async () => {};
  let listen: DatabaseHandle['listen'];
  let poolStats: DatabaseHandle['poolStats'];
  if (options.databaseUrl) {
    kind = 'postgres';
    const { schema, databaseUrl } = options;
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
    await mkdir(pgliteDir, { recursive: true });
    unlock = await lockDataDir(options.dataDir);
    try {
      const { PGlite } = await import('@electric-sql/pglite');
      const pglite = await PGlite.create(pgliteDir);
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
    async close() {
      await db.destroy();
      await unlock();
    },
  };
}
