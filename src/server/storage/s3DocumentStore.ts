import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { assertSafeKey, DocumentNotFoundError, type DocumentStore, type StoredObject } from './documentStore';

export interface S3Settings {
  /** S3_ENDPOINT: the service's address (path-style requests: <endpoint>/<bucket>/<key>). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Documents in an S3-compatible bucket (DOCUMENT_STORE=s3): AWS S3, MinIO, Ceph, a cloud's object storage.
 * Requests are signed (SigV4) by aws4fetch, a small library, instead of the whole AWS SDK. A document is at
 * most DOCUMENT_MAX_BYTES (5 MB), so a put gathers it to send one request with its length and hash; the
 * sha256 is kept as object metadata. Gets stream.
 */
export class S3DocumentStore implements DocumentStore {
  private readonly client: AwsClient;

  constructor(private readonly settings: S3Settings) {
    this.client = new AwsClient({ accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, service: 's3', region: settings.region });
  }

  private url(key: string): string {
    assertSafeKey(key); // letters, digits, '.', '_', '-' and '/': nothing to escape
    return `${this.settings.endpoint.replace(/\/+$/, '')}/${this.settings.bucket}/${key}`;
  }

  async put(key: string, body: Readable | Buffer | AsyncIterable<Buffer>): Promise<StoredObject> {
    const url = this.url(key);
    const parts: Buffer[] = [];
    for await (const chunk of Buffer.isBuffer(body) ? [body] : body) parts.push(chunk);
    const content = Buffer.concat(parts);
    const sha256 = createHash('sha256').update(content).digest('hex');
    const res = await this.client.fetch(url, {
      method: 'PUT',
      body: content,
      headers: { 'content-type': 'application/octet-stream', 'x-amz-meta-sha256': sha256 },
    });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`object store refused the document: HTTP ${res.status}`);
    return { size: content.length, sha256 };
  }

  async get(key: string): Promise<Readable> {
    const res = await this.client.fetch(this.url(key), { method: 'GET' });
    if (res.status === 404) {
      await res.body?.cancel();
      throw new DocumentNotFoundError(key);
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new Error(`object store could not read the document: HTTP ${res.status}`);
    }
    return Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>);
  }

  async delete(key: string): Promise<void> {
    const res = await this.client.fetch(this.url(key), { method: 'DELETE' });
    await res.body?.cancel();
    if (!res.ok && res.status !== 404) throw new Error(`object store could not delete the document: HTTP ${res.status}`);
  }
}
