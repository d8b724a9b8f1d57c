import { beforeAll, describe, expect, it } from 'vitest';
import { decryptRequest, decryptResponse, encryptRequest, encryptResponse, type UnwrappedKeyCache } from '../../src/shared/envelope';
import { REQUEST_KEY_MAX_AGE_MS, REQUEST_KEY_MAX_USES, RequestKeyRing } from '../../src/shared/requestKeyRing';

const binding = { method: 'PUT', path: '/api/usertypes/sme/prospects/P1' };
let privateKey: CryptoKey;
let publicKey: CryptoKey;

beforeAll(async () => {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 3072, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    false,
    ['encrypt', 'decrypt'],
  );
  ({ privateKey, publicKey } = pair);
});

/** A Map as the server's key cache, counting how often the RSA unwrap was skipped. */
function countingCache() {
  const map = new Map<string, CryptoKey>();
  const stats = { hits: 0 };
  const cache: UnwrappedKeyCache = {
    get: (w) => {
      const k = map.get(w);
      if (k) stats.hits++;
      return k;
    },
    set: (w, k) => void map.set(w, k),
  };
  return { cache, stats, map };
}

describe('reused request keys', () => {
  it('one wrapped key for many requests, each with its own iv and nonce; the server unwraps it once', async () => {
    const ring = new RequestKeyRing();
    const { cache, stats, map } = countingCache();
    const a = await encryptRequest(await ring.keyFor(publicKey), { n: 1 }, binding);
    const b = await encryptRequest(await ring.keyFor(publicKey), { n: 2 }, binding);
    expect(a.headers['x-encrypted-key']).toBe(b.headers['x-encrypted-key']);
    expect(a.payload.iv).not.toBe(b.payload.iv);
    const ra = await decryptRequest(privateKey, a.headers['x-encrypted-key'], a.payload, binding, { cache });
    const rb = await decryptRequest(privateKey, b.headers['x-encrypted-key'], b.payload, binding, { cache });
    expect([ra.body, rb.body]).toEqual([{ n: 1 }, { n: 2 }]);
    expect(ra.nonce).not.toBe(rb.nonce);
    expect(stats.hits).toBe(1);
    expect(map.size).toBe(1);
  });

  it('binds each answer to its request: an answer to one cannot be passed off as the answer to another', async () => {
    const key = await new RequestKeyRing().keyFor(publicKey);
    const a = await encryptRequest(key, { n: 1 }, binding);
    const b = await encryptRequest(key, { n: 2 }, binding);
    const ra = await decryptRequest(privateKey, a.headers['x-encrypted-key'], a.payload, binding);
    const answerToA = await encryptResponse(ra.key, { version: 2 });
    expect(await decryptResponse(a.key, answerToA)).toEqual({ version: 2 });
    await expect(decryptResponse(b.key, answerToA)).rejects.toThrow();
  });

  it('still refuses another path, and caches no key whose body did not open', async () => {
    const { cache, map } = countingCache();
    const key = await new RequestKeyRing().keyFor(publicKey);
    const sent = await encryptRequest(key, { n: 1 }, binding);
    await expect(decryptRequest(privateKey, sent.headers['x-encrypted-key'], sent.payload, { ...binding, path: '/api/other' }, { cache })).rejects.toThrow();
    expect(map.size).toBe(0);
    await decryptRequest(privateKey, sent.headers['x-encrypted-key'], sent.payload, binding, { cache });
    await expect(decryptRequest(privateKey, sent.headers['x-encrypted-key'], sent.payload, { ...binding, method: 'POST' }, { cache })).rejects.toThrow();
  });

  it('replaces the key after its maximum uses or age', async () => {
    const clock = { now: 0 };
    const ring = new RequestKeyRing(() => clock.now);
    const first = await ring.keyFor(publicKey);
    for (let i = 1; i < REQUEST_KEY_MAX_USES; i++) expect(await ring.keyFor(publicKey)).toBe(first);
    const second = await ring.keyFor(publicKey);
    expect(second).not.toBe(first);
    clock.now += REQUEST_KEY_MAX_AGE_MS;
    expect(await ring.keyFor(publicKey)).not.toBe(second);
  });
});
