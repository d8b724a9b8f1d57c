import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { safeFileName } from '../../src/server/documents/documentFiles';
import { assertSafeKey, DocumentNotFoundError, FolderDocumentStore } from '../../src/server/storage/documentStore';

const dir = mkdtempSync(join(tmpdir(), 'qa-store-'));
const store = new FolderDocumentStore(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const read = async (s: Readable) => Buffer.concat(await s.toArray());

describe('FolderDocumentStore', () => {
  it('stores, reads and deletes; the file is named by the content hash', async () => {
    const bytes = Buffer.from('hello document');
    const sha = createHash('sha256').update(bytes).digest('hex');
    expect(await store.put('P1/abc', Readable.from([bytes.subarray(0, 5), bytes.subarray(5)]))).toEqual({ size: bytes.length, sha256: sha });
    expect(await read(await store.get('P1/abc'))).toEqual(bytes);
    const files = readdirSync(dir, { recursive: true }).map(String);
    expect(files.some((f) => f.endsWith(sha))).toBe(true);
    expect(files.some((f) => f.includes('abc') || f.includes('P1'))).toBe(false);
    await store.put('P1/abc', Buffer.from('replaced'));
    expect((await read(await store.get('P1/abc'))).toString()).toBe('replaced');
    await store.delete('P1/abc');
    await expect(store.get('P1/abc')).rejects.toBeInstanceOf(DocumentNotFoundError);
  });

  it('leaves nothing behind when the body fails', async () => {
    async function* failing() {
      yield Buffer.from('part');
      throw new Error('client went away');
    }
    await expect(store.put('P1/failed', failing())).rejects.toThrow('client went away');
    await expect(store.get('P1/failed')).rejects.toBeInstanceOf(DocumentNotFoundError);
  });

  it('refuses unsafe keys', () => {
    for (const key of ['../x', 'a/../../b', '/abs', 'a//b', '.', 'a/./b', 'a\\b', 'a b', '']) expect(() => assertSafeKey(key), key).toThrow();
    expect(() => assertSafeKey('SME123/550e8400-e29b-41d4-a716-446655440000')).not.toThrow();
  });
});

describe('safeFileName', () => {
  it('keeps the last segment, removes reserved characters and matches the extension to the content', () => {
    expect(safeFileName('C:\\Users\\me\\passport.pdf', 'pdf')).toBe('passport.pdf');
    expect(safeFileName('../../etc/passwd', 'pdf')).toBe('passwd.pdf');
    expect(safeFileName('setup.exe', 'pdf')).toBe('setup.exe.pdf');
    expect(safeFileName('photo.JPEG', 'jpg')).toBe('photo.JPEG');
    expect(safeFileName('a"b<c>.png', 'png')).toBe('abc.png');
    expect(safeFileName('', 'png')).toBe('document.png');
    expect(safeFileName(`${'x'.repeat(300)}.pdf`, 'pdf').length).toBeLessThanOrEqual(100);
  });
});
