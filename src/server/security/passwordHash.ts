import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';

/** scrypt cost parameters of new hashes (OWASP: N=2^15..2^17 with r=8, p=1; 2^15 keeps a login near 50 ms). */
const N = 1 << 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
/** Refuse stored parameters that would make one verification eat the server (a tampered row). */
const MAX_N = 1 << 20;

function derive(password: string, salt: Buffer, options: { N: number; r: number; p: number }): Promise<Buffer> {
  const scryptOptions: ScryptOptions = { ...options, maxmem: 256 * options.N * options.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, scryptOptions, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** True when `password` matches `encoded`; false for a wrong password and for a malformed hash. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![n, r, p].every((x) => Number.isInteger(x) && x > 0) || n > MAX_N || (n & (n - 1)) !== 0 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (salt.length < 8 || expected.length !== KEY_LENGTH) return false;
  const actual = await derive(password, salt, { N: n, r, p });
  return timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;

/** Spends the time of one verification, so an unknown username answers as slowly as a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword('not a password of anyone');
  await verifyPassword(password, await dummy);
  return false;
}
