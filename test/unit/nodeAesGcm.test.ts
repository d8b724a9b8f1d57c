import { beforeAll, describe, expect, it } from 'vitest';
import { answerIv, createIvPool, IV_POOL_BYTES, nodeAesGcm } from '../../src/server/security/nodeAesGcm';
import { decryptRequest, decryptResponse, encryptRequest, encryptResponse, encryptResponseJson, EnvelopeError, fromBase64, toBase64 } from '../../src/shared/envelope';

const binding = { method: 'PUT', path: '/api/usertypes/sme/prospects/P1' };
let privateKey: CryptoKey;
let publicKey: CryptoKey;

beforeAll(async () => {
  ({ privateKey, publicKey } = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 3072, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    false,
    ['encrypt', 'decrypt'],
  ));
});

describe('node:crypto AES-GCM on the server', () => {
  it('opens what the browser (WebCrypto) sealed, and the browser opens its answer', async () => {
    const body = { prospect: { organizationInfo: { companyName: 'Falcon Trading LLC ü' } }, saveType: 'auto', version: 3 };
    const sent = await encryptRequest(publicKey, body, binding);
    const received = await decryptRequest(privateKey, sent.headers['x-encrypted-key'], sent.payload, binding, { cipher: nodeAesGcm });
    expect(received.body).toEqual(body);
    expect(received.key.cipher).toBe(nodeAesGcm);
    const answer = await encryptResponse(received.key, { version: 4 });
    expect(await decryptResponse(sent.key, answer)).toEqual({ version: 4 });
  });

  it('a client given node:crypto (the save benchmark\'s generator) seals what WebCrypto opens, and opens the answer with it', async () => {
    const body = { patch: [{ op: 'add', path: '/organizationInfo/companyName', value: 'Falcon ü' }], saveType: 'auto', version: 7 };
    const sent = await encryptRequest(publicKey, body, binding, Date.now(), nodeAesGcm);
    expect(sent.key.cipher).toBe(nodeAesGcm);
    // The server as it is by default (WebCrypto): the same bytes, the same binding.
    const received = await decryptRequest(privateKey, sent.headers['x-encrypted-key'], sent.payload, binding);
    expect(received.body).toEqual(body);
    const answer = await encryptResponse(received.key, { version: 8 });
    expect(await decryptResponse(sent.key, answer)).toEqual({ version: 8 });
    // Bound as before: another path does not open it.
    await expect(decryptRequest(privateKey, sent.headers['x-encrypted-key'], sent.payload, { ...binding, path: '/api/usertypes/sme/prospects/P2' })).rejects.toBeInstanceOf(EnvelopeError);
  });

  it('refuses a flipped bit, a cut tag and another binding', async () => {
    const sent = await encryptRequest(publicKey, { a: 1 }, binding);
    const header = sent.headers['x-encrypted-key'];
    const data = fromBase64(sent.payload.data);
    const flipped = Uint8Array.from(data);
    flipped[0]! ^= 1;
    const variants = [
      { payload: { ...sent.payload, data: toBase64(flipped) }, binding },
      { payload: { ...sent.payload, data: toBase64(data.subarray(0, 10)) }, binding },
      { payload: sent.payload, binding: { ...binding, path: '/api/usertypes/sme/prospects/P2' } },
    ];
    for (const v of variants) {
      await expect(decryptRequest(privateKey, header, v.payload, v.binding, { cipher: nodeAesGcm })).rejects.toBeInstanceOf(EnvelopeError);
    }
  });
});

describe("the answers' ivs (a pool of CSPRNG bytes)", () => {
  it('never repeat, across refills: each iv is 12 bytes of a fill no other iv was cut from, and the pool refills when used up', () => {
    let fills = 0;
    // Each fill writes bytes that differ from every other fill's and position's: any reuse of bytes shows as a repeat.
    const next = createIvPool((bytes) => {
      fills++;
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      for (let i = 0; i + 4 <= bytes.length; i += 4) view.setUint32(i, fills * IV_POOL_BYTES + i);
    });
    const perFill = IV_POOL_BYTES / 12;
    const seen = new Set<string>();
    for (let n = 0; n < 3 * perFill + 5; n++) {
      const iv = next();
      expect(iv.length).toBe(12);
      seen.add(toBase64(iv));
    }
    expect(seen.size).toBe(3 * perFill + 5);
    expect(fills).toBe(4);
  });

  it('an iv handed out is a copy: the next fill does not change it', () => {
    const next = createIvPool((bytes) => bytes.fill(7));
    const first = next();
    for (let n = 1; n <= IV_POOL_BYTES / 12; n++) next(); // the second fill
    expect([...first]).toEqual(new Array(12).fill(7));
    const overwritten = createIvPool((bytes) => bytes.fill(9))();
    expect([...first]).toEqual(new Array(12).fill(7));
    expect(overwritten[0]).toBe(9);
  });

  it("the server's answers use the pool's ivs (the CSPRNG's, never the same twice), and the browser opens them", async () => {
    const sent = await encryptRequest(publicKey, { version: 1 }, binding);
    const received = await decryptRequest(privateKey, sent.headers['x-encrypted-key'], sent.payload, binding, { cipher: nodeAesGcm });
    const ivs = new Set<string>();
    for (let n = 0; n < 2 * (IV_POOL_BYTES / 12) + 3; n++) {
      const answer = await encryptResponseJson(received.key, JSON.stringify({ n }), answerIv());
      ivs.add(answer.iv);
      if (n % 100 === 0) expect(await decryptResponse(sent.key, answer)).toEqual({ n });
    }
    expect(ivs.size).toBe(2 * (IV_POOL_BYTES / 12) + 3);
    await expect(encryptResponseJson(received.key, '{}', new Uint8Array(16))).rejects.toThrow(/12 bytes/);
  });
});
