import type { Kysely, Transaction } from 'kysely';
import type { StoredValidatorCode, ValidatorCodeKind } from '../../content/contentValidator';
import type { Database } from '../db/tables';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Characters per stored part (migrations/025): with PGlite a statement holds the server's thread, and a 1.4 MB
 * module in one statement held it for 60 to 400 ms; a part of this size takes a sixth of that.
 */
export const CODE_PART_CHARS = 256 * 1024;

/** `text` in parts of about `size` characters, never cutting a surrogate pair in two (each part is stored as UTF-8). */
export function splitCode(text: string, size: number = CODE_PART_CHARS): string[] {
  const parts: string[] = [];
  for (let at = 0; at < text.length || parts.length === 0; ) {
    let end = Math.min(text.length, at + size);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += 1;
    parts.push(text.slice(at, end));
    at = end;
  }
  return parts;
}

/** A turn of the event loop between statements, so other requests' statements run in between. */
export const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The generated validator code of content versions (migrations/020, in parts since 025), by content hash and
 * generator fingerprint (src/content/generatorFingerprint.ts): a restart reads it instead of generating it again.
 * Each part is written and read by a statement of its own, with a turn of the event loop between them.
 */
export function createValidatorCodeRepository() {
  /** The complete kinds (every part stored) and their number of parts. */
  const complete = async (db: Db, contentHash: string, generator: string, kinds?: ValidatorCodeKind[]): Promise<Map<ValidatorCodeKind, number>> => {
    let query = db.selectFrom('validator_code').select(['kind', 'part', 'parts']).where('content_hash', '=', contentHash).where('generator', '=', generator);
    if (kinds) query = query.where('kind', 'in', kinds);
    const rows = await query.execute();
    const found = new Map<ValidatorCodeKind, number>();
    for (const row of rows) {
      if (found.has(row.kind)) continue;
      // Complete when every part of this count is stored (another count is another split of the same code).
      const stored = new Set(rows.filter((r) => r.kind === row.kind && r.parts === row.parts).map((r) => r.part));
      if (stored.size === row.parts) found.set(row.kind, row.parts);
    }
    return found;
  };

  return {
    /** `kinds`: only these (the studio's worker needs the server's code alone). */
    async get(db: Db, contentHash: string, generator: string, kinds?: ValidatorCodeKind[]): Promise<StoredValidatorCode> {
      const code: StoredValidatorCode = {};
      for (const [kind, parts] of await complete(db, contentHash, generator, kinds)) {
        const texts: string[] = [];
        for (let part = 0; part < parts; part++) {
          await yieldTurn();
          const row = await db
            .selectFrom('validator_code')
            .select('code')
            .where('content_hash', '=', contentHash)
            .where('generator', '=', generator)
            .where('kind', '=', kind)
            .where('part', '=', part)
            .where('parts', '=', parts)
            .executeTakeFirst();
          if (!row) break; // removed meanwhile: as if not stored
          texts.push(row.code);
        }
        if (texts.length === parts) code[kind] = texts.join('');
      }
      return code;
    },

    /** The kinds stored whole for a content hash and generator (without reading the code). */
    async kinds(db: Db, contentHash: string, generator: string): Promise<ValidatorCodeKind[]> {
      return [...(await complete(db, contentHash, generator)).keys()];
    },

    /**
     * Stores code of a version, part by part; a part another server stored first (same inputs, same code) is kept.
     */
    async put(db: Db, contentHash: string, generator: string, code: Partial<Record<ValidatorCodeKind, string>>): Promise<void> {
      for (const [kind, text] of Object.entries(code)) {
        const parts = splitCode(text);
        for (const [part, piece] of parts.entries()) {
          await db
            .insertInto('validator_code')
            .values({ content_hash: contentHash, generator, kind: kind as ValidatorCodeKind, part, parts: parts.length, code: piece })
            .onConflict((oc) => oc.doNothing())
            .execute();
          await yieldTurn();
        }
      }
    },
  };
}

export type ValidatorCodeRepository = ReturnType<typeof createValidatorCodeRepository>;
