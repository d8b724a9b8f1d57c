import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setToday } from '../../src/validation/clock';
import { signInProductUser } from './authHelpers';
import { describeEachDatabase, startApp } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const root = join(import.meta.dirname, '..', '..');
const readJson = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as Json;
const COMPANY = 'steps/companyDetails.schema.json';
const longName = (n: number) => 'Falcon Trading '.padEnd(n, 'x');

describeEachDatabase('schema studio API', (db) => {
  let app: FastifyInstance;
  let product: string;
  let customer: string;
  let agent: string;
  const companySchema = readJson(`schemas/${COMPANY}`);

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
    app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload === undefined ? {} : { payload: payload as Json }) });

  /** companyDetails with companyName limited to `max` characters. */
  function withCompanyNameMax(max: number): Json {
    const schema = structuredClone(companySchema);
    const name = schema.properties.organizationInfo.properties.companyName;
    name.maxLength = max;
    name.errorMessage.maxLength = `Maximum ${max} characters allowed`;
    return schema;
  }

  async function latest(): Promise<number> {
    const res = await call('GET', '/api/studio/versions', product);
    return res.json().versions[0].version;
  }

  async function createProspect(companyName?: string): Promise<{ prospectId: string; version: number }> {
    const res = await call('POST', '/api/usertypes/sme/prospects', customer, {
      applicantInfo: { fullName: 'Aisha Al Mansoori', email: 'aisha@falcon.ae', countryCode: '971', mobileNo: '501234567', applyOnbehalf: false },
      applicationInfo: { accountType: 'currentAccount', islamicBanking: false },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { prospectId } = res.json();
    let { version } = res.json();
    if (companyName) {
      const saved = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, customer, { prospect: { organizationInfo: { companyName } }, saveType: 'auto', version });
      expect(saved.statusCode, saved.body).toBe(200);
      version = saved.json().version;
    }
    return { prospectId, version };
  }

  beforeAll(async () => {
    setToday('2026-01-15');
    app = await startApp(db(), { encryption: 'off' });
    const issue = async (p: Json) => ((await app.tokenService.issue(p as never)) as { access_token: string }).access_token;
    customer = await issue({ sub: 'c:971501234567', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '501234567', email: 'aisha@falcon.ae' });
    agent = await issue({ sub: 'u:ro1', kind: 'staff', roles: ['agent'], roCode: 'RO123', name: 'Omar' });
    product = await signInProductUser(app);
  });
  afterAll(async () => {
    setToday(null);
    await app?.close();
    await db().cleanup();
  });

  const endpoints: [string, string, unknown?][] = [
    ['GET', '/api/studio/versions'],
    ['GET', '/api/studio/versions/1'],
    ['GET', '/api/studio/diff?from=1&to=1'],
    ['POST', '/api/studio/check', { baseVersion: 1, files: {} }],
    ['POST', '/api/studio/publish', { baseVersion: 1, files: {}, message: 'x' }],
    ['POST', '/api/studio/rollback', { toVersion: 1 }],
    ['POST', '/api/studio/fixtures/run', { fixtures: { schema: 'steps/companyDetails', data: {}, expect: [] } }],
    ['GET', '/api/studio/audit'],
  ];

  it('answers 401 with no body without a token, 403 to customers and agents', async () => {
    for (const [method, url, body] of endpoints) {
      const anonymous = await call(method as 'GET', url, undefined, body);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.body, url).toBe('');
      for (const token of [customer, agent]) {
        const res = await call(method as 'GET', url, token, body);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().errorType).toBe('Forbidden');
      }
    }
  });

  it('lists the published versions and serves one with its files; 404 for an unknown version', async () => {
    const list = await call('GET', '/api/studio/versions', product);
    expect(list.statusCode).toBe(200);
    expect(list.json().versions).toEqual([{ version: 1, author: 'files', message: 'Imported from schemas/', createdAt: expect.any(String), contentHash: expect.stringMatching(/^[0-9a-f]{16}$/) }]);
    const one = await call('GET', '/api/studio/versions/1', product);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ version: 1, author: 'files' });
    expect(one.json().files[COMPANY]).toEqual(companySchema);
    const missing = await call('GET', '/api/studio/versions/99', product);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].errorCode).toBe('VERSION_NOT_FOUND');
    const bad = await call('GET', '/api/studio/versions/abc', product);
    expect(bad.statusCode).toBe(400);
  });

  it('checks a draft: no problems, the changed step\'s fixtures, and the saved prospects it would break', async () => {
    const broken1 = await createProspect(longName(45));
    const broken2 = await createProspect(longName(48));
    await createProspect('Short Name LLC');
    await createProspect();
    const res = await call('POST', '/api/studio/check', product, { baseVersion: 1, files: { [COMPANY]: withCompanyNameMax(40) } });
    expect(res.statusCode, res.body).toBe(200);
    const { problems, fixtures, breaking } = res.json();
    expect(problems).toEqual([]);
    expect(fixtures.passed).toBeGreaterThan(0);
    expect(fixtures.results.every((r: Json) => r.file.startsWith('fixtures/companyDetails/'))).toBe(true);
    const maxRule = fixtures.results.find((r: Json) => r.name === 'Company name: max 50, pattern, no surrounding spaces');
    expect(maxRule).toMatchObject({ file: 'fixtures/companyDetails/rules.json', ok: false });
    expect(maxRule.message).toContain('/organizationInfo/companyName: Maximum 40 characters allowed');
    expect(maxRule.actual).toContainEqual({ path: '/organizationInfo/companyName', message: 'Maximum 40 characters allowed' });
    expect(fixtures.failed).toBeGreaterThan(0);
    expect(breaking).toMatchObject({ checked: 4, newlyFailing: 2, fields: [{ field: 'prospect.organizationInfo.companyName', count: 2 }] });
    expect([...breaking.prospects].sort()).toEqual([broken1.prospectId, broken2.prospectId].sort());

    const sampled = await call('POST', '/api/studio/check', product, { baseVersion: 1, files: { [COMPANY]: withCompanyNameMax(40) }, sample: 1, step: 'applicantInfo' });
    expect(sampled.json().breaking.checked).toBe(1);
    expect(sampled.json().fixtures.results.every((r: Json) => r.file.startsWith('fixtures/applicantInfo/'))).toBe(true);
    expect(sampled.json().fixtures.failed).toBe(0);
  });

  it('publishes: the config ETag changes, saves validate with the new version and record it; rollback restores the old rule', async () => {
    const before = await call('GET', '/api/config?segment=sme&role=customer');
    const { prospectId } = await createProspect();
    let version = 1;
    const put = async (companyName: string) => {
      const res = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, customer, { prospect: { organizationInfo: { companyName } }, saveType: 'auto', version });
      if (res.statusCode === 200) version = res.json().version;
      return res;
    };

    const published = await call('POST', '/api/studio/publish', product, { baseVersion: 1, files: { [COMPANY]: withCompanyNameMax(40) }, message: 'Company name at most 40 characters' });
    expect(published.statusCode, published.body).toBe(201);
    expect(published.json()).toEqual({ version: 2 });

    const after = await call('GET', '/api/config?segment=sme&role=customer');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().steps.companyDetails.schema.properties.organizationInfo.properties.companyName.maxLength).toBe(40);
    const refused = await put(longName(45));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toContainEqual({ errorCode: 'MAXLENGTH', message: 'Maximum 40 characters allowed', field: 'prospect.organizationInfo.companyName' });
    const ok = await put('Falcon Trading LLC');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().schemaVersion).toBe(2);
    const row = await app.database.db.selectFrom('prospects').select('schema_version').where('id', '=', prospectId).executeTakeFirstOrThrow();
    expect(row.schema_version).toBe('2');

    const versions = (await call('GET', '/api/studio/versions', product)).json().versions;
    expect(versions[0]).toMatchObject({ version: 2, author: 'Studio Editor', message: 'Company name at most 40 characters' });

    const stale = await call('POST', '/api/studio/publish', product, { baseVersion: 1, files: { [COMPANY]: withCompanyNameMax(45) }, message: 'Someone else' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0]).toMatchObject({ errorCode: 'STALE_BASE_VERSION', field: 'baseVersion' });

    const diff = await call('GET', '/api/studio/diff?from=1&to=2', product);
    expect(diff.statusCode).toBe(200);
    expect(diff.json()).toEqual({
      from: 1,
      to: 2,
      files: [
        {
          path: COMPANY,
          status: 'changed',
          changes: [
            { pointer: '/properties/organizationInfo/properties/companyName/maxLength', before: 50, after: 40 },
            { pointer: '/properties/organizationInfo/properties/companyName/errorMessage/maxLength', before: 'Maximum 50 characters allowed', after: 'Maximum 40 characters allowed' },
          ],
        },
      ],
    });

    const rolledBack = await call('POST', '/api/studio/rollback', product, { toVersion: 1, message: 'Back to 50' });
    expect(rolledBack.statusCode, rolledBack.body).toBe(201);
    expect(rolledBack.json()).toEqual({ version: 3 });
    const third = (await call('GET', '/api/studio/versions/3', product)).json();
    const first = (await call('GET', '/api/studio/versions/1', product)).json();
    expect(third.files).toEqual(first.files);
    expect(third.contentHash).toBe(first.contentHash);
    const restored = await call('GET', '/api/config?segment=sme&role=customer');
    expect(restored.headers.etag).toBe(before.headers.etag);
    const accepted = await put(longName(45));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().schemaVersion).toBe(3);
    const tooLong = await put(longName(55));
    expect(tooLong.json().errors).toContainEqual({ errorCode: 'MAXLENGTH', message: 'Maximum 50 characters allowed', field: 'prospect.organizationInfo.companyName' });

    const again = await call('POST', '/api/studio/rollback', product, { toVersion: 3 });
    expect(again.statusCode).toBe(400);
    const unknown = await call('POST', '/api/studio/rollback', product, { toVersion: 42 });
    expect(unknown.statusCode).toBe(404);
    const same = await call('POST', '/api/studio/publish', product, { baseVersion: 3, files: { [COMPANY]: companySchema }, message: 'No change' });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors[0].errorCode).toBe('NO_CHANGES');
  });

  it('refuses a draft that is not a valid JSON Schema', async () => {
    const schema = withCompanyNameMax(40);
    schema.properties.organizationInfo.properties.companyName.maxLength = 'forty';
    const files = { [COMPANY]: schema };
    const check = await call('POST', '/api/studio/check', product, { baseVersion: await latest(), files });
    expect(check.json().problems).toContainEqual({
      path: COMPANY,
      pointer: '/properties/organizationInfo/properties/companyName/maxLength',
      message: expect.stringContaining('Not a valid JSON Schema (draft-07)'),
    });
    expect(check.json().breaking.checked).toBe(0);
    const publish = await call('POST', '/api/studio/publish', product, { baseVersion: await latest(), files, message: 'broken' });
    expect(publish.statusCode).toBe(400);
    expect(publish.json().errorType).toBe('FieldsValidation');
    expect(publish.json().errors[0].field).toBe(`files.${COMPANY}#/properties/organizationInfo/properties/companyName/maxLength`);

    const unknownKeyword = withCompanyNameMax(40);
    unknownKeyword.properties.organizationInfo.properties.companyName.maxLenght = 40;
    const typo = await call('POST', '/api/studio/check', product, { baseVersion: await latest(), files: { [COMPANY]: unknownKeyword } });
    expect(typo.json().problems[0].message).toContain('unknown keyword');

    const badFiles = await call('POST', '/api/studio/check', product, { baseVersion: await latest(), files: { '../etc/passwd.json': {}, 'steps/x.json': 1 } });
    expect(badFiles.statusCode).toBe(400);
    const badPath = await call('POST', '/api/studio/check', product, { baseVersion: await latest(), files: { '../secret.json': {} } });
    expect(badPath.json().problems[0]).toMatchObject({ path: '../secret.json' });
  });

  it('refuses a misused custom keyword, naming the keyword and where it is', async () => {
    const schema = withCompanyNameMax(40);
    schema.properties.organizationInfo.properties.companyName['x-trimmed'] = 5;
    schema.properties.organizationInfo.properties.corporateTaxIdRegDate['x-date'] = [{ min: 'yesterday', message: 'x' }];
    const check = await call('POST', '/api/studio/check', product, { baseVersion: await latest(), files: { [COMPANY]: schema } });
    const problems = check.json().problems as Json[];
    expect(problems).toContainEqual({ path: COMPANY, pointer: '/properties/organizationInfo/properties/companyName/x-trimmed', message: 'Custom keyword "x-trimmed" is misused: must be string' });
    expect(problems.find((p) => p.pointer === '/properties/organizationInfo/properties/corporateTaxIdRegDate/x-date')?.message).toMatch(/Custom keyword "x-date" is misused/);
    const publish = await call('POST', '/api/studio/publish', product, { baseVersion: await latest(), files: { [COMPANY]: schema }, message: 'misuse' });
    expect(publish.statusCode).toBe(400);
  });

  it('refuses UI schemas that refer to missing fields or unknown widgets', async () => {
    const ui = readJson('schemas/steps/companyDetails.ui.json');
    ui.organizationInfo.nickname = { 'ui:placeholder': 'x' };
    ui.organizationInfo.companyName['ui:widget'] = 'FancyText';
    const check = await call('POST', '/api/studio/check', product, { baseVersion: await latest(), files: { 'steps/companyDetails.ui.json': ui } });
    const messages = (check.json().problems as Json[]).map((p) => `${p.pointer}: ${p.message}`);
    expect(messages).toContainEqual(expect.stringMatching(/^\/organizationInfo\/nickname: .*"nickname", which is not a field/));
    expect(messages).toContainEqual(expect.stringMatching(/^\/organizationInfo\/companyName\/ui:widget: Unknown widget "FancyText"/));
  });

  it('refuses drafts that drop the protected core (identity, stakeholder list rules)', async () => {
    const applicant = readJson('schemas/steps/applicantInfo.schema.json');
    applicant.properties.applicantInfo.required = ['email', 'countryCode', 'mobileNo'];
    delete applicant.properties.applicantInfo.properties.fullName.minLength;
    const list = readJson('schemas/stakeholderList.schema.json');
    delete list.maxItems;
    delete list['x-arraySum'];
    const files = { 'steps/applicantInfo.schema.json': applicant, 'stakeholderList.schema.json': list };
    const check = await call('POST', '/api/studio/check', product, { baseVersion: await latest(), files });
    const messages = (check.json().problems as Json[]).map((p) => `${p.path}: ${p.message}`);
    expect(messages).toContainEqual(expect.stringMatching(/^steps\/applicantInfo\.schema\.json: Protected core: applicantInfo\.fullName \(Full name\) must stay required/));
    expect(messages).toContainEqual(expect.stringMatching(/^stakeholderList\.schema\.json: Protected core: the limit of 50 stakeholders/));
    expect(messages).toContainEqual(expect.stringMatching(/^stakeholderList\.schema\.json: Protected core: the rule that shareholders hold at most 100 %/));
    const publish = await call('POST', '/api/studio/publish', product, { baseVersion: await latest(), files, message: 'relax identity' });
    expect(publish.statusCode).toBe(400);
    expect(publish.json().errors.map((e: Json) => e.message).join('\n')).toContain('Protected core');

    const removed = await call('POST', '/api/studio/check', product, { baseVersion: await latest(), files: { 'stakeholderList.schema.json': null } });
    expect(removed.json().problems.map((p: Json) => p.message).join('\n')).toMatch(/Protected core/);
  });

  it('keeps the core on every save, whatever the content says', async () => {
    const { prospectId, version } = await createProspect();
    const blank = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, agent, {
      prospect: { applicantInfo: { fullName: '', email: 'aisha@falcon.ae', countryCode: '971', mobileNo: '501234567' } },
      saveType: 'auto',
      version,
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toContainEqual({ errorCode: 'MINLENGTH', message: 'Full name is not filled', field: 'prospect.applicantInfo.fullName' });
    const notAList = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, customer, { prospect: { signatoryInfo: 'everyone' }, saveType: 'auto', version });
    expect(notAList.statusCode).toBe(400);
    expect(notAList.json().errors).toContainEqual({ errorCode: 'TYPE', message: 'Company stakeholders are invalid', field: 'prospect.signatoryInfo' });
  });

  it('publishes a new optional field, which a save then keeps', async () => {
    const schema = structuredClone(companySchema);
    schema.properties.organizationInfo.properties.someNewField = { type: 'string', title: 'Trading name', maxLength: 30, errorMessage: { maxLength: 'Maximum 30 characters allowed' } };
    const ui = readJson('schemas/steps/companyDetails.ui.json');
    ui.organizationInfo.someNewField = { 'ui:placeholder': 'Optional' };
    const files = { [COMPANY]: schema, 'steps/companyDetails.ui.json': ui };
    const check = await call('POST', '/api/studio/check', product, { baseVersion: await latest(), files });
    expect(check.json().problems).toEqual([]);
    expect(check.json().fixtures.failed).toBe(0);
    expect(check.json().breaking.newlyFailing).toBe(0);
    const published = await call('POST', '/api/studio/publish', product, { baseVersion: await latest(), files, message: 'Trading name' });
    expect(published.statusCode, published.body).toBe(201);

    const { prospectId, version } = await createProspect();
    const saved = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, customer, {
      prospect: { organizationInfo: { companyName: 'Falcon Trading LLC', someNewField: 'Falcon' } },
      saveType: 'auto',
      version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const reloaded = await call('GET', `/api/usertypes/sme/prospects/${prospectId}`, customer);
    expect(reloaded.json().prospect.organizationInfo.someNewField).toBe('Falcon');
    const tooLong = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, customer, {
      prospect: { organizationInfo: { companyName: 'Falcon Trading LLC', someNewField: 'x'.repeat(31) } },
      saveType: 'auto',
      version: saved.json().version,
    });
    expect(tooLong.json().errors).toContainEqual({ errorCode: 'MAXLENGTH', message: 'Maximum 30 characters allowed', field: 'prospect.organizationInfo.someNewField' });
  });

  it('runs a fixture file as the CLI does; a bad file gets field errors', async () => {
    const good = await call('POST', '/api/studio/fixtures/run', product, { fixtures: readJson('fixtures/companyDetails/rules.json'), fileName: 'rules.json' });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().failed).toBe(0);
    expect(good.json().passed).toBe(readJson('fixtures/companyDetails/rules.json').length);

    const wrong = { schema: 'steps/companyDetails', description: 'wrong expectation', data: { organizationInfo: { companyName: 'A', noOfEmployees: 3 }, orgKYCDetails: { companyCategory: 'LLC' } }, expect: [{ path: '/organizationInfo/companyName', message: 'Company name is invalid' }] };
    const failing = await call('POST', '/api/studio/fixtures/run', product, { fixtures: wrong });
    expect(failing.json()).toMatchObject({ passed: 0, failed: 1, results: [{ file: 'fixture.json', name: 'wrong expectation', ok: false, expected: wrong.expect, actual: [] }] });
    expect(failing.json().results[0].message).toBe('fixture.json: /organizationInfo/companyName: expected "Company name is invalid" but it was not reported');

    const draft = await call('POST', '/api/studio/fixtures/run', product, {
      fixtures: { schema: 'steps/companyDetails', data: { organizationInfo: { companyName: longName(45), noOfEmployees: 3 }, orgKYCDetails: { companyCategory: 'LLC' } }, expect: [{ path: '/organizationInfo/companyName', message: 'Maximum 40 characters allowed' }] },
      baseVersion: await latest(),
      files: { [COMPANY]: withCompanyNameMax(40) },
    });
    expect(draft.json()).toMatchObject({ passed: 1, failed: 0 });

    const bad = await call('POST', '/api/studio/fixtures/run', product, { fixtures: [{ schema: 'steps/companyDetails', data: {} }, 'nope'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorType).toBe('FieldsValidation');
    expect(bad.json().errors.map((e: Json) => e.field)).toEqual(['fixtures[0].expect', 'fixtures[1]']);
  });

  it('publishes one of two concurrent drafts on the same base; the other gets 409', async () => {
    const base = await latest();
    const current = (await call('GET', `/api/studio/versions/${base}`, product)).json().files[COMPANY];
    const draft = (max: number) => {
      const schema = structuredClone(current);
      schema.properties.organizationInfo.properties.companyName.maxLength = max;
      return { [COMPANY]: schema };
    };
    const [a, b] = await Promise.all([
      call('POST', '/api/studio/publish', product, { baseVersion: base, files: draft(48), message: 'A' }),
      call('POST', '/api/studio/publish', product, { baseVersion: base, files: draft(49), message: 'B' }),
    ]);
    expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([201, 409]);
    expect(await latest()).toBe(base + 1);
  });

  it('refuses taking the basic information step out of the flows', async () => {
    const flows = readJson('schemas/flows.json');
    flows.applicantInfo.steps = flows.applicantInfo.steps.filter((s: Json) => s.step !== 'applicantInfo');
    flows.applicantInfo.steps.push({ step: 'companyDetails', title: 'Company' });
    const check = await call('POST', '/api/studio/check', product, { baseVersion: await latest(), files: { 'flows.json': flows } });
    expect(check.json().problems).toContainEqual({ path: 'flows.json', message: expect.stringMatching(/^Protected core: the applicantInfo step must stay in a flow/) });
  });

  it('keeps an audit trail of studio actions', async () => {
    const res = await call('GET', '/api/studio/audit?limit=100', product);
    expect(res.statusCode).toBe(200);
    const entries = res.json().entries as Json[];
    const publish = entries.find((e) => e.action === 'studio.publish' && e.detail.version === 2);
    expect(publish).toMatchObject({ actor: 'Studio Editor', detail: { baseVersion: 1, message: 'Company name at most 40 characters', files: [COMPANY] } });
    expect(entries.find((e) => e.action === 'studio.rollback')).toMatchObject({ actor: 'Studio Editor', detail: { version: 3, toVersion: 1, fromVersion: 2 } });
    expect(entries.some((e) => e.action === 'studio.check')).toBe(true);
    expect(new Date(entries[0]!.at).getTime()).toBeGreaterThanOrEqual(new Date(entries.at(-1)!.at).getTime());
    const limited = await call('GET', '/api/studio/audit?limit=1', product);
    expect(limited.json().entries).toHaveLength(1);
  });
});
