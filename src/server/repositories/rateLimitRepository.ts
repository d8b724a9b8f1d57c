import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/tables';

type Db = Kysely<Database> | Transaction<Database>;

/** Fixed-window counters shared by all server processes. */
export function createRateLimitRepository() {
  return {
    /** Counts one event in the window atomically and returns the new count. */
    async increment(db: Db, key: string, windowStart: Date): Promise<number> {
      const r = await db
        .insertInto('rate_limits')
        .values({ key, window_start: windowStart, count: 1 })
        .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql<number>`rate_limits.count + 1` }))
        .returning('count')
        .executeTakeFirstOrThrow();
      return r.count;
    },

    /** Counts of the given windows (0 for a window without events). */
    async counts(db: Db, key: string, windowStarts: Date[]): Promise<number[]> {
      const rows = await db
        .selectFrom('rate_limits')
        .select(['window_start', 'count'])
        .where('key', '=', key)
        .where('window_start', 'in', windowStarts)
        .execute();
      return windowStarts.map((w) => rows.find((r) => new Date(r.window_start).getTime() === w.getTime())?.count ?? 0);
    },

    /** The latest window start recorded for the key (a lock-out stores its end there), if any. */
    async latest(db: Db, key: string): Promise<Date | undefined> {
      const row = await db.selectFrom('rate_limits').select((eb) => eb.fn.max('window_start').as('latest')).where('key', '=', key).executeTakeFirst();
      return row?.latest ? new Date(row.latest as unknown as string) : undefined;
    },

    async reset(db: Db, key: string): Promise<void> {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },

    async prune(db: Db, before: Date): Promise<void> {
      await db.deleteFrom('rate_limits').where('window_start', '<', before).execute();
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
