import type { FastifyInstance, InjectOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { decryptResponse, ENCRYPTED_RESPONSE_HEADER, encryptRequest, importPublicKey, type SessionKey } from '../../src/shared/envelope';
import { type BadRequest, badRequest, deepJson, ENDPOINTS } from './fuzz/badRequests';
import { describeEachDatabase, startApp } from './helpers';

/** `npm run fuzz -- N` sets FUZZ_RUNS; FUZZ_SEED replays a reported run. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 12_012);

/** Issue 12, observation 5: generated bad requests to every endpoint, encrypted (reaching validation) and raw. */
describeEachDatabase('fuzz: no bad request makes a 5xx', (db) => {
  let app: FastifyInstance;
  let publicKey: CryptoKey;
  let tokens: Record<BadRequest['actor'], string | undefined>;
  let prospectId: string;
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    app = await startApp(db(), { encryption: 'required' });
    publicKey = await importPublicKey((await app.serverKeys()).publicKeySpki);
    const owner = (await app.tokenService.issue({ sub: 'c:fuzz', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '501112222', email: 'fuzz@falcon.ae' })).access_token;
    const agent = (await app.tokenService.issue({ sub: 'u:fuzz-ro', kind: 'staff', roles: ['agent'], roCode: 'RO1', name: 'RO' })).access_token;
    const product = (await app.tokenService.issue({ sub: 'u:fuzz-product', kind: 'staff', roles: ['product'], name: 'Product' })).access_token;
    tokens = { owner, agent, product, none: undefined };
    const body = { applicantInfo: { fullName: 'Fuzz Owner', email: 'fuzz@falcon.ae', countryCode: '971', mobileNo: '501112222', applyOnbehalf: false } };
    const sealed = await encryptRequest(publicKey, body, { method: 'POST', path: '/api/usertypes/sme/prospects' });
    const created = await app.inject({ method: 'POST', url: '/api/usertypes/sme/prospects', headers: { ...sealed.headers, authorization: `Bearer ${owner}` }, payload: JSON.stringify(sealed.payload) });
    expect(created.statusCode, created.body).toBe(201);
    prospectId = ((await decryptResponse(sealed.key, created.json())) as { prospectId: string }).prospectId;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db().cleanup();
  });

  async function send(r: BadRequest) {
    const endpoint = ENDPOINTS[r.endpoint]!;
    const path = endpoint.path
      .replace('{id}', r.segment ?? prospectId)
      .replace('{key}', r.segment ?? 'Other-1')
      .replace('{n}', r.segment ?? '1');
    const query = new URLSearchParams(r.query).toString();
    const url = query ? `${path}?${query}` : path;
    const headers: Record<string, string> = tokens[r.actor] ? { authorization: `Bearer ${tokens[r.actor]}` } : {};
    const request: InjectOptions = { method: endpoint.method, url, headers };
    let key: SessionKey | undefined;
    const withBody = endpoint.method === 'POST' || endpoint.method === 'PUT';
    if (withBody && (r.mode === 'encrypted' || r.mode === 'deep')) {
      // Through the browser's own envelope, so the body reaches the route's validation.
      let body = r.body;
      if (r.mode === 'deep') for (let i = 0; i < 70 + (r.endpoint % 50); i++) body = { a: body };
      const sealed = await encryptRequest(publicKey, body, { method: endpoint.method, path });
      key = sealed.key;
      Object.assign(headers, sealed.headers);
      request.payload = JSON.stringify(sealed.payload);
    } else if (withBody) {
      headers['content-type'] = r.mode === 'raw-json' ? 'application/json' : r.contentType;
      request.payload = r.mode === 'raw-json' ? JSON.stringify(r.body ?? null) : r.mode === 'multipart' ? `--XX\r\n${r.raw}` : r.endpoint % 3 === 0 ? deepJson(5000) : r.raw;
    }
    const res = await app.inject(request);
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    expect(res.statusCode, `${endpoint.method} ${url} (${r.mode}): ${res.body.slice(0, 300)}`).toBeLessThan(500);
    if (res.statusCode < 400 || res.body === '') {
      // Only a 401 (session over) or a 204 answers with nothing.
      if (res.statusCode >= 400) expect(res.statusCode).toBe(401);
      return;
    }
    let answer = res.json() as unknown;
    if (key && res.headers[ENCRYPTED_RESPONSE_HEADER]) answer = await decryptResponse(key, answer);
    const error = answer as { errorType?: unknown; errors?: { errorCode?: unknown; message?: unknown }[] };
    expect(Object.keys(error).sort(), JSON.stringify(answer)).toEqual(['errorType', 'errors']);
    expect(typeof error.errorType).toBe('string');
    for (const e of error.errors ?? []) expect([typeof e.errorCode, typeof e.message]).toEqual(['string', 'string']);
  }

  it(`answers ${RUNS} generated bad requests with a 4xx in the one error shape (seed ${SEED}), and stays healthy`, async () => {
    await fc.assert(fc.asyncProperty(badRequest, send), { seed: SEED, numRuns: RUNS, endOnFailure: true });
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(RUNS);
    console.info(`fuzz [${db().name}]: ${RUNS} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    const own = await app.inject({ method: 'GET', url: `/api/usertypes/sme/prospects/${prospectId}`, headers: { authorization: `Bearer ${tokens.owner}` } });
    expect(own.statusCode, own.body).toBe(200);
  }, 900_000);
});
