import { constants, createCipheriv, createHash, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';

/**
 * The files of a bank export with files=inline, encrypted for the bank (BANK_FILES_PUBLIC_KEY_PEM; docs/bank-format.md
 * "Files in the export"): each file under a fresh AES-256-GCM key, that key wrapped with the bank's RSA key
 * (RSA-OAEP with SHA-256). The document's fileData is base64 of the ciphertext followed by the 16-byte tag;
 * encryptionDetails names the algorithms, the bank key's id (the first 16 hex digits of the SHA-256 of its SPKI
 * DER), the IV and the wrapped key, in hex (the bank's field allows letters, digits, dots, dashes and spaces only):
 * `RSA-OAEP-256 A256GCM kid <hex> iv <hex> key <hex>`.
 */

export interface InlineFile {
  fileData: string;
  isEncrypted: boolean;
  encryptionDetails?: string;
}

export type FileEncryptor = (bytes: Buffer) => InlineFile;

/** An encryptor for the bank's public key (throws at once on a key that is not an RSA public key). */
export function fileEncryptor(publicKeyPem: string): FileEncryptor {
  const key = createPublicKey(publicKeyPem);
  if (key.asymmetricKeyType !== 'rsa') throw new Error('BANK_FILES_PUBLIC_KEY_PEM must be an RSA public key');
  const kid = createHash('sha256').update(key.export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16);
  return (bytes) => {
    const contentKey = randomBytes(32);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', contentKey, iv);
    const sealed = Buffer.concat([cipher.update(bytes), cipher.final(), cipher.getAuthTag()]);
    const wrapped = publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, contentKey);
    return { fileData: sealed.toString('base64'), isEncrypted: true, encryptionDetails: `RSA-OAEP-256 A256GCM kid ${kid} iv ${iv.toString('hex')} key ${wrapped.toString('hex')}` };
  };
}

/** Without the bank's key: the file's own bytes, base64 (protected by the connection, as a download at its url). */
export const plainFile: FileEncryptor = (bytes) => ({ fileData: bytes.toString('base64'), isEncrypted: false });
