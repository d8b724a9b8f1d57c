import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { assertSafeKey, DocumentNotFoundError, type DocumentStore, type StoredObject } from './documentStore';

/** Size of one stored chunk: large enough for few rows, small enough to keep memory flat per request. */
export const CHUNK_BYTES = 256 * 1024;

/**
 * Documents in the database (table document_chunks): the store when several server processes share one
 * PostgreSQL, as every process sees every document and backups cover them. Same SQL on PGlite. A put is one
 * transaction (a failing body leaves nothing, a replaced key never shows a mix); a get streams chunk by chunk.
 */
export class DatabaseDocumentStore implements DocumentStore {
  constructor(private readonly db: Kysely<Database>) {}

  async put(key: string, body: Readable | Buffer | AsyncIterable<Buffer>): Promise<StoredObject> {
    assertSafeKey(key);
    const source: AsyncIterable<Buffer> | Buffer[] = Buffer.isBuffer(body) ? [body] : body;
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('document_chunks').where('storage_key', '=', key).execute();
      const hash = createHash('sha256');
      let size = 0;
      let seq = 0;
      const write = (data: Buffer) => trx.insertInto('document_chunks').values({ storage_key: key, seq: seq++, data }).execute();
      let pending = Buffer.alloc(0);
      for await (const chunk of source) {
        hash.update(chunk);
        size += chunk.length;
        pending = Buffer.concat([pending, chunk]);
        for (; pending.length >= CHUNK_BYTES; pending = pending.subarray(CHUNK_BYTES)) await write(pending.subarray(0, CHUNK_BYTES));
      }
      // An empty document still exists: one empty chunk marks it.
      if (pending.length > 0 || seq === 0) await write(pending);
      return { size, sha256: hash.digest('hex') };
    });
  }

  async get(key: string): Promise<Readable> {
    assertSafeKey(key);
    const { db } = this;
    const count = await db.selectFrom('document_chunks').select((eb) => eb.fn.countAll<string>().as('n')).where('storage_key', '=', key).executeTakeFirst();
    const chunks = Number(count?.n ?? 0);
    if (chunks === 0) throw new DocumentNotFoundError(key);
    async function* read() {
      for (let seq = 0; seq < chunks; seq++) {
        const row = await db.selectFrom('document_chunks').select('data').where('storage_key', '=', key).where('seq', '=', seq).executeTakeFirst();
        if (!row) throw new DocumentNotFoundError(key); // deleted while being read
        yield Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
      }
    }
    return Readable.from(read());
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.db.deleteFrom('document_chunks').where('storage_key', '=', key).execute();
  }
}
