/**
 * Issue 16 item 4: patch saves. A save may send a JSON Patch (RFC 6902) against the version the browser holds
 * instead of the whole document: applied on the server to that version, then checked, validated and stored as a
 * full save is; 409 when the version is not the stored one; 400 naming the operation when it does not apply.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { saveBody } from '../../scripts/lib/loadJob';
import { createPatch } from '../../src/shared/jsonPatch';
import { setToday } from '../../src/validation/clock';
import { describeEachDatabase, startApp } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describeEachDatabase('patch saves', (db) => {
  let app: FastifyInstance;
  let alice: string;
  let bob: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as Json }) });
  const put = (id: string, token: string, body: Json) => call('PUT', `/api/usertypes/sme/prospects/${id}`, token, body);

  async function create(): Promise<{ prospectId: string; version: number; prospect: Json }> {
    const res = await call('POST', '/api/usertypes/sme/prospects', alice, {
      applicantInfo: { fullName: 'Aisha Al Mansoori', email: 'aisha@falcon.ae', countryCode: '971', mobileNo: '501234567', applyOnbehalf: false },
      applicationInfo: { accountType: 'currentAccount', islamicBanking: false },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  beforeAll(async () => {
    setToday('2026-01-15');
    app = await startApp(db(), { encryption: 'off' });
    const issue = async (p: Json) => ((await app.tokenService.issue(p as never)) as { access_token: string }).access_token;
    alice = await issue({ sub: 'c:971501234567', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '501234567', email: 'aisha@falcon.ae' });
    bob = await issue({ sub: 'c:971509999999', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '509999999', email: 'bob@oryx.ae' });
  });
  afterAll(async () => {
    setToday(null);
    await app?.close();
    await db().cleanup();
  });

  it('stores a patch against the held version as a full save would, and the next patch against the new version', async () => {
    const created = await create();
    const edited = { ...created.prospect, organizationInfo: { ...created.prospect.organizationInfo, companyName: 'Falcon' } };
    const patch = createPatch(created.prospect, edited);
    expect(patch).toEqual([{ op: 'add', path: '/organizationInfo/companyName', value: 'Falcon' }]);
    const first = await put(created.prospectId, alice, { patch, saveType: 'auto', version: 1 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toBe(2);
    expect(first.json().prospect).toEqual({ ...edited, ...first.json().prospect, organizationInfo: edited.organizationInfo });

    const second = await put(created.prospectId, alice, { patch: [{ op: 'replace', path: '/organizationInfo/companyName', value: 'Falcon Trading' }], saveType: 'auto', version: 2 });
    expect(second.statusCode, second.body).toBe(200);
    const stored = (await call('GET', `/api/usertypes/sme/prospects/${created.prospectId}`, alice)).json();
    expect(stored.version).toBe(3);
    expect(stored.prospect.organizationInfo).toEqual({ ...created.prospect.organizationInfo, companyName: 'Falcon Trading' });
    expect(stored.prospect.applicantInfo.fullName).toBe('Aisha Al Mansoori'); // what the patch did not name stays
    // A full save is still possible.
    const full = await put(created.prospectId, alice, { prospect: { organizationInfo: { companyName: 'Falcon LLC' } }, saveType: 'auto', version: 3 });
    expect(full.statusCode, full.body).toBe(200);
  });

  it('takes a run of patch saves, each against the version the previous one answered (the short answer included)', async () => {
    const { prospectId } = await create();
    let version = 1;
    for (let n = 0; n < 8; n++) {
      // Full saves first, then patches (as the browser does once it holds the server's copy; bench:saves too).
      const payload = saveBody(n, version, n < 2 ? 'full' : 'patch');
      const res = await app.inject({
        method: 'PUT',
        url: `/api/usertypes/sme/prospects/${prospectId}`,
        headers: { authorization: `Bearer ${alice}`, prefer: 'return=minimal' },
        payload,
      });
      expect(res.statusCode, `save ${n}: ${res.body}`).toBe(200);
      expect(res.json().version).toBe(version + 1);
      version = res.json().version;
    }
    expect((await call('GET', `/api/usertypes/sme/prospects/${prospectId}`, alice)).json().prospect.organizationInfo.companyName).toBe('Falcon Trading 7 LLC');
  });

  it('answers 409 for a patch against a version that is no longer the stored one, and stores nothing', async () => {
    const { prospectId } = await create();
    expect((await put(prospectId, alice, { patch: [{ op: 'add', path: '/organizationInfo', value: { companyName: 'A' } }], saveType: 'auto', version: 1 })).statusCode).toBe(200);
    const stale = await put(prospectId, alice, { patch: [{ op: 'replace', path: '/organizationInfo/companyName', value: 'B' }], saveType: 'auto', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0].errorCode).toBe('VERSION_CONFLICT');
    const stored = (await call('GET', `/api/usertypes/sme/prospects/${prospectId}`, alice)).json();
    expect(stored.version).toBe(2);
    expect(stored.prospect.organizationInfo.companyName).toBe('A');
  });

  it('validates the patched document: a rule broken by a patch is a field error, as in a full save', async () => {
    const { prospectId } = await create();
    const res = await put(prospectId, alice, { patch: [{ op: 'add', path: '/organizationInfo', value: { companyName: 'Falcon ' } }], saveType: 'auto', version: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual(expect.objectContaining({ field: 'prospect.organizationInfo.companyName' }));
    // Fixed, the same patch is stored.
    const fixed = await put(prospectId, alice, { patch: [{ op: 'add', path: '/organizationInfo', value: { companyName: 'Falcon' } }], saveType: 'auto', version: 1 });
    expect(fixed.statusCode, fixed.body).toBe(200);
  });

  it('keeps field ownership: a patch may not change what the caller does not own', async () => {
    const { prospectId, prospect } = await create();
    const res = await put(prospectId, alice, { patch: [{ op: 'add', path: '/applicantInfo/validRoCode', value: 'Y' }], saveType: 'auto', version: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual(expect.objectContaining({ errorCode: 'NOT_WRITABLE', field: 'prospect.applicantInfo.validRoCode' }));
    const stored = (await call('GET', `/api/usertypes/sme/prospects/${prospectId}`, alice)).json();
    expect(stored.version).toBe(1);
    expect(stored.prospect.applicantInfo.validRoCode).toBe(prospect.applicantInfo.validRoCode);
  });

  it('refuses a patch that does not apply (400 naming the operation), both a patch and a prospect, or neither', async () => {
    const { prospectId } = await create();
    const cases: [Json, string][] = [
      [{ patch: [{ op: 'replace', path: '/nothing/here', value: 1 }], saveType: 'auto', version: 1 }, 'body.patch.0'],
      [{ patch: [{ op: 'add', path: '/x', value: 1 }, { op: 'test', path: '/x', value: 2 }], saveType: 'auto', version: 1 }, 'body.patch.1'],
      [{ patch: [{ op: 'add', path: '/__proto__/x', value: 1 }], saveType: 'auto', version: 1 }, 'body.patch.0'],
      [{ patch: [{ op: 'replace', path: '', value: [] }], saveType: 'auto', version: 1 }, 'body.patch'],
      [{ patch: [], prospect: {}, saveType: 'auto', version: 1 }, 'body.prospect'],
      [{ saveType: 'auto', version: 1 }, 'body.prospect'],
    ];
    for (const [body, field] of cases) {
      const res = await put(prospectId, alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.map((e: Json) => e.field)).toContain(field);
    }
    // Operations other than add, remove, replace and test (copy could multiply a document past any body limit).
    for (const op of [{ op: 'merge', path: '/a', value: 1 }, { op: 'copy', from: '', path: '/organizationInfo/x' }, { op: 'move', from: '/a', path: '/b' }]) {
      const refused = await put(prospectId, alice, { patch: [op], saveType: 'auto', version: 1 });
      expect(refused.statusCode, JSON.stringify(op)).toBe(400);
    }
    expect((await call('GET', `/api/usertypes/sme/prospects/${prospectId}`, alice)).json().version).toBe(1);
  });

  it("never applies a patch to another customer's application", async () => {
    const { prospectId } = await create();
    const res = await put(prospectId, bob, { patch: [{ op: 'add', path: '/organizationInfo', value: { companyName: 'Mine' } }], saveType: 'auto', version: 1 });
    expect([403, 404]).toContain(res.statusCode);
    expect((await call('GET', `/api/usertypes/sme/prospects/${prospectId}`, alice)).json().version).toBe(1);
  });
});
