import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiRequestError, SessionExpiredError, secureFetch } from '../../src/app/lib/secureFetch';
import { buildApp } from '../../src/server/app';
import type { ServerConfig } from '../../src/server/config';
import { createReplayNonceRepository } from '../../src/server/repositories/replayNonceRepository';
import { createRequestKey, decryptResponse, encryptRequest, fromBase64, importPublicKey, toBase64 } from '../../src/shared/envelope';
import { describeEachDatabase } from './helpers';

const ENCRYPTION_ERROR = { errorType: 'EncryptionError', errors: [{ errorCode: 'ENCRYPTION', message: 'The request could not be read' }] };

/** The app with a few test routes: encrypted echo (POST/PUT), an opted-out route, an empty 401. */
async function startTestApp(config: ServerConfig): Promise<FastifyInstance> {
  const app = await buildApp(config, { logger: false });
  const body = {
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: { name: { type: 'string', maxLength: 20 }, items: { type: 'array' } },
  } as const;
  app.post('/api/test/echo', { schema: { body } }, async (request) => ({ echo: request.body, encrypted: request.encryptionKey !== null }));
  app.put('/api/test/echo/:id', { schema: { body } }, async (request) => ({ echo: request.body }));
  app.get('/api/test/echo', async () => ({ hello: 'world' }));
  app.post('/api/test/plain', { config: { encryption: false } }, async (request) => ({ echo: request.body }));
  app.post('/api/test/expired', async (_request, reply) => reply.code(401).send());
  await app.ready();
  return app;
}

describeEachDatabase('body encryption', (db) => {
  let app: FastifyInstance;
  let publicKey: CryptoKey;
  // Without the run's shared test key: this suite covers the key pair the server makes and keeps in DATA_DIR.
  const config = (): ServerConfig => ({ ...db().config, serverPrivateKeyPem: undefined });

  /** An encrypted request as the browser would send it, ready for app.inject. */
  async function sealed(method: 'POST' | 'PUT', url: string, body: unknown, ts?: number) {
    const { headers, payload, key } = await encryptRequest(publicKey, body, { method, path: url.split('?')[0]! }, ts);
    return { request: { method, url, headers, payload: JSON.stringify(payload) } satisfies InjectOptions, key };
  }

  beforeAll(async () => {
    app = await startTestApp(config());
    publicKey = await importPublicKey((await app.serverKeys()).publicKeySpki);
  });
  afterAll(async () => {
    await app.close();
    await db().cleanup();
  });

  it('publishes the public key in the config document', async () => {
    const config = (await app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config.publicKey).toBe((await app.serverKeys()).publicKeySpki);
    expect(fromBase64(config.publicKey).length).toBeGreaterThan(400); // 3072-bit SPKI
    await expect(importPublicKey(config.publicKey)).resolves.toBeDefined();
  });

  it('accepts an encrypted request, validates the plaintext and encrypts the answer', async () => {
    const { request, key } = await sealed('POST', '/api/test/echo', { name: 'Falcon Trading LLC', items: [1, 'ü'] });
    const res = await app.inject(request);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-encrypted']).toBe('1');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain('Falcon');
    expect(await decryptResponse(key, res.json())).toEqual({ echo: { name: 'Falcon Trading LLC', items: [1, 'ü'] }, encrypted: true });

    const invalid = await sealed('PUT', '/api/test/echo/7', { name: 'x'.repeat(21) });
    const refused = await app.inject(invalid.request);
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['x-encrypted']).toBe('1');
    const error = (await decryptResponse(invalid.key, refused.json())) as { errorType: string; errors: { field: string }[] };
    expect(error.errorType).toBe('FieldsValidation');
    expect(error.errors[0]!.field).toBe('body.name');
  });

  it('refuses a plaintext body with the generic 400', async () => {
    for (const payload of [{ name: 'plain' }, { v: 1, iv: 'AAAAAAAAAAAAAAAA', data: 'AAAA' }]) {
      const res = await app.inject({ method: 'POST', url: '/api/test/echo', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(ENCRYPTION_ERROR);
      expect(res.headers['x-encrypted']).toBeUndefined();
    }
  });

  it('refuses tampered, garbled and empty envelopes without saying why', async () => {
    const { request } = await sealed('POST', '/api/test/echo', { name: 'tamper' });
    const envelope = JSON.parse(request.payload) as { iv: string; data: string };
    const bytes = fromBase64(envelope.data);
    bytes[3]! ^= 0x10;
    const variants: InjectOptions[] = [
      { ...request, payload: JSON.stringify({ ...envelope, data: toBase64(bytes) }) },
      { ...request, payload: JSON.stringify({ ...envelope, iv: toBase64(new Uint8Array(12)) }) },
      { ...request, headers: { ...request.headers, 'x-encrypted-key': toBase64(new Uint8Array(384)) } },
      { ...request, headers: { 'content-type': 'application/json' } },
      { ...request, payload: '{"v":1,"iv":' },
      { ...request, payload: '' },
    ];
    for (const variant of variants) {
      const res = await app.inject(variant);
      expect(res.statusCode, variant.payload as string).toBe(400);
      expect(res.json()).toEqual(ENCRYPTION_ERROR);
    }
    // The untouched request is still good (none of the above consumed its nonce).
    expect((await app.inject(request)).statusCode).toBe(200);
  });

  it('refuses a replay, also of a request that failed validation', async () => {
    const { request } = await sealed('POST', '/api/test/echo', { name: 'once' });
    expect((await app.inject(request)).statusCode).toBe(200);
    const again = await app.inject(request);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(ENCRYPTION_ERROR);

    const invalid = (await sealed('POST', '/api/test/echo', { name: 7 })).request;
    expect((await app.inject(invalid)).json()).not.toEqual(ENCRYPTION_ERROR); // encrypted FieldsValidation
    expect((await app.inject(invalid)).json()).toEqual(ENCRYPTION_ERROR);
  });

  it('takes many requests under one reused wrapped key, each nonce once', async () => {
    const key = await createRequestKey(publicKey);
    const sealedWith = async (name: string) => {
      const sent = await encryptRequest(key, { name }, { method: 'POST', path: '/api/test/echo' });
      return { request: { method: 'POST', url: '/api/test/echo', headers: sent.headers, payload: JSON.stringify(sent.payload) } satisfies InjectOptions, key: sent.key };
    };
    const requests = await Promise.all(['one', 'two', 'three'].map(sealedWith));
    const answers = await Promise.all(requests.map((r) => app.inject(r.request)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await decryptResponse(requests[1]!.key, answers[1]!.json())).toEqual({ echo: { name: 'two' }, encrypted: true });
    const replays = await Promise.all(requests.map((r) => app.inject(r.request)));
    for (const replay of replays) expect(replay.json()).toEqual(ENCRYPTION_ERROR);
  });

  it('refuses a ciphertext sent to another endpoint or method', async () => {
    const { request } = await sealed('PUT', '/api/test/echo/1', { name: 'moved' });
    for (const url of ['/api/test/echo/2', '/api/test/echo']) {
      const res = await app.inject({ ...request, url, method: url.endsWith('echo') ? 'POST' : 'PUT' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(ENCRYPTION_ERROR);
    }
  });

  it('refuses a timestamp more than 5 minutes off, either way', async () => {
    for (const skew of [-6 * 60_000, 6 * 60_000]) {
      const { request } = await sealed('POST', '/api/test/echo', { name: 'late' }, Date.now() + skew);
      const res = await app.inject(request);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(ENCRYPTION_ERROR);
    }
    const { request } = await sealed('POST', '/api/test/echo', { name: 'slightly late' }, Date.now() - 4 * 60_000);
    expect((await app.inject(request)).statusCode).toBe(200);
  });

  it('leaves GET, opted-out routes and unknown routes alone', async () => {
    const get = await app.inject({ method: 'GET', url: '/api/test/echo' });
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual({ hello: 'world' });
    expect(get.headers['x-encrypted']).toBeUndefined();

    const plain = await app.inject({ method: 'POST', url: '/api/test/plain', payload: { grant_type: 'x' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toEqual({ echo: { grant_type: 'x' } });

    expect((await app.inject({ method: 'POST', url: '/api/nowhere', payload: { a: 1 } })).statusCode).toBe(404);
  });

  it('prunes nonces older than 10 minutes, keeps recent ones', async () => {
    const { db: kysely } = app.database;
    await kysely
      .insertInto('replay_nonces')
      .values([
        { nonce: 'old-nonce', seen_at: sql<Date>`now() - interval '11 minutes'` as never },
        { nonce: 'new-nonce', seen_at: sql<Date>`now() - interval '9 minutes'` as never },
      ])
      .execute();
    expect(await createReplayNonceRepository().prune(kysely, 10 * 60_000)).toBeGreaterThanOrEqual(1);
    const left = await kysely.selectFrom('replay_nonces').select('nonce').where('nonce', 'in', ['old-nonce', 'new-nonce']).execute();
    expect(left.map((r) => r.nonce)).toEqual(['new-nonce']);
  });

  it('secureFetch (the browser client) round-trips through the server', async () => {
    const renewed: string[] = [];
    const fetchViaInject: typeof fetch = async (input, init) => {
      const res = await app.inject({
        method: init?.method as InjectOptions['method'],
        url: String(input),
        headers: init?.headers as Record<string, string>,
        payload: init?.body as string | undefined,
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers.set(name, String(value));
      if (res.statusCode === 200) headers.set('x-access-token', 'renewed-token');
      return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
    };
    const options = { publicKey: (await app.serverKeys()).publicKeySpki, fetch: fetchViaInject, token: 't', onAccessToken: (t: string) => renewed.push(t) };

    const ok = await secureFetch<{ echo: unknown }>('/api/test/echo', { ...options, method: 'POST', body: { name: 'via client' } });
    expect(ok.body?.echo).toEqual({ name: 'via client' });
    expect(renewed).toEqual(['renewed-token']);

    const bad = secureFetch('/api/test/echo', { ...options, method: 'POST', body: { nom: 'x' } });
    await expect(bad).rejects.toBeInstanceOf(ApiRequestError);
    await expect(bad).rejects.toMatchObject({ status: 400, body: { errorType: 'FieldsValidation' } });

    await expect(secureFetch('/api/test/expired', { ...options, method: 'POST', body: {} })).rejects.toBeInstanceOf(SessionExpiredError);
    expect((await secureFetch('/api/test/echo', options)).body).toEqual({ hello: 'world' });
  });

  it('keeps the key pair across restarts (file mode 600); ENCRYPTION=off also takes plaintext', async () => {
    const before = (await app.serverKeys()).publicKeySpki;
    expect(statSync(join(db().config.dataDir, 'server-key.pem')).mode & 0o777).toBe(0o600);
    await app.close();
    app = await startTestApp({ ...config(), encryption: 'off' });
    expect((await app.serverKeys()).publicKeySpki).toBe(before);

    const plain = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'debugging' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toEqual({ echo: { name: 'debugging' }, encrypted: false });
    const { request, key } = await sealed('POST', '/api/test/echo', { name: 'still sealed' });
    const res = await app.inject(request);
    expect(await decryptResponse(key, res.json())).toEqual({ echo: { name: 'still sealed' }, encrypted: true });
  });
});
