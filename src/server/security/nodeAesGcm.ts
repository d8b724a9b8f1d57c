import { createCipheriv, createDecipheriv, KeyObject } from 'node:crypto';
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
