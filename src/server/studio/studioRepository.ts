import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import type { Principal } from '../security/principal';

type Db = Kysely<Database> | Transaction<Database>;

export interface StudioAuditEntry {
  at: Date;
  actor: string;
  action: string;
  detail: Record<string, unknown>;
}

/** Who acts in the studio, as shown in versions and the audit list: the staff member's name, else the account. */
export const actorName = (principal: Principal) => principal.name ?? principal.sub;

/** Published-version listing and the studio's part of audit_log (actions "studio.*"). */
export function createStudioRepository() {
  return {
    async listVersions(db: Db) {
      const rows = await db
        .selectFrom('schema_versions')
        .select(['version', 'author', 'message', 'created_at', 'content_hash'])
        .orderBy('version', 'desc')
        .execute();
      return rows.map((r) => ({ version: r.version, author: r.author, message: r.message, createdAt: new Date(r.created_at), contentHash: r.content_hash }));
    },

    async record(db: Db, principal: Principal, action: string, detail: Record<string, unknown>) {
      await db
        .insertInto('audit_log')
        .values({
          prospect_id: null,
          actor_sub: principal.sub,
          actor_kind: 'product',
          action: `studio.${action}`,
          changes: JSON.stringify([{ actor: actorName(principal), ...detail }]),
        })
        .execute();
    },

    async audit(db: Db, limit: number): Promise<StudioAuditEntry[]> {
      const rows = await db
        .selectFrom('audit_log')
        .select(['actor_sub', 'action', 'changes', 'created_at'])
        .where('action', 'like', 'studio.%')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => {
        const { actor, ...detail } = ((Array.isArray(r.changes) ? r.changes[0] : undefined) ?? {}) as Record<string, unknown>;
        return { at: new Date(r.created_at), actor: typeof actor === 'string' ? actor : r.actor_sub, action: r.action, detail };
      });
    },
  };
}
