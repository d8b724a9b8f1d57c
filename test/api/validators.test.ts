/**
 * Issue 16: the validators of a content version as a module (GET /api/validators/{version}/{role}.js), the studio
 * preview's module of a draft step and the studio's schema lint (the browser compiles no schema), and the CSP
 * without 'unsafe-eval' or 'unsafe-inline' in script-src.
 */
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PrecompiledValidator } from '../../src/validation/precompiledValidator';
import { generatorFingerprint } from '../../src/content/generatorFingerprint';
import { CODE_PART_CHARS, createValidatorCodeRepository } from '../../src/server/repositories/validatorCodeRepository';
import * as phone from '../../src/validation/phone';
import { phoneMetadata } from '../../src/validation/phoneMetadata';
import { phoneMetadataSubset } from '../../src/validation/phoneMetadataSubset';
import { PHONE_METADATA_VERSION } from '../../src/validation/phoneMetadataVersion';
import { validatorModule } from '../../src/server/content/validatorModules';
import { standaloneRequire, type ValidatorFactory } from '../../src/validation/standalone';
import { signInProductUser } from './authHelpers';
import { describeEachDatabase, startApp } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Imports a served module as the browser does (an ES module), from its text. */
async function importModule(source: string): Promise<ValidatorFactory> {
  const module = (await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`)) as { default: ValidatorFactory };
  return module.default;
}

describeEachDatabase('validator modules', (db) => {
  let app: FastifyInstance;
  let product: string;
  let agent: string;
  let config: Json;

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method, url, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(payload === undefined ? {} : { payload: payload as Json }) });

  beforeAll(async () => {
    app = await startApp(db(), { encryption: 'off' });
    agent = (await app.tokenService.issue({ sub: 'u:ro1', kind: 'staff', roles: ['agent'], roCode: 'RO123', name: 'Omar' } as never)).access_token;
    product = await signInProductUser(app);
    config = (await call('GET', '/api/config?segment=sme&role=customer')).json();
  });
  afterAll(async () => {
    await app?.close();
    await db().cleanup();
  });

  it("serves the version's module for a role: JavaScript, immutable, gzipped on request, with the same errors as the server", async () => {
    const url = `/api/validators/${config.version}/customer.js`;
    const plain = await call('GET', url, undefined, undefined, { 'accept-encoding': 'identity' });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Minified (src/server/content/validatorModules.ts): ajv's long local names and its sourceURL comments are gone.
    expect(plain.body).not.toMatch(/new Function|\beval\(|\bvErrors\b|sourceURL/);
    expect(((await import(`data:text/javascript;base64,${Buffer.from(plain.body).toString('base64')}`)) as { phone: boolean }).phone).toBe(true);
    const zipped = await call('GET', url, undefined, undefined, { 'accept-encoding': 'gzip, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);

    const validator = new PrecompiledValidator((await importModule(plain.body))(standaloneRequire(config.lists, phone)));
    const schema = config.steps.applicantInfo.schema;
    const data = { applicantInfo: { fullName: ' Aisha', email: 'aisha@gmail.com', countryCode: '971', mobileNo: '12' } };
    const errors = validator.fieldErrors(schema, data);
    expect(errors.length).toBeGreaterThan(0);
    const content = await app.contentStore.current();
    expect(errors).toEqual(content.validator.validate('steps/applicantInfo', data));
    // The customer's module has no agent step; the agent's has the KYC annexure.
    expect(() => validator.fieldErrors({ $id: 'https://quickapply.example/schemas/steps/kycAnnexure.schema.json' }, {})).toThrow(/No precompiled validator/);
    const agentModule = await call('GET', `/api/validators/${config.version}/agent.js`, undefined, undefined, { 'accept-encoding': 'identity' });
    expect(agentModule.body).toContain('kycAnnexure.schema.json');
  });

  it('stores the generated code beside the version (a restart reads it instead of generating it), under its generator', async () => {
    const generator = generatorFingerprint();
    const repo = createValidatorCodeRepository();
    const { db } = app.database;
    // Written once the version is served (the start does not wait for it).
    await expect.poll(async () => (await repo.kinds(db, config.version, generator)).sort(), { timeout: 60_000, interval: 200 }).toEqual(['agent', 'customer', 'server']);
    const stored = await repo.get(db, config.version, generator);
    const served = await call('GET', `/api/validators/${config.version}/agent.js`, undefined, undefined, { 'accept-encoding': 'identity' });
    expect(served.body).toBe((await validatorModule(stored.agent!)).source.toString('utf8'));
    // In parts (a row each), which join to the code.
    const parts = await db.selectFrom('validator_code').select(['part', 'parts', 'code']).where('content_hash', '=', config.version).where('generator', '=', generator).where('kind', '=', 'server').orderBy('part').execute();
    expect(parts.map((p) => p.code).join('')).toBe(stored.server);
    // Another generator (a release that changed the keywords or ajv) finds nothing to reuse.
    expect(await repo.get(db, config.version, 'another-generator')).toEqual({});
  });

  it('takes code with a part missing (a write interrupted) as not stored, and stores it whole again', async () => {
    const repo = createValidatorCodeRepository();
    const { db } = app.database;
    const hash = 'validators-test-interrupted';
    const text = `/* ${'x'.repeat(CODE_PART_CHARS)} */ "\u{1F600}😀"`;
    await repo.put(db, hash, 'g', { customer: text, agent: 'short' });
    expect(await repo.get(db, hash, 'g')).toEqual({ customer: text, agent: 'short' });
    // A part of at most CODE_PART_CHARS per row (one statement each on PGlite's thread).
    const rows = await db.selectFrom('validator_code').select(['kind', 'part', 'parts', 'code']).where('content_hash', '=', hash).orderBy('kind').orderBy('part').execute();
    expect(rows.map((r) => [r.kind, r.part, r.parts, r.code.length <= CODE_PART_CHARS])).toEqual([['agent', 0, 1, true], ['customer', 0, 2, true], ['customer', 1, 2, true]]);
    await db.deleteFrom('validator_code').where('content_hash', '=', hash).where('kind', '=', 'customer').where('part', '=', 1).execute();
    expect(await repo.kinds(db, hash, 'g')).toEqual(['agent']);
    expect(await repo.get(db, hash, 'g')).toEqual({ agent: 'short' });
    await repo.put(db, hash, 'g', { customer: text });
    expect((await repo.get(db, hash, 'g', ['customer'])).customer).toBe(text);
  });

  it('answers 404 for a version it does not have and 400 for a malformed address', async () => {
    const missing = await call('GET', '/api/validators/0123456789abcdef/customer.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].errorCode).toBe('VALIDATORS_NOT_FOUND');
    expect((await call('GET', `/api/validators/${config.version}/root.js`)).statusCode).toBe(400);
    expect((await call('GET', '/api/validators/../config/customer.js')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await call('GET', '/api/validators/drafts/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.js')).statusCode).toBe(404);
  });

  it("serves a dialling code's phone metadata (the browser's x-phone rule): the server's, cut to the code's calling codes, immutable, gzipped on request", async () => {
    const url = `/api/phone-metadata/${PHONE_METADATA_VERSION}/44.json`;
    const plain = await call('GET', url, undefined, undefined, { 'accept-encoding': 'identity' });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.json()).toEqual(phoneMetadataSubset(phoneMetadata, '44'));
    expect(Object.keys(plain.json().countries).sort()).toEqual(['GB', 'GG', 'IM', 'JE']);
    const zipped = await call('GET', url, undefined, undefined, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect((await call('GET', `/api/phone-metadata/${PHONE_METADATA_VERSION}/all.json`)).json()).toEqual(JSON.parse(JSON.stringify(phoneMetadata)));
    // Another version (a page of an older build) is not answered with this one's data; malformed keys are refused.
    const old = await call('GET', '/api/phone-metadata/0123456789abcdef/44.json');
    expect(old.statusCode).toBe(404);
    expect(old.json().errors[0].errorCode).toBe('PHONE_METADATA_NOT_FOUND');
    for (const key of ['1234', 'ab', '44', '']) expect((await call('GET', `/api/phone-metadata/${PHONE_METADATA_VERSION}/${key}`)).statusCode).toBe(400);
  });

  it("serves each step's module: the role's code for that step only, immutable, gzipped on request, with the server's errors in each language", async () => {
    const url = `/api/validators/${config.version}/customer/applicantInfo.js`;
    const plain = await call('GET', url, undefined, undefined, { 'accept-encoding': 'identity' });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const whole = await call('GET', `/api/validators/${config.version}/customer.js`, undefined, undefined, { 'accept-encoding': 'identity' });
    expect(plain.body.length).toBeLessThan(whole.body.length / 10);
    const zipped = await call('GET', url, undefined, undefined, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);

    const module = (await import(`data:text/javascript;base64,${Buffer.from(plain.body).toString('base64')}`)) as { default: ValidatorFactory; phone: boolean };
    // The mobile number's x-phone rule: the browser loads libphonenumber beside this module, and not beside one without it.
    expect(module.phone).toBe(true);
    const validator = new PrecompiledValidator(module.default(standaloneRequire(config.lists, phone)));
    const data = { applicantInfo: { fullName: ' Aisha', email: 'aisha@gmail', countryCode: '971', mobileNo: '12' } };
    const content = await app.contentStore.current();
    const errors = validator.fieldErrors(config.steps.applicantInfo.schema, data);
    expect(errors.length).toBeGreaterThan(1);
    expect(errors).toEqual(content.validator.validate('steps/applicantInfo', data));
    // Another step's rules are not in it.
    expect(() => validator.fieldErrors(config.steps.companyDetails.schema, {})).toThrow(/No precompiled validator/);

    const details = await call('GET', `/api/validators/${config.version}/customer/companyDetails.js`, undefined, undefined, { 'accept-encoding': 'identity' });
    const detailsModule = (await import(`data:text/javascript;base64,${Buffer.from(details.body).toString('base64')}`)) as { default: ValidatorFactory; phone: boolean };
    expect(detailsModule.phone).toBe(false);
    // No libphonenumber given: a module without x-phone does not need it.
    expect(new PrecompiledValidator(detailsModule.default(standaloneRequire(config.lists, undefined))).fieldErrors(config.steps.companyDetails.schema, {}).length).toBeGreaterThan(0);

    // Arabic: the same rules with the Arabic catalogue's messages.
    const arabic = await call('GET', `/api/validators/${config.version}/customer/applicantInfo.ar.js`, undefined, undefined, { 'accept-encoding': 'identity' });
    expect(arabic.statusCode).toBe(200);
    const arFactory = await importModule(arabic.body);
    const arErrors = new PrecompiledValidator(arFactory(standaloneRequire(config.lists, phone))).fieldErrors(config.steps.applicantInfo.schema, data);
    expect(arErrors.map((e) => e.path)).toEqual(errors.map((e) => e.path));
    expect(arErrors.some((e) => /[\u0600-\u06FF]/.test(e.message))).toBe(true);

    // The stakeholder list's rules, and an agent's step.
    expect((await call('GET', `/api/validators/${config.version}/customer/stakeholderList.js`)).statusCode).toBe(200);
    expect((await call('GET', `/api/validators/${config.version}/agent/kycAnnexure.js`, undefined, undefined, { 'accept-encoding': 'identity' })).body).toContain('kycAnnexure.schema.json');
  });

  it("answers 404 for a step the role does not have or a version the server does not keep, 400 for a malformed step's address", async () => {
    for (const url of [
      `/api/validators/${config.version}/customer/kycAnnexure.js`,
      `/api/validators/${config.version}/customer/nothing.js`,
      `/api/validators/${config.version}/customer/constructor.js`,
      `/api/validators/${config.version}/agent/toString.ar.js`,
      '/api/validators/0123456789abcdef/customer/applicantInfo.js',
    ]) {
      const answer = await call('GET', url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().errors[0].errorCode).toBe('VALIDATORS_NOT_FOUND');
    }
    for (const url of [
      `/api/validators/${config.version}/customer/applicantInfo.fr.js`,
      `/api/validators/${config.version}/customer/applicantInfo`,
      `/api/validators/${config.version}/customer/__proto__.js`,
      `/api/validators/${config.version}/root/applicantInfo.js`,
      `/api/validators/${config.version}/customer/${'a'.repeat(70)}.js`,
      '/api/validators/NOTAVERSION/customer/applicantInfo.js',
    ]) {
      expect((await call('GET', url)).statusCode, url).toBe(400);
    }
  });

  it("generates a draft step's module for product staff only, and serves it at the address it returns", async () => {
    const latest = (await call('GET', '/api/studio/versions', product)).json().versions[0].version as number;
    const schema = structuredClone(config.steps.companyDetails.schema) as Json;
    delete schema.definitions;
    const files = { 'steps/companyDetails.schema.json': (await call('GET', `/api/studio/versions/${latest}`, product)).json().files['steps/companyDetails.schema.json'] };
    files['steps/companyDetails.schema.json'].properties.organizationInfo.properties.companyName.maxLength = 12;
    files['steps/companyDetails.schema.json'].properties.organizationInfo.properties.companyName.errorMessage.maxLength = 'At most 12 characters';
    const body = { baseVersion: latest, files, step: 'companyDetails' };
    expect((await call('POST', '/api/studio/preview', undefined, body)).statusCode).toBe(401);
    expect((await call('POST', '/api/studio/preview', agent, body)).statusCode).toBe(403);
    const res = await call('POST', '/api/studio/preview', product, body);
    expect(res.statusCode, res.body).toBe(200);
    const { module } = res.json() as { module: string };
    expect(module).toMatch(/^\/api\/validators\/drafts\/[A-Za-z0-9_-]{32}\.js$/);
    const served = await call('GET', module, undefined, undefined, { 'accept-encoding': 'identity' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const validator = new PrecompiledValidator((await importModule(served.body))(standaloneRequire(config.lists, phone)));
    const errors = validator.fieldErrors(config.steps.companyDetails.schema, { organizationInfo: { companyName: 'Falcon Trading LLC' } });
    expect(errors).toContainEqual(expect.objectContaining({ path: '/organizationInfo/companyName', message: 'At most 12 characters' }));
    // The same draft again: the same module.
    expect((await call('POST', '/api/studio/preview', product, body)).json().module).toBe(module);
    // A draft that does not compile: 400 with the reason.
    const broken = structuredClone(files);
    broken['steps/companyDetails.schema.json'].properties.organizationInfo.properties.companyName['x-list'] = { list: 'noSuchList', message: 'x' };
    const refused = await call('POST', '/api/studio/preview', product, { ...body, files: broken });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].message).toMatch(/x-list/);
  });

  it("generates a draft step's module in Arabic with the draft's own catalogue (the preview in Arabic)", async () => {
    const latest = (await call('GET', '/api/studio/versions', product)).json().versions[0].version as number;
    const published = (await call('GET', `/api/studio/versions/${latest}`, product)).json().files as Record<string, Json>;
    const path = 'steps/companyDetails.schema.json';
    const schema = structuredClone(published[path]!);
    schema.properties.organizationInfo.properties.companyName.maxLength = 12;
    schema.properties.organizationInfo.properties.companyName.errorMessage.maxLength = 'At most 12 characters';
    const arabic = structuredClone(published['i18n/ar.json']!);
    arabic.texts[path]['/properties/organizationInfo/properties/companyName/errorMessage/maxLength'] = 'اسم الشركة أطول من المسموح: 12 حرفًا كحد أقصى';
    const body = { baseVersion: latest, files: { [path]: schema, 'i18n/ar.json': arabic }, step: 'companyDetails' };
    const errorsIn = async (locale?: string) => {
      const res = await call('POST', '/api/studio/preview', product, locale ? { ...body, locale } : body);
      expect(res.statusCode, res.body).toBe(200);
      const served = await call('GET', res.json().module, undefined, undefined, { 'accept-encoding': 'identity' });
      const validator = new PrecompiledValidator((await importModule(served.body))(standaloneRequire(config.lists, phone)));
      return validator.fieldErrors(config.steps.companyDetails.schema, { organizationInfo: { companyName: 'Falcon Trading LLC' } }).filter((e) => e.path === '/organizationInfo/companyName');
    };
    expect(await errorsIn('ar')).toContainEqual(expect.objectContaining({ message: 'اسم الشركة أطول من المسموح: 12 حرفًا كحد أقصى' }));
    expect(await errorsIn('en')).toContainEqual(expect.objectContaining({ message: 'At most 12 characters' }));
    expect(await errorsIn()).toContainEqual(expect.objectContaining({ message: 'At most 12 characters' }));
    expect((await call('POST', '/api/studio/preview', product, { ...body, locale: 'fr' })).statusCode).toBe(400);
  });

  it("lints a schema as typed for product staff (the editor's lint, run by the server)", async () => {
    const latest = (await call('GET', '/api/studio/versions', product)).json().versions[0].version as number;
    const path = 'steps/companyDetails.schema.json';
    const text = JSON.stringify({ ...config.steps.companyDetails.schema, definitions: undefined, properties: { x: { type: 'string', maxLenght: 3 } } }, null, 2);
    const body = { baseVersion: latest, files: {}, path, text };
    expect((await call('POST', '/api/studio/lint', agent, body)).statusCode).toBe(403);
    const res = await call('POST', '/api/studio/lint', product, body);
    expect(res.statusCode, res.body).toBe(200);
    const [d] = res.json().diagnostics as { from: number; to: number; message: string }[];
    expect(d!.message).toMatch(/maxLenght/);
    expect(d!.to).toBeGreaterThanOrEqual(d!.from);
  });

  it("sends pages a CSP whose script-src is 'self' only, and the API's answers one that loads nothing", async () => {
    for (const url of ['/', '/business/ApplicantInfo']) {
      const csp = String((await call('GET', url)).headers['content-security-policy']);
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1];
      expect(scriptSrc, `${url}: ${csp}`).toBe("'self'");
    }
    // A module script runs under the CSP of the page that imports it, not its own (test/e2e/csp.test.ts).
    for (const url of ['/api/config', `/api/validators/${config.version}/customer.js`]) {
      expect((await call('GET', url)).headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });
});
