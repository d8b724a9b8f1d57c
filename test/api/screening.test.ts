import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { canAccess } from '../../src/server/prospects/prospectAccess';
import { createProspectRepository } from '../../src/server/repositories/prospectRepository';
import { createScreeningRepository } from '../../src/server/repositories/screeningRepository';
import { screenProspect } from '../../src/server/screening/screenProspect';
import { setToday } from '../../src/validation/clock';
import { describeEachDatabase } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const root = join(import.meta.dirname, '..', '..');
const soleProprietor = (over: (p: Json) => void = () => {}): Json => {
  const p = JSON.parse(readFileSync(join(root, 'fixtures', 'prospect', 'soleProprietor.json'), 'utf8')).data;
  over(p);
  return p;
};
const ALICE = { countryCode: '971', mobile: '501111111', email: 'alice@example.ae' };
const BOB = { countryCode: '971', mobile: '502222222', email: 'bob@example.ae' };

describeEachDatabase('screening API', (db) => {
  let app: FastifyInstance;
  let alice: string;
  let bob: string;
  const screen = (id: string, token?: string) =>
    app.inject({ method: 'POST', url: `/api/prospects/${id}/screening`, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const create = (id: string, owner: typeof ALICE, document: Json) =>
    createProspectRepository().create(app.database.db, { id, userType: 'sme', document, owner });
  const flagged = (body: Json) => body.screeningResults.filter((r: Json) => r.screeningFlag).map((r: Json) => [r.screeningType, r.screeningStatus]);

  beforeAll(async () => {
    setToday('2026-01-15');
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
  });
  afterAll(async () => {
    setToday(null);
    await app?.close();
    await db().cleanup();
  });

  it('screens a valid application: SUCCESS, stored as the latest result', async () => {
    await create('SMESCREEN0001', ALICE, soleProprietor());
    const res = await screen('SMESCREEN0001', alice);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.statusOverAll).toBe('SUCCESS');
    expect(body.screeningResults).toHaveLength(12);
    const stored = await createScreeningRepository().latest(app.database.db, 'SMESCREEN0001');
    expect(stored).toMatchObject({ statusOverAll: 'SUCCESS' });
  });

  it('Dedupe Check: another applicant with the same trade licence -> DECLINE', async () => {
    await create('SMESCREEN0002', BOB, soleProprietor());
    const res = await screen('SMESCREEN0002', bob);
    expect(flagged(res.json())).toEqual([['Dedupe Check', 'DECLINE']]);
    expect(res.json().statusOverAll).toBe('DECLINE');
  });

  it('Application Dedupe Check: the same applicant again -> the outcome of the earlier application (SUCCESS -> PENDING)', async () => {
    await create('SMESCREEN0003', ALICE, soleProprietor((p) => (p.organizationInfo.licenseNumber = 'RAK-OTHER-3')));
    const res = await screen('SMESCREEN0003', alice);
    expect(flagged(res.json())).toEqual([['Application Dedupe Check', 'PENDING']]);
  });

  it('Blacklist Check: a licence number in the blacklist table -> DECLINE', async () => {
    await createScreeningRepository().addToBlacklist(app.database.db, { licenseNumber: 'dxb 777-1', reason: 'test' });
    await create('SMESCREEN0004', BOB, soleProprietor((p) => {
      p.organizationInfo.licenseNumber = 'DXB-7771';
      p.organizationInfo.companyName = 'Unrelated Trading';
    }));
    const res = await screen('SMESCREEN0004', bob);
    expect(flagged(res.json())).toContainEqual(['Blacklist Check', 'DECLINE']);
  });

  it('screenProspect (for the update route) runs the same checks and stores the result', async () => {
    await create('SMESCREEN0005', { countryCode: '971', mobile: '503333333', email: 'c@example.ae' }, soleProprietor((p) => {
      p.organizationInfo.licenseNumber = 'RAK-5';
      p.orgKYCDetails.hawalaService = 'Y';
    }));
    const result = await screenProspect(app, 'SMESCREEN0005');
    expect(result && flagged(result)).toEqual([['HawalaService', 'PENDING']]);
    expect((await createScreeningRepository().latest(app.database.db, 'SMESCREEN0005'))?.statusOverAll).toBe('PENDING');
    expect(await screenProspect(app, 'SMENOTHERE')).toBeUndefined();
  });

  it('answers 401 with no body without a token, 404 to another customer and for an unknown prospect', async () => {
    const anonymous = await screen('SMESCREEN0001');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).toBe('');
    const stranger = await screen('SMESCREEN0001', bob);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ errorType: 'ProspectError', errors: [{ errorCode: '12002', message: 'Invalid Prospect ID' }] });
    expect((await screen('SMENOTHERE', alice)).statusCode).toBe(404);
    expect((await screen('bad%20id', alice)).statusCode).toBe(400);
  });
});
