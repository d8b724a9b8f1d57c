import type { Kysely, Transaction } from 'kysely';
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

/** Refresh tokens by their sha256; the token itself is never stored. */
export function createRefreshTokenRepository() {
  return {
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

    async revokeFamily(db: Db, familyId: string, now: Date): Promise<number> {
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
      await db.deleteFrom('refresh_tokens').where('expires_at', '<', new Date(now.getTime() - 86_400_000)).execute();
    },
  };
}

export type RefreshTokenRepository = ReturnType<typeof createRefreshTokenRepository>;
