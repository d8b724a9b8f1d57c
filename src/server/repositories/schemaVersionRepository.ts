import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { ContentFiles } from '../../content/contentTypes';
import type { Database } from '../db/tables';
import { splitCode, yieldTurn } from './validatorCodeRepository';

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

/** A version's files stored ahead of its publication (`storeContent`): the rows `append` refers to. */
export interface StoredContent {
  contentId: string;
  parts: number;
}

type Db = Kysely<Database> | Transaction<Database>;

/** The NOTIFY channel of new content versions (plugins/app/contentStore.ts listens). */
export const CONTENT_CHANNEL = 'content_published';

/** Parts of an attempt that never became a version are removed once this old (a publication takes seconds). */
const ABANDONED_AFTER_MS = 60 * 60_000;

/**
 * Immutable published versions of the content of schemas/. A version's files are JSON text in parts
 * (migrations/026), each written and read by a statement of its own with a turn of the event loop between: with
 * PGlite every statement holds the server's thread and its one connection.
 */
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
      if (!r) return undefined;
      const first = await db.selectFrom('schema_version_content').select(['parts', 'content']).where('content_id', '=', r.content_id).where('part', '=', 0).executeTakeFirst();
      const texts = first ? [first.content] : [];
      for (let part = 1; first && part < first.parts; part++) {
        await yieldTurn();
        const row = await db.selectFrom('schema_version_content').select('content').where('content_id', '=', r.content_id).where('part', '=', part).executeTakeFirst();
        if (!row) break;
        texts.push(row.content);
      }
      // append() inserts a version only when every part is stored, and parts of a version are never removed.
      if (!first || texts.length !== first.parts) throw new Error(`the content of version ${version} is incomplete (${texts.length} of ${first?.parts ?? '?'} parts)`);
      return {
        version: r.version,
        contentHash: r.content_hash,
        author: r.author,
        message: r.message,
        createdAt: new Date(r.created_at),
        content: JSON.parse(texts.join('')) as ContentFiles,
      };
    },

    /**
     * Stores a version's files, part by part, before the publication's transaction (which then holds only short
     * statements); `append` makes them a version. Also removes the parts of attempts abandoned long ago.
     */
    async storeContent(db: Kysely<Database>, files: ContentFiles): Promise<StoredContent> {
      await db
        .deleteFrom('schema_version_content')
        .where('created_at', '<', new Date(Date.now() - ABANDONED_AFTER_MS))
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('schema_versions').select('version').whereRef('schema_versions.content_id', '=', 'schema_version_content.content_id'))))
        .execute();
      const contentId = randomUUID();
      const parts = splitCode(JSON.stringify(files));
      for (const [part, content] of parts.entries()) {
        await yieldTurn();
        await db.insertInto('schema_version_content').values({ content_id: contentId, part, parts: parts.length, content }).execute();
      }
      return { contentId, parts: parts.length };
    },

    /** The parts of an attempt that did not become a version (its transaction failed): none would ever read them. */
    async discardContent(db: Kysely<Database>, stored: StoredContent): Promise<void> {
      await db
        .deleteFrom('schema_version_content')
        .where('content_id', '=', stored.contentId)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('schema_versions').select('version').where('content_id', '=', stored.contentId))))
        .execute();
    },

    /**
     * Appends a version (the next number) whose files `storeContent` stored; the primary key makes concurrent
     * publishers fail rather than collide. Every server is told (NOTIFY, sent when the transaction commits) and
     * serves the new version at once.
     */
    async append(db: Db, input: { content: StoredContent; contentHash: string; author: string; message: string }) {
      const { count } = await db
        .selectFrom('schema_version_content')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('content_id', '=', input.content.contentId)
        .where('parts', '=', input.content.parts)
        .executeTakeFirstOrThrow();
      if (Number(count) !== input.content.parts) throw new Error(`the content to publish is incomplete (${count} of ${input.content.parts} parts stored)`);
      const last = await db.selectFrom('schema_versions').select('version').orderBy('version', 'desc').limit(1).executeTakeFirst();
      const version = (last?.version ?? 0) + 1;
      await db
        .insertInto('schema_versions')
        .values({ version, content_hash: input.contentHash, content_id: input.content.contentId, author: input.author, message: input.message })
        .execute();
      await sql`select pg_notify(${CONTENT_CHANNEL}, ${String(version)})`.execute(db);
      return version;
    },
  };
}

export type SchemaVersionRepository = ReturnType<typeof createSchemaVersionRepository>;
