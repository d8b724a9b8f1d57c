import { type Kysely, sql, type Transaction } from 'kysely';
import { PREPARED } from '../db/preparedStatements';
import type { Database } from '../db/tables';

type Db = Kysely<Database> | Transaction<Database>;

export interface RefreshTokenRow {
  id: string;
  familyId: string;
  principal: Record<string, unknown>;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
}

/** A session (refresh-token family): alive while not revoked and before its absolute end. */
export interface SessionFamilyState {
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Refresh tokens by their sha256 (the token itself is never stored) and the sessions they belong to. */
export function createRefreshTokenRepository() {
  return {
    async createFamily(db: Db, id: string, expiresAt: Date): Promise<void> {
      await db.insertInto('session_families').values({ id, expires_at: expiresAt }).execute();
    },

    /** One primary-key read: every authenticated call makes it, so it must stay this cheap. */
    async familyState(db: Db, id: string): Promise<SessionFamilyState | undefined> {
      const r = await db.selectFrom('session_families').select(['expires_at', 'revoked_at']).where('id', '=', id).executeTakeFirst();
      return r && { expiresAt: new Date(r.expires_at), revokedAt: r.revoked_at ? new Date(r.revoked_at) : null };
    },

    /**
     * Several sessions in one primary-key read (the batched session reads of security/tokens.ts); an id that is
     * no session's is absent from the answer.
     */
    async familyStates(db: Db, ids: string[]): Promise<Map<string, SessionFamilyState>> {
      if (ids.length === 0) return new Map();
      // One text for every batch: a prepared statement on PostgreSQL (db/preparedStatements.ts).
      const { rows } = await sql<{ id: string; expires_at: Date | string; revoked_at: Date | string | null }>`${sql.raw(PREPARED)}
        select id, expires_at, revoked_at from session_families where id = any(cast(${ids} as text[]))`.execute(db);
      return new Map(rows.map((r) => [r.id, { expiresAt: new Date(r.expires_at), revokedAt: r.revoked_at ? new Date(r.revoked_at) : null }]));
    },

    async insert(db: Db, input: { id: string; familyId: string; principal: object; tokenHash: string; expiresAt: Date }) {
      await db
        .insertInto('refresh_tokens')
        .values({
          id: input.id,
          family_id: input.familyId,
          principal: JSON.stringify(input.principal),
          token_hash: input.tokenHash,
          expires_at: input.expiresAt,
        })
        .execute();
    },

    async findByHash(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
      const r = await db
        .selectFrom('refresh_tokens')
        .select(['id', 'family_id', 'principal', 'expires_at', 'used_at', 'revoked_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return (
        r && {
          id: r.id,
          familyId: r.family_id,
          principal: r.principal,
          expiresAt: new Date(r.expires_at),
          usedAt: r.used_at ? new Date(r.used_at) : null,
          revokedAt: r.revoked_at ? new Date(r.revoked_at) : null,
        }
      );
    },

    /** Marks a token used; false when it already was (a concurrent or replayed refresh). */
    async markUsed(db: Db, id: string, now: Date): Promise<boolean> {
      const r = await db
        .updateTable('refresh_tokens')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return r !== undefined;
    },

    /** Ends the session: its refresh tokens, and (through session_families) every access token of it. */
    async revokeFamily(db: Db, familyId: string, now: Date): Promise<number> {
      await db.updateTable('session_families').set({ revoked_at: now }).where('id', '=', familyId).where('revoked_at', 'is', null).execute();
      const r = await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: now })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /** Rows expired for more than a day are useless, also for reuse detection. */
    async prune(db: Db, now: Date): Promise<void> {
      const dayAgo = new Date(now.getTime() - 86_400_000);
      await db.deleteFrom('refresh_tokens').where('expires_at', '<', dayAgo).execute();
      await db.deleteFrom('session_families').where('expires_at', '<', dayAgo).execute();
    },
  };
}

export type RefreshTokenRepository = ReturnType<typeof createRefreshTokenRepository>;
