import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fieldMap, ownedFields } from '../../src/content/fieldMap';
import { parseFixtures } from '../../src/content/fixtures';
import { setToday } from '../../src/validation/clock';
import { pointerToDotted } from '../../src/validation/errors';
import { storeRequiredDocuments } from './documentRows';
import { describeEachDatabase, startApp } from './helpers';

type Json = Record<string, unknown>;
const root = join(import.meta.dirname, '..', '..');
const complete = () => structuredClone(parseFixtures(JSON.parse(readFileSync(join(root, 'fixtures', 'prospect', 'soleProprietor.json'), 'utf8')))[0]!.data) as Json;
const IDENTITY = { email: 'aisha@falcon.ae', countryCode: '971', mobileNo: '501234567' };

/** The value at a pointer ("*" read as item 0), and a copy of the document with another value there. */
const segments = (pointer: string) => pointer.split('/').slice(1).map((s) => (s === '*' ? '0' : s));
function valueAt(doc: unknown, pointer: string): unknown {
  return segments(pointer).reduce<unknown>((cur, k) => (cur && typeof cur === 'object' ? (cur as Json)[k] : undefined), doc);
}
function withValue(doc: Json, pointer: string, value: unknown): Json {
  const copy = structuredClone(doc);
  const keys = segments(pointer);
  let cur: Json = copy;
  for (const k of keys.slice(0, -1)) cur = (cur[k] ??= /^\d+$/.test(k) ? [] : {}) as Json;
  cur[keys.at(-1)!] = value;
  return copy;
}

describeEachDatabase('field ownership and closed prospects', (db) => {
  let app: FastifyInstance;
  let alice: string;
  let agent: string;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as Json }) });
  const url = (id: string) => `/api/usertypes/sme/prospects/${id}`;
  const read = async (id: string, token = agent) => (await call('GET', url(id), token)).json() as { version: number; status: string; prospect: Json };

  async function create(): Promise<string> {
    const res = await call('POST', '/api/usertypes/sme/prospects', alice, {
      applicantInfo: { ...(complete().applicantInfo as Json), ...IDENTITY },
      applicationInfo: { accountType: 'starter', islamicBanking: false },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().prospectId as string;
  }

  /** The complete application of fixtures/prospect/soleProprietor.json, as the applicant would send it. */
  const completeFor = (prospect: Json): Json => ({ ...complete(), applicantInfo: { ...(prospect.applicantInfo as Json), ...(complete().applicantInfo as Json), ...IDENTITY } });

  beforeAll(async () => {
    setToday('2026-01-15');
    app = await startApp(db(), { encryption: 'off' });
    const issue = async (p: Json) => ((await app.tokenService.issue(p as never)) as { access_token: string }).access_token;
    alice = await issue({ sub: 'c:971501234567', kind: 'customer', roles: ['customer'], ...IDENTITY, mobile: IDENTITY.mobileNo });
    agent = await issue({ sub: 'u:ro1', kind: 'staff', roles: ['agent'], roCode: 'RO123', name: 'Omar' });
  });
  afterAll(async () => {
    setToday(null);
    await app.close();
    await db().cleanup();
  });

  it('refuses a forged validRoCode (issue 12, observation 1): the save is refused, and submit still needs the documents', async () => {
    const id = await create();
    const before = await read(id, alice);
    expect((before.prospect.applicantInfo as Json).validRoCode).toBe('N');
    const forged = withValue(before.prospect, '/applicantInfo/validRoCode', 'Y');
    const save = await call('PUT', url(id), alice, { prospect: forged, saveType: 'auto', version: before.version });
    expect(save.statusCode, save.body).toBe(400);
    expect(save.json()).toEqual({
      errorType: 'FieldsValidation',
      errors: [{ errorCode: 'NOT_WRITABLE', message: 'Valid agent code is set by the bank and cannot be changed', field: 'prospect.applicantInfo.validRoCode' }],
    });
    const submit = await call('PUT', url(id), alice, { prospect: withValue(completeFor(before.prospect), '/applicantInfo/validRoCode', 'Y'), saveType: 'submit', version: before.version, declaration: true });
    expect(submit.statusCode).toBe(400);
    expect(submit.json().errors).toContainEqual(expect.objectContaining({ field: 'prospect.applicantInfo.validRoCode' }));
    const honest = await call('PUT', url(id), alice, { prospect: completeFor(before.prospect), saveType: 'submit', version: before.version, declaration: true });
    expect(honest.statusCode, honest.body).toBe(400);
    expect(honest.json().errorType).toBe('DocumentsRequired');
    const after = await read(id);
    expect(after.status).not.toBe('SUBMITTED');
    expect(after.version).toBe(before.version);
    expect((after.prospect.applicantInfo as Json).validRoCode).toBe('N');
    const screenings = await app.database.db.selectFrom('screening_results').select('id').where('prospect_id', '=', id).execute();
    expect(screenings).toEqual([]);
  });

  it('refuses unknown keys and invented sections with a field error, storing nothing', async () => {
    const id = await create();
    const before = await read(id, alice);
    const payload = `{"saveType":"auto","version":${before.version},"prospect":{"_links":{"self":{"href":"x"}},"status":"SUBMITTED","inventedSection":{"a":1},"signatoryInfo":[{"signatoryId":"s1","constructor":"x"}],"organizationInfo":{"companyName":"Falcon","prototype":"x"}}}`;
    const res = await app.inject({ method: 'PUT', url: url(id), headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/json' }, payload });
    expect(res.statusCode, res.body).toBe(400);
    const fields = (res.json().errors as { errorCode: string; field: string }[]).map((e) => [e.errorCode, e.field]);
    // Prototype names are refused by the input guard before anything else looks at the body.
    expect(fields).toEqual([
      ['FORBIDDEN_KEY', 'body.prospect.organizationInfo.prototype'],
      ['FORBIDDEN_KEY', 'body.prospect.signatoryInfo.0.constructor'],
    ]);
    const junk = payload.replace(',"constructor":"x"', '').replace(',"prototype":"x"', '');
    const unknown = await app.inject({ method: 'PUT', url: url(id), headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/json' }, payload: junk });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect((unknown.json().errors as { errorCode: string; field: string }[]).map((e) => [e.errorCode, e.field])).toEqual([
      ['UNKNOWN_FIELD', 'prospect._links'],
      ['UNKNOWN_FIELD', 'prospect.status'],
      ['UNKNOWN_FIELD', 'prospect.inventedSection'],
    ]);
    // A __proto__ key is refused before the body reaches the service (the JSON parser); the field map refuses it too (unit test).
    const proto = payload.replace('"prototype":"x"', '"__proto__":{"polluted":true}');
    const poisoned = await app.inject({ method: 'PUT', url: url(id), headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/json' }, payload: proto });
    expect(poisoned.statusCode).toBe(400);
    const after = await read(id);
    expect(after.version).toBe(before.version);
    expect(JSON.stringify(after.prospect)).not.toMatch(/_links|inventedSection|polluted|constructor|prototype/);
  });

  it('refuses, for every field marked server- or agent-owned in schemas/, an applicant save that changes it; the stored value stays', async () => {
    const id = await create();
    const setup = await read(id, alice);
    const seeded = await call('PUT', url(id), alice, {
      prospect: { signatoryInfo: [{ signatoryId: 's1', kycDetails: { isShareholderACompany: false } }] },
      saveType: 'auto',
      version: setup.version,
    });
    expect(seeded.statusCode, seeded.body).toBe(200);
    const owned = ownedFields(fieldMap((await app.contentStore.current()).built));
    expect(owned.length).toBeGreaterThanOrEqual(10);
    for (const [n, { pointer, writer }] of owned.entries()) {
      const stored = await read(id);
      const mine = await read(id, alice);
      const forged = withValue(mine.prospect, pointer, `FORGED-${n}`);
      const res = await call('PUT', url(id), alice, { prospect: forged, saveType: 'auto', version: mine.version });
      const field = `prospect.${pointerToDotted(pointer.replace(/\*/g, '0'))}`;
      if (writer === 'server') {
        expect(res.statusCode, `${pointer}: ${res.body}`).toBe(400);
        expect(res.json().errors, pointer).toContainEqual(expect.objectContaining({ errorCode: 'NOT_WRITABLE', field }));
      } else {
        // Agent-only data from an applicant is forbidden outright (the annexure contract), naming the field.
        expect(res.statusCode, `${pointer}: ${res.body}`).toBe(403);
        expect(res.json().errors, pointer).toContainEqual(expect.objectContaining({ errorCode: 'FORBIDDEN', field }));
      }
      const after = await read(id);
      expect(after.version, pointer).toBe(stored.version);
      expect(valueAt(after.prospect, pointer), pointer).toEqual(valueAt(stored.prospect, pointer));
      if (writer === 'server') {
        const byAgent = await call('PUT', url(id), agent, { prospect: withValue(stored.prospect, pointer, `FORGED-${n}`), saveType: 'auto', version: stored.version });
        expect(byAgent.statusCode, `agent ${pointer}`).toBe(400);
        expect(byAgent.json().errors, pointer).toContainEqual(expect.objectContaining({ errorCode: 'NOT_WRITABLE', field }));
      }
    }
  });

  it('submits and screens in one transaction: a screening failure leaves a draft without a result and answers 503, never 500; a retry submits', async () => {
    const id = await create();
    const before = await read(id, alice);
    const data = completeFor(before.prospect);
    await storeRequiredDocuments(app, id, data);
    const results = async () => (await app.database.db.selectFrom('screening_results').select('result').where('prospect_id', '=', id).execute()).length;
    await sql`alter table blacklist rename to blacklist_away`.execute(app.database.db);
    try {
      const failed = await call('PUT', url(id), alice, { prospect: data, saveType: 'submit', version: before.version, declaration: true });
      expect(failed.statusCode, failed.body).toBe(503);
      expect(failed.json()).toEqual({ errorType: 'ScreeningError', errors: [expect.objectContaining({ errorCode: 'SCREENING_UNAVAILABLE' })] });
    } finally {
      await sql`alter table blacklist_away rename to blacklist`.execute(app.database.db);
    }
    const draft = await read(id);
    expect(draft.status).not.toBe('SUBMITTED');
    expect(draft.version).toBe(before.version);
    expect(await results()).toBe(0);

    const submitted = await call('PUT', url(id), alice, { prospect: data, saveType: 'submit', version: before.version, declaration: true });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().status).toBe('SUBMITTED');
    const outcome = submitted.json().preScreening as { statusOverAll: string };
    expect(await results()).toBe(1);
    // The applicant's screening call answers the result of the submit and does not screen again.
    const screening = await call('POST', `/api/prospects/${id}/screening`, alice, {});
    expect(screening.statusCode).toBe(200);
    expect(screening.json().statusOverAll).toBe(outcome.statusOverAll);
    expect(await results()).toBe(1);
    // One write policy: after submit the applicant can no longer upload (uploads had no check before).
    const upload = await call('POST', `/api/rest/v1/banks/rak/prospectId/${id}/documents`, alice, {});
    expect(upload.statusCode).toBe(409);
    expect(upload.json().errors[0].errorCode).toBe('12012');
  });
});
