import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLIENT_ID, postLogin, signInCustomer, withConfig } from './authHelpers';
import { describeEachDatabase, startApp } from './helpers';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
let counter = 0;
const applicant = () => ({ email: `session${++counter}@falcon.ae`, countryCode: '971', mobileNo: String(502100000 + counter) });

/** An authenticated call every applicant may make: the list of their applications. */
const myApplications = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/usertypes/sme/prospects', headers: { authorization: `Bearer ${token}` } });

const logout = (app: FastifyInstance, access: string, refresh: string) =>
  app.inject({
    method: 'POST',
    url: '/api/onboarding/logout',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${access}` },
    payload: form({ client_id: CLIENT_ID, refresh_token: refresh }),
  });

/** Issue 12, observation 2: a logged-out or revoked session renews nothing, and no session outlives its end. */
describeEachDatabase('sessions end', (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // 30 s access tokens: every answer falls in the last 60 s, so every authenticated answer would renew.
    app = await startApp(withConfig(db(), { accessTokenTtlSeconds: 30, sessionMaxAgeSeconds: 3600 }));
  });
  afterAll(async () => {
    await app?.close();
    await db().cleanup();
  });

  it('renews while the session lives; after logout neither the token nor any renewal of it works', async () => {
    const session = await signInCustomer(app, applicant(), 'sess-a');
    const before = await myApplications(app, session.access_token);
    expect(before.statusCode).toBe(200);
    const renewed = before.headers['x-access-token'] as string;
    expect(renewed).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await logout(app, session.access_token, session.refresh_token)).statusCode).toBe(204);
    for (const token of [session.access_token, renewed]) {
      const after = await myApplications(app, token);
      expect(after.statusCode).toBe(401);
      expect(after.body).toBe('');
      expect(after.headers['x-access-token']).toBeUndefined();
    }
  });

  it('the logout answer itself carries no renewed token', async () => {
    const session = await signInCustomer(app, applicant(), 'sess-b');
    const res = await logout(app, session.access_token, session.refresh_token);
    expect(res.statusCode).toBe(204);
    expect(res.headers['x-access-token']).toBeUndefined();
  });

  it('a reused refresh token ends every access token of the session at once', async () => {
    const session = await signInCustomer(app, applicant(), 'sess-c');
    const rotated = (await postLogin(app, { grant_type: 'refresh_token', refresh_token: session.refresh_token })).json();
    expect((await myApplications(app, rotated.access_token)).statusCode).toBe(200);
    expect((await postLogin(app, { grant_type: 'refresh_token', refresh_token: session.refresh_token })).statusCode).toBe(401);
    for (const token of [session.access_token, rotated.access_token]) expect((await myApplications(app, token)).statusCode).toBe(401);
  });
});

describeEachDatabase('sessions have an absolute end (SESSION_MAX_AGE)', (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(withConfig(db(), { accessTokenTtlSeconds: 900, sessionMaxAgeSeconds: 10 }));
  });
  afterAll(async () => {
    await app?.close();
    await db().cleanup();
  });

  it('tokens never outlive the session: access expiry capped, then access, renewal and refresh all refused', async () => {
    const session = await signInCustomer(app, applicant(), 'sess-d');
    expect(session.expires_in).toBeLessThanOrEqual(10);
    const early = await myApplications(app, session.access_token);
    expect(early.statusCode).toBe(200);
    // Renewed (less than 60 s left), but only up to the session's end.
    expect(early.headers['x-access-token']).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, (session.expires_in + 1) * 1000));
    for (const token of [session.access_token, early.headers['x-access-token'] as string]) {
      expect((await myApplications(app, token)).statusCode).toBe(401);
    }
    const refresh = await postLogin(app, { grant_type: 'refresh_token', refresh_token: session.refresh_token });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.body).toBe('');
  });
});
