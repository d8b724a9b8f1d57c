/**
 * Issue 19: the content in Arabic. The config document per language (?locale=, Accept-Language; an ETag per
 * language), the validators module of a language, and field errors answered in the request's language that are
 * the browser's messages for the same data (the same generated code, from one rule definition).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseFixtures } from '../../src/content/fixtures';
import { setToday } from '../../src/validation/clock';
import { pointerToDotted } from '../../src/validation/errors';
import { PrecompiledValidator } from '../../src/validation/precompiledValidator';
import * as phone from '../../src/validation/phone';
import { standaloneRequire, type ValidatorFactory } from '../../src/validation/standalone';
import { deviceToken } from './authHelpers';
import { storeRequiredDocuments } from './documentRows';
import { describeEachDatabase, startApp } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const root = join(import.meta.dirname, '..', '..');
const fixture = (path: string) => parseFixtures(JSON.parse(readFileSync(join(root, 'fixtures', path), 'utf8')));
const ARABIC = /[\u0600-\u06FF]/;

/** Imports a served module as the browser does (an ES module), from its text. */
async function importModule(source: string): Promise<ValidatorFactory> {
  return ((await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`)) as { default: ValidatorFactory }).default;
}

describeEachDatabase('Arabic content and messages', (db) => {
  let app: FastifyInstance;
  let customer: string;
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  /** The browser of a language: its config document and the validators module it imports. */
  async function browserOf(locale: 'en' | 'ar') {
    const config = (await get(`/api/config?segment=sme&role=customer&locale=${locale}`)).json() as Json;
    const module = await get(`/api/validators/${config.version}/customer${locale === 'en' ? '' : `.${locale}`}.js`, { 'accept-encoding': 'identity' });
    expect(module.statusCode, module.body).toBe(200);
    return { config, validator: new PrecompiledValidator((await importModule(module.body))(standaloneRequire(config.lists, phone))) };
  }

  beforeAll(async () => {
    setToday('2026-01-15');
    app = await startApp(db(), { encryption: 'off' });
    customer = (await app.tokenService.issue({ sub: 'c:971501234567', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '501234567', email: 'aisha@falcon.ae' } as never)).access_token;
  });
  afterAll(async () => {
    setToday(null);
    await app?.close();
    await db().cleanup();
  });

  it('serves the config in the language asked by ?locale= or Accept-Language, each with its own ETag', async () => {
    const en = await get('/api/config?segment=sme&role=customer');
    const ar = await get('/api/config?segment=sme&role=customer&locale=ar');
    expect(ar.statusCode).toBe(200);
    expect(en.headers.etag).toMatch(/-customer-all-en-[0-9a-f]{12}"$/);
    expect(ar.headers.etag).toMatch(/-customer-all-ar-[0-9a-f]{12}"$/);
    expect(ar.headers['content-language']).toBe('ar');
    expect(String(ar.headers.vary)).toContain('accept-language');
    const arBody = ar.json() as Json;
    expect(arBody.locale).toBe('ar');
    // One content version, whatever the language: the validators module is named by it.
    expect(arBody.version).toBe(en.json().version);
    expect(arBody.steps.applicantInfo.schema.properties.applicantInfo.properties.fullName.title).toBe('الاسم الكامل');
    expect(arBody.flows.companyInfo.steps[2].title).toBe('معلومات الرخصة التجارية');
    expect(arBody.lists.companyCategory.options.find((o: Json) => o.value === 'SP').label).toBe('مؤسسة فردية');
    expect(arBody.products.accounts[1].name).toBe('الحساب الجاري');
    // The status pages' texts too (outcomes.json), so an outcome is told in the applicant's language.
    expect(arBody.outcomes.screening['Virtual Currency Check'].message).toMatch(/العملات الافتراضية/);
    expect(en.json().outcomes.screening['Virtual Currency Check'].message).toMatch(/virtual currencies/);
    // The rules are the English ones: only texts differ.
    expect(arBody.steps.companyDetails.schema.properties.organizationInfo.properties.companyName.pattern).toBe(en.json().steps.companyDetails.schema.properties.organizationInfo.properties.companyName.pattern);

    const byHeader = await get('/api/config?segment=sme&role=customer', { 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.8' });
    expect(byHeader.headers.etag).toBe(ar.headers.etag);
    expect(byHeader.body).toBe(ar.body);
    const unsupported = await get('/api/config?segment=sme&role=customer', { 'accept-language': 'fr-FR,de;q=0.8' });
    expect(unsupported.headers.etag).toBe(en.headers.etag);
    // ?locale= wins over the header.
    expect((await get('/api/config?segment=sme&role=customer&locale=en', { 'accept-language': 'ar' })).headers.etag).toBe(en.headers.etag);

    expect((await get('/api/config?segment=sme&role=customer&locale=ar', { 'if-none-match': ar.headers.etag as string })).statusCode).toBe(304);
    // The Arabic ETag is not the English document's: a browser that switched gets the English one again.
    expect((await get('/api/config?segment=sme&role=customer&locale=en', { 'if-none-match': ar.headers.etag as string })).statusCode).toBe(200);
    const bad = await get('/api/config?segment=sme&role=customer&locale=fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: 'locale' });
  });

  it("serves the validators of a language: the same rules, the catalogue's messages", async () => {
    const en = await browserOf('en');
    const ar = await browserOf('ar');
    const data = { applicantInfo: { fullName: 'Aisha 2', email: 'aisha@falcon.ae', countryCode: '971', mobileNo: '12' } };
    const enErrors = en.validator.fieldErrors(en.config.steps.applicantInfo.schema, data);
    const arErrors = ar.validator.fieldErrors(ar.config.steps.applicantInfo.schema, data);
    expect(arErrors.map((e) => [e.path, e.keyword])).toEqual(enErrors.map((e) => [e.path, e.keyword]));
    expect(arErrors.length).toBeGreaterThan(0);
    for (const e of arErrors) expect(e.message).toMatch(ARABIC);
    expect((await get(`/api/validators/${en.config.version}/customer.fr.js`)).statusCode).toBe(400);
  });

  it("answers every customer step's field errors in Arabic, the browser's messages for each rules fixture", async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/usertypes/sme/prospects',
      headers: { authorization: `Bearer ${customer}`, 'accept-language': 'ar' },
      payload: { applicantInfo: { fullName: 'Aisha Al Mansoori', email: 'aisha@falcon.ae', countryCode: '971', mobileNo: '501234567' }, applicationInfo: { accountType: 'currentAccount', islamicBanking: false } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { prospectId } = created.json() as { prospectId: string };
    const { config, validator } = await browserOf('ar');
    // Every step the applicant fills after the first part (the agents' steps are not the applicant's).
    const steps = Object.entries(config.flows as Record<string, { scope: string; roles?: string[]; steps: { step: string; roles?: string[] }[] }>)
      .filter(([, flow]) => !flow.roles && flow.scope !== 'form')
      .flatMap(([name, flow]) => flow.steps.filter((s) => !s.roles).map((s) => ({ step: s.step, stakeholder: flow.scope === '/signatoryInfo/*', signatory: name === 'finalQuestionsSignatory' })))
      .filter(({ step }) => !['applicantInfo', 'otpVerify', 'comeBackLogin'].includes(step));
    expect(steps.map((s) => s.step)).toEqual(expect.arrayContaining(['stakeholderPersonalInfo', 'stakeholderCompanyInfo', 'fqSignatoryAddress', 'fqMailingAddress', 'ssExpress', 'ssValueAddedServices']));
    const compared: Record<string, number> = {};
    const problems: string[] = [];
    let skipped = 0;
    let version = 1;
    for (const { step, stakeholder, signatory } of steps) {
      compared[step] = 0;
      // Whole missing sections do not apply to a stored prospect (as in the prospects API test).
      const cases = fixture(`${step}/rules.json`).filter((x) => x.expect.length > 0 && x.expect.every((e) => e.path.split('/').length > (stakeholder ? 1 : 2)));
      for (const f of cases) {
        setToday(f.today ?? '2026-01-15');
        // The signatory's final questions are asked of a signatory only (the server refuses the step otherwise).
        const data = signatory ? { ...(f.data as Json), kycDetails: { isSignatory: true, ...(f.data as Json).kycDetails } } : (f.data as Json);
        const browser = validator.fieldErrors(config.steps[step].schema, data);
        const res = await app.inject({
          method: 'PUT',
          url: `/api/usertypes/sme/prospects/${prospectId}`,
          headers: { authorization: `Bearer ${customer}`, 'accept-language': 'ar-AE' },
          payload: { prospect: stakeholder ? { signatoryInfo: [data] } : data, saveType: 'save', actionType: 'continue', step, ...(stakeholder ? { signatoryIndex: 0 } : {}), version },
        });
        if (res.statusCode === 200) version = (res.json() as { version: number }).version;
        const server = res.statusCode === 400 ? (res.json() as { errors: { errorCode: string; field: string; message: string }[] }).errors : [];
        for (const expected of f.expect) {
          const field = `prospect.${pointerToDotted(stakeholder ? `/signatoryInfo/0${expected.path}` : expected.path)}`;
          const shown = browser.find((e) => e.path === expected.path);
          // The step's rules only: a field the applicant may not write (the agent code) is refused before them.
          const answered = server.filter((e) => e.field === field && !['NOT_WRITABLE', 'FORBIDDEN', 'UNKNOWN_FIELD'].includes(e.errorCode));
          if (!shown || !ARABIC.test(shown.message)) problems.push(`${step} ${f.description}: the browser shows ${JSON.stringify(shown)} at ${expected.path}`);
          else if (answered.length > 0 && !answered.some((e) => e.message === shown.message)) problems.push(`${step} ${f.description}: the server answers ${JSON.stringify(answered)}, the browser ${shown.message}`);
          else if (answered.length > 0) compared[step]++;
          // Not answered: the server's own logic applies first (a derived value recomputed, a field only the bank
          // writes, a step that does not apply to the stakeholder of the fixture); its API tests cover those.
          else skipped++;
        }
      }
    }
    setToday('2026-01-15');
    // The documents list names the documents in the request's language; keys and rules are the same.
    const list = async (language: string) =>
      (await app.inject({ method: 'GET', url: `/api/prospects/${prospectId}/documents`, headers: { authorization: `Bearer ${customer}`, 'accept-language': language } })).json() as Json;
    const [arDocs, enDocs] = [await list('ar'), await list('en')];
    expect(arDocs.companyDocuments.documents.map((d: Json) => d.documentKey)).toEqual(enDocs.companyDocuments.documents.map((d: Json) => d.documentKey));
    expect(arDocs.companyDocuments.documents.find((d: Json) => d.documentKey === 'TradeLicense-1')?.documentTitle).toBe('الرخصة التجارية');
    expect(enDocs.companyDocuments.documents.find((d: Json) => d.documentKey === 'TradeLicense-1')?.documentTitle).toBe('Trade License');
    expect(problems).toEqual([]);
    for (const [step, n] of Object.entries(compared)) expect(n, step).toBeGreaterThan(0);
    const total = Object.values(compared).reduce((a, b) => a + b, 0);
    // Most expectations are compared; the few the server's own logic answers first stay few.
    expect(total, JSON.stringify(compared)).toBeGreaterThan(300);
    expect(skipped).toBeLessThan(total / 5);
  });

  it("answers the agents' KYC annexure field errors in Arabic, the agent browser's messages for each rules fixture", async () => {
    const agent = (await app.tokenService.issue({ sub: 'u:ro1', kind: 'staff', roles: ['agent'], roCode: 'RO123', name: 'Omar' } as never)).access_token;
    const created = await app.inject({
      method: 'POST',
      url: '/api/usertypes/sme/prospects',
      headers: { authorization: `Bearer ${customer}`, 'accept-language': 'ar' },
      payload: { applicantInfo: { fullName: 'Aisha Al Mansoori', email: 'aisha@falcon.ae', countryCode: '971', mobileNo: '501234567' }, applicationInfo: { accountType: 'currentAccount', islamicBanking: false } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { prospectId } = created.json() as { prospectId: string };
    let version = (created.json() as { version: number }).version;
    // The agent's browser: the agent role's config and validators module, in Arabic.
    const config = (await get('/api/config?segment=sme&role=agent&locale=ar')).json() as Json;
    const module = await get(`/api/validators/${config.version}/agent.ar.js`, { 'accept-encoding': 'identity' });
    expect(module.statusCode, module.body).toBe(200);
    const validator = new PrecompiledValidator((await importModule(module.body))(standaloneRequire(config.lists, phone)));
    expect(config.steps.kycAnnexure.schema.properties.kycAnnexure.properties.roName.title).toBe('اسم مدير العلاقة');
    expect(config.lists.kycVerificationLocation.options.find((o: Json) => o.value === 'BANK_PREMISES').label).toBe('مقر البنك');

    let compared = 0;
    let skipped = 0;
    const problems: string[] = [];
    for (const f of fixture('kycAnnexure/rules.json').filter((x) => x.expect.length > 0)) {
      setToday(f.today ?? '2026-01-15');
      const browser = validator.fieldErrors(config.steps.kycAnnexure.schema, f.data);
      const res = await app.inject({
        method: 'PUT',
        url: `/api/usertypes/sme/prospects/${prospectId}`,
        headers: { authorization: `Bearer ${agent}`, 'accept-language': 'ar-AE' },
        payload: { prospect: f.data as Json, saveType: 'save', actionType: 'continue', step: 'kycAnnexure', version },
      });
      if (res.statusCode === 200) version = (res.json() as { version: number }).version;
      const server = res.statusCode === 400 ? (res.json() as { errors: { errorCode: string; field: string; message: string }[] }).errors : [];
      for (const expected of f.expect) {
        const field = `prospect.${pointerToDotted(expected.path)}`;
        const shown = browser.find((e) => e.path === expected.path);
        const answered = server.filter((e) => e.field === field && !['NOT_WRITABLE', 'FORBIDDEN', 'UNKNOWN_FIELD'].includes(e.errorCode));
        if (!shown || !ARABIC.test(shown.message)) problems.push(`${f.description}: the browser shows ${JSON.stringify(shown)} at ${expected.path}`);
        else if (answered.length > 0 && !answered.some((e) => e.message === shown.message)) problems.push(`${f.description}: the server answers ${JSON.stringify(answered)}, the browser ${shown.message}`);
        else if (answered.length > 0) compared++;
        else skipped++;
      }
    }
    setToday('2026-01-15');
    expect(problems).toEqual([]);
    expect(compared, `skipped ${skipped}`).toBeGreaterThan(60);
    expect(skipped).toBeLessThan(compared / 5);
  });

  it("answers the submit's stakeholder rules once, in the request's language (the protected core repeats them in English)", async () => {
    const complete = JSON.parse(readFileSync(join(root, 'fixtures', 'prospect', 'soleProprietor.json'), 'utf8')).data as Json;
    const created = await app.inject({
      method: 'POST',
      url: '/api/usertypes/sme/prospects',
      headers: { authorization: `Bearer ${customer}` },
      payload: { applicantInfo: { fullName: 'Aisha Al Mansoori', email: 'aisha@falcon.ae', countryCode: '971', mobileNo: '501234567' }, applicationInfo: complete.applicationInfo },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { prospectId, version } = created.json() as { prospectId: string; version: number };
    const noSigner = structuredClone(complete);
    noSigner.applicantInfo = { ...noSigner.applicantInfo, fullName: 'Aisha Al Mansoori', email: 'aisha@falcon.ae', countryCode: '971', mobileNo: '501234567' };
    for (const s of noSigner.signatoryInfo as Json[]) s.kycDetails = { ...s.kycDetails, isSignatory: false };
    const submit = (language: string) =>
      app.inject({ method: 'PUT', url: `/api/usertypes/sme/prospects/${prospectId}`, headers: { authorization: `Bearer ${customer}`, 'accept-language': language }, payload: { prospect: noSigner, saveType: 'submit', version, declaration: true } });
    for (const language of ['ar', 'en']) {
      const res = await submit(language);
      expect(res.statusCode, res.body).toBe(400);
      const onList = (res.json().errors as { field: string; message: string }[]).filter((e) => e.field === 'prospect.signatoryInfo');
      expect(onList, language).toHaveLength(1);
      if (language === 'ar') expect(onList[0]!.message).toMatch(ARABIC);
      else expect(onList[0]!.message).toMatch(/^At least one of the company stakeholders must be a signatory/);
    }
  });

  it("answers the server's own refusals in the request's language: fields it owns, unknown fields, ajv's words, documents at submit", async () => {
    const complete = JSON.parse(readFileSync(join(root, 'fixtures', 'prospect', 'soleProprietor.json'), 'utf8')).data as Json;
    const created = await app.inject({
      method: 'POST',
      url: '/api/usertypes/sme/prospects',
      headers: { authorization: `Bearer ${customer}` },
      payload: { applicantInfo: { fullName: 'Aisha Al Mansoori', email: 'aisha@falcon.ae', countryCode: '971', mobileNo: '501234567' }, applicationInfo: complete.applicationInfo },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { prospectId, version } = created.json() as { prospectId: string; version: number };
    const stored = (await app.inject({ method: 'GET', url: `/api/usertypes/sme/prospects/${prospectId}`, headers: { authorization: `Bearer ${customer}` } })).json().prospect as Json;
    const put = (language: string, prospect: Json, saveType = 'auto') =>
      app.inject({ method: 'PUT', url: `/api/usertypes/sme/prospects/${prospectId}`, headers: { authorization: `Bearer ${customer}`, 'accept-language': language }, payload: { prospect, saveType, version, ...(saveType === 'submit' ? { declaration: true } : {}) } });
    const errorsOf = async (language: string, prospect: Json, saveType?: string) => {
      const res = await put(language, prospect, saveType);
      expect(res.statusCode, res.body).toBe(400);
      return (res.json() as { errors: { errorCode: string; field: string; message: string }[] }).errors;
    };

    // A field the bank sets (NOT_WRITABLE), named by its Arabic label.
    const forged = { ...stored, applicantInfo: { ...(stored.applicantInfo as Json), validRoCode: 'Y' } };
    expect(await errorsOf('ar', forged)).toEqual([{ errorCode: 'NOT_WRITABLE', field: 'prospect.applicantInfo.validRoCode', message: expect.stringMatching(/^يحدّد البنك .+ ولا يمكن تغييره$/) }]);
    expect(await errorsOf('en', forged)).toEqual([{ errorCode: 'NOT_WRITABLE', field: 'prospect.applicantInfo.validRoCode', message: 'Valid agent code is set by the bank and cannot be changed' }]);

    // A key no schema declares (UNKNOWN_FIELD).
    const unknown = { ...stored, organizationInfo: { ...(stored.organizationInfo as Json), nickname: 'Falcon' } };
    expect(await errorsOf('ar', unknown)).toEqual([{ errorCode: 'UNKNOWN_FIELD', field: 'prospect.organizationInfo.nickname', message: '"nickname" ليس من حقول الطلب' }]);
    expect(await errorsOf('en', unknown)).toEqual([{ errorCode: 'UNKNOWN_FIELD', field: 'prospect.organizationInfo.nickname', message: '"nickname" is not a field of the application' }]);

    // A value of the wrong type: ajv's own words ("must be string") where no content message covers the rule.
    const wrongType = { ...stored, organizationInfo: { ...(stored.organizationInfo as Json), companyName: 42 } };
    const typeAr = (await errorsOf('ar', wrongType)).filter((e) => e.field === 'prospect.organizationInfo.companyName');
    const typeEn = (await errorsOf('en', wrongType)).filter((e) => e.field === 'prospect.organizationInfo.companyName');
    expect(typeAr.length).toBeGreaterThan(0);
    for (const e of typeAr) expect(e.message).toMatch(ARABIC);
    expect(typeEn.map((e) => e.message)).toContain('must be string');
    expect(typeAr.map((e) => e.message)).toContain('يجب أن تكون القيمة نصًا');

    // Submit without the documents (DOCUMENT_REQUIRED), each named as the Arabic documents list names it.
    const whole = { ...structuredClone(complete), applicantInfo: { ...complete.applicantInfo, fullName: 'Aisha Al Mansoori', email: 'aisha@falcon.ae', countryCode: '971', mobileNo: '501234567' } };
    const docsAr = await errorsOf('ar', whole, 'submit');
    const docsEn = await errorsOf('en', whole, 'submit');
    expect(docsEn.map((e) => e.errorCode)).toContain('DOCUMENT_REQUIRED');
    expect(docsAr.find((e) => e.field === 'prospect.documents.TradeLicense-1')?.message).toBe('يرجى تحميل الرخصة التجارية');
    expect(docsEn.find((e) => e.field === 'prospect.documents.TradeLicense-1')?.message).toBe('Please upload Trade License');
    for (const e of docsAr) expect(e.message, e.field).toMatch(/^يرجى تحميل /);
    expect(docsAr.map((e) => e.field)).toEqual(docsEn.map((e) => e.field));
    // With the documents in, the Arabic submit goes through.
    await storeRequiredDocuments(app, prospectId, whole);
    const submitted = await put('ar', whole, 'submit');
    expect(submitted.statusCode, submitted.body).toBe(200);
  });

  it('answers the basic information and code checks in the language of the request, English without one', async () => {
    const payload = { applicantInfo: { fullName: 'Aisha 2', email: 'aisha@falcon.ae', countryCode: '971', mobileNo: '501234567' } };
    const post = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/usertypes/sme/prospects', headers: { authorization: `Bearer ${customer}`, ...headers }, payload });
    const ar = await post({ 'accept-language': 'ar' });
    expect(ar.statusCode).toBe(400);
    const { config, validator } = await browserOf('ar');
    const browser = validator.fieldErrors(config.steps.applicantInfo.schema, payload).find((e) => e.path === '/applicantInfo/fullName')!;
    expect(ar.json().errors).toContainEqual({ errorCode: expect.any(String), field: 'prospect.applicantInfo.fullName', message: browser.message });
    const en = await post({});
    expect(en.json().errors.find((e: Json) => e.field === 'prospect.applicantInfo.fullName').message).toMatch(/^Full name may only contain Latin letters \(A-Z\)/);

    const device = (await deviceToken(app, 'dev-ar')).access_token;
    const otp = await app.inject({
      method: 'POST',
      url: '/api/otp',
      headers: { authorization: `Bearer ${device}`, 'accept-language': 'ar' },
      payload: { action: 'verify', email: 'aisha@falcon.ae', countryCode: '971', mobileNo: '501234567', otpToken: '12', deviceId: 'dev-ar' },
    });
    expect(otp.statusCode, otp.body).toBe(400);
    expect(otp.json().errors).toContainEqual({ errorCode: 'INVALID', field: 'login.otpToken', message: 'يجب أن يتكوّن رمز التحقق من 6 أرقام بالضبط' });
  });
});
