import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createRefreshTokenRepository } from '../../src/server/repositories/refreshTokenRepository';
import { createUser } from '../../src/server/repositories/userRepository';
import { deriveKey, SECRET_FILE } from '../../src/server/security/serverSecret';
import { createTokenService } from '../../src/server/security/tokens';
import { CLIENT_ID, deviceToken, postLogin, signInCustomer, withConfig } from './authHelpers';
import { describeEachDatabase, startApp, type TestDatabase } from './helpers';

/** The app plus two probe routes behind authenticate / requireRole. */
async function appWithProbes(db: TestDatabase): Promise<FastifyInstance> {
  const app = await buildApp(db.config, { logger: false });
  app.get('/api/test/me', { preHandler: app.authenticate }, async (request) => request.principal);
  app.get('/api/test/agents', { preHandler: [app.authenticate, app.requireRole('agent')] }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const login = (app: FastifyInstance, username: string, password: string, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username, password, deviceId: 'agent-pc' }, remoteAddress });

describeEachDatabase('identity: tokens, roles, agent login', (db) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    // No JWT_SECRET (unlike the run's other test apps): the secret is generated into DATA_DIR, as the tests below read it.
    app = await appWithProbes(withConfig(db(), { loginMaxFailuresPerIp: 8, jwtSecret: undefined }));
    await createUser(app.database.db, { username: 'Omar.RO', password: 'correct horse battery', displayName: 'Omar Khalid', roCode: 'RO123', roles: ['agent'] });
    await createUser(app.database.db, { username: 'studio', password: 'product staff pass', displayName: 'Product Staff', roles: ['product'] });
  });
  afterAll(async () => {
    await app?.close();
    await db().cleanup();
  });

  describe('device tokens', () => {
    it('issues a device token for the public client (form-encoded)', async () => {
      const tokens = await deviceToken(app, 'device-1');
      expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
      expect(tokens.refresh_token).toMatch(/^[\w-]{43}$/);
      const me = await app.inject({ method: 'GET', url: '/api/test/me', headers: bearer(tokens.access_token) });
      expect(me.json()).toEqual({ sub: 'device:device-1', kind: 'device', roles: [], deviceId: 'device-1' });
    });

    it('refuses an unknown client and a missing device id with field errors', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/onboarding/pre-login/oauth2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'client_id=evil&device_id=d',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ errorCode: 'INVALID_CLIENT', field: 'client_id' });
      const missing = await app.inject({
        method: 'POST',
        url: '/api/onboarding/pre-login/oauth2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `client_id=${CLIENT_ID}`,
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ errorType: 'FieldsValidation', errors: [{ field: 'body.device_id' }] });
    });

    it('stores refresh tokens hashed, never as issued', async () => {
      const tokens = await deviceToken(app, 'device-hash');
      const rows = await app.database.db.selectFrom('refresh_tokens').select('token_hash').execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((r) => r.token_hash)).not.toContain(tokens.refresh_token);
    });
  });

  describe('access tokens', () => {
    it('answers 401 with an empty body without a token, with a forged token and with an expired token', async () => {
      const key = deriveKey(Buffer.from(readFileSync(join(db().config.dataDir, SECRET_FILE), 'utf8').trim()), 'jwt-hs256');
      const repo = createRefreshTokenRepository();
      const ttl = { accessTtlSeconds: 60, refreshTtlSeconds: 60, sessionMaxSeconds: 7200 };
      // The session of the expired token is still alive (2 h): only the token's own expiry refuses it.
      const past = createTokenService({ db: app.database.db, repo, key, ...ttl, now: () => new Date(Date.now() - 3600_000) });
      const expired = (await past.issue({ sub: 'u', kind: 'staff', roles: ['agent'] })).access_token;
      const forger = createTokenService({ db: app.database.db, repo, key: Buffer.alloc(32, 7), ...ttl });
      const forged = (await forger.issue({ sub: 'u', kind: 'staff', roles: ['agent'] })).access_token;
      const valid = (await deviceToken(app, 'device-2')).access_token;
      const tampered = valid.slice(0, -3) + (valid.endsWith('AAA') ? 'BBB' : 'AAA');

      for (const headers of [{}, bearer(expired), bearer(forged), bearer(tampered), { authorization: 'Basic abc' }, bearer('not.a.jwt')]) {
        const res = await app.inject({ method: 'GET', url: '/api/test/agents', headers });
        expect(res.statusCode).toBe(401);
        expect(res.body).toBe('');
      }
      expect((await app.inject({ method: 'GET', url: '/api/test/me', headers: bearer(valid) })).statusCode).toBe(200);
    });

    it('answers 403 with the error body for the wrong role', async () => {
      const device = await deviceToken(app, 'device-3');
      const res = await app.inject({ method: 'GET', url: '/api/test/agents', headers: bearer(device.access_token) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ errorType: 'Forbidden', errors: [{ errorCode: 'FORBIDDEN', message: 'You are not allowed to do this' }] });
      const product = (await login(app, 'studio', 'product staff pass')).json();
      expect((await app.inject({ method: 'GET', url: '/api/test/agents', headers: bearer(product.access_token) })).statusCode).toBe(403);
    });
  });

  describe('refresh tokens', () => {
    it('rotates: a refresh answers a new pair, and the new refresh token works once in turn', async () => {
      const first = await deviceToken(app, 'device-4');
      const second = await postLogin(app, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
      expect(second.statusCode, second.body).toBe(200);
      const pair = second.json();
      expect(pair.refresh_token).not.toBe(first.refresh_token);
      const me = await app.inject({ method: 'GET', url: '/api/test/me', headers: bearer(pair.access_token) });
      expect(me.json().sub).toBe('device:device-4');
      const third = await postLogin(app, { grant_type: 'refresh_token', refresh_token: pair.refresh_token });
      expect(third.statusCode).toBe(200);
    });

    it('a reused refresh token answers 401 with no body and revokes the whole family', async () => {
      const first = await deviceToken(app, 'device-5');
      const second = (await postLogin(app, { grant_type: 'refresh_token', refresh_token: first.refresh_token })).json();
      const replay = await postLogin(app, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
      expect(replay.statusCode).toBe(401);
      expect(replay.body).toBe('');
      // The thief's replay ended the session: the legitimate latest token is dead too.
      const legit = await postLogin(app, { grant_type: 'refresh_token', refresh_token: second.refresh_token });
      expect(legit.statusCode).toBe(401);
      expect(legit.body).toBe('');
    });

    it('refuses unknown refresh tokens with 401 and no body, also from the refresh-token header', async () => {
      const res = await postLogin(app, { grant_type: 'refresh_token', refresh_token: 'x'.repeat(43) });
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe('');
      const header = await app.inject({
        method: 'POST',
        url: '/api/onboarding/post-login/oauth2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'refresh-token': (await deviceToken(app, 'device-6')).refresh_token },
        payload: `client_id=${CLIENT_ID}&grant_type=refresh_token`,
      });
      expect(header.statusCode).toBe(200);
    });
  });

  describe('customer tokens (post-login)', () => {
    const applicant = { email: 'Aisha@Falcon.ae', countryCode: '971', mobileNo: '501234567' };

    it('are refused (403) until the device has verified a one-time code, and to another device', async () => {
      const device = await deviceToken(app, 'device-7');
      const res = await postLogin(app, { resource_type: 'customer', device_id: 'device-7', unique_id: 'u' }, device.access_token);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].errorCode).toBe('OTP_NOT_VERIFIED');
      const other = await postLogin(app, { resource_type: 'customer', device_id: 'device-8', unique_id: 'u' }, device.access_token);
      expect(other.json().errors[0].errorCode).toBe('DEVICE_MISMATCH');
      const none = await postLogin(app, { resource_type: 'customer', device_id: 'device-7' });
      expect(none.statusCode).toBe(401);
      expect(none.body).toBe('');
    });

    it('are bound to the verified mobile and e-mail, and the proof is used once', async () => {
      const tokens = await signInCustomer(app, applicant, 'device-9', '10.1.0.1');
      const me = (await app.inject({ method: 'GET', url: '/api/test/me', headers: bearer(tokens.access_token) })).json();
      expect(me).toMatchObject({ kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '501234567', email: 'aisha@falcon.ae', deviceId: 'device-9' });
      expect(me.sub).toMatch(/^customer:[0-9a-f]{32}$/);
      const device = await deviceToken(app, 'device-9');
      const again = await postLogin(app, { resource_type: 'customer', device_id: 'device-9' }, device.access_token);
      expect(again.statusCode).toBe(403);
      // The refreshed session is still the customer.
      const refreshed = (await postLogin(app, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).json();
      const me2 = (await app.inject({ method: 'GET', url: '/api/test/me', headers: bearer(refreshed.access_token) })).json();
      expect(me2.sub).toBe(me.sub);
    });
  });

  describe('agent login', () => {
    it('answers tokens with roles, agentName, agentId and roCode; the token passes requireRole(agent)', async () => {
      const res = await login(app, 'omar.ro', 'correct horse battery');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ token_type: 'Bearer', agentName: 'Omar Khalid', roCode: 'RO123', roles: ['agent'] });
      expect(body.agentId).toMatch(/^[0-9a-f-]{36}$/);
      const me = (await app.inject({ method: 'GET', url: '/api/test/me', headers: bearer(body.access_token) })).json();
      expect(me).toMatchObject({ kind: 'staff', roles: ['agent'], roCode: 'RO123', name: 'Omar Khalid', agentId: body.agentId, deviceId: 'agent-pc' });
      expect((await app.inject({ method: 'GET', url: '/api/test/agents', headers: bearer(body.access_token) })).statusCode).toBe(200);
    });

    it('answers the same 401 for an unknown user and a wrong password', async () => {
      const unknown = await login(app, 'nobody', 'whatever1', '10.2.0.1');
      const wrong = await login(app, 'omar.ro', 'wrong password', '10.2.0.1');
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.json()).toEqual(wrong.json());
      expect(wrong.json().errors[0].errorCode).toBe('INVALID_CREDENTIALS');
    });

    it('locks a username out after 5 failures, even with the right password, from any address', async () => {
      await createUser(app.database.db, { username: 'locked', password: 'the right one', displayName: 'L', roles: ['agent'] });
      for (let i = 0; i < 5; i++) expect((await login(app, 'locked', `wrong ${i}`, `10.3.0.${i}`)).statusCode).toBe(401);
      const res = await login(app, 'locked', 'the right one', '10.3.1.1');
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ errorType: 'TooManyRequests', errors: [{ errorCode: 'LOGIN_LOCKED' }] });
      expect(res.json().errors[0].message).toMatch(/Too many failed sign-in attempts\. Please try again in \d+ minutes?\./);
      // Locked for the whole window (LOGIN_LOCK_WINDOW, 900 s) from the fifth failure, not until a clock-aligned window ends.
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(850);
    });

    it("words the wrong password and the lock-out in the caller's language (Accept-Language ar)", async () => {
      const arabic = (username: string, remoteAddress: string) =>
        app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username, password: 'wrong password', deviceId: 'agent-pc' }, headers: { 'accept-language': 'ar' }, remoteAddress });
      const wrong = await arabic('locked.ar', '10.6.0.1');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().errors[0]).toEqual({ errorCode: 'INVALID_CREDENTIALS', message: 'اسم المستخدم أو كلمة المرور غير صحيحة' });
      for (let i = 0; i < 4; i++) await arabic('locked.ar', `10.6.0.${i + 2}`);
      const locked = await arabic('locked.ar', '10.6.1.1');
      expect(locked.statusCode).toBe(429);
      expect(locked.json().errors[0].errorCode).toBe('LOGIN_LOCKED');
      expect(locked.json().errors[0].message).toMatch(/^تجاوزت عدد محاولات تسجيل الدخول المسموح بها\. يرجى المحاولة مرة أخرى بعد \d+ دقيقة\.$/);
    });

    it('a success clears the failures of the username', async () => {
      await createUser(app.database.db, { username: 'clumsy', password: 'the right one', displayName: 'C', roles: ['agent'] });
      for (let i = 0; i < 4; i++) await login(app, 'clumsy', 'wrong', '10.4.0.1');
      expect((await login(app, 'clumsy', 'the right one', '10.4.0.2')).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) await login(app, 'clumsy', 'wrong', '10.4.0.3');
      expect((await login(app, 'clumsy', 'the right one', '10.4.0.4')).statusCode).toBe(200);
    });

    it('locks an address out after too many failures across usernames', async () => {
      for (let i = 0; i < 8; i++) expect((await login(app, `user${i}`, 'guess', '10.5.0.1')).statusCode).toBe(401);
      expect((await login(app, 'omar.ro', 'correct horse battery', '10.5.0.1')).statusCode).toBe(429);
      expect((await login(app, 'omar.ro', 'correct horse battery', '10.5.0.2')).statusCode).toBe(200);
    });

    it('refuses bad bodies with field errors', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username: 'x' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorType: 'FieldsValidation', errors: [{ field: 'body.password' }] });
    });
  });
});

describeEachDatabase('identity: settings', (db) => {
  afterAll(async () => {
    await db().cleanup();
  });

  it('renews a near-expiry access token in the x-access-token header', async () => {
    const app = await appWithProbes(withConfig(db(), { accessTokenTtlSeconds: 30 }));
    try {
      const device = await deviceToken(app, 'device-r');
      const res = await app.inject({ method: 'GET', url: '/api/test/me', headers: bearer(device.access_token) });
      const renewed = res.headers['x-access-token'] as string;
      expect(renewed).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(renewed).not.toBe(device.access_token);
      const again = await app.inject({ method: 'GET', url: '/api/test/me', headers: bearer(renewed) });
      expect(again.json().sub).toBe('device:device-r');
      const unauthenticated = await app.inject({ method: 'GET', url: '/api/test/me' });
      expect(unauthenticated.headers['x-access-token']).toBeUndefined();
    } finally {
      await app.close();
    }
    const normal = await appWithProbes(withConfig(db()));
    try {
      const device = await deviceToken(normal, 'device-r2');
      const res = await normal.inject({ method: 'GET', url: '/api/test/me', headers: bearer(device.access_token) });
      expect(res.headers['x-access-token']).toBeUndefined();
    } finally {
      await normal.close();
    }
  });

  it('limits token calls per address (429 with Retry-After)', async () => {
    const app = await startApp(withConfig(db(), { tokenRatePerIp: 3 }));
    try {
      for (let i = 0; i < 3; i++) await deviceToken(app, `d${i}`, '10.9.0.1');
      const res = await app.inject({
        method: 'POST',
        url: '/api/onboarding/pre-login/oauth2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `client_id=${CLIENT_ID}&device_id=d9`,
        remoteAddress: '10.9.0.1',
      });
      expect(res.statusCode).toBe(429);
      expect(res.json().errors[0].errorCode).toBe('RATE_LIMITED');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      await deviceToken(app, 'd10', '10.9.0.2');
    } finally {
      await app.close();
    }
  });

  it('seeds staff accounts from the settings at first start, and nothing when unset', async () => {
    const unset = await startApp(withConfig(db()));
    try {
      expect(await unset.database.db.selectFrom('users').select('id').execute()).toEqual([]);
    } finally {
      await unset.close();
    }
    const app = await startApp(
      withConfig(db(), {
        seedUsers: [{ username: 'seed.agent', password: 'seeded password', displayName: 'Seed Agent', roCode: 'RO9', roles: ['agent'] }],
      }),
    );
    try {
      const res = await login(app, 'seed.agent', 'seeded password');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ roCode: 'RO9', agentName: 'Seed Agent' });
      const row = await app.database.db.selectFrom('users').select('password_hash').where('username', '=', 'seed.agent').executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[\w+/=]+\$[\w+/=]+$/);
    } finally {
      await app.close();
    }
    // A later start with another password leaves the account alone.
    const again = await startApp(
      withConfig(db(), { seedUsers: [{ username: 'seed.agent', password: 'another password', displayName: 'X', roles: ['agent'] }] }),
    );
    try {
      expect((await login(again, 'seed.agent', 'seeded password')).statusCode).toBe(200);
    } finally {
      await again.close();
    }
  });

  it('does not register the development outbox in production', async () => {
    const dev = await startApp(withConfig(db()));
    try {
      expect((await dev.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(200);
    } finally {
      await dev.close();
    }
    const prod = await startApp(withConfig(db(), {}, { production: true, encryption: 'required' }));
    try {
      const res = await prod.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
