import { sql } from 'kysely';
import fp from 'fastify-plugin';
import { buildContent } from '../../../content/buildContent';
import { contentHash } from '../../../content/contentHash';
import type { BuiltContent, ContentFiles } from '../../../content/contentTypes';
import { ContentValidator } from '../../../content/contentValidator';
import { readContentDir } from '../../../content/readContentDir';
import { createSchemaVersionRepository } from '../../repositories/schemaVersionRepository';

export interface PublishedContent {
  /** Published version number (1, 2, ...). */
  number: number;
  built: BuiltContent;
  validator: ContentValidator;
}

export interface ContentStore {
  /** The latest published content (checked against the database on every call; cheap when unchanged). */
  current(): Promise<PublishedContent>;
}

declare module 'fastify' {
  interface FastifyInstance {
    contentStore: ContentStore;
  }
}

const IMPORT_LOCK = 72_001;

/**
 * The content (schemas, UI schemas, lists, ...) lives in the database as immutable published versions.
 * The files of schemas/ are version 1, imported at first start; when a deploy changes the files, they are
 * imported again as a new version. Every process serves the latest version, so a publication reaches all of
 * them without a restart.
 */
export default fp(
  async (app) => {
    const repo = createSchemaVersionRepository();
    const { db } = app.database;

    const files = await readContentDir(app.config.contentDir);
    const filesHash = contentHash(files);
    buildContent(files); // refuse to start on content that does not build
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`.execute(trx);
      const fromFiles = await repo.latestFromFiles(trx);
      if (fromFiles?.contentHash !== filesHash) {
        const version = await repo.append(trx, { content: files, contentHash: filesHash, author: 'files', message: 'Imported from schemas/' });
        app.log.info({ version, hash: filesHash }, 'content imported from schemas/');
      }
    });

    let cached: PublishedContent | undefined;
    const load = async (number: number): Promise<PublishedContent> => {
      const row = await repo.get(db, number);
      if (!row) throw new Error(`content version ${number} vanished`);
      const built = buildContent(row.content as ContentFiles);
      return { number, built, validator: new ContentValidator(built) };
    };

    app.decorate('contentStore', {
      async current() {
        const header = await repo.latestHeader(db);
        if (!header) throw new Error('no content version published');
        if (!cached || cached.number !== header.version) cached = await load(header.version);
        return cached;
      },
    } satisfies ContentStore);
  },
  { name: 'contentStore', dependencies: ['database'] },
);
