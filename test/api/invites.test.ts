import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../src/server/repositories/userRepository';
import { movableClock } from '../setup/testClock';
import { signInCustomer, withConfig } from './authHelpers';
import { describeEachDatabase, startApp } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const PUBLIC_URL = 'https://apply.bank.example';

/**
 * Invites that work from a mailbox (issue 13 item 6), on PGlite and PostgreSQL: the e-mailed link is absolute
 * (PUBLIC_URL) and carries the account type and the Islamic choice; opening it answers what the agent typed
 * and marks it opened; the agent lists sent invites with their state, resends one (a new link, the old one no
 * longer works), and invites expire (INVITE_TTL_DAYS).
 */
describeEachDatabase('invites', (db) => {
  let app: FastifyInstance;
  let agent: string;
  let otherAgent: string;
  const clock = movableClock();
  const invitee = { fullName: 'Sara Ahmed', email: 'sara.invite@example.ae', countryCode: '971', mobileNo: '507654321' };

  const latestLink = async (email: string) => {
    const rows = await app.database.db.selectFrom('outbox').select(['body', 'created_at']).where('recipient', '=', email).orderBy('created_at', 'desc').execute();
    const link = /(https?:\/\/\S+)/.exec(rows[0]?.body ?? '')?.[1];
    expect(link, 'no link in the invite e-mail').toBeDefined();
    return new URL(link!);
  };
  const open = (inviteToken: string) => app.inject({ method: 'POST', url: '/api/invites/open', payload: { inviteToken } });
  const list = async (token = agent) => {
    const res = await app.inject({ method: 'GET', url: '/api/agent/invites?page=1', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { total: number; invites: Json[] };
  };

  beforeAll(async () => {
    app = await startApp(withConfig(db(), {}, { publicUrl: PUBLIC_URL, inviteTtlDays: 3 }), {}, { now: clock.now });
    await createUser(app.database.db, { username: 'ro.salem', password: 'agent password 1', displayName: 'Salem R', roCode: 'RO808', roles: ['agent'] });
    await createUser(app.database.db, { username: 'ro.other', password: 'agent password 2', displayName: 'Other R', roCode: 'RO909', roles: ['agent'] });
    const login = async (username: string, password: string) =>
      (await app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username, password } })).json().access_token as string;
    agent = await login('ro.salem', 'agent password 1');
    otherAgent = await login('ro.other', 'agent password 2');
  });
  afterAll(async () => {
    await app?.close();
    await db().cleanup();
  });

  it('e-mails an absolute link with the account type and the Islamic choice; opening it answers the basic information', async () => {
    const sent = await app.inject({ method: 'POST', url: '/api/agent/createInvite', headers: bearer(agent), payload: { ...invitee, accountType: 'elite', islamicBanking: true } });
    expect(sent.statusCode, sent.body).toBe(201);
    const link = await latestLink(invitee.email);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/business/application-redirect');
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ rocode: 'RO808', accountType: 'elite', islamic: 'true' });
    expect((await list()).invites[0]).toMatchObject({ email: invitee.email, status: 'sent', sentCount: 1 });

    const opened = await open(link.searchParams.get('invite')!);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ ...invitee, accountType: 'elite', islamicBanking: true, roCode: 'RO808' });
    expect((await list()).invites[0]).toMatchObject({ status: 'opened' });
  });

  it('resends with a new link (the earlier one stops working); only the sending agent sees and resends it', async () => {
    const before = await latestLink(invitee.email);
    const { inviteId } = (await list()).invites[0]!;
    expect((await list(otherAgent)).invites).toEqual([]);
    const foreign = await app.inject({ method: 'POST', url: `/api/agent/invites/${inviteId}/resend`, headers: bearer(otherAgent), payload: {} });
    expect(foreign.statusCode).toBe(404);

    const again = await app.inject({ method: 'POST', url: `/api/agent/invites/${inviteId}/resend`, headers: bearer(agent), payload: {} });
    expect(again.statusCode, again.body).toBe(200);
    const after = await latestLink(invitee.email);
    expect(after.searchParams.get('invite')).not.toBe(before.searchParams.get('invite'));
    expect((await open(before.searchParams.get('invite')!)).statusCode).toBe(404);
    expect((await open(after.searchParams.get('invite')!)).statusCode).toBe(200);
    expect((await list()).invites[0]).toMatchObject({ sentCount: 2 });
  });

  it('expires after INVITE_TTL_DAYS: opening answers 410 with the reason, the list says expired, a resend renews it', async () => {
    const link = await latestLink(invitee.email);
    clock.advance(3 * 24 * 3600_000 + 60_000);
    const expired = await open(link.searchParams.get('invite')!);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ errorType: 'InviteError', errors: [{ errorCode: 'INVITE_EXPIRED' }] });
    const row = (await list()).invites[0]!;
    expect(row.status).toBe('expired');
    const renewed = await app.inject({ method: 'POST', url: `/api/agent/invites/${row.inviteId}/resend`, headers: bearer(agent), payload: {} });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await list()).invites[0]).toMatchObject({ status: 'sent' });
  });

  it('is used by the application created with it, which carries the RO code; a used invite cannot be resent or opened', async () => {
    const link = await latestLink(invitee.email);
    const token = link.searchParams.get('invite')!;
    const { fullName: _name, ...contact } = invitee;
    const customer = (await signInCustomer(app, contact, 'invite-device')).access_token;
    const created = await app.inject({
      method: 'POST',
      url: '/api/usertypes/sme/prospects',
      headers: bearer(customer),
      payload: { applicantInfo: { ...invitee }, applicationInfo: { accountType: 'elite', islamicBanking: true }, inviteToken: token },
    });
    expect(created.statusCode, created.body).toBe(201);
    const prospectId = created.json().prospectId as string;
    const row = (await list()).invites[0]!;
    expect(row).toMatchObject({ status: 'used', prospectId });
    expect((await app.inject({ method: 'POST', url: `/api/agent/invites/${row.inviteId}/resend`, headers: bearer(agent), payload: {} })).statusCode).toBe(409);
    expect((await open(token)).statusCode).toBe(410);
    const prospect = (await app.inject({ method: 'GET', url: `/api/usertypes/sme/prospects/${prospectId}`, headers: bearer(customer) })).json().prospect as Json;
    expect(prospect.applicantInfo.roCode).toBe('RO808');
    // The inviting agent collects the documents: the application is ready without uploads (spec 000 §7).
    expect(prospect.applicantInfo).toMatchObject({ validRoCode: 'Y', LeadSource: 'RO' });
    const docs = await app.inject({ method: 'GET', url: `/api/prospects/${prospectId}/documents`, headers: bearer(customer) });
    expect(docs.statusCode, docs.body).toBe(200);
    expect(docs.json().readyForSubmit).toBe(true);
  });

  it("an agent's code typed by an applicant is recorded as valid, but the documents are still required", async () => {
    const contact = { email: 'typed.code@example.ae', countryCode: '971', mobileNo: '507650000' };
    const customer = (await signInCustomer(app, contact, 'typed-code-device')).access_token;
    const created = await app.inject({
      method: 'POST',
      url: '/api/usertypes/sme/prospects',
      headers: bearer(customer),
      payload: { applicantInfo: { fullName: 'Typed Code', ...contact, roCode: 'RO808' }, applicationInfo: { accountType: 'currentAccount', islamicBanking: false } },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ validRoCode: 'Y', prospect: { applicantInfo: { roCode: 'RO808', validRoCode: 'Y', LeadSource: 'Direct' } } });
    const docs = await app.inject({ method: 'GET', url: `/api/prospects/${created.json().prospectId}/documents`, headers: bearer(customer) });
    expect(docs.statusCode, docs.body).toBe(200);
    expect(docs.json().readyForSubmit).toBe(false);
  });

  it('refuses a malformed or unknown token with a clear 4xx, and the agent routes to customers', async () => {
    expect((await open('short')).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/invites/open', payload: {} })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/invites/open', payload: { inviteToken: 'x'.repeat(200) } })).statusCode).toBe(400);
    const bad = await app.inject({ method: 'POST', url: '/api/agent/invites/not-an-id/resend', headers: bearer(agent), payload: {} });
    expect(bad.statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/agent/invites?page=0', headers: bearer(agent) })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/agent/invites?page=2', headers: bearer(agent) })).json()).toMatchObject({ page: 2, invites: [] });
    const customer = (await signInCustomer(app, { email: 'x@example.ae', countryCode: '971', mobileNo: '501110000' }, 'invite-device-2')).access_token;
    expect((await app.inject({ method: 'GET', url: '/api/agent/invites', headers: bearer(customer) })).statusCode).toBe(403);
  });
});
