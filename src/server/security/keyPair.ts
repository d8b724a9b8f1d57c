import { createPrivateKey, createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto';
import { chmod, link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The body-encryption key pair: RSA-OAEP with SHA-256, as WebCrypto keys. */
export interface ServerKeyPair {
  /** Non-extractable, decrypt only. */
  privateKey: CryptoKey;
  /** base64 of the DER SubjectPublicKeyInfo, what the config endpoint publishes. */
  publicKeySpki: string;
  source: 'environment' | 'file' | 'generated';
}

export interface KeyPairOptions {
  /** PKCS#8 (or PKCS#1) PEM; when set, the key file is not used. */
  privateKeyPem?: string;
  /** SPKI PEM; optional, checked against the private key when given. */
  publicKeyPem?: string;
  dataDir: string;
  /** Notes for the operator (never key material). */
  warn?: (message: string) => void;
}

export const KEY_FILE = 'server-key.pem';
export const MODULUS_BITS = 3072;
const RSA = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

function fromPem(pem: string, what: string): KeyObject {
  try {
    // Environment files often carry PEM on one line with literal "\n".
    return createPrivateKey(pem.replace(/\\n/g, '\n'));
  } catch {
    throw new Error(`${what} is not a readable private key in PEM form (PKCS#8 "BEGIN PRIVATE KEY" expected)`);
  }
}

async function toWebCrypto(key: KeyObject, source: ServerKeyPair['source'], publicKeyPem?: string): Promise<ServerKeyPair> {
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < MODULUS_BITS) {
    throw new Error(`The server key must be an RSA key of at least ${MODULUS_BITS} bits`);
  }
  const spki = createPublicKey(key).export({ type: 'spki', format: 'der' });
  if (publicKeyPem) {
    let given: Buffer;
    try {
      given = createPublicKey(publicKeyPem.replace(/\\n/g, '\n')).export({ type: 'spki', format: 'der' });
    } catch {
      throw new Error('SERVER_PUBLIC_KEY_PEM is not a readable public key in PEM form');
    }
    if (!given.equals(spki)) throw new Error('SERVER_PUBLIC_KEY_PEM does not belong to SERVER_PRIVATE_KEY_PEM');
  }
  const pkcs8 = key.export({ type: 'pkcs8', format: 'der' });
  const privateKey = await globalThis.crypto.subtle.importKey('pkcs8', new Uint8Array(pkcs8), RSA, false, ['decrypt']);
  pkcs8.fill(0);
  return { privateKey, publicKeySpki: spki.toString('base64'), source };
}

async function readKeyFile(file: string, warn: (m: string) => void): Promise<KeyObject> {
  const mode = (await stat(file)).mode & 0o777;
  if (mode & 0o077) {
    warn(`${file} was readable by other users (mode ${mode.toString(8)}); it is now 600`);
    await chmod(file, 0o600);
  }
  return fromPem(await readFile(file, 'utf8'), file);
}

/**
 * The key pair from SERVER_PRIVATE_KEY_PEM, else from DATA_DIR/server-key.pem, else a new 3072-bit pair
 * written there (mode 600) and reused at every later start. Several processes starting together on one
 * folder agree on one key: the file appears atomically (link) and the losers read the winner's key.
 * Several servers behind a load balancer must share the key: give it to all of them by environment.
 */
export async function loadServerKeyPair(options: KeyPairOptions): Promise<ServerKeyPair> {
  const warn = options.warn ?? (() => {});
  if (options.privateKeyPem) {
    return toWebCrypto(fromPem(options.privateKeyPem, 'SERVER_PRIVATE_KEY_PEM'), 'environment', options.publicKeyPem);
  }
  if (options.publicKeyPem) throw new Error('SERVER_PUBLIC_KEY_PEM is set without SERVER_PRIVATE_KEY_PEM');

  const file = join(options.dataDir, KEY_FILE);
  try {
    return await toWebCrypto(await readKeyFile(file, warn), 'file');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }

  await mkdir(options.dataDir, { recursive: true });
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: MODULUS_BITS, publicExponent: 0x10001 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, pem, { mode: 0o600, flag: 'wx' });
  try {
    await link(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return toWebCrypto(await readKeyFile(file, warn), 'file');
  } finally {
    await unlink(temp).catch(() => {});
  }
  return toWebCrypto(privateKey, 'generated');
}
