import { type Kysely, sql, type Transaction } from 'kysely';
import { PREPARED } from '../db/preparedStatements';
import type { Database } from '../db/tables';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A request's nonce whose claim is left to the statement that makes the request's write (a save claims it in its own
 * statement, prospectRepository.ts): `settled` once a statement inserted it or found it taken (then the request is a
 * replay and wrote nothing). Whoever answers the request claims it first if nothing did (plugins/app/bodyEncryption.ts).
 */
export interface DeferredNonce {
  readonly nonce: string;
  settled: boolean;
  /** Settled as taken: the request is a replay, and nothing may act on it any more (a retry neither). */
  replayed?: boolean;
}

/** The nonce of a write's request was already taken: the request is a replay, and the write wrote nothing. */
export class ReplayedNonceError extends Error {
  constructor() {
    super('The request was already received (replay)');
  }
}

/**
 * The nonce a write's statement claims: the request's, unless a statement already settled it (null). A request
 * found to be a replay is refused here, before any statement.
 */
export function nonceToClaim(deferred: DeferredNonce | undefined): string | null {
  if (deferred?.replayed) throw new ReplayedNonceError();
  return deferred && !deferred.settled ? deferred.nonce : null;
}

/** Settles a deferred nonce by what a statement found: claimed by it, or taken (then the request is a replay). */
export function settleNonce(deferred: DeferredNonce, claimed: boolean): void {
  deferred.settled = true;
  if (!claimed) deferred.replayed = true;
}

/** Nonces of accepted encrypted bodies, in the database so every server process refuses a replay. */
export function createReplayNonceRepository() {
  return {
    /**
     * Records the nonces; answers those that were new (the others are replays). Atomic across processes.
     * The commit does not wait for its own disk flush (synchronous_commit off for this one statement): every
     * later synchronous commit, such as the save the request goes on to make, flushes the log up to and past
     * this insert, so a request whose effect is durable has a durable nonce. A crash can forget only the
     * nonces of the last moment's requests that wrote nothing, whose answers an eavesdropper cannot read.
     */
    async claimMany(db: Db, nonces: string[]): Promise<Set<string>> {
      if (nonces.length === 0) return new Set();
      // Written out, one text for every batch (a prepared statement on PostgreSQL, db/preparedStatements.ts): built
      // by the query builder, this statement cost the server more CPU than the rest of a claim.
      const { rows } = await sql<{ nonce: string }>`${sql.raw(PREPARED)}
        with async_commit as (select set_config('synchronous_commit', 'off', true) as setting)
        insert into replay_nonces (nonce)
        select unnest(cast(${nonces} as text[])) from async_commit
        on conflict (nonce) do nothing
        returning nonce`.execute(db);
      return new Set(rows.map((r) => r.nonce));
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
