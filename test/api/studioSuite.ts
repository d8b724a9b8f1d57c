import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setToday } from '../../src/validation/clock';
import { signInProductUser } from './authHelpers';
import { startApp, type TestDatabase } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const root = join(import.meta.dirname, '..', '..');
const readJson = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as Json;
const COMPANY = 'steps/companyDetails.schema.json';
const COMPANY_UI = 'steps/companyDetails.ui.json';
const NAME_MESSAGE = '/properties/organizationInfo/properties/companyName/errorMessage/maxLength';
const NAME_HELP = '/organizationInfo/companyName/ui:help';
const longName = (n: number) => 'Falcon Trading '.padEnd(n, 'x');

/**
 * The studio API's tests, declared once and run by one file per database (studio.pglite.test.ts,
 * studio.postgres.test.ts): a check or a publication generates every step's validators, so the suite is the API
 * project's longest, and two files let the two workers run the databases side by side.
 */
export function studioSuite(db: () => TestDatabase): void {
  let app: FastifyInstance;
  let product: string;
  let reviewer: string;
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

  /**
   * The company step of `files` (a version's) with companyName limited to `max` characters and the texts that state
   * the limit saying the new one, in English and Arabic (the check refuses a message or help naming the old limit).
   * `message` rewrites the English message instead (its Arabic then says the limit in its own words).
   */
  function companyNameLimit(files: Json, max: number, message?: string): Json {
    const schema = structuredClone(files[COMPANY]);
    const ui = structuredClone(files[COMPANY_UI]);
    const arabic = structuredClone(files['i18n/ar.json']);
    const field = schema.properties.organizationInfo.properties.companyName;
    const old = String(field.maxLength);
    const swap = (text: string) => text.replaceAll(old, String(max));
    field.maxLength = max;
    field.errorMessage.maxLength = message ?? swap(field.errorMessage.maxLength);
    arabic.texts[COMPANY][NAME_MESSAGE] = message ? `الحد الأقصى ${max} حرفًا` : swap(arabic.texts[COMPANY][NAME_MESSAGE]);
    ui.organizationInfo.companyName['ui:help'] = swap(ui.organizationInfo.companyName['ui:help']);
    arabic.texts[COMPANY_UI][NAME_HELP] = swap(arabic.texts[COMPANY_UI][NAME_HELP]);
    return { [COMPANY]: schema, [COMPANY_UI]: ui, 'i18n/ar.json': arabic };
  }

  /** Version 1's company step limited to `max` characters, its message rewritten (with its Arabic) and its help following. */
  const companyNameMax = (max: number): Json =>
    companyNameLimit({ [COMPANY]: companySchema, [COMPANY_UI]: readJson(`schemas/${COMPANY_UI}`), 'i18n/ar.json': readJson('schemas/i18n/ar.json') }, max, `Maximum ${max} characters allowed`);

  /** The Arabic catalogue of the latest version with translations of one file added or changed. */
  async function arabicWith(file: string, texts: Record<string, string>): Promise<Json> {
    const catalogue = structuredClone((await call('GET', `/api/studio/versions/${await latest()}`, product)).json().files['i18n/ar.json']);
    catalogue.texts[file] = { ...catalogue.texts[file], ...texts };
    return catalogue;
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

  /** The hash of the server's check of a draft, as the studio sends it back to confirm what the check found. */
  async function checkHash(baseVersion: number, files: Json): Promise<string> {
    const res = await call('POST', '/api/studio/check', product, { baseVersion, files });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().checkHash;
  }


  /** A draft of `files` on `baseVersion`, written by the first product user (the author) and submitted for review. */
  async function submittedDraft(baseVersion: number, files: Json, name = 'Draft'): Promise<Json> {
    const created = await call('POST', '/api/studio/drafts', product, { name, baseVersion, files });
    expect(created.statusCode, created.body).toBe(201);
    const submitted = await call('POST', `/api/studio/drafts/${created.json().id}/submit`, product, { revision: created.json().revision });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().status).toBe('in_review');
    return submitted.json();
  }

  /** The reviewer's approval, confirming `acknowledge` (a check hash) when given. */
  async function approve(draft: Json, acknowledge?: string): Promise<Json> {
    const res = await call('POST', `/api/studio/drafts/${draft.id}/review`, reviewer, { revision: draft.revision, decision: 'approve', ...(acknowledge ? { acknowledge } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', approvedBy: 'Rana Reviewer' });
    return res.json();
  }

  /** The reviewer's check of a stored draft: its hash is what an approval confirms. */
  async function draftCheckHash(draft: Json): Promise<string> {
    const res = await call('POST', `/api/studio/drafts/${draft.id}/check`, reviewer);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().checkHash;
  }

  /**
   * A draft the check refuses: its submission for review is refused (409) naming its problems, and it stays a draft
   * nobody can approve or publish. The 409's answer and the draft are returned.
   */
  async function submissionRefused(baseVersion: number, files: Json, name: string) {
    const created = await call('POST', '/api/studio/drafts', product, { name, baseVersion, files });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json();
    const res = await call('POST', `/api/studio/drafts/${draft.id}/submit`, product, { revision: draft.revision });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errorType).toBe('DraftHasProblems');
    expect(res.json().errors.every((e: Json) => e.errorCode === 'BLOCKING_PROBLEM' && e.message.startsWith('Cannot submit for review while the check finds this problem'))).toBe(true);
    expect((await call('GET', `/api/studio/drafts/${draft.id}`, product)).json()).toMatchObject({ status: 'draft', events: [{ action: 'created' }] });
    expect((await call('POST', `/api/studio/drafts/${draft.id}/review`, reviewer, { revision: draft.revision, decision: 'approve' })).json().errors[0].errorCode).toBe('NOT_IN_REVIEW');
    expect((await call('POST', `/api/studio/drafts/${draft.id}/publish`, reviewer, {})).json().errors[0].errorCode).toBe('NOT_APPROVED');
    return { answer: res.json() as Json, draft: draft as Json };
  }

  /** Author writes and submits, reviewer approves (confirming the check when it needs it) and publishes. */
  async function publishReviewed(baseVersion: number, files: Json, message: string, confirm = true) {
    const draft = await submittedDraft(baseVersion, files, message);
    const approved = await approve(draft, confirm ? await draftCheckHash(draft) : undefined);
    return call('POST', `/api/studio/drafts/${approved.id}/publish`, reviewer, { message });
  }

  beforeAll(async () => {
    setToday('2026-01-15');
    app = await startApp(db(), { encryption: 'off' });
    const issue = async (p: Json) => ((await app.tokenService.issue(p as never)) as { access_token: string }).access_token;
    customer = await issue({ sub: 'c:971501234567', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '501234567', email: 'aisha@falcon.ae' });
    agent = await issue({ sub: 'u:ro1', kind: 'staff', roles: ['agent'], roCode: 'RO123', name: 'Omar' });
    product = await signInProductUser(app);
    reviewer = await signInProductUser(app, 'studio.reviewer', 'Rana Reviewer');
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
    ['POST', '/api/studio/rollback', { toVersion: 1 }],
    ['GET', '/api/studio/drafts'],
    ['POST', '/api/studio/drafts', { name: 'x' }],
    ['GET', '/api/studio/drafts/00000000-0000-4000-8000-000000000000'],
    ['PUT', '/api/studio/drafts/00000000-0000-4000-8000-000000000000', { revision: 1, files: {} }],
    ['POST', '/api/studio/drafts/00000000-0000-4000-8000-000000000000/submit', { revision: 1 }],
    ['POST', '/api/studio/drafts/00000000-0000-4000-8000-000000000000/review', { revision: 1, decision: 'approve' }],
    ['POST', '/api/studio/drafts/00000000-0000-4000-8000-000000000000/publish', {}],
    ['POST', '/api/studio/drafts/00000000-0000-4000-8000-000000000000/rebase', { revision: 1 }],
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
    // The English message rewritten without its Arabic: the Arabic still says 50, a problem naming the field; the
    // help texts still say "up to 50 characters" in both languages: customers would read the old limit.
    const stale = await call('POST', '/api/studio/check', product, { baseVersion: 1, files: { [COMPANY]: withCompanyNameMax(40) } });
    expect(stale.json().problems).toEqual([
      {
        path: COMPANY,
        pointer: '/properties/organizationInfo/properties/companyName/errorMessage/maxLength',
        message:
          'The Arabic translation of the error message of organizationInfo.companyName.maxLength (steps/companyDetails.schema.json) is out of date: the English now says “Maximum 40 characters allowed” but the Arabic was not changed. Update the Arabic text before publishing.',
      },
      { path: COMPANY_UI, pointer: NAME_HELP, message: expect.stringMatching(/^The help text of organizationInfo\.companyName says "As on the trade license, up to 50 characters\..*", but the field's maxLength is 40 \(was 50\): state the field's limit in it$/) },
      { path: 'i18n/ar.json', pointer: `/texts/steps~1companyDetails.schema.json/${NAME_MESSAGE.replaceAll('/', '~1')}`, message: expect.stringMatching(/^The Arabic of the message of maxLength of organizationInfo\.companyName says "اسم الشركة أطول من المسموح: 50 حرفًا كحد أقصى", but the field's maxLength is 40 \(was 50\)/) },
      { path: 'i18n/ar.json', pointer: `/texts/steps~1companyDetails.ui.json/${NAME_HELP.replaceAll('/', '~1')}`, message: expect.stringContaining("The Arabic of the help text of organizationInfo.companyName says \"كما هو مكتوب في الرخصة التجارية، حتى 50 حرفًا") },
    ]);
    const res = await call('POST', '/api/studio/check', product, { baseVersion: 1, files: companyNameMax(40) });
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

    const sampled = await call('POST', '/api/studio/check', product, { baseVersion: 1, files: companyNameMax(40), sample: 1, step: 'applicantInfo' });
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

    // The server runs the check itself: failing fixtures and broken applications need the approver's
    // confirmation of that very check result (its hash).
    const draft40 = await submittedDraft(1, companyNameMax(40), 'Company name at most 40 characters');
    const publishIt = (token = reviewer) => call('POST', `/api/studio/drafts/${draft40.id}/publish`, token, { message: 'Company name at most 40 characters' });
    const notApproved = await publishIt();
    expect(notApproved.statusCode).toBe(409);
    expect(notApproved.json()).toMatchObject({ errorType: 'NotApproved', errors: [{ errorCode: 'NOT_APPROVED' }] });
    await approve(draft40);
    const unconfirmed = await publishIt();
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toMatchObject({ errorType: 'CheckNotAcknowledged', errors: [{ errorCode: 'ACKNOWLEDGEMENT_REQUIRED', field: 'acknowledge' }] });
    await approve(draft40, '0'.repeat(64));
    const forged = await publishIt();
    expect(forged.json().errors[0].errorCode).toBe('ACKNOWLEDGEMENT_STALE');
    await approve(draft40, await draftCheckHash(draft40));
    const byAuthor = await publishIt(product);
    expect(byAuthor.statusCode).toBe(403);
    expect(byAuthor.json().errors[0]).toMatchObject({ errorCode: 'OWN_DRAFT', message: 'You wrote this draft: the colleague who reviewed it publishes it' });
    const published = await publishIt();
    expect(published.statusCode, published.body).toBe(201);
    expect(published.json()).toMatchObject({ version: 2, draft: { status: 'published', publishedVersion: 2, author: 'Studio Editor', approvedBy: 'Rana Reviewer' } });
    const again = await publishIt();
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].errorCode).toBe('DRAFT_CLOSED');

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

    const stale = await publishReviewed(1, companyNameMax(45), 'Someone else');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0]).toMatchObject({ errorCode: 'STALE_BASE_VERSION', field: 'baseVersion' });

    const diff = await call('GET', '/api/studio/diff?from=1&to=2', product);
    expect(diff.statusCode).toBe(200);
    expect(diff.json()).toEqual({
      from: 1,
      to: 2,
      files: [
        {
          path: 'i18n/ar.json',
          status: 'changed',
          // In the file's own key order (versions are stored as text since migrations/026; jsonb sorted keys by length).
          changes: [
            {
              pointer: '/texts/steps~1companyDetails.schema.json/~1properties~1organizationInfo~1properties~1companyName~1errorMessage~1maxLength',
              before: 'اسم الشركة أطول من المسموح: 50 حرفًا كحد أقصى',
              after: 'الحد الأقصى 40 حرفًا',
            },
            {
              pointer: `/texts/steps~1companyDetails.ui.json/${NAME_HELP.replaceAll('/', '~1')}`,
              before: 'كما هو مكتوب في الرخصة التجارية، حتى 50 حرفًا. يُسمح بالأحرف اللاتينية والأرقام والمسافات والرموز . , @ # % * ( ) / & \' -',
              after: 'كما هو مكتوب في الرخصة التجارية، حتى 40 حرفًا. يُسمح بالأحرف اللاتينية والأرقام والمسافات والرموز . , @ # % * ( ) / & \' -',
            },
          ],
        },
        {
          path: COMPANY,
          status: 'changed',
          changes: [
            { pointer: '/properties/organizationInfo/properties/companyName/maxLength', before: 50, after: 40 },
            { pointer: '/properties/organizationInfo/properties/companyName/errorMessage/maxLength', before: 'Company name is too long: use at most 50 characters', after: 'Maximum 40 characters allowed' },
          ],
        },
        {
          // The help text followed the limit (the check refuses one still saying 50).
          path: COMPANY_UI,
          status: 'changed',
          changes: [
            {
              pointer: NAME_HELP,
              before: "As on the trade license, up to 50 characters. Latin letters (A-Z), digits, spaces and . , @ # % * ( ) / & ' - are allowed.",
              after: "As on the trade license, up to 40 characters. Latin letters (A-Z), digits, spaces and . , @ # % * ( ) / & ' - are allowed.",
            },
          ],
        },
      ],
      changes: [
        expect.objectContaining({
          where: 'Company Details',
          kind: 'changed',
          text: 'Arabic of the error message of organizationInfo.companyName.maxLength: "اسم الشركة أطول من المسموح: 50 حرفًا كحد أقصى" → "الحد الأقصى 40 حرفًا"',
          path: 'i18n/ar.json',
        }),
        expect.objectContaining({ where: 'Company Details', kind: 'changed', text: expect.stringMatching(/^Arabic of the help text of organizationInfo\.companyName: ".*حتى 50 حرفًا.*" → ".*حتى 40 حرفًا.*"$/), path: 'i18n/ar.json' }),
        expect.objectContaining({ where: 'Company Details', field: 'Company name', kind: 'changed', text: 'max length 50 → 40' }),
        expect.objectContaining({ where: 'Company Details', field: 'Company name', kind: 'changed', text: 'message when too long "Company name is too long: use at most 50 characters" → "Maximum 40 characters allowed"' }),
        expect.objectContaining({ where: 'Company Details', field: 'Company name', kind: 'changed', path: COMPANY_UI, text: expect.stringMatching(/^help text "As on the trade license, up to 50 characters\..*" → "As on the trade license, up to 40 characters\..*"$/) }),
      ],
    });

    // A rollback is checked like a draft; this one breaks nothing, so it needs no acknowledgement.
    const rollbackCheck = await call('POST', '/api/studio/rollback', product, { toVersion: 1, check: true });
    expect(rollbackCheck.statusCode, rollbackCheck.body).toBe(200);
    expect(rollbackCheck.json()).toMatchObject({ problems: [], needsAcknowledgement: false, checkHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // ...and a rollback is a draft like any other: reviewed by a colleague, then published.
    const rollbackDraft = await call('POST', '/api/studio/rollback', product, { toVersion: 1 });
    expect(rollbackDraft.statusCode, rollbackDraft.body).toBe(201);
    expect(rollbackDraft.json()).toMatchObject({ draft: { kind: 'rollback', rollbackTo: 1, baseVersion: 2, status: 'draft', name: 'Rollback to version 1', author: 'Studio Editor' }, check: { problems: [], needsAcknowledgement: false } });
    const rbSubmitted = await call('POST', `/api/studio/drafts/${rollbackDraft.json().draft.id}/submit`, product, { revision: rollbackDraft.json().draft.revision });
    await approve(rbSubmitted.json());
    const rolledBack = await call('POST', `/api/studio/drafts/${rollbackDraft.json().draft.id}/publish`, reviewer, { message: 'Back to 50' });
    expect(rolledBack.statusCode, rolledBack.body).toBe(201);
    expect(rolledBack.json().version).toBe(3);
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
    expect(tooLong.json().errors).toContainEqual({ errorCode: 'MAXLENGTH', message: 'Company name is too long: use at most 50 characters', field: 'prospect.organizationInfo.companyName' });

    const latestAgain = await call('POST', '/api/studio/rollback', product, { toVersion: 3 });
    expect(latestAgain.statusCode).toBe(400);
    expect(latestAgain.json().errors[0].errorCode).toBe('ALREADY_LATEST');
    const unknown = await call('POST', '/api/studio/rollback', product, { toVersion: 42 });
    expect(unknown.statusCode).toBe(404);
    const same = await publishReviewed(3, { [COMPANY]: companySchema }, 'No change');
    expect(same.statusCode).toBe(400);
    expect(same.json().errors[0].errorCode).toBe('NO_CHANGES');
  }, 180_000); // the server runs the whole check for every publication and rollback

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
    const publish = await submissionRefused(await latest(), files, 'broken');
    expect(publish.answer.errors[0].field).toBe(`files.${COMPANY}#/properties/organizationInfo/properties/companyName/maxLength`);

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
    await submissionRefused(await latest(), { [COMPANY]: schema }, 'misuse');
  });

  it('refuses numeric constraints a form cannot use: a length of 99999999999999999999, a fractional or negative count, an unbounded maximum', async () => {
    const base = await latest();
    const files = (await call('GET', `/api/studio/versions/${base}`, product)).json().files;
    // What the studio's field form sent before it refused it: 99999999999999999999 as JSON is 1e20.
    const huge = companyNameLimit(files, JSON.parse('99999999999999999999') as number);
    const check = await call('POST', '/api/studio/check', product, { baseVersion: base, files: huge });
    expect(check.statusCode, check.body).toBe(200);
    const problems = check.json().problems as Json[];
    expect(problems).toContainEqual({ path: COMPANY, pointer: '/properties/organizationInfo/properties/companyName/maxLength', message: 'maxLength must be a whole number from 0 to 100000 (it is 100000000000000000000)' });
    await submissionRefused(base, huge, 'maxLength');

    const schema = structuredClone(files[COMPANY]);
    const org = schema.properties.organizationInfo.properties;
    org.companyName.minLength = 1.5;
    org.companyName.maxLength = -1;
    const numeric = Object.entries(org).find(([, f]) => (f as Json).type === 'number' || (f as Json).type === 'integer');
    if (numeric) (numeric[1] as Json).maximum = 1e16;
    const pointers = ((await call('POST', '/api/studio/check', product, { baseVersion: base, files: { [COMPANY]: schema } })).json().problems as Json[]).map((p) => p.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/properties/organizationInfo/properties/companyName/minLength', '/properties/organizationInfo/properties/companyName/maxLength']));
    if (numeric) expect(pointers).toContain(`/properties/organizationInfo/properties/${numeric[0]}/maximum`);
    // The same step within the limits has no such problem (the published content keeps them).
    const fine = await call('POST', '/api/studio/check', product, { baseVersion: base, files: companyNameLimit(files, 80) });
    expect((fine.json().problems as Json[]).filter((p) => /must be a (whole )?number from/.test(p.message))).toEqual([]);
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

  it('refuses UI-schema keys outside the vocabulary and form logic that is malformed or names missing fields', async () => {
    const ui = readJson('schemas/steps/companyDetails.ui.json');
    ui.organizationInfo.companyName['ui:options'] = { showWhen: { path: 'x', equals: 1 } };
    ui.organizationInfo.companyName['ui:logic'] = { visibleWhen: { '===': [1, 1] }, disabledWhen: { filled: { var: '/organizationInfo/noSuchField' } } };
    const files = { 'steps/companyDetails.ui.json': ui };
    const check = await call('POST', '/api/studio/check', product, { baseVersion: await latest(), files });
    const messages = (check.json().problems as Json[]).map((p) => `${p.pointer}: ${p.message}`);
    expect(messages).toContainEqual(expect.stringMatching(/^\/organizationInfo\/companyName\/ui:options\/showWhen: Unknown UI schema key "showWhen"/));
    expect(messages).toContainEqual(expect.stringMatching(/^\/organizationInfo\/companyName\/ui:logic\/visibleWhen: Malformed expression: .*unknown operator "==="/));
    expect(messages).toContainEqual(expect.stringMatching(/^\/organizationInfo\/companyName\/ui:logic\/disabledWhen: "\/organizationInfo\/noSuchField" is not a field of any step/));
    await submissionRefused(await latest(), files, 'unknown option');
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
    const publish = await submissionRefused(await latest(), files, 'relax identity');
    expect(publish.answer.errors.map((e: Json) => e.message).join('\n')).toContain('Protected core');

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
    expect(notAList.json().errors).toContainEqual({ errorCode: 'TYPE', message: 'Company stakeholders must be a list: add them with Add a stakeholder', field: 'prospect.signatoryInfo' });
  });

  it('publishes a new optional field, which a save then keeps', async () => {
    const schema = structuredClone(companySchema);
    schema.properties.organizationInfo.properties.someNewField = { type: 'string', title: 'Trading name', maxLength: 30, errorMessage: { maxLength: 'Maximum 30 characters allowed' } };
    const ui = readJson('schemas/steps/companyDetails.ui.json');
    ui.organizationInfo.someNewField = { 'ui:placeholder': 'Optional' };
    const files = {
      [COMPANY]: schema,
      'steps/companyDetails.ui.json': ui,
      'i18n/ar.json': await arabicWith(COMPANY, {
        '/properties/organizationInfo/properties/someNewField/title': 'الاسم التجاري',
        '/properties/organizationInfo/properties/someNewField/errorMessage/maxLength': 'الحد الأقصى 30 حرفًا',
      }),
    };
    files['i18n/ar.json'].texts['steps/companyDetails.ui.json']['/organizationInfo/someNewField/ui:placeholder'] = 'اختياري';
    const check = await call('POST', '/api/studio/check', product, { baseVersion: await latest(), files });
    expect(check.json().problems).toEqual([]);
    expect(check.json().fixtures.failed).toBe(0);
    expect(check.json().breaking.newlyFailing).toBe(0);
    const published = await publishReviewed(await latest(), files, 'Trading name');
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
    const current = (await call('GET', `/api/studio/versions/${base}`, product)).json().files;
    const draft = (max: number) => companyNameLimit(current, max);
    const [draftA, draftB] = [await submittedDraft(base, draft(48), 'A'), await submittedDraft(base, draft(49), 'B')];
    await approve(draftA, await draftCheckHash(draftA));
    await approve(draftB, await draftCheckHash(draftB));
    const [a, b] = await Promise.all([
      call('POST', `/api/studio/drafts/${draftA.id}/publish`, reviewer, { message: 'A' }),
      call('POST', `/api/studio/drafts/${draftB.id}/publish`, reviewer, { message: 'B' }),
    ]);
    expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([201, 409]);
    expect(await latest()).toBe(base + 1);
  }, 180_000); // the server runs the whole check for every publication and rollback

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
    // The colleague who approved publishes; the author is kept with the version.
    expect(publish).toMatchObject({ actor: 'Rana Reviewer', detail: { baseVersion: 1, message: 'Company name at most 40 characters', files: ['i18n/ar.json', COMPANY, COMPANY_UI], author: 'Studio Editor', approvedBy: 'Rana Reviewer' } });
    expect(entries.find((e) => e.action === 'studio.rollback')).toMatchObject({ actor: 'Rana Reviewer', detail: { version: 3, toVersion: 1, fromVersion: 2, author: 'Studio Editor' } });
    expect(entries.some((e) => e.action === 'studio.draft.approve' && e.actor === 'Rana Reviewer')).toBe(true);
    expect(entries.some((e) => e.action === 'studio.draft.submit' && e.actor === 'Studio Editor')).toBe(true);
    expect(entries.some((e) => e.action === 'studio.check')).toBe(true);
    expect(new Date(entries[0]!.at).getTime()).toBeGreaterThanOrEqual(new Date(entries.at(-1)!.at).getTime());
    const limited = await call('GET', '/api/studio/audit?limit=1', product);
    expect(limited.json().entries).toHaveLength(1);
  });

  it('keeps drafts on the server, shared by product staff: autosave with a revision check, review by another user', async () => {
    const base = await latest();
    const current = (await call('GET', `/api/studio/versions/${base}`, product)).json().files[COMPANY];
    const renamed = structuredClone(current);
    renamed.properties.organizationInfo.properties.companyName.title = 'Name of the company';
    // With its Arabic: a label whose Arabic is out of date could not be submitted for review.
    const renamedFiles = { [COMPANY]: renamed, 'i18n/ar.json': await arabicWith(COMPANY, { '/properties/organizationInfo/properties/companyName/title': 'اسم الشركة بالكامل' }) };
    const created = await call('POST', '/api/studio/drafts', product, { name: 'Company name label' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(created.json()).toMatchObject({ baseVersion: base, revision: 1, status: 'draft', author: 'Studio Editor', changedFiles: [], files: {}, latestVersion: base });
    const url = `/api/studio/drafts/${id}`;

    // A colleague lists and opens it.
    expect((await call('GET', '/api/studio/drafts', reviewer)).json().drafts.map((d: Json) => d.id)).toContain(id);
    expect((await call('GET', url, reviewer)).json()).toMatchObject({ id, name: 'Company name label', author: 'Studio Editor' });

    const saved = await call('PUT', url, product, { revision: 1, files: renamedFiles });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ revision: 2, changedFiles: ['i18n/ar.json', COMPANY], updatedBy: 'Studio Editor' });
    const colleague = await call('PUT', url, reviewer, { revision: 2, name: 'Company name: new label' });
    expect(colleague.json()).toMatchObject({ revision: 3, name: 'Company name: new label', updatedBy: 'Rana Reviewer', changedFiles: ['i18n/ar.json', COMPANY] });
    // The author's tab still has revision 2: its autosave is refused, nothing is overwritten.
    const lost = await call('PUT', url, product, { revision: 2, files: {} });
    expect(lost.statusCode).toBe(409);
    expect(lost.json()).toMatchObject({ errorType: 'DraftConflict', errors: [{ errorCode: 'DRAFT_CHANGED', field: 'revision' }] });
    expect(lost.json().errors[0].message).toContain('Rana Reviewer saved this draft meanwhile');
    expect((await call('GET', url, product)).json().files[COMPANY].properties.organizationInfo.properties.companyName.title).toBe('Name of the company');
    const badRevision = await call('PUT', url, product, { revision: 'two', files: {} });
    expect(badRevision.statusCode).toBe(400);
    expect((await call('GET', '/api/studio/drafts/not-a-uuid', product)).statusCode).toBe(400);
    expect((await call('GET', '/api/studio/drafts/00000000-0000-4000-8000-000000000000', product)).statusCode).toBe(404);

    const notSubmitted = await call('POST', `${url}/review`, reviewer, { revision: 3, decision: 'approve' });
    expect(notSubmitted.statusCode).toBe(409);
    expect(notSubmitted.json().errors[0].errorCode).toBe('NOT_IN_REVIEW');
    expect((await call('POST', `${url}/submit`, product, { revision: 2 })).statusCode).toBe(409);
    const submitted = await call('POST', `${url}/submit`, product, { revision: 3, comment: 'Clearer label' });
    expect(submitted.json().status).toBe('in_review');

    // Four eyes: the author cannot approve; asking for changes needs a comment.
    const own = await call('POST', `${url}/review`, product, { revision: 3, decision: 'approve' });
    expect(own.statusCode).toBe(403);
    expect(own.json().errors[0]).toMatchObject({ errorCode: 'OWN_DRAFT', message: 'You wrote this draft: another product user must review it' });
    const noComment = await call('POST', `${url}/review`, reviewer, { revision: 3, decision: 'request_changes' });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().errors[0]).toMatchObject({ errorCode: 'COMMENT_REQUIRED', field: 'comment' });
    const changes = await call('POST', `${url}/review`, reviewer, { revision: 3, decision: 'request_changes', comment: 'Say "Company name (as on the licence)"' });
    expect(changes.json().status).toBe('changes_requested');
    expect((await call('POST', `${url}/publish`, reviewer, {})).json().errors[0].errorCode).toBe('NOT_APPROVED');

    const fixed = structuredClone(renamed);
    fixed.properties.organizationInfo.properties.companyName.title = 'Company name (as on the licence)';
    // The reviewer's approval needs a draft the check accepts: the new label with its Arabic.
    const withArabic = { [COMPANY]: fixed, 'i18n/ar.json': await arabicWith(COMPANY, { '/properties/organizationInfo/properties/companyName/title': 'اسم الشركة (كما في الرخصة التجارية)' }) };
    const v4 = (await call('PUT', url, product, { revision: 3, files: withArabic })).json();
    const resubmitted = await call('POST', `${url}/submit`, product, { revision: v4.revision });
    const approved = await approve(resubmitted.json());
    expect(approved.approvedRevision).toBe(v4.revision);
    // An edit after the approval returns the draft to "draft": the approval no longer counts.
    const edited = await call('PUT', url, product, { revision: approved.revision, files: { [COMPANY]: renamed } });
    expect(edited.json()).toMatchObject({ status: 'draft', approvedBy: null, approvedRevision: null });
    const voided = await call('POST', `${url}/publish`, reviewer, {});
    expect(voided.statusCode).toBe(409);
    expect(voided.json().errors[0]).toMatchObject({ errorCode: 'NOT_APPROVED', message: expect.stringContaining('Only an approved draft can be published') });
    const events = (await call('GET', url, product)).json().events as Json[];
    expect(events.map((e) => e.action)).toEqual(['created', 'submitted for review', 'requested changes', 'submitted for review', 'approved', 'approval voided by an edit']);
    expect(events[2]).toMatchObject({ actor: 'Rana Reviewer', comment: 'Say "Company name (as on the licence)"' });
    expect(events[1]).toMatchObject({ actor: 'Studio Editor', comment: 'Clearer label' });

    const discarded = await call('POST', `${url}/discard`, product, { revision: edited.json().revision });
    expect(discarded.json().status).toBe('discarded');
    expect((await call('GET', '/api/studio/drafts', product)).json().drafts.map((d: Json) => d.id)).not.toContain(id);
    expect((await call('GET', '/api/studio/drafts?all=true', product)).json().drafts.map((d: Json) => d.id)).toContain(id);
    expect((await call('PUT', url, product, { revision: discarded.json().revision, files: {} })).json().errors[0].errorCode).toBe('DRAFT_CLOSED');
  });

  it('refuses a publication whose approved check result is out of date', async () => {
    const base = await latest();
    const changes = companyNameLimit((await call('GET', `/api/studio/versions/${base}`, product)).json().files, 20);
    await createProspect('Falcon Trading Company 1');
    const draft = await submittedDraft(base, changes, 'Company name at most 20');
    const hash = await draftCheckHash(draft);
    // The reviewer's check and an ad-hoc check of the same draft are the same check.
    expect(await checkHash(base, changes)).toBe(hash);
    await approve(draft, hash);
    // Another application that the draft would break is saved after the approval: the server's check differs now.
    await createProspect('Falcon Trading Company 2');
    const stale = await call('POST', `/api/studio/drafts/${draft.id}/publish`, reviewer, {});
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ errorType: 'CheckNotAcknowledged', errors: [{ errorCode: 'ACKNOWLEDGEMENT_STALE', field: 'acknowledge' }] });
    expect(await latest()).toBe(base);
  }, 120_000);

  it('refuses to submit or approve a draft the check refuses, naming the problems; takes it once the author fixed them', async () => {
    const base = await latest();
    const files = (await call('GET', `/api/studio/versions/${base}`, product)).json().files;
    const renamed = structuredClone(files[COMPANY]);
    renamed.properties.organizationInfo.properties.companyName.title = 'Registered company name';
    // The English label rewritten, its Arabic left as published: out of date, which blocks the publication, and so
    // its submission for review (the reviewer could only refuse it).
    const created = await call('POST', '/api/studio/drafts', product, { name: 'Registered company name', baseVersion: base, files: { [COMPANY]: renamed } });
    const draft = created.json();
    const field = `files.${COMPANY}#/properties/organizationInfo/properties/companyName/title`;
    const outOfDate = /The Arabic translation of the label of organizationInfo\.companyName .*is out of date/;
    const notSubmitted = await call('POST', `/api/studio/drafts/${draft.id}/submit`, product, { revision: draft.revision });
    expect(notSubmitted.statusCode).toBe(409);
    expect(notSubmitted.json()).toEqual({
      errorType: 'DraftHasProblems',
      errors: [{ errorCode: 'BLOCKING_PROBLEM', field, message: expect.stringMatching(new RegExp(`^Cannot submit for review while the check finds this problem \\(fix it first\\): ${outOfDate.source}`)) }],
    });
    expect((await call('GET', `/api/studio/drafts/${draft.id}`, product)).json()).toMatchObject({ status: 'draft', events: [{ action: 'created' }] });

    // A draft in review that the check refuses (submitted before the check knew this problem): its approval is refused too.
    await app.database.db.updateTable('studio_drafts').set({ status: 'in_review' }).where('id', '=', draft.id).execute();
    const refused = await call('POST', `/api/studio/drafts/${draft.id}/review`, reviewer, { revision: draft.revision, decision: 'approve' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      errorType: 'DraftHasProblems',
      errors: [{ errorCode: 'BLOCKING_PROBLEM', field, message: expect.stringMatching(new RegExp(`^Cannot approve while the check finds this problem \\(the author fixes it first\\): ${outOfDate.source}`)) }],
    });
    expect((await call('GET', `/api/studio/drafts/${draft.id}`, reviewer)).json()).toMatchObject({ status: 'in_review', approvedBy: null });
    // Asking for changes stays possible (it is how the reviewer says what to fix).
    const changes = await call('POST', `/api/studio/drafts/${draft.id}/review`, reviewer, { revision: draft.revision, decision: 'request_changes', comment: 'The Arabic label is missing' });
    expect(changes.json().status).toBe('changes_requested');

    const fixed = await call('PUT', `/api/studio/drafts/${draft.id}`, product, {
      revision: changes.json().revision,
      files: { [COMPANY]: renamed, 'i18n/ar.json': await arabicWith(COMPANY, { '/properties/organizationInfo/properties/companyName/title': 'اسم الشركة المسجل' }) },
    });
    const resubmitted = await call('POST', `/api/studio/drafts/${draft.id}/submit`, product, { revision: fixed.json().revision });
    await approve(resubmitted.json());
    await call('POST', `/api/studio/drafts/${draft.id}/discard`, product, { revision: resubmitted.json().revision });
  }, 120_000);

  it('refuses a limit whose message and help still state the old one (customers were told "at most 50" after 40)', async () => {
    const base = await latest();
    const files = (await call('GET', `/api/studio/versions/${base}`, product)).json().files;
    const limited = structuredClone(files[COMPANY]);
    const old = limited.properties.organizationInfo.properties.companyName.maxLength as number;
    limited.properties.organizationInfo.properties.companyName.maxLength = old - 10;
    const check = await call('POST', '/api/studio/check', product, { baseVersion: base, files: { [COMPANY]: limited } });
    expect(check.statusCode, check.body).toBe(200);
    const arabicPointer = (file: string, pointer: string) => `/texts/${file.replaceAll('/', '~1')}/${pointer.replaceAll('/', '~1')}`;
    expect(check.json().problems.map((p: Json) => [p.path, p.pointer])).toEqual([
      [COMPANY, NAME_MESSAGE],
      [COMPANY_UI, NAME_HELP],
      ['i18n/ar.json', arabicPointer(COMPANY, NAME_MESSAGE)],
      ['i18n/ar.json', arabicPointer(COMPANY_UI, NAME_HELP)],
    ]);
    const message = files[COMPANY].properties.organizationInfo.properties.companyName.errorMessage.maxLength as string;
    expect(message).toContain(String(old));
    expect(check.json().problems[0].message).toBe(
      `The message of maxLength of organizationInfo.companyName says "${message}", but the field's maxLength is ${old - 10} (was ${old}): state the field's limit in it`,
    );
    // Neither submitted for review, approved nor published: the customer never reads the old limit.
    const { answer: refused, draft } = await submissionRefused(base, { [COMPANY]: limited }, 'Shorter company name');
    expect(refused.errors.map((e: Json) => e.field)).toEqual([
      `files.${COMPANY}#${NAME_MESSAGE}`,
      `files.${COMPANY_UI}#${NAME_HELP}`,
      `files.i18n/ar.json#${arabicPointer(COMPANY, NAME_MESSAGE)}`,
      `files.i18n/ar.json#${arabicPointer(COMPANY_UI, NAME_HELP)}`,
    ]);
    // With every text following the limit (as the field form writes them), the check has nothing to say.
    const following = await call('POST', '/api/studio/check', product, { baseVersion: base, files: companyNameLimit(files, old - 10) });
    expect(following.json().problems).toEqual([]);
    await call('POST', `/api/studio/drafts/${draft.id}/discard`, product, { revision: draft.revision });
  }, 120_000);

  it('reports removing company name as a breaking change, with the applications that hold it', async () => {
    const base = await latest();
    const files = (await call('GET', `/api/studio/versions/${base}`, product)).json().files;
    const schema = structuredClone(files[COMPANY]);
    const org = schema.properties.organizationInfo;
    delete org.properties.companyName;
    org.required = org.required.filter((k: string) => k !== 'companyName');
    delete org.errorMessage.required.companyName;
    const ui = structuredClone(files['steps/companyDetails.ui.json']);
    delete ui.organizationInfo.companyName;
    ui.organizationInfo['ui:order'] = ui.organizationInfo['ui:order'].filter((k: string) => k !== 'companyName');
    const holder = await createProspect('Oryx Removal Test LLC');
    const draft = await submittedDraft(base, { [COMPANY]: schema, 'steps/companyDetails.ui.json': ui }, 'Remove company name');
    const check = await call('POST', `/api/studio/drafts/${draft.id}/check`, reviewer);
    expect(check.statusCode, check.body).toBe(200);
    const result = check.json();
    expect(result.problems).toEqual([]);
    expect(result.needsAcknowledgement).toBe(true);
    const removed = result.breaking.removedFields.find((f: Json) => f.field === 'prospect.organizationInfo.companyName');
    expect(removed).toMatchObject({ label: 'Company name', required: true });
    expect(removed.held).toBeGreaterThan(0);
    expect(result.breaking.applications).toContainEqual({ id: holder.prospectId, company: 'Oryx Removal Test LLC', status: expect.any(String), newlyFailing: expect.any(Boolean), holds: ['prospect.organizationInfo.companyName'] });
    expect(result.diff).toContainEqual(expect.objectContaining({ where: 'Company Details', field: 'Company name', kind: 'removed', text: 'removed' }));
    expect(result.diff).toContainEqual(expect.objectContaining({ field: 'Company name', text: 'no longer required' }));
    // Approved without confirming that result: refused, and the reason names the removal.
    await approve(draft);
    const refused = await call('POST', `/api/studio/drafts/${draft.id}/publish`, reviewer, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0]).toMatchObject({ errorCode: 'ACKNOWLEDGEMENT_REQUIRED' });
    expect(refused.json().errors[0].message).toContain('the removal of Company name');
    expect(await latest()).toBe(base);
  }, 120_000);

  it('diffs one inserted list option as one change, renames and moves by option, and ignores a reordered required list', async () => {
    const base = await latest();
    const files = (await call('GET', `/api/studio/versions/${base}`, product)).json().files;
    const list = structuredClone(files['lists/companyCategory.json']);
    const added = { value: 'SPV', label: 'Special purpose vehicle' };
    list.options.splice(5, 0, added);
    const schema = structuredClone(files[COMPANY]);
    schema.properties.organizationInfo.required.reverse();
    const created = await call('POST', '/api/studio/drafts', product, { name: 'SPV', baseVersion: base, files: { 'lists/companyCategory.json': list, [COMPANY]: schema } });
    const id = created.json().id;
    const diff = (await call('GET', `/api/studio/drafts/${id}/diff`, product)).json();
    expect(diff.files).toEqual([{ path: 'lists/companyCategory.json', status: 'changed', changes: [{ pointer: '/options/5', after: added }] }]);
    expect(diff.changes).toEqual([{ where: 'List Company category', field: 'Special purpose vehicle (SPV)', kind: 'added', text: 'added at position 6', path: 'lists/companyCategory.json', pointer: '/options/5' }]);

    const more = structuredClone(list);
    more.options[0].label = 'Charitable trust';
    more.options.push(more.options.splice(1, 1)[0]);
    await call('PUT', `/api/studio/drafts/${id}`, product, { revision: created.json().revision, files: { 'lists/companyCategory.json': more } });
    const changes = (await call('GET', `/api/studio/drafts/${id}/diff`, product)).json().changes as Json[];
    expect(changes.map((c) => [c.kind, c.field, c.text])).toEqual([
      ['renamed', 'Charitable trust (CT)', 'renamed "Charitable Trust" → "Charitable trust"'],
      ['added', 'Special purpose vehicle (SPV)', `added at position 5`],
      ['moved', 'Educational Institute - Government owned (EIGO)', `moved from position 2 to ${more.options.length}`],
    ]);
  });

  it('lists, in a rollback check, the applications holding fields the old version lacks; a rebase keeps that rollback', async () => {
    // "Trading name" (someNewField) was published after version 3.
    const before = await latest();
    const { prospectId, version } = await createProspect();
    const saved = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, customer, {
      prospect: { organizationInfo: { companyName: 'Falcon Holder LLC', someNewField: 'Falcon' } },
      saveType: 'auto',
      version,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // A draft on the latest version changes the company name's label.
    const latestFiles = (await call('GET', `/api/studio/versions/${before}`, product)).json().files;
    const labelled = structuredClone(latestFiles[COMPANY]);
    labelled.properties.organizationInfo.properties.companyName.title = 'Registered company name';
    const pending = (await call('POST', '/api/studio/drafts', product, { name: 'Label', baseVersion: before, files: { [COMPANY]: labelled } })).json();

    const check = await call('POST', '/api/studio/rollback', product, { toVersion: 3, check: true });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().needsAcknowledgement).toBe(true);
    expect(check.json().breaking.removedFields).toContainEqual({ field: 'prospect.organizationInfo.someNewField', label: 'Trading name', required: false, held: expect.any(Number) });
    expect(check.json().breaking.applications).toContainEqual({ id: prospectId, company: 'Falcon Holder LLC', status: expect.any(String), newlyFailing: expect.any(Boolean), holds: ['prospect.organizationInfo.someNewField'] });

    const created = await call('POST', '/api/studio/rollback', product, { toVersion: 3, name: 'Undo trading name' });
    expect(created.statusCode, created.body).toBe(201);
    const rollback = created.json().draft;
    expect(created.json().check.breaking.applications.map((a: Json) => a.id)).toContain(prospectId);
    const submitted = (await call('POST', `/api/studio/drafts/${rollback.id}/submit`, product, { revision: rollback.revision })).json();
    // The same review as any publication: unconfirmed, the breaking rollback is refused.
    await approve(submitted);
    expect((await call('POST', `/api/studio/drafts/${rollback.id}/publish`, reviewer, {})).json().errors[0].errorCode).toBe('ACKNOWLEDGEMENT_REQUIRED');
    await approve(submitted, await draftCheckHash(submitted));
    const published = await call('POST', `/api/studio/drafts/${rollback.id}/publish`, reviewer, {});
    expect(published.statusCode, published.body).toBe(201);
    const rolledBack = published.json().version as number;
    // The application keeps its data (readable to agents).
    const read = await call('GET', `/api/usertypes/sme/prospects/${prospectId}`, agent);
    expect(read.json().prospect.organizationInfo.someNewField).toBe('Falcon');

    // Rebase: only the draft's own change (the label) is laid onto the rollback; Trading name stays gone.
    const rebased = await call('POST', `/api/studio/drafts/${pending.id}/rebase`, product, { revision: pending.revision });
    expect(rebased.statusCode, rebased.body).toBe(200);
    expect(rebased.json()).toMatchObject({ baseVersion: rolledBack, status: 'draft', changedFiles: [COMPANY] });
    const merged = rebased.json().files[COMPANY];
    expect(merged.properties.organizationInfo.properties.companyName.title).toBe('Registered company name');
    expect(merged.properties.organizationInfo.properties.someNewField).toBeUndefined();
    const v3 = (await call('GET', '/api/studio/versions/3', product)).json().files[COMPANY];
    expect({ ...merged, properties: { ...merged.properties, organizationInfo: { ...merged.properties.organizationInfo, properties: { ...merged.properties.organizationInfo.properties, companyName: v3.properties.organizationInfo.properties.companyName } } } }).toEqual(v3);

    // A value both changed differently is a conflict, named per field, until the draft says which to keep.
    const latestFilesNow = (await call('GET', `/api/studio/versions/${rolledBack}`, product)).json().files;
    const latestNow = latestFilesNow[COMPANY];
    const mine = structuredClone(latestNow);
    mine.properties.organizationInfo.properties.companyName.maxLength = 45;
    const conflicting = (await call('POST', '/api/studio/drafts', product, { name: 'Mine', baseVersion: rolledBack, files: { [COMPANY]: mine } })).json();
    const other = await publishReviewed(rolledBack, companyNameLimit(latestFilesNow, 49), 'Theirs');
    expect(other.statusCode, other.body).toBe(201);
    const pointer = '/properties/organizationInfo/properties/companyName/maxLength';
    const conflict = await call('POST', `/api/studio/drafts/${conflicting.id}/rebase`, product, { revision: conflicting.revision });
    expect(conflict.statusCode).toBe(409);
    expect(Object.keys(conflict.json()).sort()).toEqual(['errorType', 'errors']);
    expect(conflict.json()).toEqual({
      errorType: 'RebaseConflict',
      errors: [
        {
          errorCode: 'MERGE_CONFLICT',
          message: `Company Details · Company name: changed in this draft and in version ${rolledBack + 1}`,
          field: `${COMPANY}#${pointer}`,
          path: COMPANY,
          pointer,
          label: 'Company Details · Company name',
          base: 50,
          draft: 45,
          latest: 49,
        },
      ],
    });
    const resolved = await call('POST', `/api/studio/drafts/${conflicting.id}/rebase`, product, { revision: conflicting.revision, resolve: { [`${COMPANY}#${pointer}`]: 'draft' } });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().files[COMPANY].properties.organizationInfo.properties.companyName.maxLength).toBe(45);
    expect(resolved.json().baseVersion).toBe(rolledBack + 1);
  }, 240_000);
}
