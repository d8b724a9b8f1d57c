import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { canAccess } from '../../src/server/prospects/prospectAccess';
import { createProspectRepository } from '../../src/server/repositories/prospectRepository';
import { createScreeningRepository } from '../../src/server/repositories/screeningRepository';
import { screenProspect } from '../../src/server/screening/screenProspect';
import { DUPLICATE_LICENCE_MESSAGE, LICENCE_CHECKS_PER_WINDOW } from '../../src/server/routes/licenceCheck';
import { duplicateLicenceMessage, tryAgainIn } from '../../src/shared/serverMessages';
import { describeEachDatabase } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const root = join(import.meta.dirname, '..', '..');
const withLicence = (licenseNumber: string): Json => {
  const p = JSON.parse(readFileSync(join(root, 'fixtures', 'prospect', 'soleProprietor.json'), 'utf8')).data;
  p.organizationInfo.licenseNumber = licenseNumber;
  return p;
};
const ALICE = { countryCode: '971', mobile: '501111111', email: 'alice@example.ae' };
const BOB = { countryCode: '971', mobile: '502222222', email: 'bob@example.ae' };

describeEachDatabase('licence check API (duplicate trade licence when it is entered)', (db) => {
  let app: FastifyInstance;
  let alice: string;
  let bob: string;
  const check = (id: string, licenseNumber: unknown, token?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/prospects/${id}/licence-check`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: { licenseNumber },
    });

  beforeAll(async () => {
    app = await buildApp({ ...db().config, encryption: 'off' }, { logger: false });
    app.prospectAccess = async (request, id) => {
      const row = await createProspectRepository().findById(app.database.db, id);
      return !!row && canAccess(request, row);
    };
    await app.ready();
    const issue = async (o: typeof ALICE, sub: string) =>
      ((await app.tokenService.issue({ sub, kind: 'customer', roles: ['customer'], ...o })) as { access_token: string }).access_token;
    alice = await issue(ALICE, 'c:alice');
    bob = await issue(BOB, 'c:bob');
    const repo = createProspectRepository();
    await repo.create(app.database.db, { id: 'SMELIC0001', userType: 'sme', document: withLicence('CN-7654321'), owner: ALICE });
    await repo.create(app.database.db, { id: 'SMELIC0002', userType: 'sme', document: withLicence('CN-1111111'), owner: BOB });
  });
  afterAll(async () => {
    await app?.close();
    await db().cleanup();
  });

  it("says a licence number of another application is a duplicate, and the application's own or a new one is not", async () => {
    const duplicate = await check('SMELIC0001', 'CN-1111111', alice);
    expect(duplicate.statusCode, duplicate.body).toBe(200);
    expect(duplicate.json()).toEqual({ duplicate: true, message: DUPLICATE_LICENCE_MESSAGE });
    expect((await check('SMELIC0001', 'CN-7654321', alice)).json()).toEqual({ duplicate: false });
    expect((await check('SMELIC0001', 'CN-9999999', alice)).json()).toEqual({ duplicate: false });
  });

  it('compares licence numbers without regard to case or surrounding spaces: the check, the screening`s dedupe rule and the agents` search alike', async () => {
    // QA walk: "cn-1111111" said duplicate:false while "CN-1111111" was a duplicate.
    for (const typed of ['cn-1111111', 'Cn-1111111', ' CN-1111111 ', '\tcn-1111111']) {
      const res = await check('SMELIC0001', typed, alice);
      expect(res.statusCode, `${JSON.stringify(typed)}: ${res.body}`).toBe(200);
      expect(res.json(), JSON.stringify(typed)).toEqual({ duplicate: true, message: DUPLICATE_LICENCE_MESSAGE });
    }
    // The application's own number in another case is not a duplicate of itself.
    expect((await check('SMELIC0001', 'cn-7654321', alice)).json()).toEqual({ duplicate: false });
    expect((await check('SMELIC0001', '  ', alice)).statusCode).toBe(400);

    // An application whose number differs from another's only in case and spaces: declined by the dedupe rule at submit.
    const repo = createProspectRepository();
    await repo.create(app.database.db, { id: 'SMELIC0003', userType: 'sme', document: withLicence(' cn-1111111 '), owner: { ...ALICE, email: 'carol@example.ae', mobile: '503333333' } });
    expect((await createScreeningRepository().sameTradeLicence(app.database.db, 'SMELIC0003', ' cn-1111111 ')).map((o) => o.prospectId)).toEqual(['SMELIC0002']);
    const outcome = await screenProspect(app, 'SMELIC0003');
    expect(outcome?.screeningResults.find((r) => r.screeningType === 'Dedupe Check')).toMatchObject({ screeningStatus: 'DECLINE', screeningFlag: true });

    // The agents' search finds it however it is typed (the same comparison).
    const found = await repo.search(app.database.db, { tradeLicenseNo: ' cn-1111111 ' }, { limit: 20, offset: 0, sort: 'updatedAt', order: 'desc' });
    expect(found.results.map((r) => r.prospectId).sort()).toEqual(['SMELIC0002', 'SMELIC0003']);
  });

  it("answers a duplicate in the request's language (Arabic for an Arabic page), the English one unchanged", async () => {
    const inArabic = await app.inject({
      method: 'POST',
      url: '/api/prospects/SMELIC0001/licence-check',
      headers: { authorization: `Bearer ${alice}`, 'accept-language': 'ar-AE,ar;q=0.9' },
      payload: { licenseNumber: 'CN-1111111' },
    });
    expect(inArabic.statusCode, inArabic.body).toBe(200);
    expect(inArabic.json()).toEqual({ duplicate: true, message: duplicateLicenceMessage('ar') });
    expect(inArabic.json().message).toMatch(/^يوجد طلب آخر برقم الرخصة التجارية هذا/);
    expect(DUPLICATE_LICENCE_MESSAGE).toMatch(/^An application for this trade license number already exists\./);
  });

  it('needs a token and the applicant of that application; a bad number is a 400 in the one error shape', async () => {
    expect((await check('SMELIC0001', 'CN-1111111')).statusCode).toBe(401);
    const other = await check('SMELIC0001', 'CN-1111111', bob);
    expect(other.statusCode).toBeGreaterThanOrEqual(400);
    expect(other.statusCode).toBeLessThan(500);
    expect(other.json().duplicate).toBeUndefined();
    const bad = await check('SMELIC0001', 'CN 1<script>', alice);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errorType: expect.any(String), errors: [expect.objectContaining({ errorCode: expect.any(String) })] });
  });

  it(`is rate-limited per application: ${LICENCE_CHECKS_PER_WINDOW} checks, then 429 with Retry-After`, async () => {
    let last = 200;
    for (let i = 0; i < LICENCE_CHECKS_PER_WINDOW + 1 && last === 200; i++) last = (await check('SMELIC0002', `CN-${1000000 + i}`, bob)).statusCode;
    const res = await check('SMELIC0002', 'CN-2222222', bob);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().errors[0].errorCode).toBe('TOO_MANY_LICENCE_CHECKS');
    // The windows are aligned on the clock: near a window's end the wait is in seconds, else in minutes.
    expect(res.json().errors[0].message).toBe(`Too many license number checks. ${tryAgainIn('en', Number(res.headers['retry-after']))}`);
    // In Arabic, the whole refusal is Arabic, the wait too (it ended in English: "Please try again in 4 minute(s)").
    const inArabic = await app.inject({
      method: 'POST',
      url: '/api/prospects/SMELIC0002/licence-check',
      headers: { authorization: `Bearer ${bob}`, 'accept-language': 'ar' },
      payload: { licenseNumber: 'CN-2222222' },
    });
    expect(inArabic.statusCode).toBe(429);
    const message: string = inArabic.json().errors[0].message;
    expect(message).toMatch(/^تجاوزت عدد مرات التحقق المسموح بها من رقم الرخصة\. يرجى المحاولة مرة أخرى بعد .+\.$/);
    expect(message).not.toMatch(/[A-Za-z]/);
  });

  it('says when to try again in the words of each language (Arabic plural forms)', () => {
    expect(tryAgainIn('en', 1)).toBe('Please try again in 1 second.');
    expect(tryAgainIn('en', 45)).toBe('Please try again in 45 seconds.');
    expect(tryAgainIn('en', 60)).toBe('Please try again in 1 minute.');
    expect(tryAgainIn('en', 181)).toBe('Please try again in 4 minutes.');
    expect(tryAgainIn('ar', 60)).toBe('يرجى المحاولة مرة أخرى بعد دقيقة واحدة.');
    expect(tryAgainIn('ar', 120)).toBe('يرجى المحاولة مرة أخرى بعد دقيقتين.');
    expect(tryAgainIn('ar', 240)).toBe('يرجى المحاولة مرة أخرى بعد 4 دقائق.');
    expect(tryAgainIn('ar', 600)).toBe('يرجى المحاولة مرة أخرى بعد 10 دقائق.');
    expect(tryAgainIn('ar', 11 * 60)).toBe('يرجى المحاولة مرة أخرى بعد 11 دقيقة.');
    expect(tryAgainIn('ar', 5)).toBe('يرجى المحاولة مرة أخرى بعد 5 ثوانٍ.');
  });
});
