import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredObject {
  size: number;
  /** Hex SHA-256 of the content. */
  sha256: string;
}

/**
 * Where uploaded documents' bytes live. Keys are chosen by the caller (`<prospectId>/<uuid>`) and are
 * write-once in practice; a put to an existing key replaces its content. Implementations: a folder under
 * DATA_DIR (below); an S3-compatible bucket later (same keys, the sha256 stored as object metadata).
 */
export interface DocumentStore {
  /** Streams the body in; resolves when the bytes are durable. A failing body stream leaves nothing behind. */
  put(key: string, body: Readable | Buffer | AsyncIterable<Buffer>): Promise<StoredObject>;
  /** The content as a stream; rejects with DocumentNotFoundError when the key holds nothing. */
  get(key: string): Promise<Readable>;
  /** Removes the content; no error when already gone. */
  delete(key: string): Promise<void>;
}

export class DocumentNotFoundError extends Error {
  constructor(key: string) {
    super(`No document stored under ${JSON.stringify(key)}`);
  }
}

/** Keys: segments of letters, digits, '.', '_' and '-' joined by '/'; no empty, '.' or '..' segment. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  if (key.length > 512 || segments.some((s) => !SEGMENT.test(s) || s === '.' || s === '..')) {
    throw new Error(`Unsafe document key ${JSON.stringify(key)}`);
  }
}

const BLOB = /^[0-9a-f]{64}$/;

/**
 * Documents in a folder. A key never becomes a path: it is hashed into a folder `<root>/<h0h1>/<h>`, and the
 * content sits in that folder in a file named by its own SHA-256 (written to a temporary file, fsynced, then
 * renamed, so a crash never leaves a half-written document under its final name).
 */
export class FolderDocumentStore implements DocumentStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private folderOf(key: string): string {
    assertSafeKey(key);
    const h = createHash('sha256').update(key).digest('hex');
    const folder = join(this.root, h.slice(0, 2), h);
    if (!folder.startsWith(this.root + sep)) throw new Error('document path escapes the store');
    return folder;
  }

  async put(key: string, body: Readable | Buffer | AsyncIterable<Buffer>): Promise<StoredObject> {
    const folder = this.folderOf(key);
    await mkdir(folder, { recursive: true });
    const temp = join(folder, `.tmp-${randomUUID()}`);
    const hash = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    try {
      await pipeline(source, meter, createWriteStream(temp, { flags: 'wx' }));
      const handle = await open(temp, 'r');
      await handle.sync().finally(() => handle.close());
      const sha256 = hash.digest('hex');
      await rename(temp, join(folder, sha256));
      for (const name of await readdir(folder)) {
        if (name !== sha256 && BLOB.test(name)) await rm(join(folder, name), { force: true });
      }
      return { size, sha256 };
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    const folder = this.folderOf(key);
    const names = await readdir(folder).catch(() => [] as string[]);
    const blob = names.find((n) => BLOB.test(n));
    if (!blob) throw new DocumentNotFoundError(key);
    return createReadStream(join(folder, blob));
  }

  async delete(key: string): Promise<void> {
    await rm(this.folderOf(key), { recursive: true, force: true });
  }
}
