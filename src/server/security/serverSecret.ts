import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const SECRET_FILE = 'jwt-secret';

/**
 * The server's HMAC secret: JWT_SECRET, or a random one generated once into DATA_DIR/jwt-secret (mode 0600).
 * Several processes must share it: set JWT_SECRET when they do not share DATA_DIR. Never logged.
 */
export async function loadServerSecret(options: { secret?: string; dataDir: string }): Promise<{ secret: Buffer; source: 'env' | 'file' | 'generated' }> {
  if (options.secret) return { secret: Buffer.from(options.secret, 'utf8'), source: 'env' };
  await mkdir(options.dataDir, { recursive: true });
  const file = join(options.dataDir, SECRET_FILE);
  try {
    const handle = await open(file, 'wx', 0o600);
    const secret = randomBytes(48).toString('base64url');
    await handle.writeFile(secret);
    await handle.close();
    return { secret: Buffer.from(secret, 'utf8'), source: 'generated' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret; delete it to generate a new one`);
  return { secret: Buffer.from(secret, 'utf8'), source: 'file' };
}

/** A sub-key for one purpose ('jwt', 'otp', 'invite', ...), so no two features share key material. */
export function deriveKey(secret: Buffer, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`quick-apply:${purpose}`).digest();
}
