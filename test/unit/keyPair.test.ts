import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KEY_FILE, loadServerKeyPair } from '../../src/server/security/keyPair';
import { decryptRequest, encryptRequest, importPublicKey } from '../../src/shared/envelope';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'qa-keys-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const pem = (bits: number) => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  return { privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }) as string };
};

// RSA-3072 generation takes seconds on a busy 2-core machine (unit files run in parallel): a roomy timeout.
describe('server key pair', { timeout: 60_000 }, () => {
  it('generates a 3072-bit pair into DATA_DIR once (mode 600) and reuses it', async () => {
    const dataDir = tempDir();
    const first = await loadServerKeyPair({ dataDir });
    expect(first.source).toBe('generated');
    expect(statSync(join(dataDir, KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dataDir, KEY_FILE), 'utf8')).toContain('BEGIN PRIVATE KEY');
    const second = await loadServerKeyPair({ dataDir });
    expect(second).toMatchObject({ source: 'file', publicKeySpki: first.publicKeySpki });

    const binding = { method: 'POST', path: '/api/otp' };
    const sent = await encryptRequest(await importPublicKey(first.publicKeySpki), { otp: '123456' }, binding);
    const received = await decryptRequest(second.privateKey, sent.headers['x-encrypted-key'], sent.payload, binding);
    expect(received.body).toEqual({ otp: '123456' });
  });

  it('agrees on one key when several processes start together on an empty folder', async () => {
    const dataDir = tempDir();
    const pairs = await Promise.all([1, 2, 3].map(() => loadServerKeyPair({ dataDir })));
    expect(new Set(pairs.map((p) => p.publicKeySpki)).size).toBe(1);
  });

  it('takes the key from the environment (one-line PEM with \\n too) and checks the public key', async () => {
    const { privateKeyPem, publicKeyPem } = pem(3072);
    const dataDir = tempDir();
    const pair = await loadServerKeyPair({ privateKeyPem: privateKeyPem.replace(/\n/g, '\\n'), publicKeyPem, dataDir });
    expect(pair.source).toBe('environment');
    expect(() => statSync(join(dataDir, KEY_FILE))).toThrow();
    const other = pem(3072);
    await expect(loadServerKeyPair({ privateKeyPem, publicKeyPem: other.publicKeyPem, dataDir })).rejects.toThrow(/does not belong/);
    await expect(loadServerKeyPair({ publicKeyPem, dataDir })).rejects.toThrow(/without SERVER_PRIVATE_KEY_PEM/);
  });

  it('refuses a short key and garbage, without echoing the key', async () => {
    const { privateKeyPem } = pem(2048);
    await expect(loadServerKeyPair({ privateKeyPem, dataDir: tempDir() })).rejects.toThrow(/at least 3072 bits/);
    const error = await loadServerKeyPair({ privateKeyPem: 'not-a-key-SECRET', dataDir: tempDir() }).catch((e: Error) => e);
    expect(String(error)).toMatch(/not a readable private key/);
    expect(String(error)).not.toContain('SECRET');
  });
});
