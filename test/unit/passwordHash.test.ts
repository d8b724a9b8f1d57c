import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../src/server/security/passwordHash';

describe('scrypt password hashes', () => {
  it('encodes scrypt$N$r$p$salt$hash and verifies the right password only', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', a)).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('treats equivalent Unicode forms as the same password', async () => {
    const hash = await hashPassword('Ame\u0301lie');
    expect(await verifyPassword('Am\u00e9lie', hash)).toBe(true);
  });

  it('refuses malformed and abusive stored hashes instead of throwing', async () => {
    const hash = await hashPassword('pw');
    const [, , r, p, salt, key] = hash.split('$');
    for (const bad of [
      '',
      'bcrypt$x',
      hash.replace(/^scrypt/, 'argon2'),
      `scrypt$${1 << 24}$${r}$${p}$${salt}$${key}`, // would allocate gigabytes
      `scrypt$1000$${r}$${p}$${salt}$${key}`, // N not a power of two
      `scrypt$32768$${r}$${p}$${salt}$c2hvcnQ=`, // short key
      `scrypt$32768$${r}$${p}$$${key}`,
    ]) {
      expect(await verifyPassword('pw', bad)).toBe(false);
    }
  });

  it('spends the time of a verification for unknown users', async () => {
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });
});
