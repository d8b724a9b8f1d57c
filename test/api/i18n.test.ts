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
import { standaloneRequire, type ValidatorFactory } from '../../src/validation/standalone';
import { deviceToken } from './authHelpers';
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
    return { config, validator: new PrecompiledValidator((await importModule(module.body))(standaloneRequire(config.lists))) };
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
    expect(en.headers.etag).toMatch(/-customer-all-en"$/);
    expect(ar.headers.etag).toMatch(/-customer-all-ar"$/);
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

  it("answers a save's field errors in Arabic, the browser's messages for the same fixture (company details, licence)", async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/usertypes/sme/prospects',
      headers: { authorization: `Bearer ${customer}`, 'accept-language': 'ar' },
      payload: { applicantInfo: { fullName: 'Aisha Al Mansoori', email: 'aisha@falcon.ae', countryCode: '971', mobileNo: '501234567' }, applicationInfo: { accountType: 'currentAccount', islamicBanking: false } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { prospectId } = created.json() as { prospectId: string };
    const { config, validator } = await browserOf('ar');
    let compared = 0;
    for (const step of ['companyDetails', 'companyLicense']) {
      // As in the prospects API test: whole missing sections do not apply to a stored prospect.
      // Years in business is derived by the server from the date of incorporation (a sent value is replaced).
      const cases = fixture(`${step}/rules.json`).filter(
        (x) => x.expect.length > 0 && !x.today && x.expect.every((e) => e.path.split('/').length > 2 && !e.path.endsWith('/yearsInBusiness')),
      );
      for (const f of cases) {
        const browser = validator.fieldErrors(config.steps[step].schema, f.data);
        const res = await app.inject({
          method: 'PUT',
          url: `/api/usertypes/sme/prospects/${prospectId}`,
          headers: { authorization: `Bearer ${customer}`, 'accept-language': 'ar-AE' },
          payload: { prospect: f.data as Json, saveType: 'save', actionType: 'continue', step, version: 1 },
        });
        expect(res.statusCode, `${f.description}: ${res.body}`).toBe(400);
        const server = (res.json() as { errors: { field: string; message: string }[] }).errors;
        for (const expected of f.expect) {
          const field = `prospect.${pointerToDotted(expected.path)}`;
          const shown = browser.find((e) => e.path === expected.path);
          expect(shown, `${f.description}: the browser shows an error at ${expected.path}`).toBeDefined();
          expect(shown!.message, f.description).toMatch(ARABIC);
          expect(server, `${f.description}: ${JSON.stringify(server)}`).toContainEqual({ errorCode: expect.any(String), field, message: shown!.message });
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(10);
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
    expect(en.json().errors.find((e: Json) => e.field === 'prospect.applicantInfo.fullName').message).toMatch(/^Full name may only contain letters/);

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
