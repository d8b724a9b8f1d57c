import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrate } from './migrate';
import { PGlitePool } from './pgliteDialect';
import type { Database } from './tables';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** Runs `select 1`; used by the readiness probe. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL only: a schema of its own (created if missing), e.g. one per test run. */
  schema?: string;
}

/**
 * PGlite can be opened by one process only: a lock file in the data folder refuses a second server with a
 * clear message instead of corrupting the database. A lock left by a process that no longer runs is taken over.
 */
async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const lockFile = join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(await readFile(lockFile, 'utf8').catch(() => ''));
      let alive = pid === process.pid;
      try {
        if (pid > 0 && !alive) {
          process.kill(pid, 0);
          alive = true;
        }
      } catch {
        alive = false;
      }
      if (alive) {
        throw new Error(`The database in ${dir} is in use by process ${pid}. Stop it, or set DATA_DIR to another folder.`);
      }
      await rm(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

/** Opens PostgreSQL when a URL is given, the embedded PGlite otherwise, and applies the migrations. */
export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  let db: Kysely<Database>;
  let kind: DatabaseHandle['kind'];
  let unlock: () => Promise<void> = async () => {};
  if (options.databaseUrl) {
    kind = 'postgres';
    const schema = options.schema;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
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
    async close() {
      await db.destroy();
      await unlock();
    },
  };
}
