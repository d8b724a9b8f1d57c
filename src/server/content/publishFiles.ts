import { sql, type Kysely } from 'kysely';
import { compileContent } from '../../content/compiledContent';
import { contentHash } from '../../content/contentHash';
import { readContentDir } from '../../content/readContentDir';
import type { Database } from '../db/tables';
import { createSchemaVersionRepository } from '../repositories/schemaVersionRepository';
import { createValidatorCodeRepository } from '../repositories/validatorCodeRepository';
import { generatorFingerprint } from '../../content/generatorFingerprint';

const IMPORT_LOCK = 72_001;

/**
 * Publishes the files of schemas/ (or CONTENT_DIR) as a content version. `onlyIfEmpty`: the first start of a
 * server on an empty database (so `npm start` works at once); otherwise `npm run content:publish`, when the files
 * differ from the latest version. Servers never publish a deploy's files on their own: in a rolling deploy the
 * old servers would serve the new release's content. Returns the new version, or undefined when none was needed.
 */
export async function publishFiles(db: Kysely<Database>, dir: string, options: { onlyIfEmpty: boolean }): Promise<number | undefined> {
  const repo = createSchemaVersionRepository();
  // A start on a database that has content reads no files and compiles nothing here (checked again under the lock).
  if (options.onlyIfEmpty && (await repo.latestHeader(db))) return undefined;
  const files = await readContentDir(dir);
  const hash = contentHash(files);
  // Code generated earlier for these files by this generator (a new data folder's copy of the build's template
  // database holds the code of the build's schemas/: src/server/db/pgliteTemplate.ts) is not generated again.
  const code = await createValidatorCodeRepository().get(db, hash, generatorFingerprint());
  // Refuse content that does not build or whose validators cannot be generated (kept: the server serves it next).
  compileContent(files, { contentHash: hash, code }, hash);
  // The files are stored before the transaction (in parts); those of an import that was not needed are removed.
  const content = await repo.storeContent(db, files);
  const version = await db
    .transaction()
    .execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`.execute(trx);
      const latest = await repo.latestHeader(trx);
      if (latest && (options.onlyIfEmpty || latest.contentHash === hash)) return undefined;
      return repo.append(trx, { content, contentHash: hash, author: 'files', message: 'Imported from schemas/' });
    })
    .catch(async (error: unknown) => {
      await repo.discardContent(db, content).catch(() => undefined);
      throw error;
    });
  if (version === undefined) await repo.discardContent(db, content);
  return version;
}
