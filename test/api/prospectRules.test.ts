import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_MAX_OPEN_APPLICATIONS } from '../../src/server/config';
import { tooManyApplicationsMessage } from '../../src/shared/serverMessages';
import { describeEachDatabase, startApp } from './helpers';

type Json = Record<string, unknown>;
type Refusal = { errorType: string; errors: { errorCode: string; message: string; field?: string }[] };
const ARABIC = /[\u0600-\u06FF]/;

/**
 * One definition of each rule (QA walk): the protected core takes no limit or message of its own (a name the
 * basic information step allows is accepted), the prospect's fields that no step edits are checked on every
 * create and save from the prospect schema, and a required text of spaces only is not filled.
 */
describeEachDatabase('prospect rules, one definition', (db) => {
  let app: FastifyInstance;
  let owner: string;
  const applicant = { fullName: 'Aisha Al Mansoori', email: 'aisha.rules@falcon.ae', countryCode: '971', mobileNo: '501234321', applyOnbehalf: false };
  const account = { accountType: 'currentAccount', islamicBanking: false };
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, locale?: string) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${owner}`, ...(locale ? { 'accept-language': locale } : {}) }, ...(payload === undefined ? {} : { payload: payload as Json }) });
  const create = (body: Json, locale?: string) => call('POST', '/api/usertypes/sme/prospects', body, locale);

  beforeAll(async () => {
    app = await startApp(db(), { encryption: 'off' });
    const issued = await app.tokenService.issue({ sub: 'c:rules', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: applicant.mobileNo, email: applicant.email } as never);
    owner = (issued as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await app.close();
    await db().cleanup();
  });

  it("accepts a full name as long as the basic information step allows (240, the bank's limit), refuses 241 with the step's message in the request's language", async () => {
    for (const length of [101, 240]) {
      const res = await create({ applicantInfo: { ...applicant, fullName: `A${' b'.repeat((length - 1) / 2)}`.padEnd(length, 'c') }, applicationInfo: account }, 'ar');
      expect(res.statusCode, res.body).toBe(201);
    }
    for (const [locale, message] of [
      ['en', 'Full name is too long: use at most 240 characters'],
      ['ar', 'الاسم الكامل أطول من المسموح: 240 حرفًا كحد أقصى'],
    ] as const) {
      const res = await create({ applicantInfo: { ...applicant, fullName: 'A'.repeat(241) }, applicationInfo: account }, locale);
      expect(res.statusCode).toBe(400);
      expect((res.json() as Refusal).errors).toEqual([{ errorCode: 'MAXLENGTH', message, field: 'prospect.applicantInfo.fullName' }]);
    }
  });

  it("words the core's refusals as the content does, in Arabic too (an identity field emptied by an automatic save)", async () => {
    const created = await create({ applicantInfo: applicant, applicationInfo: account });
    expect(created.statusCode, created.body).toBe(201);
    const { prospectId, version } = created.json() as { prospectId: string; version: number };
    const res = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, { prospect: { applicantInfo: { ...applicant, fullName: '' } }, saveType: 'auto', version }, 'ar');
    expect(res.statusCode).toBe(400);
    expect((res.json() as Refusal).errors).toEqual([{ errorCode: 'MINLENGTH', message: 'يرجى إدخال الاسم الكامل', field: 'prospect.applicantInfo.fullName' }]);
  });

  it('refuses an account type, Islamic choice or value package outside the schema on create and on every save, in the request\'s language', async () => {
    const cases: [Json, string, string, string][] = [
      [{ accountType: 'platinum' }, 'prospect.applicationInfo.accountType', 'Account type: choose one of the options in the list', 'نوع الحساب: يرجى الاختيار من القائمة'],
      [{ accountType: '<b>elite</b>' }, 'prospect.applicationInfo.accountType', 'Account type: choose one of the options in the list', 'نوع الحساب: يرجى الاختيار من القائمة'],
      [{ islamicBanking: 'yes' }, 'prospect.applicationInfo.islamicBanking', 'Islamic banking: choose Conventional or Islamic', 'الخدمات المصرفية الإسلامية: يرجى الاختيار بين تقليدي وإسلامي'],
      [{ rakValuePackage: 'RAKvalue GOLD' }, 'prospect.applicationInfo.rakValuePackage', 'Value package: choose one of the options in the list', 'باقة القيمة: يرجى الاختيار من القائمة'],
    ];
    const created = await create({ applicantInfo: applicant, applicationInfo: account });
    expect(created.statusCode, created.body).toBe(201);
    const { prospectId } = created.json() as { prospectId: string };
    let version = (created.json() as { version: number }).version;
    for (const [bad, field, english, arabic] of cases) {
      for (const [locale, message] of [['en', english], ['ar', arabic]] as const) {
        const refused = await create({ applicantInfo: applicant, applicationInfo: { ...account, ...bad } }, locale);
        expect(refused.statusCode, `${JSON.stringify(bad)} ${locale}`).toBe(400);
        expect((refused.json() as Refusal).errors).toContainEqual({ errorCode: expect.any(String), message, field });
        for (const saveType of ['auto', 'save'] as const) {
          const saved = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, { prospect: { applicationInfo: { ...account, ...bad } }, saveType, version }, locale);
          expect(saved.statusCode, `${saveType} ${JSON.stringify(bad)} ${locale}: ${saved.body}`).toBe(400);
          const errors = (saved.json() as Refusal).errors;
          expect(errors).toContainEqual({ errorCode: expect.any(String), message, field });
          if (locale === 'ar') for (const e of errors) expect(e.message).toMatch(ARABIC);
        }
      }
    }
    // Nothing was stored; a valid choice (Islamic, a package) is saved, and the template's '' stays allowed until submit.
    const ok = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, { prospect: { applicationInfo: { accountType: 'starter', islamicBanking: true, rakValuePackage: 'RAKvalue MAX' } }, saveType: 'auto', version });
    expect(ok.statusCode, ok.body).toBe(200);
    version = (ok.json() as { version: number }).version;
    const stored = (await call('GET', `/api/usertypes/sme/prospects/${prospectId}`)).json() as { prospect: { applicationInfo: Json } };
    expect(stored.prospect.applicationInfo).toMatchObject({ accountType: 'starter', islamicBanking: true, rakValuePackage: 'RAKvalue MAX' });
    const unchosen = await create({ applicantInfo: applicant });
    expect(unchosen.statusCode, unchosen.body).toBe(201);
  });

  it('says a required text of spaces only is not filled, not that it has spaces around it (and takes spaces around a value as before)', async () => {
    const created = await create({ applicantInfo: applicant, applicationInfo: account });
    const { prospectId, version } = created.json() as { prospectId: string; version: number };
    const save = (companyName: string, locale: string) =>
      call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, { prospect: { organizationInfo: { companyName } }, saveType: 'save', actionType: 'continue', step: 'companyDetails', version }, locale);
    const field = (res: Awaited<ReturnType<typeof save>>) => (res.json() as Refusal).errors.filter((e) => e.field === 'prospect.organizationInfo.companyName').map((e) => e.message);
    expect(field(await save('   ', 'en'))).toEqual(['Company name is not filled']);
    expect(field(await save('   ', 'ar'))).toEqual(['يرجى إدخال اسم الشركة']);
    expect(field(await save(' Falcon LLC', 'en'))).toEqual(['Company name should not start or end with a space: remove the space']);
    const blankName = await create({ applicantInfo: { ...applicant, fullName: '   ' }, applicationInfo: account });
    expect((blankName.json() as Refusal).errors).toEqual([{ errorCode: 'MINLENGTH', message: 'Full name is not filled', field: 'prospect.applicantInfo.fullName' }]);
  });
});

describeEachDatabase('applications in progress per applicant', (db) => {
  let app: FastifyInstance;
  let owner: string;
  let agent: string;
  const applicant = { fullName: 'Omar Haddad', email: 'omar.cap@falcon.ae', countryCode: '971', mobileNo: '501239999', applyOnbehalf: false };
  const create = (token: string, locale?: string) =>
    app.inject({ method: 'POST', url: '/api/usertypes/sme/prospects', headers: { authorization: `Bearer ${token}`, ...(locale ? { 'accept-language': locale } : {}) }, payload: { applicantInfo: applicant, applicationInfo: { accountType: 'elite', islamicBanking: false } } });
  const count = async () => Number((await app.database.db.selectFrom('prospects').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    app = await startApp(db(), { encryption: 'off', maxOpenApplications: 3 });
    const issue = async (p: Json) => ((await app.tokenService.issue(p as never)) as { access_token: string }).access_token;
    owner = await issue({ sub: 'c:cap', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: applicant.mobileNo, email: applicant.email });
    agent = await issue({ sub: 'u:ro1', kind: 'staff', roles: ['agent'], roCode: 'RO123', name: 'Omar' });
  });
  afterAll(async () => {
    await app.close();
    await db().cleanup();
  });

  it('refuses a new application beyond MAX_OPEN_APPLICATIONS in progress (409, in the request\'s language), before it uses a number; a submitted one frees a place; agents are not refused', async () => {
    expect(DEFAULT_MAX_OPEN_APPLICATIONS).toBe(20);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await create(owner);
      expect(res.statusCode, res.body).toBe(201);
      ids.push((res.json() as { prospectId: string }).prospectId);
    }
    const before = await count();
    for (const [locale, message] of [['en', tooManyApplicationsMessage('en', 3)], ['ar', tooManyApplicationsMessage('ar', 3)]] as const) {
      const refused = await create(owner, locale);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ errorType: 'TooManyApplications', errors: [{ errorCode: 'TOO_MANY_APPLICATIONS', message }] });
    }
    expect(tooManyApplicationsMessage('ar', 3)).toMatch(ARABIC);
    expect(await count()).toBe(before);
    // An agent still creates for this applicant (the application then counts among theirs).
    expect((await create(agent)).statusCode).toBe(201);
    // Two of theirs are submitted (as a submit leaves them): the applicant may start another.
    await app.database.db.updateTable('prospects').set({ status: 'SUBMITTED' }).where('id', 'in', [ids[0]!, ids[1]!]).execute();
    const next = await create(owner);
    expect(next.statusCode, next.body).toBe(201);
    const serials = [...ids, (next.json() as { prospectId: string }).prospectId];
    const leads = await app.database.db.selectFrom('prospects').select('document').where('id', 'in', serials).execute();
    expect(new Set(leads.map((r) => (r.document.generalInfo as Json).leadNumber)).size).toBe(4);
  });

  it('holds the limit when creates arrive at the same moment (several connections on PostgreSQL): exactly the places left are taken', async () => {
    const other = ((await app.tokenService.issue({ sub: 'c:burst', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '501230099', email: 'burst@falcon.ae' } as never)) as { access_token: string }).access_token;
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(other)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    const open = await app.database.db.selectFrom('prospects').select('id').where('owner_mobile', '=', '501230099').where('status', '=', 'DRAFT').execute();
    expect(open).toHaveLength(3);
  });
});
