import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * Presents one embedded PGlite instance as the `pg` pool Kysely's PostgresDialect expects, so PGlite and
 * PostgreSQL share one dialect, one query layer and one set of migrations. PGlite is a single connection:
 * `connect()` hands it out to one user at a time (a transaction keeps it until `release()`).
 */
export class PGlitePool implements PostgresPool {
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly pglite: PGlite) {}

  async connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((r) => (release = r));
    await previous;
    const pglite = this.pglite;
    let released = false;
    const client = {
      async query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
        const command = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? '';
        if (parameters.length === 0) {
          // Simple protocol: allows several statements (migrations), as pg does without parameters.
          const results = await pglite.exec(sql);
          const last = results[results.length - 1];
          return { command: command as PostgresQueryResult<R>['command'], rowCount: last?.affectedRows ?? 0, rows: (last?.rows ?? []) as R[] };
        }
        const result = await pglite.query<R>(sql, parameters as unknown[]);
        return {
          command: command as PostgresQueryResult<R>['command'],
          rowCount: result.affectedRows ?? result.rows.length,
          rows: result.rows,
        };
      },
      release() {
        if (!released) {
          released = true;
          release();
        }
      },
    };
    // Cursors (streaming) are not supported on PGlite; the query layer never streams.
    return client as unknown as PostgresPoolClient;
  }

  async end(): Promise<void> {
    await this.queue;
    await this.pglite.close();
  }
}
