import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { describeEachDatabase } from './helpers';

type Json = Record<string, unknown>;
const SECRET = { fullName: 'Zainab Secretname', email: 'zainab.secret@falcon.ae', mobileNo: '507654321' };
const pdf = (size = 60_000) => {
  const out = Buffer.alloc(size, 0x20);
  Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n').copy(out);
  return out;
};
/** The smallest ZIP: an end-of-central-directory record and nothing else. */
const EMPTY_ZIP = Buffer.from('504b0506000000000000000000000000000000000000', 'hex');

/** The one error body, and nothing else. */
function expectErrorShape(res: { statusCode: number; body: string }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body) as Json;
  expect(Object.keys(body).sort()).toEqual(['errorType', 'errors']);
  expect(typeof body.errorType).toBe('string');
  for (const e of body.errors as Json[]) {
    expect(typeof e.errorCode).toBe('string');
    expect(typeof e.message).toBe('string');
  }
  return body as { errorType: string; errors: { errorCode: string; message: string; field?: string }[] };
}

/** Issue 12, observations 5 and 8: each input that made a 500 is a 4xx in the one error shape, and logs hold no prospect. */
describeEachDatabase('bad input is a 4xx, and logs hold no prospect', (db) => {
  let app: FastifyInstance;
  let token: string;
  let id: string;
  const lines: string[] = [];
  const auth = () => ({ authorization: `Bearer ${token}` });
  const save = (payload: string) =>
    app.inject({ method: 'PUT', url: `/api/usertypes/sme/prospects/${id}`, headers: { ...auth(), 'content-type': 'application/json' }, payload });
  async function upload(file: Buffer, name: string) {
    const form = new FormData();
    form.append('documentKey', 'Other-1');
    form.append('documentType', 'Other');
    form.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), name);
    const res = new Response(form);
    return app.inject({
      method: 'POST',
      url: `/api/rest/v1/banks/rak/prospectId/${id}/documents`,
      headers: { ...auth(), 'content-type': res.headers.get('content-type')! },
      payload: Buffer.from(await res.arrayBuffer()),
    });
  }

  beforeAll(async () => {
    app = await buildApp({ ...db().config, encryption: 'off', logLevel: 'info' }, { logger: { stream: { write: (line: string) => lines.push(line) } } });
    await app.ready();
    const identity = { countryCode: '971', mobile: SECRET.mobileNo, email: SECRET.email };
    token = (await app.tokenService.issue({ sub: 'c:secret', kind: 'customer', roles: ['customer'], ...identity })).access_token;
    const created = await app.inject({
      method: 'POST',
      url: '/api/usertypes/sme/prospects',
      headers: auth(),
      payload: { applicantInfo: { fullName: SECRET.fullName, email: SECRET.email, countryCode: '971', mobileNo: SECRET.mobileNo, applyOnbehalf: false } },
    });
    expect(created.statusCode, created.body).toBe(201);
    id = created.json().prospectId;
  });
  afterAll(async () => {
    await app?.close();
    await db().cleanup();
  });

  it('multipart without a boundary, or cut short: 400', async () => {
    const url = `/api/rest/v1/banks/rak/prospectId/${id}/documents`;
    const noBoundary = await app.inject({ method: 'POST', url, headers: { ...auth(), 'content-type': 'multipart/form-data' }, payload: 'abc' });
    expect(expectErrorShape(noBoundary, 400).errors[0]!.errorCode).toBe('INVALID_UPLOAD');
    const cut = '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 abc';
    const short = await app.inject({ method: 'POST', url, headers: { ...auth(), 'content-type': 'multipart/form-data; boundary=XX' }, payload: cut });
    expect(expectErrorShape(short, 400).errors[0]!.errorCode).toBe('INVALID_UPLOAD');
  });

  it('JSON nested 5,000 deep: 400 TOO_DEEP; a body over the limit: 413', async () => {
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    const res = expectErrorShape(await save(`{"prospect":{"x":${deep}},"saveType":"auto","version":1}`), 400);
    expect(res.errors[0]).toMatchObject({ errorCode: 'TOO_DEEP', field: 'body' });
    const huge = await save(JSON.stringify({ prospect: { x: 'a'.repeat(1_100_000) }, saveType: 'auto', version: 1 }));
    expectErrorShape(huge, 413);
  });

  it('NUL and lone surrogates in any string or key, and __proto__ / constructor / prototype keys: 400 field errors', async () => {
    const cases: [string, string, string][] = [
      ['{"prospect":{"unknown":"a\\u0000b"},"saveType":"auto","version":1}', 'INVALID_TEXT', 'body.prospect.unknown'],
      ['{"prospect":{"unknown":"\\udfff"},"saveType":"auto","version":1}', 'INVALID_TEXT', 'body.prospect.unknown'],
      ['{"prospect":{"applicantInfo":{"fullName":"\\ud800x"}},"saveType":"auto","version":1}', 'INVALID_TEXT', 'body.prospect.applicantInfo.fullName'],
      ['{"prospect":{"a\\u0000":1},"saveType":"auto","version":1}', 'INVALID_TEXT', 'body.prospect.a\ufffd'],
      ['{"prospect":{"constructor":{"x":1}},"saveType":"auto","version":1}', 'FORBIDDEN_KEY', 'body.prospect.constructor'],
      ['{"prospect":{"companyInfo":{"prototype":1}},"saveType":"auto","version":1}', 'FORBIDDEN_KEY', 'body.prospect.companyInfo.prototype'],
    ];
    for (const [payload, errorCode, field] of cases) {
      expect(expectErrorShape(await save(payload), 400).errors[0], payload).toMatchObject({ errorCode, field });
    }
    // __proto__ (and constructor.prototype) are refused by the JSON parser itself: a 400 naming the key, not
    // "Body is not valid JSON" (the body is valid JSON), on an encrypted route and on a plain one alike.
    const forbidden = { errorCode: 'FORBIDDEN_KEY', message: '"__proto__" is not an allowed name', field: 'body.prospect.__proto__' };
    expect(expectErrorShape(await save('{"prospect":{"__proto__":{"x":1}},"saveType":"auto","version":1}'), 400)).toEqual({ errorType: 'FieldsValidation', errors: [forbidden] });
    expect(expectErrorShape(await save('{"prospect":{"constructor":{"prototype":{"x":1}}},"saveType":"auto","version":1}'), 400).errors).toEqual([
      { errorCode: 'FORBIDDEN_KEY', message: '"constructor" is not an allowed name', field: 'body.prospect.constructor' },
    ]);
    const plain = await app.inject({ method: 'POST', url: '/api/client-errors', headers: { 'content-type': 'application/json' }, payload: '{"message":"x","__proto__":{"polluted":true}}' });
    expect(expectErrorShape(plain, 400).errors).toEqual([{ errorCode: 'FORBIDDEN_KEY', message: '"__proto__" is not an allowed name', field: 'body.__proto__' }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // JSON that does not parse is still answered as such.
    expect(expectErrorShape(await save('{"prospect":'), 400).errors[0]!.errorCode).toBe('FST_ERR_CTP_INVALID_JSON_BODY');
  });

  it('a key the save does not take (a forged top-level status): 400 UNKNOWN_FIELD naming it', async () => {
    const res = expectErrorShape(await save(JSON.stringify({ prospect: {}, saveType: 'auto', version: 1, status: 'APPROVED' })), 400);
    expect(res.errors).toEqual([{ errorCode: 'UNKNOWN_FIELD', field: 'body.status', message: '"status" is not a field of this request' }]);
  });

  it('version out of range: 400 on body.version', async () => {
    const res = expectErrorShape(await save(JSON.stringify({ prospect: {}, saveType: 'auto', version: 2147483647 })), 400);
    expect(res.errors[0]!.field).toBe('body.version');
  });

  it('a document key %00 on download and delete: 400', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await app.inject({ method, url: `/api/banks/rak/prospects/${id}/documents/%00`, headers: auth() });
      expect(expectErrorShape(res, 400).errors[0]!.field).toBe('params.documentKey');
    }
  });

  it('a PDF with a ZIP appended is refused; bidirectional overrides are dropped from file names', async () => {
    const polyglot = await upload(Buffer.concat([pdf(), EMPTY_ZIP]), 'statement.pdf');
    expect(expectErrorShape(polyglot, 400).errors[0]!.errorCode).toBe('UNSUPPORTED_FILE_TYPE');
    const named = await upload(pdf(), 'invoice\u202Efdp.exe');
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().fileName).toBe('invoicefdp.exe.pdf');
  });

  it('a bad URL (/%) answers in the one shape', async () => {
    expect(expectErrorShape(await app.inject({ method: 'GET', url: '/%' }), 400).errors[0]!.errorCode).toBe('BAD_URL');
    expect(expectErrorShape(await app.inject({ method: 'GET', url: '/api/prospects/%/documents' }), 400).errors[0]!.errorCode).toBe('BAD_URL');
  });

  it('request ids are the server\'s; a client id is only logged beside it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': 'client-chosen-id' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.some((l) => l.includes('"clientRequestId":"client-chosen-id"'))).toBe(true);
    expect(lines.some((l) => l.includes('"reqId":"client-chosen-id"'))).toBe(false);
  });

  it('a failed save writes nothing of the prospect into the log (no SQL parameters)', async () => {
    // A constraint that fails every further save: the database refuses, the server answers 500, the log stays clean.
    await sql`alter table prospects add constraint w12a_refuse_saves check (version < 2) not valid`.execute(app.database.db);
    try {
      const res = await save(JSON.stringify({ prospect: { applicantInfo: { fullName: SECRET.fullName } }, saveType: 'auto', version: 1 }));
      expectErrorShape(res, 500);
    } finally {
      await sql`alter table prospects drop constraint w12a_refuse_saves`.execute(app.database.db);
    }
    const failed = lines.filter((l) => l.includes('request failed'));
    expect(failed.length).toBeGreaterThan(0);
    for (const line of lines) {
      for (const secret of Object.values(SECRET)) expect(line).not.toContain(secret);
      expect(line).not.toContain('"params"');
    }
  });

  it('headers too large: 431 in the one shape (real HTTP server)', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const answer = await new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/api/health/live', headers: { 'x-big': 'a'.repeat(20_000) } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(expectErrorShape(answer, 431).errors[0]!.errorCode).toBe('HEADERS_TOO_LARGE');
  });
});
