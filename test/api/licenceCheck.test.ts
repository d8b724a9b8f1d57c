import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { canAccess } from '../../src/server/prospects/prospectAccess';
import { createProspectRepository } from '../../src/server/repositories/prospectRepository';
import { DUPLICATE_LICENCE_MESSAGE, LICENCE_CHECKS_PER_WINDOW } from '../../src/server/routes/licenceCheck';
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
  });
});
