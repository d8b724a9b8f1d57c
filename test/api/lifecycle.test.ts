import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseFixtures } from '../../src/content/fixtures';
import { decideMove, type Lifecycle, type LifecycleRole } from '../../src/content/lifecycle';
import { parseLifecycle } from '../../src/content/lifecycleSchema';
import { isValidIban, newIban, openAccounts } from '../../src/server/prospects/accountNumbers';
import { setToday } from '../../src/validation/clock';
import { statusByBankOnlyMessage } from '../../src/shared/serverMessages';
import { storeRequiredDocuments } from './documentRows';
import { describeEachDatabase, startApp } from './helpers';

const root = join(import.meta.dirname, '..', '..');
const lifecycle: Lifecycle = parseLifecycle(JSON.parse(readFileSync(join(root, 'schemas', 'lifecycle.json'), 'utf8')));
const complete = parseFixtures(JSON.parse(readFileSync(join(root, 'fixtures', 'prospect', 'soleProprietor.json'), 'utf8')))[0]!;
const STATES = Object.keys(lifecycle.states);

type Json = Record<string, unknown>;

/** Written by hand, so that a lifecycle.json that allowed everything (or nothing) fails here. */
const FORBIDDEN: [LifecycleRole, string, string][] = [
  ['applicant', 'SUBMITTED', 'APPROVED'],
  ['applicant', 'ASSESSING', 'APPROVED'],
  ['applicant', 'APPROVED', 'ACCOUNT_OPENED'],
  ['applicant', 'DOCUMENTS_NEEDED', 'ASSESSING'],
  ['applicant', 'ASSESSING', 'DECLINED'],
  ['applicant', 'DRAFT', 'SUBMITTED'],
  ['agent', 'DRAFT', 'SUBMITTED'],
  ['agent', 'DRAFT', 'APPROVED'],
  ['agent', 'SUBMITTED', 'APPROVED'],
  ['agent', 'DOCUMENTS_NEEDED', 'APPROVED'],
  ['agent', 'ASSESSING', 'ACCOUNT_OPENED'],
  ['agent', 'DECLINED', 'ASSESSING'],
  ['agent', 'ACCOUNT_OPENED', 'DECLINED'],
  ['agent', 'APPROVED', 'DECLINED'],
];
const ALLOWED: [LifecycleRole, string, string][] = [
  ['agent', 'SUBMITTED', 'ASSESSING'],
  ['agent', 'ASSESSING', 'DOCUMENTS_NEEDED'],
  ['agent', 'ASSESSING', 'NEED_ADDITIONAL_INFO'],
  ['agent', 'ASSESSING', 'APPROVED'],
  ['agent', 'ASSESSING', 'DECLINED'],
  ['agent', 'DOCUMENTS_NEEDED', 'ASSESSING'],
  ['agent', 'APPROVED', 'ACCOUNT_OPENED'],
];

describeEachDatabase('application lifecycle API', (db) => {
  let app: FastifyInstance;
  let owner: string;
  let stranger: string;
  let agent: string;
  let product: string;
  let prospectId: string;
  let base: Json;

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as Json }) });
  const move = (token: string, body: Json, id = prospectId) => call('POST', `/api/prospects/${id}/status`, token, body);
  const outbox = async (recipient: string) => (await app.database.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).orderBy('created_at').execute());

  /** Puts the application in `status` directly (what earlier moves would have left), documents asked when the state awaits them. */
  async function putIn(status: string) {
    const requested = lifecycle.states[status]?.awaitsDocuments
      ? { requestedDocuments: [{ documentKey: 'TradeLicense-1', documentType: 'TradeLicense', documentTitle: 'Trade License', group: 'company' }], requestedAt: new Date().toISOString() }
      : {};
    const document = { ...base, prospectStatusInfo: { status, statusNotes: lifecycle.states[status]!.label, history: [], ...requested } };
    await app.database.db.updateTable('prospects').set({ status, document: JSON.stringify(document) }).where('id', '=', prospectId).execute();
  }

  /** A body the target state accepts (a reason to decline, documents to ask for). */
  function bodyFor(to: string): Json {
    const s = lifecycle.states[to]!;
    return { to, note: `Moved to ${to}`, ...(s.requiresReason ? { reason: 'DOCUMENTS_INVALID' } : {}), ...(s.awaitsDocuments ? { documents: ['TradeLicense-1', 'MOA-1'] } : {}) };
  }

  beforeAll(async () => {
    setToday('2026-01-15');
    app = await startApp(db(), { encryption: 'off' });
    const issue = async (p: Json) => ((await app.tokenService.issue(p as never)) as { access_token: string }).access_token;
    const applicant = (complete.data as Json).applicantInfo as Json;
    owner = await issue({ sub: 'c:owner', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: applicant.mobileNo, email: applicant.email });
    stranger = await issue({ sub: 'c:other', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '509990000', email: 'other@oryx.ae' });
    agent = await issue({ sub: 'u:ro1', kind: 'staff', roles: ['agent'], roCode: 'RO123', name: 'Omar' });
    product = await issue({ sub: 'u:studio', kind: 'staff', roles: ['product'], name: 'Studio' });
    const created = await call('POST', '/api/usertypes/sme/prospects', owner, { applicantInfo: applicant, applicationInfo: { accountType: 'currentAccount', islamicBanking: false } });
    expect(created.statusCode, created.body).toBe(201);
    prospectId = created.json().prospectId;
    const data = structuredClone(complete.data) as Json;
    await storeRequiredDocuments(app, prospectId, data);
    const submitted = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, owner, { prospect: data, saveType: 'submit', version: 1, declaration: true });
    expect(submitted.statusCode, submitted.body).toBe(200);
    base = (await app.database.db.selectFrom('prospects').select('document').where('id', '=', prospectId).executeTakeFirstOrThrow()).document;
  });
  afterAll(async () => {
    setToday(null);
    await app.close();
    await db().cleanup();
  });

  it('a clean submit writes SUBMITTED into prospectStatusInfo with its move and audit row', async () => {
    const info = base.prospectStatusInfo as Json;
    expect(info).toMatchObject({ status: 'SUBMITTED', statusNotes: 'Submitted' });
    expect(info.history).toEqual([expect.objectContaining({ from: 'DRAFT', to: 'SUBMITTED', by: 'applicant' })]);
  });

  it('allows exactly the moves of lifecycle.json, per role (table-driven), and answers 409 with the reason otherwise (403 to the applicant, who moves nothing here)', async () => {
    const roles: [LifecycleRole, string][] = [
      ['applicant', owner],
      ['agent', agent],
    ];
    let allowed = 0;
    let refused = 0;
    for (const from of STATES) {
      for (const to of STATES) {
        for (const [role, token] of roles) {
          await putIn(from);
          const expected = decideMove(lifecycle, from, to, role);
          const res = await move(token, bodyFor(to));
          const label = `${role} ${from} -> ${to}`;
          if (role === 'applicant') {
            // The applicant moves nothing with this call (their submit is a save): 403, whatever the lifecycle says.
            refused++;
            expect(res.statusCode, `${label}: ${res.body}`).toBe(403);
            const row = await app.database.db.selectFrom('prospects').select('status').where('id', '=', prospectId).executeTakeFirstOrThrow();
            expect(row.status, label).toBe(from);
          } else if (expected.allowed) {
            allowed++;
            expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
            const then = lifecycle.states[to]!.then;
            expect(res.json().status, label).toBe(then ?? to);
          } else {
            refused++;
            expect(res.statusCode, `${label}: ${res.body}`).toBe(409);
            expect(res.json().errorType).toBe('TransitionError');
            expect(res.json().errors[0].message, label).toMatch(/cannot move|Only|already|only when/);
            const row = await app.database.db.selectFrom('prospects').select('status').where('id', '=', prospectId).executeTakeFirstOrThrow();
            expect(row.status, label).toBe(from);
          }
        }
      }
    }
    expect(allowed).toBeGreaterThanOrEqual(ALLOWED.length);
    expect(refused).toBeGreaterThan(80);
  });

  it('refuses the hand-written forbidden moves and allows the hand-written allowed ones', async () => {
    for (const [role, from, to] of FORBIDDEN) {
      await putIn(from);
      const res = await move(role === 'agent' ? agent : owner, bodyFor(to));
      // The applicant is refused every move (README): 403 with why, not the lifecycle's reasons.
      expect(res.statusCode, `${role} ${from} -> ${to}`).toBe(role === 'agent' ? 409 : 403);
      if (role === 'applicant') expect(res.json()).toEqual({ errorType: 'Forbidden', errors: [{ errorCode: 'FORBIDDEN', message: statusByBankOnlyMessage('en') }] });
    }
    await putIn('ASSESSING');
    const arabic = await app.inject({ method: 'POST', url: `/api/prospects/${prospectId}/status`, headers: { authorization: `Bearer ${owner}`, 'accept-language': 'ar' }, payload: { to: 'APPROVED' } });
    expect(arabic.statusCode).toBe(403);
    expect(arabic.json().errors[0].message).toBe(statusByBankOnlyMessage('ar'));
    expect(JSON.stringify(arabic.json())).not.toMatch(/ASSESSING|Assessing|APPROVED/);
    for (const [role, from, to] of ALLOWED) {
      await putIn(from);
      const res = await move(role === 'agent' ? agent : owner, bodyFor(to));
      expect(res.statusCode, `${role} ${from} -> ${to}: ${res.body}`).toBe(200);
    }
  });

  it('audits every move with the actor and the note, and tells the applicant by e-mail and SMS', async () => {
    await putIn('ASSESSING');
    const res = await move(agent, { to: 'DOCUMENTS_NEEDED', note: 'The licence scan is blurred', documents: ['TradeLicense-1', 'MOA-1'] });
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json().prospectStatusInfo;
    expect(info.requestedDocuments.map((d: Json) => d.documentKey)).toEqual(['TradeLicense-1', 'MOA-1']);
    expect(info.statusNotes).toBe('Documents needed');
    const audit = await call('GET', `/api/agent/prospects/${prospectId}/audit`, agent);
    const last = audit.json().entries.at(-1);
    expect(last).toMatchObject({ action: 'prospect.status', actorKind: 'agent', actor: 'u:ro1' });
    expect(last.changes[0]).toMatchObject({ from: 'ASSESSING', to: 'DOCUMENTS_NEEDED', note: 'The licence scan is blurred', documents: ['TradeLicense-1', 'MOA-1'] });
    const applicant = (complete.data as Json).applicantInfo as Json;
    const mails = await outbox(applicant.email as string);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe(`Your application ${prospectId}: Documents needed`);
    expect(mail.body).toContain('Trade License');
    expect(mail.body).toContain('The licence scan is blurred');
    const sms = (await outbox(`971${applicant.mobileNo}`)).at(-1)!;
    expect(sms.body).toContain('need documents');
  });

  it('bad input gets 400 with field errors; product staff 403; another applicant 403 (no applicant moves a status); an unknown id 404', async () => {
    await putIn('ASSESSING');
    const noReason = await move(agent, { to: 'DECLINED' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([expect.objectContaining({ field: 'reason', message: 'Reason is not filled' })]);
    const badReason = await move(agent, { to: 'DECLINED', reason: 'NOT_A_REASON' });
    expect(badReason.json().errors[0]).toMatchObject({ field: 'reason', message: 'Reason is invalid' });
    const noDocs = await move(agent, { to: 'DOCUMENTS_NEEDED' });
    expect(noDocs.statusCode).toBe(400);
    expect(noDocs.json().errors[0]).toMatchObject({ field: 'documents' });
    const badDoc = await move(agent, { to: 'DOCUMENTS_NEEDED', documents: ['TradeLicense-1', 'Invented-9'] });
    expect(badDoc.json().errors).toEqual([expect.objectContaining({ field: 'documents.1' })]);
    const unknown = await move(agent, { to: 'NOWHERE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ field: 'to' });
    for (const body of [{}, { to: 'approved' }, { to: 'APPROVED', note: 'x'.repeat(1001) }, { to: 'APPROVED', extra: 1 }, { to: 'APPROVED', documents: 'x' }]) {
      const res = await move(agent, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await move(product, { to: 'APPROVED' })).statusCode).toBe(403);
    expect((await move(stranger, { to: 'APPROVED' })).statusCode).toBe(403);
    expect((await move(agent, { to: 'APPROVED' }, 'SMEZZZZZZZZZZ')).statusCode).toBe(404);
    expect((await call('POST', `/api/prospects/${prospectId}/status`, undefined, { to: 'APPROVED' })).statusCode).toBe(401);
    const row = await app.database.db.selectFrom('prospects').select('status').where('id', '=', prospectId).executeTakeFirstOrThrow();
    expect(row.status).toBe('ASSESSING');
  });

  it('uploads of every requested document return the application to ASSESSING; other documents are refused to the applicant', async () => {
    await putIn('ASSESSING');
    expect((await move(agent, { to: 'DOCUMENTS_NEEDED', note: 'Please send them again', documents: ['TradeLicense-1', 'MOA-1'] })).statusCode).toBe(200);
    const upload = async (documentKey: string, documentType: string) => {
      const form = new FormData();
      form.append('documentKey', documentKey);
      form.append('documentType', documentType);
      const bytes = Buffer.alloc(60_000, 0x20);
      Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n').copy(bytes);
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), `${documentKey}.pdf`);
      const r = new Response(form);
      return app.inject({ method: 'POST', url: `/api/rest/v1/banks/rak/prospectId/${prospectId}/documents`, headers: { ...bearer(owner), 'content-type': r.headers.get('content-type')! }, payload: Buffer.from(await r.arrayBuffer()) });
    };
    const other = await upload('Other-1', 'Other');
    expect(other.statusCode, other.body).toBe(400);
    expect(other.json().errors[0]).toMatchObject({ errorCode: 'NOT_REQUESTED', field: 'documentKey' });
    expect((await upload('TradeLicense-1', 'TradeLicense')).statusCode).toBe(200);
    let row = await app.database.db.selectFrom('prospects').select(['status']).where('id', '=', prospectId).executeTakeFirstOrThrow();
    expect(row.status).toBe('DOCUMENTS_NEEDED');
    expect((await upload('MOA-1', 'MOA')).statusCode).toBe(200);
    row = await app.database.db.selectFrom('prospects').select(['status']).where('id', '=', prospectId).executeTakeFirstOrThrow();
    expect(row.status).toBe('ASSESSING');
    const audit = (await call('GET', `/api/agent/prospects/${prospectId}/audit`, agent)).json().entries.at(-1);
    expect(audit).toMatchObject({ action: 'prospect.status', actorKind: 'system' });
    expect(audit.changes[0]).toMatchObject({ from: 'DOCUMENTS_NEEDED', to: 'ASSESSING' });
    // Back in assessment, the applicant cannot upload any more.
    expect((await upload('MOA-1', 'MOA')).statusCode).toBe(409);
  });

  it('approval opens one account per currency (valid UAE IBANs), shown to the applicant, and nothing moves an opened account', async () => {
    await putIn('ASSESSING');
    const withCurrencies = { ...base, accountInfo: [{ ...((base.accountInfo as Json[])[0] ?? {}), accountCurrencies: ['AED', 'USD', 'EUR'] }] };
    await app.database.db.updateTable('prospects').set({ document: JSON.stringify({ ...withCurrencies, prospectStatusInfo: { status: 'ASSESSING', statusNotes: 'Assessing', history: [] } }) }).where('id', '=', prospectId).execute();
    const res = await move(agent, { to: 'APPROVED', note: 'Welcome aboard' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('ACCOUNT_OPENED');
    const numbers = res.json().accountInfo[0].accountNumbers as { currency: string; accountNo: string }[];
    expect(numbers.map((n) => n.currency)).toEqual(['AED', 'USD', 'EUR']);
    for (const n of numbers) {
      expect(n.accountNo).toMatch(/^AE[0-9]{2}040[0-9]{16}$/);
      expect(isValidIban(n.accountNo)).toBe(true);
    }
    expect(new Set(numbers.map((n) => n.accountNo)).size).toBe(3);
    const seen = await call('GET', `/api/usertypes/sme/prospects/${prospectId}`, owner);
    expect(seen.json().accountInfo[0].accountNumbers).toEqual(numbers);
    expect(seen.json().prospect.prospectStatusInfo.history.map((h: Json) => `${h.to}:${h.by}`)).toEqual(['APPROVED:agent', 'ACCOUNT_OPENED:system']);
    const applicant = (complete.data as Json).applicantInfo as Json;
    const mail = (await outbox(applicant.email as string)).at(-1)!;
    expect(mail.body).toContain('AED: AE');
    expect(mail.body).toContain('Welcome aboard');
    // The accounts cannot be changed by the applicant's save either (server-owned).
    const again = await move(agent, { to: 'DECLINED', reason: 'DOCUMENTS_INVALID' });
    expect(again.statusCode).toBe(409);
  });

  it('a final state (declined, accounts opened) ends the application: the agent can no longer save, upload or screen it', async () => {
    for (const status of Object.keys(lifecycle.states).filter((s) => lifecycle.states[s]!.final)) {
      await putIn(status);
      const row = await app.database.db.selectFrom('prospects').select(['document', 'version']).where('id', '=', prospectId).executeTakeFirstOrThrow();
      const saved = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, agent, { prospect: row.document, saveType: 'save', version: row.version });
      expect(saved.statusCode, `${status}: ${saved.body}`).toBe(409);
      expect(saved.json().errors[0]).toMatchObject({ errorCode: 'APPLICATION_CLOSED', message: `The application is "${lifecycle.states[status]!.label}": it can no longer be changed` });
      // A patch made against an older version (a tab that still shows the draft) gets the same reason, not a version conflict.
      const stale = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, agent, {
        patch: [{ op: 'replace', path: '/organizationInfo/companyName', value: 'Typed in an old tab' }],
        saveType: 'save',
        version: row.version - 1,
      });
      expect(stale.statusCode, `${status}: ${stale.body}`).toBe(409);
      expect(stale.json().errors[0]).toMatchObject({ errorCode: 'APPLICATION_CLOSED' });
      const screened = await call('POST', `/api/prospects/${prospectId}/screening`, agent, {});
      expect(screened.statusCode, `${status}: ${screened.body}`).toBe(409);
      const uploaded = await call('POST', `/api/rest/v1/banks/rak/prospectId/${prospectId}/documents`, agent, {});
      expect(uploaded.statusCode, `${status}: ${uploaded.body}`).toBe(409);
    }
    // Back in a working state, the same agent save is accepted: the refusal came from the state alone.
    await putIn('ASSESSING');
    const row = await app.database.db.selectFrom('prospects').select(['document', 'version']).where('id', '=', prospectId).executeTakeFirstOrThrow();
    const saved = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, agent, { prospect: row.document, saveType: 'save', version: row.version });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('account numbers: 10,000 drawn are valid and distinct, and the database refuses a number twice', async () => {
    const drawn = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const iban = newIban('AE', '040');
      expect(iban.length).toBe(23);
      if (!isValidIban(iban)) throw new Error(`invalid ${iban}`);
      drawn.add(iban);
    }
    expect(drawn.size).toBe(10_000);
    const all = [...drawn];
    for (let i = 0; i < all.length; i += 1000) {
      await app.database.db
        .insertInto('account_numbers')
        .values(all.slice(i, i + 1000).map((iban, j) => ({ iban, prospect_id: `BULK${i + j}`, currency: 'AED' })))
        .execute();
    }
    const count = await sql<{ n: number }>`select count(distinct iban)::int as n from account_numbers where prospect_id like 'BULK%'`.execute(app.database.db);
    expect(count.rows[0]!.n).toBe(10_000);
    await expect(app.database.db.insertInto('account_numbers').values({ iban: all[0]!, prospect_id: 'OTHER', currency: 'USD' }).execute()).rejects.toThrow();
    // A draw that collides with a number already given draws again.
    const digits = all[0]!.slice(7).split('').map(Number);
    let k = 0;
    let calls = 0;
    const rigged = (max: number) => {
      calls++;
      return k < 16 ? (k === 0 ? digits[k++]! - 1 : digits[k++]!) : Math.floor(Math.random() * max);
    };
    const opened = await app.database.db.transaction().execute((trx) => openAccounts(trx, { prospectId: 'RIGGED', currencies: ['AED'], country: 'AE', bankCode: '040' }, rigged));
    expect(opened[0]!.accountNo).not.toBe(all[0]);
    expect(isValidIban(opened[0]!.accountNo)).toBe(true);
    expect(calls).toBe(32); // the colliding draw, then a fresh one
  });
});
