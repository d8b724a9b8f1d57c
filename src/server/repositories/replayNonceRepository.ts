import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/tables';

type Db = Kysely<Database> | Transaction<Database>;

/** Nonces of accepted encrypted bodies, in the database so every server process refuses a replay. */
export function createReplayNonceRepository() {
  return {
    /** Records the nonce; false when it was seen before (a replay). Atomic across processes. */
    async claim(db: Db, nonce: string): Promise<boolean> {
      const row = await db
        .insertInto('replay_nonces')
        .values({ nonce })
        .onConflict((oc) => oc.column('nonce').doNothing())
        .returning('nonce')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Deletes nonces seen more than `olderThanMs` ago; returns how many. */
    async prune(db: Db, olderThanMs: number): Promise<number> {
      const result = await db
        .deleteFrom('replay_nonces')
        .where('seen_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000}::double precision)`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
