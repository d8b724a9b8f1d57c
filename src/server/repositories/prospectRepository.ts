import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';

export interface ProspectRow {
  id: string;
  userType: string;
  document: Record<string, unknown>;
  version: number;
  status: string;
  schemaVersion: string | null;
  createdAt: Date;
  updatedAt: Date;
}

type Db = Kysely<Database> | Transaction<Database>;

const columns = ['id', 'user_type', 'document', 'version', 'status', 'schema_version', 'created_at', 'updated_at'] as const;

function toRow(r: {
  id: string;
  user_type: string;
  document: Record<string, unknown>;
  version: number;
  status: string;
  schema_version: string | null;
  created_at: Date;
  updated_at: Date;
}): ProspectRow {
  return {
    id: r.id,
    userType: r.user_type,
    document: r.document,
    version: r.version,
    status: r.status,
    schemaVersion: r.schema_version,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

/** Thrown when a writer's version is not the stored one: it must reload, never overwrite. */
export class VersionConflictError extends Error {
  constructor(readonly currentVersion: number) {
    super(`The application was changed elsewhere (now version ${currentVersion})`);
  }
}

/** Prospects as versioned JSONB documents. Every function takes the database or a transaction. */
export function createProspectRepository() {
  return {
    async create(db: Db, input: { id: string; userType: string; document: Record<string, unknown>; schemaVersion?: string }) {
      const row = await db
        .insertInto('prospects')
        .values({
          id: input.id,
          user_type: input.userType,
          document: JSON.stringify(input.document),
          schema_version: input.schemaVersion ?? null,
        })
        .returning(columns)
        .executeTakeFirstOrThrow();
      return toRow(row);
    },

    async findById(db: Db, id: string): Promise<ProspectRow | undefined> {
      const row = await db.selectFrom('prospects').select(columns).where('id', '=', id).executeTakeFirst();
      return row ? toRow(row) : undefined;
    },

    /** Writes a new document if `expectedVersion` is current; throws VersionConflictError otherwise. */
    async update(
      db: Db,
      input: { id: string; expectedVersion: number; document: Record<string, unknown>; status?: string; schemaVersion?: string },
    ): Promise<ProspectRow> {
      const row = await db
        .updateTable('prospects')
        .set({
          document: JSON.stringify(input.document),
          version: input.expectedVersion + 1,
          updated_at: new Date(),
          ...(input.status ? { status: input.status } : {}),
          ...(input.schemaVersion ? { schema_version: input.schemaVersion } : {}),
        })
        .where('id', '=', input.id)
        .where('version', '=', input.expectedVersion)
        .returning(columns)
        .executeTakeFirst();
      if (row) return toRow(row);
      const current = await db.selectFrom('prospects').select('version').where('id', '=', input.id).executeTakeFirst();
      if (!current) throw new Error(`Prospect ${input.id} does not exist`);
      throw new VersionConflictError(current.version);
    },
  };
}

export type ProspectRepository = ReturnType<typeof createProspectRepository>;
