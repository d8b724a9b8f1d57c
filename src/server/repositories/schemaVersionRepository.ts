import type { Kysely, Transaction } from 'kysely';
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

    /** The newest version written from the files of schemas/ (author "files"). */
    async latestFromFiles(db: Db): Promise<SchemaVersionRow | undefined> {
      const r = await db
        .selectFrom('schema_versions')
        .select(['version', 'content_hash', 'author', 'message', 'created_at'])
        .where('author', '=', 'files')
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r && { version: r.version, contentHash: r.content_hash, author: r.author, message: r.message, createdAt: new Date(r.created_at) };
    },

    /** Appends a version (the next number); the primary key makes concurrent publishers fail rather than collide. */
    async append(db: Db, input: { content: ContentFiles; contentHash: string; author: string; message: string }) {
      const last = await db.selectFrom('schema_versions').select('version').orderBy('version', 'desc').limit(1).executeTakeFirst();
      const version = (last?.version ?? 0) + 1;
      await db
        .insertInto('schema_versions')
        .values({ version, content_hash: input.contentHash, content: JSON.stringify(input.content), author: input.author, message: input.message })
        .execute();
      return version;
    },
  };
}

export type SchemaVersionRepository = ReturnType<typeof createSchemaVersionRepository>;
