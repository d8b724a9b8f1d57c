import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import type { Principal } from '../security/principal';

type Db = Kysely<Database> | Transaction<Database>;

export interface AuditEntry {
  at: Date;
  actor: string;
  actorKind: string;
  action: string;
  changes: unknown[];
}

export interface AuditInput {
  prospectId: string | null;
  principal: Principal;
  action: string;
  changes: unknown[];
  /** Overrides the kind read from the principal ('system' for the server's own moves). */
  actorKind?: string;
}

/** The audit row of a change (also written by the prospect save's own statement, prospectRepository.save). */
export function auditValues(input: AuditInput) {
  return {
    prospect_id: input.prospectId,
    actor_sub: input.principal.sub,
    actor_kind: input.actorKind ?? (input.principal.roles.includes('agent') ? 'agent' : input.principal.kind),
    action: input.action,
    changes: JSON.stringify(input.changes.slice(0, 200)),
  };
}

/** The audit trail: who changed what, when (written in the same transaction as the change). */
export function createAuditRepository() {
  return {
    async record(db: Db, input: AuditInput) {
      await db.insertInto('audit_log').values(auditValues(input)).execute();
    },

    async forProspect(db: Db, prospectId: string): Promise<AuditEntry[]> {
      const rows = await db
        .selectFrom('audit_log')
        .select(['actor_sub', 'actor_kind', 'action', 'changes', 'created_at'])
        .where('prospect_id', '=', prospectId)
        .orderBy('id', 'asc')
        .execute();
      return rows.map((r) => ({ at: new Date(r.created_at), actor: r.actor_sub, actorKind: r.actor_kind, action: r.action, changes: r.changes }));
    },
  };
}
