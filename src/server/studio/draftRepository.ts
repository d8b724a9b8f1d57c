import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, StudioDraftsTable, StudioDraftStatus } from '../db/tables';
import type { Principal } from '../security/principal';
import { actorName } from './studioRepository';

type Db = Kysely<Database> | Transaction<Database>;
type Row = Selectable<StudioDraftsTable>;

export interface DraftEvent {
  at: Date;
  actor: string;
  action: string;
  comment: string | null;
  revision: number;
}

export interface StudioDraftView {
  id: string;
  name: string;
  kind: 'edit' | 'rollback';
  rollbackTo: number | null;
  baseVersion: number;
  revision: number;
  status: StudioDraftStatus;
  author: string;
  /** The asking account wrote it (so it cannot approve or publish it). */
  yours: boolean;
  updatedBy: string;
  approvedBy: string | null;
  approvedRevision: number | null;
  acknowledgedHash: string | null;
  publishedVersion: number | null;
  changedFiles: string[];
  createdAt: Date;
  updatedAt: Date;
}

export const view = (r: Row, askingSub: string): StudioDraftView => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  rollbackTo: r.rollback_to,
  baseVersion: r.base_version,
  revision: r.revision,
  status: r.status,
  author: r.author_name,
  yours: r.author_sub === askingSub,
  updatedBy: r.updated_by_name,
  approvedBy: r.approved_by_name,
  approvedRevision: r.approved_revision,
  acknowledgedHash: r.acknowledged_hash,
  publishedVersion: r.published_version,
  changedFiles: Object.keys(r.files ?? {}).sort(),
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

/** Studio drafts (migrations/015) and their review events. */
export function createDraftRepository() {
  return {
    async create(db: Db, principal: Principal, input: { name: string; baseVersion: number; files: Record<string, unknown>; kind?: 'edit' | 'rollback'; rollbackTo?: number }): Promise<Row> {
      const name = actorName(principal);
      const row = await db
        .insertInto('studio_drafts')
        .values({
          id: randomUUID(),
          name: input.name,
          kind: input.kind ?? 'edit',
          rollback_to: input.rollbackTo ?? null,
          base_version: input.baseVersion,
          files: JSON.stringify(input.files),
          author_sub: principal.sub,
          author_name: name,
          updated_by_name: name,
          approved_by_sub: null,
          approved_by_name: null,
          approved_revision: null,
          acknowledged_hash: null,
          published_version: null,
          created_at: new Date(),
          updated_at: new Date(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.event(db, row.id, principal, 'created', null, row.revision);
      return row;
    },

    async get(db: Db, id: string): Promise<Row | undefined> {
      return db.selectFrom('studio_drafts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** For update inside a transaction: two reviewers or publishers of one draft go one after the other. */
    async lock(db: Transaction<Database>, id: string): Promise<Row | undefined> {
      return db.selectFrom('studio_drafts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async list(db: Db, all: boolean): Promise<Row[]> {
      let q = db.selectFrom('studio_drafts').selectAll().orderBy('updated_at', 'desc').limit(200);
      if (!all) q = q.where('status', 'not in', ['published', 'discarded']);
      return q.execute();
    },

    /** Saves when `revision` is still the stored one; undefined when a colleague saved in between. */
    async save(db: Db, id: string, revision: number, principal: Principal, set: { files?: Record<string, unknown>; name?: string; baseVersion?: number; status?: StudioDraftStatus }): Promise<Row | undefined> {
      return db
        .updateTable('studio_drafts')
        .set({
          ...(set.files ? { files: JSON.stringify(set.files) } : {}),
          ...(set.name ? { name: set.name } : {}),
          ...(set.baseVersion ? { base_version: set.baseVersion } : {}),
          ...(set.status ? { status: set.status } : {}),
          revision: revision + 1,
          updated_by_name: actorName(principal),
          updated_at: new Date(),
          approved_by_sub: null,
          approved_by_name: null,
          approved_revision: null,
          acknowledged_hash: null,
        })
        .where('id', '=', id)
        .where('revision', '=', revision)
        .returningAll()
        .executeTakeFirst();
    },

    async setStatus(db: Db, id: string, status: StudioDraftStatus, extra: Partial<Pick<Row, 'approved_by_sub' | 'approved_by_name' | 'approved_revision' | 'acknowledged_hash' | 'published_version'>> = {}): Promise<Row> {
      return db.updateTable('studio_drafts').set({ status, ...extra, updated_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    },

    async event(db: Db, draftId: string, principal: Principal, action: string, comment: string | null, revision: number): Promise<void> {
      await db.insertInto('studio_draft_events').values({ draft_id: draftId, actor_sub: principal.sub, actor_name: actorName(principal), action, comment, revision, created_at: new Date() }).execute();
    },

    async events(db: Db, draftId: string): Promise<DraftEvent[]> {
      const rows = await db.selectFrom('studio_draft_events').select(['actor_name', 'action', 'comment', 'revision', 'created_at']).where('draft_id', '=', draftId).orderBy('id').execute();
      return rows.map((r) => ({ at: new Date(r.created_at), actor: r.actor_name, action: r.action, comment: r.comment, revision: r.revision }));
    },
  };
}
