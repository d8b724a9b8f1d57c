import type { Kysely, Transaction } from 'kysely';
import type { StoredValidatorCode, ValidatorCodeKind } from '../../content/contentValidator';
import type { Database } from '../db/tables';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The generated validator code of content versions (migrations/020), by content hash and generator fingerprint
 * (src/content/generatorFingerprint.ts): a restart reads it instead of generating it again.
 */
export function createValidatorCodeRepository() {
  return {
    /** `kinds`: only these (the studio's worker needs the server's code alone). */
    async get(db: Db, contentHash: string, generator: string, kinds?: ValidatorCodeKind[]): Promise<StoredValidatorCode> {
      let query = db.selectFrom('validator_code').select(['kind', 'code']).where('content_hash', '=', contentHash).where('generator', '=', generator);
      if (kinds) query = query.where('kind', 'in', kinds);
      const rows = await query.execute();
      return Object.fromEntries(rows.map((r) => [r.kind, r.code]));
    },

    /**
     * Stores code of a version; a row another server stored first (same inputs, same code) is kept. One statement
     * per kind (each about 1.5 MB), with a turn of the event loop between them: with PGlite each statement holds
     * the server's thread, and three in one held it for 150 ms or more.
     */
    async put(db: Db, contentHash: string, generator: string, code: Partial<Record<ValidatorCodeKind, string>>): Promise<void> {
      for (const [kind, text] of Object.entries(code)) {
        await db.insertInto('validator_code').values({ content_hash: contentHash, generator, kind: kind as ValidatorCodeKind, code: text }).onConflict((oc) => oc.doNothing()).execute();
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    },
  };
}

export type ValidatorCodeRepository = ReturnType<typeof createValidatorCodeRepository>;
