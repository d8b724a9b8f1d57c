import { createCipheriv, createDecipheriv, KeyObject, randomFillSync } from 'node:crypto';
import type { AesGcm } from '../../shared/envelope';

const TAG_BYTES = 16;
const keyObjects = new WeakMap<CryptoKey, KeyObject>();

function keyObject(key: CryptoKey): KeyObject {
  let object = keyObjects.get(key);
  if (!object) keyObjects.set(key, (object = KeyObject.from(key)));
  return object;
}

/**
 * The envelope's AES-256-GCM with node:crypto, for the server: the same cipher and bytes as WebCrypto, done at
 * once in the calling thread instead of as a job on the thread pool, which for bodies of a few kilobytes costs
 * several times the encryption itself (profile in docs/benchmarks.md).
 */
export const nodeAesGcm: AesGcm = {
  encrypt(key, iv, additionalData, plain) {
    const cipher = createCipheriv('aes-256-gcm', keyObject(key), iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(additionalData);
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  },
  decrypt(key, iv, additionalData, data) {
    if (data.length < TAG_BYTES) throw new Error('ciphertext too short');
    const decipher = createDecipheriv('aes-256-gcm', keyObject(key), iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(additionalData);
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]);
  },
};

/** Bytes the CSPRNG fills at a time for the answers' ivs: 341 ivs a fill. */
export const IV_POOL_BYTES = 4092;
const IV_BYTES = 12;

/**
 * The ivs of the server's answers, cut from a pool of CSPRNG bytes refilled (randomFillSync) when used up: a
 * getRandomValues per answer was 1.5-2.4 % of the server's thread per save (docs/benchmarks.md, sessions 14 and
 * 15). Each iv is a copy of 12 bytes no other iv was cut from; an iv is public (it travels beside the ciphertext),
 * so nothing secret is kept in the pool. Never for key material. `fill` is the CSPRNG (a test may count its calls).
 */
export function createIvPool(fill: (bytes: Uint8Array) => void = randomFillSync): () => Uint8Array<ArrayBuffer> {
  const pool = new Uint8Array(IV_POOL_BYTES);
  let used = IV_POOL_BYTES;
  return () => {
    if (used === IV_POOL_BYTES) {
      fill(pool);
      used = 0;
    }
    used += IV_BYTES;
    return pool.slice(used - IV_BYTES, used);
  };
}

/** The server's answers' ivs (bodyEncryption.ts). */
export const answerIv = createIvPool();
