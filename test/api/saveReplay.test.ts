/**
 * Issue 20, session 14: the save (PUT usertypes/sme/prospects/{id}) claims its request's replay nonce in its own
 * statement, with its write (bodyEncryption.ts `deferNonceClaim`, prospectRepository.ts), not in a statement of its
 * own before the handler. What the other encrypted routes guarantee still holds for it: a request is acted on at most
 * once, and its replay is refused with the generic 400 whatever the first answer was (stored, refused by validation,
 * by the body's schema or by a stale version), also when the replay arrives while the first is being saved.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { decryptResponse, encryptRequest, importPublicKey, type SessionKey } from '../../src/shared/envelope';
import { describeEachDatabase, startApp } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ENCRYPTION_ERROR = { errorType: 'EncryptionError', errors: [{ errorCode: 'ENCRYPTION', message: 'The request could not be read' }] };

describeEachDatabase('replay refusal of saves', (db) => {
  let app: FastifyInstance;
  let publicKey: CryptoKey;
  let token: string;

  async function sealed(method: 'POST' | 'PUT', url: string, body: unknown): Promise<{ request: InjectOptions; key: SessionKey }> {
    const { headers, payload, key } = await encryptRequest(publicKey, body, { method, path: url });
    return { request: { method, url, headers: { ...headers, authorization: `Bearer ${token}` }, payload: JSON.stringify(payload) }, key };
  }
  const answer = async (res: Awaited<ReturnType<FastifyInstance['inject']>>, key: SessionKey) => (res.headers['x-encrypted'] === '1' ? ((await decryptResponse(key, res.json())) as Json) : (res.json() as Json));

  async function create(): Promise<string> {
    const { request, key } = await sealed('POST', '/api/usertypes/sme/prospects', {
      applicantInfo: { fullName: 'Aisha Al Mansoori', email: 'aisha@falcon.ae', countryCode: '971', mobileNo: '501234567', applyOnbehalf: false },
      applicationInfo: { accountType: 'currentAccount', islamicBanking: false },
    });
    const res = await app.inject(request);
    expect(res.statusCode, res.body).toBe(201);
    return (await answer(res, key)).prospectId as string;
  }
  const saveOf = (id: string, version: number, companyName: unknown) =>
    sealed('PUT', `/api/usertypes/sme/prospects/${id}`, { prospect: { organizationInfo: { companyName } }, saveType: 'auto', version });
  const stored = async (id: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/usertypes/sme/prospects/${id}`, headers: { authorization: `Bearer ${token}` } });
    return res.json() as { version: number; prospect: Json };
  };
  const audits = async (id: string) => (await app.database.db.selectFrom('audit_log').select('id').where('prospect_id', '=', id).execute()).length;

  beforeAll(async () => {
    app = await startApp(db(), { maxOpenApplications: 1000 });
    publicKey = await importPublicKey((await app.serverKeys()).publicKeySpki);
    token = ((await app.tokenService.issue({ sub: 'c:971501234567', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '501234567', email: 'aisha@falcon.ae' } as never)) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await app?.close();
    await db().cleanup();
  });

  it('stores a save once: its replay is refused, nothing is written again, and its nonce is recorded', async () => {
    const id = await create();
    const { request, key } = await saveOf(id, 1, 'Falcon Trading LLC');
    const first = await app.inject(request);
    expect(first.statusCode, first.body).toBe(200);
    expect((await answer(first, key)).version).toBe(2);
    const count = await audits(id);
    // Again, and again once the process's cached row is gone (a save from a fresh read).
    for (const replay of [await app.inject(request), await app.inject(request)]) {
      expect(replay.statusCode).toBe(400);
      expect(replay.headers['x-encrypted']).toBeUndefined();
      expect(replay.json()).toEqual(ENCRYPTION_ERROR);
    }
    expect((await stored(id)).version).toBe(2);
    expect(await audits(id)).toBe(count);
    const nonce = (key as { nonce: string }).nonce;
    expect(await app.database.db.selectFrom('replay_nonces').select('nonce').where('nonce', '=', nonce).execute()).toHaveLength(1);
  });

  it('refuses the replay of a save refused by validation, by the body schema and by a stale version', async () => {
    const id = await create();
    const invalid = await saveOf(id, 1, 'x'.repeat(5000));
    const unreadable = await sealed('PUT', `/api/usertypes/sme/prospects/${id}`, { prospect: {}, version: 1 }); // no saveType
    const stale = await saveOf(id, 7, 'Falcon Trading LLC');
    const expected = [[400, 'FieldsValidation'], [400, 'FieldsValidation'], [409, 'VersionConflict']] as const;
    for (const [i, { request, key }] of [invalid, unreadable, stale].entries()) {
      const res = await app.inject(request);
      expect(res.statusCode, res.body).toBe(expected[i]![0]);
      expect((await answer(res, key)).errorType).toBe(expected[i]![1]);
      const replay = await app.inject(request);
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual(ENCRYPTION_ERROR);
    }
    expect((await stored(id)).version).toBe(1);
  });

  it('a replay sent while the save is being made: one is stored, the other refused', async () => {
    const ids = await Promise.all([create(), create(), create()]);
    const saves = await Promise.all(ids.map((id, i) => saveOf(id, 1, `Company ${i}`)));
    const counts = await Promise.all(ids.map(audits));
    // Each request three times at once, the three prospects' saves together (a group's statement).
    const answers = await Promise.all(saves.flatMap(({ request }) => [app.inject(request), app.inject(request), app.inject(request)]));
    for (const [i, { key }] of saves.entries()) {
      const mine = answers.slice(i * 3, i * 3 + 3);
      const ok = mine.filter((r) => r.statusCode === 200);
      expect(ok, mine.map((r) => r.body).join('\n')).toHaveLength(1);
      expect((await answer(ok[0]!, key)).version).toBe(2);
      for (const r of mine.filter((r) => r.statusCode !== 200)) expect(r.json()).toEqual(ENCRYPTION_ERROR);
      expect((await stored(ids[i]!)).version).toBe(2);
      expect(await audits(ids[i]!)).toBe(counts[i]! + 1);
    }
  });

  it('a new request of the same save (a fresh nonce) is a save as any other', async () => {
    const id = await create();
    const once = await saveOf(id, 1, 'Falcon Trading LLC');
    expect((await app.inject(once.request)).statusCode).toBe(200);
    const next = await saveOf(id, 2, 'Falcon Trading Two LLC');
    const res = await app.inject(next.request);
    expect(res.statusCode, res.body).toBe(200);
    expect((await answer(res, next.key)).version).toBe(3);
  });
});
