import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLIENT_ID, deviceToken, postLogin, withConfig } from './authHelpers';
import { describeEachDatabase, startApp } from './helpers';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

function logout(app: FastifyInstance, accessToken: string | undefined, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/api/onboarding/logout',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
    payload: form(fields),
  });
}

describeEachDatabase('logout: POST /api/onboarding/logout', (db, name) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(withConfig(db(), {}, { encryption: 'required' }));
  });
  afterAll(async () => {
    await app?.close();
    await db().cleanup();
  });

  it('revokes the whole refresh-token family: neither the given token nor a later rotation renews the session', async () => {
    // A device session: its refresh tokens rotate in families exactly like a customer's.
    const session = await deviceToken(app, 'logout-device');
    const rotated = (await postLogin(app, { grant_type: 'refresh_token', refresh_token: session.refresh_token })).json();
    // The body is form-encoded and plaintext even with encryption required, like the token calls.
    const res = await logout(app, rotated.access_token, { client_id: CLIENT_ID, refresh_token: rotated.refresh_token });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    const again = await postLogin(app, { grant_type: 'refresh_token', refresh_token: rotated.refresh_token });
    expect(again.statusCode).toBe(401);
    expect(again.body).toBe('');
  });

  it('is idempotent: an already revoked or unknown token answers 204; the ended session itself is refused', async () => {
    // Two sessions of the same device: the second may name the first's (already revoked) refresh token.
    const device = await deviceToken(app, 'logout-device-2');
    const other = await deviceToken(app, 'logout-device-2');
    const third = await deviceToken(app, 'logout-device-2');
    expect((await logout(app, device.access_token, { client_id: CLIENT_ID, refresh_token: device.refresh_token })).statusCode).toBe(204);
    expect((await logout(app, other.access_token, { client_id: CLIENT_ID, refresh_token: device.refresh_token })).statusCode).toBe(204);
    expect((await logout(app, third.access_token, { client_id: CLIENT_ID, refresh_token: 'y'.repeat(43) })).statusCode).toBe(204);
    // Logout ended every access token of the first session (401, no body), also for logging out again.
    const ended = await logout(app, device.access_token, { client_id: CLIENT_ID, refresh_token: device.refresh_token });
    expect(ended.statusCode).toBe(401);
    expect(ended.body).toBe('');
  });

  it("ends the caller's own session even when the refresh token sent is unknown or stale (no 204 that leaves it signed in)", async () => {
    for (const stale of ['y'.repeat(43), 'garbage']) {
      const session = await deviceToken(app, `logout-stale-${stale.length}`);
      const res = await logout(app, session.access_token, { client_id: CLIENT_ID, refresh_token: stale });
      expect(res.statusCode, res.body).toBe(204);
      // The access token of the call is ended at once, and so is every refresh token of its session.
      const call = await logout(app, session.access_token, { client_id: CLIENT_ID, refresh_token: stale });
      expect(call.statusCode).toBe(401);
      expect((await postLogin(app, { grant_type: 'refresh_token', refresh_token: session.refresh_token })).statusCode).toBe(401);
    }
  });

  it('needs a bearer token (401 with no body) and refuses the refresh token of another session (403)', async () => {
    const mine = await deviceToken(app, 'logout-device-3');
    const theirs = await deviceToken(app, 'logout-device-4');
    const anonymous = await logout(app, undefined, { client_id: CLIENT_ID, refresh_token: mine.refresh_token });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).toBe('');
    const other = await logout(app, mine.access_token, { client_id: CLIENT_ID, refresh_token: theirs.refresh_token });
    expect(other.statusCode).toBe(403);
    expect(other.json().errors[0]).toMatchObject({ errorCode: 'TOKEN_MISMATCH', field: 'refresh_token' });
    // Their session goes on.
    expect((await postLogin(app, { grant_type: 'refresh_token', refresh_token: theirs.refresh_token })).statusCode).toBe(200);
  });

  it('calls at once of several sessions (their session reads shared): a logout ends its own session for the next call, no other', async () => {
    const a = await deviceToken(app, 'batch-device-a');
    const b = await deviceToken(app, 'batch-device-b');
    // An authenticated call: its token is checked first (401 once the session has ended), then its plaintext body
    // is refused (400, encryption is required here), so the status tells whether the session was alive.
    const call = (token: string) =>
      app.inject({ method: 'POST', url: '/api/otp', headers: { authorization: `Bearer ${token}` }, payload: { action: 'generate' } }).then((r) => r.statusCode);
    const burst = (tokens: string[]) => Promise.all(tokens.map(call));
    const both = Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).access_token);
    expect(await burst(both)).toEqual(both.map(() => 400));
    // Calls in flight while the logout commits may pass or not; every call made after it is refused, B's go on.
    const during = burst(both);
    expect((await logout(app, a.access_token, { client_id: CLIENT_ID, refresh_token: a.refresh_token })).statusCode).toBe(204);
    expect((await during).every((status) => status === 400 || status === 401)).toBe(true);
    expect(await burst(both)).toEqual(both.map((t) => (t === a.access_token ? 401 : 400)));
  });

  // PostgreSQL only: PGlite's data folder is held by one server.
  if (name === 'postgres') it('PostgreSQL, two servers on one database: a logout on one ends the session on the other for its next call, also amid a burst', async () => {
    const other = await startApp(withConfig(db(), {}, { encryption: 'required' }));
    try {
      const a = await deviceToken(app, 'two-process-a');
      const b = await deviceToken(app, 'two-process-b');
      const call = (token: string) =>
        other.inject({ method: 'POST', url: '/api/otp', headers: { authorization: `Bearer ${token}` }, payload: { action: 'generate' } }).then((r) => r.statusCode);
      const both = Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).access_token);
      expect(await Promise.all(both.map(call))).toEqual(both.map(() => 400));
      const during = Promise.all(both.map(call));
      expect((await logout(app, a.access_token, { client_id: CLIENT_ID, refresh_token: a.refresh_token })).statusCode).toBe(204);
      await during;
      expect(await Promise.all(both.map(call))).toEqual(both.map((t) => (t === a.access_token ? 401 : 400)));
    } finally {
      await other.close();
    }
  });

  it('refuses a bad body with field errors and an unknown client', async () => {
    const device = await deviceToken(app, 'logout-device-5');
    const missing = await logout(app, device.access_token, { client_id: CLIENT_ID });
    expect(missing.statusCode).toBe(400);
    const client = await logout(app, device.access_token, { client_id: 'someone-else', refresh_token: device.refresh_token });
    expect(client.statusCode).toBe(400);
    expect(client.json().errors[0]).toMatchObject({ errorCode: 'INVALID_CLIENT', field: 'client_id' });
  });
});
