import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_BYTES, DatabaseDocumentStore } from '../../src/server/storage/databaseDocumentStore';
import { DocumentNotFoundError, type DocumentStore, FolderDocumentStore } from '../../src/server/storage/documentStore';
import { S3DocumentStore } from '../../src/server/storage/s3DocumentStore';
import { describeEachDatabase, useDatabase } from './helpers';

const read = async (s: Readable) => Buffer.concat(await s.toArray());
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The one contract every document store meets; run below against each of them. */
function contract(store: () => DocumentStore): void {
  it('stores in uneven pieces and reads back the same bytes, size and hash (several chunks)', async () => {
    const bytes = randomBytes(CHUNK_BYTES * 2 + 12_345);
    const pieces = [bytes.subarray(0, 1000), bytes.subarray(1000, CHUNK_BYTES + 7), bytes.subarray(CHUNK_BYTES + 7)];
    expect(await store().put('P1/big', Readable.from(pieces))).toEqual({ size: bytes.length, sha256: sha(bytes) });
    expect((await read(await store().get('P1/big'))).equals(bytes)).toBe(true);
  });

  it('replaces the content of a key, and deletes it (twice without error)', async () => {
    await store().put('P2/doc', Buffer.from('first version of the document'));
    await store().put('P2/doc', Buffer.from('second'));
    expect((await read(await store().get('P2/doc'))).toString()).toBe('second');
    await store().delete('P2/doc');
    await store().delete('P2/doc');
    await expect(store().get('P2/doc')).rejects.toBeInstanceOf(DocumentNotFoundError);
  });

  it('answers not found for a key never stored', async () => {
    await expect(store().get('P3/never')).rejects.toBeInstanceOf(DocumentNotFoundError);
  });

  it('leaves nothing behind when the body fails', async () => {
    async function* failing() {
      yield randomBytes(CHUNK_BYTES + 1);
      throw new Error('client went away');
    }
    await expect(store().put('P4/failed', failing())).rejects.toThrow('client went away');
    await expect(store().get('P4/failed')).rejects.toBeInstanceOf(DocumentNotFoundError);
  });

  it('refuses unsafe keys', async () => {
    await expect(store().put('../escape', Buffer.from('x'))).rejects.toThrow(/Unsafe document key/);
    await expect(store().get('a/../../b')).rejects.toThrow(/Unsafe document key/);
  });
}

describe('document store contract [folder]', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qa-store-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  contract(() => new FolderDocumentStore(dir));
});

describeEachDatabase('document store contract [database]', (db) => {
  const handle = useDatabase(db);
  contract(() => new DatabaseDocumentStore(handle().db));
});

describe('document store contract [s3, against s3rver]', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qa-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'documents' }] });
  let store: S3DocumentStore;
  beforeAll(async () => {
    const { port } = await server.run();
    // s3rver's development credentials (it accepts any signed request).
    store = new S3DocumentStore({ endpoint: `http://127.0.0.1:${port}`, bucket: 'documents', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  contract(() => store);

  it('puts the document in the bucket under its key, with its hash as metadata', async () => {
    const bytes = Buffer.from('a document in the bucket');
    await store.put('P6/x', bytes);
    const { endpoint } = (store as unknown as { settings: { endpoint: string } }).settings;
    const res = await fetch(`${endpoint}/documents/P6/x`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-amz-meta-sha256')).toBe(sha(bytes));
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
