import fp from 'fastify-plugin';
import { type CompiledContent, compileContent } from '../../../content/compiledContent';
import type { ContentFiles } from '../../../content/contentTypes';
import { publishFiles } from '../../content/publishFiles';
import { CONTENT_CHANNEL, createSchemaVersionRepository } from '../../repositories/schemaVersionRepository';

export interface PublishedContent extends CompiledContent {
  /** Published version number (1, 2, ...). */
  number: number;
}

export interface ContentStore {
  /** The latest published content, from memory. */
  current(): Promise<PublishedContent>;
  /** Reads the latest version number again (after a publish in this process, or a notification). */
  refresh(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    contentStore: ContentStore;
  }
}

/** Built versions kept in memory (the latest and a few before it, for requests in flight during a publish). */
const KEEP_VERSIONS = 4;
/** A missed notification (the listening connection dropped) is caught up by a check at most this old. */
const RECHECK_MS = 10_000;

/**
 * The content (schemas, UI schemas, lists, ...) lives in the database as immutable published versions, each
 * built once per process and cached. A publish anywhere NOTIFYs every server, which then serves the new
 * version. schemas/ is imported only into an empty database; later it is published by `npm run content:publish`.
 */
export default fp(
  async (app) => {
    const repo = createSchemaVersionRepository();
    const { db } = app.database;
    const imported = await publishFiles(db, app.config.contentDir, { onlyIfEmpty: true });
    if (imported !== undefined) app.log.info({ version: imported }, 'content imported from schemas/ into an empty database');

    const cache = new Map<number, Promise<PublishedContent>>();
    const load = (number: number): Promise<PublishedContent> => {
      let entry = cache.get(number);
      if (!entry) {
        entry = repo.get(db, number).then((row) => {
          if (!row) throw new Error(`content version ${number} vanished`);
          // Compiled once per process and content hash (the same files in another app of the process reuse it),
          // every validator generated before the version is served, so no request waits for a compile (a fresh
          // server's first sign-in did, when ajv compiled each step at its first use).
          const compiled = compileContent(row.content as ContentFiles);
          return { number, ...compiled };
        });
        entry.catch(() => cache.delete(number));
        cache.set(number, entry);
        for (const old of [...cache.keys()].sort((a, b) => a - b).slice(0, -KEEP_VERSIONS)) cache.delete(old);
      }
      return entry;
    };

    let latest = 0;
    let checkedAt = 0;
    const refresh = async () => {
      const header = await repo.latestHeader(db);
      if (!header) throw new Error('no content version published');
      checkedAt = Date.now();
      if (header.version > latest) {
        await load(header.version); // build before switching, so requests never wait for it
        latest = Math.max(latest, header.version);
        app.log.info({ version: latest }, 'serving content version');
      }
    };
    await refresh();
    const unlisten = await app.database.listen(CONTENT_CHANNEL, () => {
      refresh().catch((error: unknown) => app.log.error({ err: error }, 'could not load the published content'));
    });
    app.addHook('onClose', async () => unlisten());

    app.decorate('contentStore', {
      async current() {
        if (Date.now() - checkedAt > RECHECK_MS) await refresh().catch((error: unknown) => app.log.warn({ err: error }, 'content check failed; serving the cached version'));
        return load(latest);
      },
      refresh,
    } satisfies ContentStore);
  },
  { name: 'contentStore', dependencies: ['database'] },
);
