import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRefreshTokenRepository } from '../../src/server/repositories/refreshTokenRepository';
import { deriveKey, SECRET_FILE } from '../../src/server/security/serverSecret';
import { createTokenService } from '../../src/server/security/tokens';
import { describeEachDatabase, startApp } from './helpers';

const OWNER = { sub: 'c:owner-matrix', kind: 'customer' as const, roles: ['customer' as const], countryCode: '971', mobile: '503334444', email: 'matrix.owner@falcon.ae' };
const SECRETS = ['Matrix Ownername', 'matrix.owner@falcon.ae', '503334444'];
const pdf = () => {
  const out = Buffer.alloc(60_000, 0x20);
  Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n').copy(out);
  return out;
};
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Issue 12: every route that takes a prospect id or a document key, tried by everyone who must not get in. */
describeEachDatabase('authorization matrix: prospect ids and document keys', (db) => {
  let app: FastifyInstance;
  let id: string;
  const callers: Record<string, string | undefined> = {};

  async function multipart() {
    const form = new FormData();
    form.append('documentKey', 'Other-1');
    form.append('documentType', 'Other');
    form.append('file', new Blob([new Uint8Array(pdf())], { type: 'application/pdf' }), 'extra.pdf');
    const res = new Response(form);
    return { contentType: res.headers.get('content-type')!, payload: Buffer.from(await res.arrayBuffer()) };
  }
  async function routes() {
    const upload = await multipart();
    return [
      { name: 'read', method: 'GET', url: `/api/usertypes/sme/prospects/${id}` },
      { name: 'save', method: 'PUT', url: `/api/usertypes/sme/prospects/${id}`, json: { prospect: { applicantInfo: { fullName: 'Hijacked' } }, saveType: 'auto', version: 1 } },
      { name: 'documents', method: 'GET', url: `/api/prospects/${id}/documents` },
      { name: 'upload', method: 'POST', url: `/api/rest/v1/banks/rak/prospectId/${id}/documents`, upload },
      { name: 'download', method: 'GET', url: `/api/banks/rak/prospects/${id}/documents/Other-1` },
      { name: 'delete', method: 'DELETE', url: `/api/banks/rak/prospects/${id}/documents/Other-1` },
      { name: 'screening', method: 'POST', url: `/api/prospects/${id}/screening`, json: {} },
      { name: 'audit', method: 'GET', url: `/api/agent/prospects/${id}/audit` },
      { name: 'export', method: 'GET', url: `/api/agent/prospects/${id}/export?format=bank` },
      { name: 'agentScreening', method: 'GET', url: `/api/agent/prospects/${id}/screening` },
      { name: 'bankRecords', method: 'GET', url: `/api/agent/prospects/${id}/bank-records` },
      { name: 'writeBankRecords', method: 'PUT', url: `/api/agent/prospects/${id}/bank-records`, json: { generalInfo: { cifId: 1234567 } } },
      { name: 'verifyDocument', method: 'PUT', url: `/api/agent/prospects/${id}/documents/Other-1/verification`, json: { verified: true } },
    ] as const;
  }

  beforeAll(async () => {
    app = await startApp(db(), { encryption: 'off' });
    const issued = await app.tokenService.issue(OWNER);
    callers.owner = issued.access_token;
    const issue = async (p: object) => (await app.tokenService.issue(p as never)).access_token;
    callers.otherApplicant = await issue({ sub: 'c:other', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '509990000', email: 'other@oryx.ae' });
    callers.sameMobileOtherEmail = await issue({ ...OWNER, sub: 'c:near', email: 'near@oryx.ae' });
    callers.agent = await issue({ sub: 'u:ro', kind: 'staff', roles: ['agent'], roCode: 'RO1', name: 'RO' });
    callers.product = await issue({ sub: 'u:studio', kind: 'staff', roles: ['product'], name: 'Studio' });
    callers.device = await issue({ sub: 'device:d1', kind: 'device', roles: [], deviceId: 'd1' });
    callers.none = undefined;
    const key = deriveKey(Buffer.from(db().config.identity.jwtSecret ?? readFileSync(join(db().config.dataDir, SECRET_FILE), 'utf8').trim()), 'jwt-hs256');
    const repo = createRefreshTokenRepository();
    const ttl = { accessTtlSeconds: 60, refreshTtlSeconds: 60, sessionMaxSeconds: 86_400 };
    const [, payload] = callers.owner.split('.');
    callers.algNone = `${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    callers.wrongKey = (await createTokenService({ db: app.database.db, repo, key: Buffer.alloc(32, 9), ...ttl }).issue(OWNER)).access_token;
    callers.expired = (await createTokenService({ db: app.database.db, repo, key, ...ttl, now: () => new Date(Date.now() - 7_200_000) }).issue(OWNER)).access_token;
    callers.refreshAsAccess = issued.refresh_token;

    const auth = { authorization: `Bearer ${callers.owner}` };
    const created = await app.inject({ method: 'POST', url: '/api/usertypes/sme/prospects', headers: auth, payload: { applicantInfo: { fullName: 'Matrix Ownername', email: OWNER.email, countryCode: '971', mobileNo: OWNER.mobile, applyOnbehalf: false } } });
    expect(created.statusCode, created.body).toBe(201);
    id = created.json().prospectId;
    const { contentType, payload: body } = await multipart();
    const uploaded = await app.inject({ method: 'POST', url: `/api/rest/v1/banks/rak/prospectId/${id}/documents`, headers: { ...auth, 'content-type': contentType }, payload: body });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db().cleanup();
  });

  const AGENTS_ONLY = new Set(['audit', 'export', 'agentScreening', 'bankRecords', 'writeBankRecords', 'verifyDocument']);
  /** What each caller must get: the status, and for error answers the one shape with nothing of the prospect. */
  const expected: Record<string, (route: string) => number[]> = {
    none: () => [401],
    algNone: () => [401],
    wrongKey: () => [401],
    expired: () => [401],
    refreshAsAccess: () => [401],
    // Another applicant (also one sharing the mobile) is answered as if the prospect did not exist; the audit is agents' only.
    otherApplicant: (route) => (AGENTS_ONLY.has(route) ? [403] : [404]),
    sameMobileOtherEmail: (route) => (AGENTS_ONLY.has(route) ? [403] : [404]),
    device: (route) => (AGENTS_ONLY.has(route) || route === 'delete' ? [403] : [403, 404]),
    product: (route) => (AGENTS_ONLY.has(route) || route === 'delete' ? [403] : [403, 404]),
  };

  it('answers every intruder with 401, 403 or 404, never the prospect or its documents (0 leaks)', async () => {
    const answers: string[] = [];
    for (const route of await routes()) {
      for (const [caller, allowed] of Object.entries(expected)) {
        const headers: Record<string, string> = callers[caller] ? { authorization: `Bearer ${callers[caller]}` } : {};
        const res = await app.inject({
          method: route.method,
          url: route.url,
          headers: 'upload' in route ? { ...headers, 'content-type': route.upload.contentType } : headers,
          ...('upload' in route ? { payload: route.upload.payload } : 'json' in route ? { payload: route.json } : {}),
        });
        answers.push(`${route.name} ${caller} ${res.statusCode}`);
        expect(allowed(route.name), `${route.name} by ${caller}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
        if (res.statusCode === 401) expect(res.body).toBe('');
        else expect(Object.keys(res.json()).sort()).toEqual(['errorType', 'errors']);
        for (const secret of SECRETS) expect(res.body).not.toContain(secret);
        expect(res.headers['x-access-token']).toBeUndefined();
      }
    }
    expect(answers).toHaveLength(13 * Object.keys(expected).length);
    // Nothing changed: the owner's name, document and data are as they were.
    const own = await app.inject({ method: 'GET', url: `/api/usertypes/sme/prospects/${id}`, headers: { authorization: `Bearer ${callers.owner}` } });
    expect(own.json().prospect.applicantInfo.fullName).toBe('Matrix Ownername');
    const doc = await app.inject({ method: 'GET', url: `/api/banks/rak/prospects/${id}/documents/Other-1`, headers: { authorization: `Bearer ${callers.owner}` } });
    expect(doc.statusCode).toBe(200);
  });

  it('lets the owner and an agent in (the matrix is not refusing everyone)', async () => {
    for (const caller of ['owner', 'agent']) {
      const headers = { authorization: `Bearer ${callers[caller]}` };
      for (const url of [`/api/usertypes/sme/prospects/${id}`, `/api/prospects/${id}/documents`, `/api/banks/rak/prospects/${id}/documents/Other-1`]) {
        expect((await app.inject({ method: 'GET', url, headers })).statusCode, `${caller} ${url}`).toBe(200);
      }
    }
    const audit = await app.inject({ method: 'GET', url: `/api/agent/prospects/${id}/audit`, headers: { authorization: `Bearer ${callers.agent}` } });
    expect(audit.statusCode).toBe(200);
    const exported = await app.inject({ method: 'GET', url: `/api/agent/prospects/${id}/export?format=bank`, headers: { authorization: `Bearer ${callers.agent}` } });
    expect(exported.statusCode).toBe(200);
    // Nobody but agents wrote the bank's records or verified the document.
    const records = await app.inject({ method: 'GET', url: `/api/agent/prospects/${id}/bank-records`, headers: { authorization: `Bearer ${callers.agent}` } });
    expect(records.json()).toEqual({ records: {}, documents: [{ documentKey: 'Other-1', verified: false }] });
  });
});
