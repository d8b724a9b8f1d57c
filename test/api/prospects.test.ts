import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { parseFixtures } from '../../src/content/fixtures';
import { applySectionChanges } from '../../src/shared/minimalAnswer';
import { setToday } from '../../src/validation/clock';
import { pointerToDotted } from '../../src/validation/errors';
import { storeRequiredDocuments } from './documentRows';
import { describeEachDatabase, startApp } from './helpers';

const root = join(import.meta.dirname, '..', '..');
const fixture = (path: string) => parseFixtures(JSON.parse(readFileSync(join(root, 'fixtures', path), 'utf8')));

type Json = Record<string, unknown>;

describeEachDatabase('prospects API', (db) => {
  let app: FastifyInstance;
  let alice: string;
  let bob: string;
  let agent: string;

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as Json }) });

  async function create(token: string, body: Json = {}) {
    const res = await call('POST', '/api/usertypes/sme/prospects', token, {
      applicantInfo: { fullName: 'Aisha Al Mansoori', email: 'aisha@falcon.ae', countryCode: '971', mobileNo: '501234567', applyOnbehalf: false },
      applicationInfo: { accountType: 'currentAccount', islamicBanking: false },
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { prospectId: string; version: number; validRoCode: string; prospect: Json };
  }

  beforeAll(async () => {
    setToday('2026-01-15');
    app = await startApp(db(), { encryption: 'off' });
    const issue = async (p: Json) => ((await app.tokenService.issue(p as never)) as { access_token: string }).access_token;
    alice = await issue({ sub: 'c:971501234567', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '501234567', email: 'aisha@falcon.ae' });
    bob = await issue({ sub: 'c:971509999999', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '509999999', email: 'bob@oryx.ae' });
    agent = await issue({ sub: 'u:ro1', kind: 'staff', roles: ['agent'], roCode: 'RO123', name: 'Omar' });
  });
  afterAll(async () => {
    setToday(null);
    await app.close();
    await db().cleanup();
  });

  it('creates a prospect for the verified applicant, whatever the body says about identity', async () => {
    const created = await create(alice, { applicantInfo: { fullName: 'Aisha Al Mansoori', email: 'evil@x.ae', countryCode: '971', mobileNo: '500000000' } });
    expect(created.prospectId).toMatch(/^SME[2-9A-Z]{10}$/);
    expect(created.validRoCode).toBe('N');
    expect(created.version).toBe(1);
    expect((created.prospect.applicantInfo as Json).email).toBe('aisha@falcon.ae');
    expect((created.prospect.generalInfo as Json).prospectId).toBe(created.prospectId);
  });

  it('answers 401 with no body without a token', async () => {
    const res = await call('POST', '/api/usertypes/sme/prospects', undefined, {});
    expect(res.statusCode).toBe(401);
    expect(res.body).toBe('');
  });

  it('never lets another customer read or change an application (every prospect route)', async () => {
    const { prospectId } = await create(alice);
    const attempts = [
      call('GET', `/api/usertypes/sme/prospects/${prospectId}`, bob),
      call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, bob, { prospect: {}, saveType: 'auto', version: 1 }),
      call('GET', `/api/prospects/${prospectId}/documents`, bob),
      call('POST', `/api/prospects/${prospectId}/screening`, bob, {}),
    ];
    for (const res of await Promise.all(attempts)) {
      expect([403, 404]).toContain(res.statusCode);
      expect(JSON.stringify(res.json())).not.toContain('aisha');
    }
    const own = await call('GET', `/api/usertypes/sme/prospects/${prospectId}`, alice);
    expect(own.statusCode).toBe(200);
    const list = await call('GET', '/api/usertypes/sme/prospects', bob);
    expect(list.json().applications).toEqual([]);
  });

  it('rejects with the same field paths and messages as the schemas (fixtures through PUT)', async () => {
    const { prospectId } = await create(alice);
    let version = 1;
    // Fixtures about a whole missing section do not apply: a stored prospect always has its sections.
    const cases = fixture('companyDetails/rules.json').filter((x) => x.expect.length > 0 && !x.today && x.expect.every((e) => e.path.split('/').length > 2));
    expect(cases.length).toBeGreaterThan(5);
    for (const f of cases) {
      const res = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, alice, {
        prospect: f.data as Json,
        saveType: 'save',
        actionType: 'continue',
        step: 'companyDetails',
        version,
      });
      expect(res.statusCode, f.description).toBe(400);
      const body = res.json() as { errorType: string; errors: { field: string; message: string }[] };
      expect(body.errorType).toBe('FieldsValidation');
      const expected = f.expect.map((e) => ({ field: `prospect.${pointerToDotted(e.path)}`, message: e.message }));
      const got = body.errors.map((x) => ({ field: x.field, message: x.message }));
      for (const e of expected) expect(got, `${f.description}: ${JSON.stringify(got)}`).toContainEqual(e);
    }
    const valid = fixture('companyDetails/valid.json')[0]!;
    const ok = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, alice, {
      prospect: valid.data as Json,
      saveType: 'save',
      actionType: 'continue',
      step: 'companyDetails',
      version,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    version = ok.json().version;
    expect(version).toBe(2);
    expect(ok.json().completedSteps).toContainEqual({ flowId: 'companyInfo', step: 'companyDetails', status: 'COMPLETED' });
  });

  it('lets an automatic save store incomplete data but never data that breaks a rule', async () => {
    const { prospectId } = await create(alice);
    const incomplete = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, alice, {
      prospect: { organizationInfo: { companyName: 'Falcon' } },
      saveType: 'auto',
      version: 1,
    });
    expect(incomplete.statusCode, incomplete.body).toBe(200);
    const wrong = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, alice, {
      prospect: { organizationInfo: { companyName: 'Falcon ' } },
      saveType: 'auto',
      version: 2,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toContainEqual(
      expect.objectContaining({ field: 'prospect.organizationInfo.companyName', message: 'Company name should not start or end with a space: remove the space' }),
    );
  });

  it('answers only the sections that differ from the caller\'s copy when asked (Prefer: return=minimal)', async () => {
    const created = await create(alice);
    let copy = created.prospect;
    let version = created.version;
    const put = (prospect: Json, token = alice) =>
      app.inject({ method: 'PUT', url: `/api/usertypes/sme/prospects/${created.prospectId}`, headers: { ...bearer(token), prefer: 'return=minimal' }, payload: { prospect, saveType: 'auto', version } });
    // Twice: the second save starts from the row the first one wrote (the process's cache), the first from a read.
    for (const companyName of ['Falcon Trading LLC', 'Falcon General Trading LLC']) {
      const sent = { ...copy, organizationInfo: { ...(copy.organizationInfo as Json), companyName } };
      const res = await put(sent);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['preference-applied']).toBe('return=minimal');
      const answer = res.json() as { version: number; prospect: Json; removedSections: string[] };
      expect(answer.version).toBe(version + 1);
      expect(Object.keys(answer.prospect)).not.toContain('applicantInfo'); // unchanged: not sent back
      expect(Object.keys(answer.prospect)).not.toContain('organizationInfo'); // stored as sent
      const stored = (await call('GET', `/api/usertypes/sme/prospects/${created.prospectId}`, alice)).json() as { prospect: Json; version: number };
      copy = applySectionChanges(sent, answer);
      expect(copy).toEqual(stored.prospect);
      version = answer.version;
    }
    // A section the server changes (an identity field the applicant cannot change) comes back whole.
    const res = await put({ ...copy, applicantInfo: { ...(copy.applicantInfo as Json), email: 'evil@x.ae' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().prospect.applicantInfo as Json).email).toBe('aisha@falcon.ae');
    // Without the preference, the whole prospect as before.
    const full = await call('PUT', `/api/usertypes/sme/prospects/${created.prospectId}`, alice, { prospect: {}, saveType: 'auto', version: version + 1 });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.headers['preference-applied']).toBeUndefined();
    expect(Object.keys(full.json().prospect)).toEqual(expect.arrayContaining(['applicantInfo', 'organizationInfo', 'generalInfo']));
  });

  it('validates again only the steps whose data changed since the stored row was validated, and every step on another day', async () => {
    const { prospectId } = await create(alice);
    const put = (prospect: Json, version: number) => call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, alice, { prospect, saveType: 'auto', version });
    const licence = { companyName: 'Falcon Trading LLC', licenseIssueDate: '2026-01-15' }; // today: valid (not in the future)
    expect((await put({ organizationInfo: licence }, 1)).statusCode).toBe(200);
    const { validator } = await app.contentStore.current();
    const validate = vi.spyOn(validator, 'validate');
    try {
      // Nothing changed since the last save's validation: no step runs again.
      const same = await put({}, 2);
      expect(same.statusCode, same.body).toBe(200);
      expect(validate.mock.calls.map((c) => c[0])).not.toContain('steps/companyLicense');
      // Nor the prospect's fields no step edits (applicationInfo unchanged).
      const prospectFields = validator.prospectFieldsRef();
      expect(prospectFields).toBeDefined();
      expect(validate.mock.calls.map((c) => c[0])).not.toContain(prospectFields);
      // organizationInfo changed: the steps that read it run, those that read other sections only do not.
      validate.mockClear();
      expect((await put({ organizationInfo: { ...licence, companyName: 'Falcon General Trading LLC' } }, 3)).statusCode).toBe(200);
      const ran = validate.mock.calls.map((c) => c[0]);
      expect(ran).toContain('steps/companyLicense');
      expect(ran).not.toContain('steps/applicantInfo');
      expect(ran).not.toContain(prospectFields);
      // applicationInfo changed: the prospect's fields are checked again (and an account not offered refused).
      validate.mockClear();
      const stored = (await call('GET', `/api/usertypes/sme/prospects/${prospectId}`, alice)).json().prospect as Json;
      const wrong = await put({ applicationInfo: { ...(stored.applicationInfo as Json), accountType: 'gold' } }, 4);
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(wrong.json().errors).toContainEqual(expect.objectContaining({ field: 'prospect.applicationInfo.accountType' }));
      expect(validate.mock.calls.map((c) => c[0])).toContain(prospectFields);
      // The next day (here: the day before, so that the stored issue date is in the future) every step runs again.
      setToday('2026-01-14');
      const nextDay = await put({}, 4);
      expect(nextDay.statusCode, nextDay.body).toBe(400);
      expect(nextDay.json().errors).toContainEqual(expect.objectContaining({ field: 'prospect.organizationInfo.licenseIssueDate', message: 'License issue date cannot be in the future' }));
    } finally {
      setToday('2026-01-15');
      validate.mockRestore();
    }
  });

  it('answers a stale version with 409 and never overwrites', async () => {
    const { prospectId } = await create(alice);
    const first = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, alice, { prospect: { organizationInfo: { companyName: 'One' } }, saveType: 'auto', version: 1 });
    expect(first.statusCode).toBe(200);
    const stale = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, alice, { prospect: { organizationInfo: { companyName: 'Two' } }, saveType: 'auto', version: 1 });
    expect(stale.statusCode).toBe(409);
    const now = await call('GET', `/api/usertypes/sme/prospects/${prospectId}`, alice);
    expect((now.json().prospect.organizationInfo as Json).companyName).toBe('One');
  });

  it('refuses every change while a decline reason RO_EDITING or BLOCK_EDITING stands, for customers and agents', async () => {
    const { prospectId } = await create(alice);
    const { sql } = await import('kysely');
    await sql`update prospects set document = jsonb_set(document, '{prospectStatusInfo}', '{"statusReason": "RO_EDITING"}'::jsonb) where id = ${prospectId}`.execute(app.database.db);
    for (const token of [alice, agent]) {
      const res = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, token, { prospect: { organizationInfo: { companyName: 'Blocked' } }, saveType: 'auto', version: 1 });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().errors[0]).toMatchObject({ errorCode: 'RO_EDITING' });
    }
    const now = await call('GET', `/api/usertypes/sme/prospects/${prospectId}`, alice);
    expect((now.json().prospect.organizationInfo as Json).companyName).not.toBe('Blocked');
  });

  it('refuses bad bodies with 400, not 500', async () => {
    const { prospectId } = await create(alice);
    for (const payload of [{ prospect: 'x', saveType: 'auto', version: 1 }, { prospect: {}, saveType: 'later', version: 1 }, { prospect: {}, saveType: 'auto' }, { prospect: {}, saveType: 'save', step: 'nope', actionType: 'continue', version: 1 }]) {
      const res = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, alice, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errorType).toBe('FieldsValidation');
    }
  });

  it('submits a complete application, then locks it against customer edits', async () => {
    const complete = fixture('prospect/soleProprietor.json')[0]!;
    const { prospectId } = await create(alice, { applicantInfo: (complete.data as Json).applicantInfo as Json });
    const incomplete = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, alice, { prospect: {}, saveType: 'submit', version: 1 });
    expect(incomplete.statusCode).toBe(400);
    const data = structuredClone(complete.data) as Json;
    data.applicantInfo = { ...(data.applicantInfo as Json), email: 'aisha@falcon.ae', countryCode: '971', mobileNo: '501234567' };
    const noDocuments = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, alice, { prospect: data, saveType: 'submit', version: 1, declaration: true });
    expect(noDocuments.statusCode).toBe(400);
    expect(noDocuments.json().errorType).toBe('DocumentsRequired');
    await storeRequiredDocuments(app, prospectId, data);
    // Without the submit page's confirmation: refused, naming the field, in the request's language; nothing changes.
    const undeclared = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, alice, { prospect: data, saveType: 'submit', version: 1 });
    expect(undeclared.statusCode).toBe(400);
    expect(undeclared.json().errors).toEqual([{ errorCode: 'REQUIRED', field: 'declaration', message: 'Confirm that the information in this application is true and complete before you submit it' }]);
    const inArabic = await app.inject({ method: 'PUT', url: `/api/usertypes/sme/prospects/${prospectId}`, headers: { authorization: `Bearer ${alice}`, 'accept-language': 'ar' }, payload: { prospect: data, saveType: 'submit', version: 1, declaration: false } });
    expect(inArabic.statusCode).toBe(400);
    expect(inArabic.json().errors[0]).toMatchObject({ field: 'declaration', message: expect.stringMatching(/^يرجى تأكيد/) });
    const submitted = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, alice, { prospect: data, saveType: 'submit', version: 1, declaration: true });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().status).toBe('SUBMITTED');
    expect(submitted.json().preScreening.statusOverAll).toMatch(/^(SUCCESS|PENDING|WITH_RO|DECLINE|INELIGIBLE)$/);
    const after = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, alice, { prospect: {}, saveType: 'auto', version: 2 });
    expect(after.statusCode).toBe(409);
    expect(after.json().errors[0].errorCode).toBe('12012');
  });

  it('lets an agent find applications by trade licence, mobile, name and prospect id; customers get 403', async () => {
    const { prospectId } = await create(alice);
    await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, alice, {
      prospect: { organizationInfo: { companyName: 'Falcon Trading LLC', licenseNumber: 'CN-778899' } },
      saveType: 'auto',
      version: 1,
    });
    const search = (body: Json, token = agent) => call('POST', '/api/products/stp-accounts/prospects/search', token, body);
    for (const criteria of [{ tradeLicenseNo: 'CN-778899' }, { mobileNo: '501234567', countryCode: '971' }, { prospectId }, { applicantName: 'aisha al' }]) {
      const res = await search(criteria);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().searchResult.map((r: Json) => r.prospectId)).toContain(prospectId);
    }
    expect((await search({})).statusCode).toBe(400);
    expect((await search({ tradeLicenseNo: 'CN-778899' }, alice)).statusCode).toBe(403);
    expect((await search({ tradeLicenseNo: 'NOPE' })).json()).toMatchObject({ total: 0, searchResult: [] });
  });

  it('delivers an agent invite through the outbox; the invited application carries the RO code', async () => {
    const res = await call('POST', '/api/agent/createInvite', agent, {
      fullName: 'Khalid Rahman',
      email: 'khalid@dunes.ae',
      countryCode: '971',
      mobileNo: '502223333',
      accountType: 'elite',
      islamicBanking: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await call('POST', '/api/agent/createInvite', alice, {})).statusCode).toBe(403);
    const outbox = await app.inject({ method: 'GET', url: '/api/dev/outbox?recipient=khalid@dunes.ae' });
    const message = JSON.stringify(outbox.json());
    const token = /invite=([A-Za-z0-9_-]+)/.exec(message)?.[1];
    expect(token).toBeDefined();
    expect(message).toContain('rocode=RO123');
    const khalid = ((await app.tokenService.issue({ sub: 'c:k', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '502223333', email: 'khalid@dunes.ae' } as never)) as { access_token: string }).access_token;
    const created = await create(khalid, { inviteToken: token });
    expect((created.prospect.applicantInfo as Json).roCode).toBe('RO123');
  });
});
