import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  decryptRequest,
  decryptResponse,
  encryptRequest,
  encryptResponse,
  EnvelopeError,
  fromBase64,
  importPublicKey,
  toBase64,
  type Envelope,
} from '../../src/shared/envelope';

const binding = { method: 'PUT', path: '/api/usertypes/sme/prospects/P1' };
let privateKey: CryptoKey;
let publicKey: CryptoKey;
let spki: string;

beforeAll(async () => {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 3072, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  privateKey = pair.privateKey;
  spki = toBase64(new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey)));
  publicKey = await importPublicKey(spki);
});

/** Flips one bit of a base64 field. */
function flip(b64: string, at = 0): string {
  const bytes = fromBase64(b64);
  bytes[at % bytes.length]! ^= 0x01;
  return toBase64(bytes);
}

describe('envelope', () => {
  it('round-trips a request and its response, with ts and a 16-byte nonce', async () => {
    const body = { prospect: { applicantInfo: { fullName: 'Amna Al Suwaidi', mobileNo: '501234567' } }, saveType: 'auto' };
    const sent = await encryptRequest(publicKey, body, binding, 1_700_000_000_000);
    expect(sent.payload).toMatchObject({ v: 1 });
    expect(fromBase64(sent.payload.iv)).toHaveLength(12);
    expect(JSON.stringify(sent.payload)).not.toContain('Amna');
    expect(fromBase64(sent.headers['x-encrypted-key'])).toHaveLength(384);

    const received = await decryptRequest(privateKey, sent.headers['x-encrypted-key'], sent.payload, binding);
    expect(received.body).toEqual(body);
    expect(received.ts).toBe(1_700_000_000_000);
    expect(fromBase64(received.nonce)).toHaveLength(16);

    const answer = await encryptResponse(received.key, { prospectId: 'P1', version: 2 });
    expect(await decryptResponse(sent.key, answer)).toEqual({ prospectId: 'P1', version: 2 });
  });

  it('uses a fresh key, iv and nonce for every request', async () => {
    const a = await encryptRequest(publicKey, { x: 1 }, binding);
    const b = await encryptRequest(publicKey, { x: 1 }, binding);
    expect(a.headers['x-encrypted-key']).not.toBe(b.headers['x-encrypted-key']);
    expect(a.payload.iv).not.toBe(b.payload.iv);
    const na = (await decryptRequest(privateKey, a.headers['x-encrypted-key'], a.payload, binding)).nonce;
    const nb = (await decryptRequest(privateKey, b.headers['x-encrypted-key'], b.payload, binding)).nonce;
    expect(na).not.toBe(nb);
  });

  it('imports the public key as JWK too', async () => {
    const exported = await crypto.subtle.exportKey('jwk', await crypto.subtle.importKey('spki', fromBase64(spki), { name: 'RSA-OAEP', hash: 'SHA-256' }, true, ['encrypt']));
    const sent = await encryptRequest(await importPublicKey(exported), [1, 2], binding);
    expect((await decryptRequest(privateKey, sent.headers['x-encrypted-key'], sent.payload, binding)).body).toEqual([1, 2]);
  });

  describe('refuses', () => {
    let sent: Awaited<ReturnType<typeof encryptRequest>>;
    let header: string;
    beforeAll(async () => {
      sent = await encryptRequest(publicKey, { amount: 1000 }, binding);
      header = sent.headers['x-encrypted-key']!;
    });
    const refused = (h: unknown, p: unknown, b = binding) => expect(decryptRequest(privateKey, h, p, b)).rejects.toBeInstanceOf(EnvelopeError);

    it('a tampered iv', () => refused(header, { ...sent.payload, iv: flip(sent.payload.iv) }));
    it('tampered data (first and last byte: ciphertext and tag)', async () => {
      await refused(header, { ...sent.payload, data: flip(sent.payload.data, 0) });
      await refused(header, { ...sent.payload, data: flip(sent.payload.data, fromBase64(sent.payload.data).length - 1) });
    });
    it('a tampered or foreign key header', async () => {
      await refused(flip(header, 100), sent.payload);
      const other = await encryptRequest(publicKey, { amount: 1000 }, binding);
      await refused(other.headers['x-encrypted-key'], sent.payload);
    });
    it('another path or method (the additional data)', async () => {
      await refused(header, sent.payload, { method: 'PUT', path: '/api/usertypes/sme/prospects/P2' });
      await refused(header, sent.payload, { method: 'POST', path: binding.path });
    });
    it('a missing header, a missing or garbled envelope, another version', async () => {
      await refused(undefined, sent.payload);
      await refused(['a', 'b'], sent.payload);
      await refused(header, undefined);
      await refused(header, { amount: 1000 });
      await refused(header, { ...sent.payload, v: 2 });
      await refused(header, { ...sent.payload, iv: 'not base64!' });
      await refused(header, { ...sent.payload, data: 12 });
      await refused('%%%', sent.payload);
    });
    it('a response passed off as a request, and a request as a response', async () => {
      const { key } = await decryptRequest(privateKey, header, sent.payload, binding);
      const answer: Envelope = await encryptResponse(key, { ts: Date.now(), nonce: toBase64(new Uint8Array(16)), body: {} });
      await refused(header, answer);
      await expect(decryptResponse(sent.key, sent.payload)).rejects.toBeInstanceOf(EnvelopeError);
    });
  });

  it('round-trips any JSON body (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.constantFrom('POST', 'PUT'), fc.webPath(), async (body, method, path) => {
        const b = { method, path: path || '/' };
        const sent = await encryptRequest(publicKey, body, b);
        const received = await decryptRequest(privateKey, sent.headers['x-encrypted-key'], JSON.parse(JSON.stringify(sent.payload)), b);
        // JSON has no -0: compare what JSON itself would carry.
        expect(received.body).toEqual(JSON.parse(JSON.stringify(body)));
        const answer = await encryptResponse(received.key, body);
        expect(await decryptResponse(sent.key, JSON.parse(JSON.stringify(answer)))).toEqual(JSON.parse(JSON.stringify(body)));
      }),
      { numRuns: 60 },
    );
  });

  it('refuses any single flipped bit of iv or data (property)', async () => {
    const sent = await encryptRequest(publicKey, { tradeLicenseNo: 'CN-123456' }, binding);
    const header = sent.headers['x-encrypted-key'];
    const sizes = { iv: 12, data: fromBase64(sent.payload.data).length };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('iv', 'data' as const), fc.nat(), fc.integer({ min: 0, max: 7 }), async (field, at, bit) => {
        const bytes = fromBase64(sent.payload[field]);
        bytes[at % sizes[field]]! ^= 1 << bit;
        await expect(decryptRequest(privateKey, header, { ...sent.payload, [field]: toBase64(bytes) }, binding)).rejects.toBeInstanceOf(EnvelopeError);
      }),
      { numRuns: 80 },
    );
  });
});
