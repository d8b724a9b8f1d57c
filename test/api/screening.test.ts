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
    expect(body.screeningResults).toHaveLength(16);
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

  /** A customer of its own (no Application Dedupe Check hit) with a licence of its own (no Dedupe Check hit). */
  let n = 10;
  async function ownApplication(over: (p: Json) => void) {
    n += 1;
    const owner = { countryCode: '971', mobile: `5040000${n}`, email: `owner${n}@example.ae` };
    const id = `SMESCREEN00${n}`;
    await create(id, owner, soleProprietor((p) => {
      p.organizationInfo.licenseNumber = `RAK-NEW-${n}`;
      p.organizationInfo.companyName = `Own Company ${n}`;
      over(p);
    }));
    const token = ((await app.tokenService.issue({ sub: `c:${n}`, kind: 'customer', roles: ['customer'], ...owner })) as { access_token: string }).access_token;
    return { id, token };
  }
  const agentToken = async () => ((await app.tokenService.issue({ sub: 'u:ro', kind: 'staff', roles: ['agent'], roCode: 'RO1', name: 'RO' })) as { access_token: string }).access_token;
  const agentScreening = async (id: string, token?: string) =>
    app.inject({ method: 'GET', url: `/api/agent/prospects/${id}/screening`, headers: { authorization: `Bearer ${token ?? (await agentToken())}` } });

  it('Negative List Check: a stakeholder passport on the negative list -> DECLINE; the agent sees it on that signatory, the customer only the check', async () => {
    await createScreeningRepository().addToScreeningList(app.database.db, { list: 'negative', kind: 'passport', value: 'neg-4471-x', reason: 'test' });
    const { id, token } = await ownApplication((p) => (p.signatoryInfo[0].kycDetails.passportDetails[0].passportNumber = 'NEG4471X'));
    const res = await screen(id, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(flagged(res.json())).toEqual([['Negative List Check', 'DECLINE']]);
    expect(res.json().statusOverAll).toBe('DECLINE');
    expect(res.json().signatories).toBeUndefined();
    const agent = await agentScreening(id);
    expect(agent.statusCode, agent.body).toBe(200);
    expect(agent.json()).toMatchObject({ screened: true, statusOverAll: 'DECLINE' });
    const [own] = agent.json().signatories;
    expect(own).toMatchObject({ index: 0, statusOverAll: 'DECLINE', name: expect.stringMatching(/\S/) });
    expect(own.screeningResults.find((r: Json) => r.screeningType === 'Negative List Check')).toMatchObject({ screeningStatus: 'DECLINE', screeningFlag: true });
    // The bank export carries the signatory's own results.
    const exported = await app.inject({ method: 'GET', url: `/api/agent/prospects/${id}/export?format=bank`, headers: { authorization: `Bearer ${await agentToken()}` } });
    expect(exported.statusCode, exported.body).toBe(200);
    const bankSignatory = exported.json().prospect.signatoryInfo[0];
    expect(bankSignatory.screeningInfo.statusOverAll).toBe('DECLINE');
    expect(bankSignatory.screeningInfo.screeningResults).toContainEqual(expect.objectContaining({ screeningType: 'Negative List Check', screeningFlag: 'Y' }));
  });

  it('Company Firco Check: the company name on the sanctions list (legal form ignored) -> PENDING', async () => {
    await createScreeningRepository().addToScreeningList(app.database.db, { list: 'firco', kind: 'name', value: 'FIRCO HIT TRADING L.L.C.', reason: 'test' });
    const { id, token } = await ownApplication((p) => (p.organizationInfo.companyName = 'Firco Hit Trading'));
    const res = await screen(id, token);
    expect(flagged(res.json())).toEqual([['Company Firco Check', 'PENDING']]);
    // Another company whose name only starts the same way passes.
    const other = await ownApplication((p) => (p.organizationInfo.companyName = 'Firco Hit Trading Partners'));
    expect(flagged((await screen(other.id, other.token)).json())).toEqual([]);
  });

  it('Offshore Company Check: an off-shore entity -> PENDING', async () => {
    const { id, token } = await ownApplication((p) => (p.orgKYCDetails.companyCategory = 'OFFE'));
    expect(flagged((await screen(id, token)).json())).toEqual([['Offshore Company Check', 'PENDING']]);
  });

  it('PEP Check: a PEP signatory -> PENDING with reason code RSNLP for the agent, none for the customer', async () => {
    const { id, token } = await ownApplication((p) => {
      Object.assign(p.signatoryInfo[0].kycDetails, { isPEP: true, selfGovtPosition: 'Currently hold', relativeGovtPosition: 'Never held' });
    });
    const res = await screen(id, token);
    expect(flagged(res.json())).toEqual([['PEP Check', 'PENDING']]);
    expect(JSON.stringify(res.json())).not.toContain('RSNLP');
    const agent = (await agentScreening(id)).json();
    expect(agent.screeningResults.find((r: Json) => r.screeningType === 'PEP Check')).toMatchObject({ reasonCode: 'RSNLP', reasonNotes: 'RSNLP: A politically exposed person' });
    expect(agent.signatories[0].screeningResults.find((r: Json) => r.screeningType === 'PEP Check')).toMatchObject({ screeningStatus: 'PENDING', reasonCode: 'RSNLP' });
  });

  it('GET agent/prospects/{id}/screening: agents only; screened false before any screening; 404 for an unknown id', async () => {
    const { id, token } = await ownApplication(() => {});
    expect((await agentScreening(id)).json()).toEqual({ screened: false });
    expect((await agentScreening(id, token)).statusCode).toBe(403);
    expect((await agentScreening('SMENOTHERE')).statusCode).toBe(404);
    expect((await agentScreening('bad id')).statusCode).toBe(400);
  });
});
