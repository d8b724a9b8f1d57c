import { type Kysely, sql, type Transaction } from 'kysely';
import type { ContentFiles } from '../../content/contentTypes';
import type { Database } from '../db/tables';

export interface SchemaVersionRow {
  version: number;
  contentHash: string;
  author: string;
  message: string;
  createdAt: Date;
}

export interface SchemaVersionWithContent extends SchemaVersionRow {
  content: ContentFiles;
}

type Db = Kysely<Database> | Transaction<Database>;

/** The NOTIFY channel of new content versions (plugins/app/contentStore.ts listens). */
export const CONTENT_CHANNEL = 'content_published';

/** Immutable published versions of the content of schemas/. */
export function createSchemaVersionRepository() {
  return {
    async latestHeader(db: Db): Promise<SchemaVersionRow | undefined> {
      const r = await db
        .selectFrom('schema_versions')
        .select(['version', 'content_hash', 'author', 'message', 'created_at'])
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r && { version: r.version, contentHash: r.content_hash, author: r.author, message: r.message, createdAt: new Date(r.created_at) };
    },

    async get(db: Db, version: number): Promise<SchemaVersionWithContent | undefined> {
      const r = await db.selectFrom('schema_versions').selectAll().where('version', '=', version).executeTakeFirst();
      return (
        r && {
          version: r.version,
          contentHash: r.content_hash,
          author: r.author,
          message: r.message,
          createdAt: new Date(r.created_at),
          content: r.content as ContentFiles,
        }
      );
    },

    /**
     * Appends a version (the next number); the primary key makes concurrent publishers fail rather than collide.
     * Every server is told (NOTIFY, sent when the transaction commits) and serves the new version at once.
     */
    async append(db: Db, input: { content: ContentFiles; contentHash: string; author: string; message: string }) {
      const last = await db.selectFrom('schema_versions').select('version').orderBy('version', 'desc').limit(1).executeTakeFirst();
      const version = (last?.version ?? 0) + 1;
      await db
        .insertInto('schema_versions')
        .values({ version, content_hash: input.contentHash, content: JSON.stringify(input.content), author: input.author, message: input.message })
        .execute();
      await sql`select pg_notify(${CONTENT_CHANNEL}, ${String(version)})`.execute(db);
      return version;
    },
  };
}

export type SchemaVersionRepository = ReturnType<typeof createSchemaVersionRepository>;
