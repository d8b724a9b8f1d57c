import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/repositories/userRepository';
import { createAuditRepository } from '../../src/server/repositories/auditRepository';
import { signInCustomer, withConfig } from './authHelpers';
import { describeEachDatabase, startApp } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const applicant = { email: 'layla@example.ae', countryCode: '971', mobileNo: '501112233' };
const bearer = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});

/** Every agent-only endpoint, with a body that would be valid for an agent. */
const agentEndpoints = (prospectId: string) =>
  [
    ['POST', '/api/products/stp-accounts/prospects/search', { tradeLicenseNo: 'TL-1' }],
    [
      'POST',
      '/api/agent/createInvite',
      { fullName: 'Sara Ahmed', email: 'sara@example.ae', countryCode: '971', mobileNo: '501234567', accountType: 'starter' },
    ],
    ['GET', `/api/agent/prospects/${prospectId}/audit`, undefined],
  ] as const;

/**
 * The agent channel's server side: only agents reach search, invite and the audit trail (a customer's token is
 * refused with 403, no token with 401), and the audit trail lists who changed the application.
 */
describeEachDatabase('agent channel', (db) => {
  let app: FastifyInstance;
  let agent: string;
  let customer: string;
  let product: string;
  let prospectId: string;

  beforeAll(async () => {
    app = await startApp(withConfig(db()));
    await createUser(app.database.db, { username: 'ro.hamad', password: 'agent password 1', displayName: 'Hamad Saeed', roCode: 'RO777', roles: ['agent'] });
    await createUser(app.database.db, { username: 'studio.staff', password: 'product password', displayName: 'Studio', roles: ['product'] });
    const login = async (username: string, password: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username, password } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().access_token as string;
    };
    agent = await login('ro.hamad', 'agent password 1');
    product = await login('studio.staff', 'product password');
    customer = (await signInCustomer(app, applicant, 'agent-test-device')).access_token;
    const created = await app.inject({
      method: 'POST',
      url: '/api/usertypes/sme/prospects',
      headers: bearer(customer),
      payload: { applicantInfo: { fullName: 'Layla Hassan', ...applicant } },
    });
    expect(created.statusCode, created.body).toBe(201);
    prospectId = created.json().prospectId;
  });
  afterAll(async () => {
    await app?.close();
    await db().cleanup();
  });

  describe('who may call', () => {
    it('answers 403 to a customer token on every agent endpoint', async () => {
      for (const [method, url, payload] of agentEndpoints(prospectId)) {
        const res = await app.inject({ method, url, headers: bearer(customer), ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      }
    });

    it('answers 403 to product staff (not agents) on every agent endpoint', async () => {
      for (const [method, url, payload] of agentEndpoints(prospectId)) {
        const res = await app.inject({ method, url, headers: bearer(product), ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      }
    });

    it('answers 401 with no body without a token', async () => {
      for (const [method, url, payload] of agentEndpoints(prospectId)) {
        const res = await app.inject({ method, url, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.body).toBe('');
      }
    });

    it('lets the agent through on every agent endpoint', async () => {
      for (const [method, url, payload] of agentEndpoints(prospectId)) {
        const res = await app.inject({ method, url, headers: bearer(agent), ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      }
    });
  });

  describe('audit trail', () => {
    it('lists the creation by the applicant and a save by the agent, oldest first, with the changed paths', async () => {
      const current = await app.inject({ method: 'GET', url: `/api/usertypes/sme/prospects/${prospectId}`, headers: bearer(agent) });
      expect(current.statusCode, current.body).toBe(200);
      const { prospect, version } = current.json() as Json;
      const saved = await app.inject({
        method: 'PUT',
        url: `/api/usertypes/sme/prospects/${prospectId}`,
        headers: bearer(agent),
        payload: { prospect: { ...prospect, applicantInfo: { ...prospect.applicantInfo, fullName: 'Layla M Hassan' } }, saveType: 'auto', version },
      });
      expect(saved.statusCode, saved.body).toBe(200);

      const res = await app.inject({ method: 'GET', url: `/api/agent/prospects/${prospectId}/audit`, headers: bearer(agent) });
      expect(res.statusCode, res.body).toBe(200);
      const { entries } = res.json() as { entries: Json[] };
      expect(entries.map((e) => e.action)).toEqual(['prospect.create', 'prospect.auto']);
      expect(entries[0]).toMatchObject({ actor: 'Applicant', actorKind: 'customer' });
      // The whole document is new; what the form logic derived from it on the server is listed after it.
      const [whole, ...derived] = entries[0]!.changes as unknown[];
      expect(whole).toBe('/');
      for (const d of derived) expect(d).toMatchObject({ byLogic: 'derived' });
      expect(entries[1]).toMatchObject({ actor: 'Hamad Saeed', actorKind: 'agent' });
      expect(entries[1]!.changes).toContain('/applicantInfo/fullName');
      // In words for the overview: the field's title from the schemas, never the pointer.
      expect(entries[1]!.changeLabels).toContain('Full name');
      expect(entries[0]!.changeLabels[0]).toBe('The whole application');
      for (const label of entries.flatMap((e) => e.changeLabels as string[])) expect(label).not.toMatch(/^\//);
      expect(Date.parse(entries[0]!.at)).toBeLessThanOrEqual(Date.parse(entries[1]!.at));
    });

    it('records facts (action type, completed steps, document types) and words them in Arabic; older rows\' strings too', async () => {
      const current = (await app.inject({ method: 'GET', url: `/api/usertypes/sme/prospects/${prospectId}`, headers: bearer(agent) })).json() as Json;
      const saved = await app.inject({ method: 'PUT', url: `/api/usertypes/sme/prospects/${prospectId}`, headers: bearer(agent), payload: { prospect: current.prospect, saveType: 'save', actionType: 'continue', version: current.version } });
      expect(saved.statusCode, saved.body).toBe(200);
      const principal = { kind: 'customer', sub: 'c:971501234567', roles: [] } as never;
      const audit = createAuditRepository();
      // A save that completed a step and an upload, as recorded now; then rows of before (strings and paths).
      await audit.record(app.database.db, { prospectId, principal, action: 'prospect.save', changes: [{ actionType: 'continue' }, { completedSteps: [{ flow: 'companyInfo', step: 'companyDetails' }] }] });
      await audit.record(app.database.db, { prospectId, principal, action: 'document.upload', changes: [{ documentKey: 'TradeLicense-1', documentType: 'TradeLicense', documentTitle: 'Trade License', fileName: 'TradeLicense-1.pdf', size: 60000 }] });
      await audit.record(app.database.db, { prospectId, principal, action: 'prospect.submit', changes: ['actionType=continue', '/freeFieldsInfo/freeField5', '/applicationInfo/declaration'] });
      const raw = (await app.inject({ method: 'GET', url: `/api/agent/prospects/${prospectId}/audit`, headers: bearer(agent) })).json() as { entries: Json[] };
      expect(raw.entries.find((e) => e.action === 'prospect.save')!.changes).toContainEqual({ actionType: 'continue' });
      const res = await app.inject({ method: 'GET', url: `/api/agent/prospects/${prospectId}/audit`, headers: { ...bearer(agent), 'accept-language': 'ar' } });
      const labels = (res.json() as { entries: Json[] }).entries.slice(-4).flatMap((e) => e.changeLabels as string[]);
      expect(labels).toEqual([
        'متابعة إلى الخطوة التالية',
        'متابعة إلى الخطوة التالية',
        expect.stringMatching(/^خطوة مكتملة: [\u0600-\u06FF]/),
        'الرخصة التجارية: TradeLicense-1.pdf',
        'متابعة إلى الخطوة التالية',
        'الخطوات المكتملة',
        'تأكيد الإقرار',
      ]);
      for (const label of labels) expect(label).not.toMatch(/actionType|freeField|Completed|Declaration|Trade License/);
      const english = (await app.inject({ method: 'GET', url: `/api/agent/prospects/${prospectId}/audit`, headers: bearer(agent) })).json() as { entries: Json[] };
      expect(english.entries.slice(-3).flatMap((e) => e.changeLabels as string[])).toEqual([
        'Continued to the next step',
        'Step completed: Company Details',
        'Trade License: TradeLicense-1.pdf',
        'Continued to the next step',
        'Completed steps',
        'Declaration confirmed',
      ]);
    });

    it("words a stakeholder's document in the request's language, naming the stakeholder (QA walk: the upload's English title)", async () => {
      const current = (await app.inject({ method: 'GET', url: `/api/usertypes/sme/prospects/${prospectId}`, headers: bearer(agent) })).json() as Json;
      const stakeholder = { signatoryId: 'qa1', firstName: 'Amal', lastName: 'Nasser', fullName: 'Amal Nasser', kycDetails: { isShareholderACompany: false } };
      const saved = await app.inject({ method: 'PUT', url: `/api/usertypes/sme/prospects/${prospectId}`, headers: bearer(agent), payload: { prospect: { signatoryInfo: [stakeholder] }, saveType: 'auto', version: current.version } });
      expect(saved.statusCode, saved.body).toBe(200);
      const listed = (await app.inject({ method: 'GET', url: `/api/prospects/${prospectId}/documents`, headers: { ...bearer(agent), 'accept-language': 'ar' } })).body;
      const cv = [...listed.matchAll(/"documentKey":"([^"]*CV-qa1[^"]*)"/g)][0]?.[1];
      expect(cv, listed.slice(0, 300)).toBeDefined();
      const principal = { kind: 'customer', sub: 'c:971501234567', roles: [] } as never;
      // As the upload records it: the English title of the moment.
      await createAuditRepository().record(app.database.db, { prospectId, principal, action: 'document.upload', changes: [{ documentKey: cv, documentType: 'CV', documentTitle: 'CV (personal background) - Amal Nasser', fileName: 'cv.pdf', size: 60000 }] });
      const res = await app.inject({ method: 'GET', url: `/api/agent/prospects/${prospectId}/audit`, headers: { ...bearer(agent), 'accept-language': 'ar' } });
      const label = ((res.json() as { entries: Json[] }).entries.at(-1)!.changeLabels as string[])[0]!;
      expect(label).toMatch(/^[\u0600-\u06FF].* - Amal Nasser: cv\.pdf$/);
      expect(label).not.toMatch(/CV|personal background/);
    });

    it("answers in the request's language: the applicant, the whole application and the fields' titles in Arabic", async () => {
      const res = await app.inject({ method: 'GET', url: `/api/agent/prospects/${prospectId}/audit`, headers: { ...bearer(agent), 'accept-language': 'ar-AE,ar;q=0.9' } });
      expect(res.statusCode, res.body).toBe(200);
      const { entries } = res.json() as { entries: Json[] };
      expect(entries[0]).toMatchObject({ actor: 'مقدّم الطلب', actorKind: 'customer', action: 'prospect.create' });
      expect(entries[0]!.changeLabels[0]).toBe('الطلب بالكامل');
      // What the form logic derived on the server, in the catalogue's titles and the trail's words.
      for (const label of (entries[0]!.changeLabels as string[]).slice(1)) expect(label).toMatch(/\(محسوب من إجابات أخرى\)$/);
      const saved = entries.find((e) => e.action === 'prospect.auto')!;
      expect(saved.actor).toBe('Hamad Saeed');
      expect(saved.changeLabels).toContain('الاسم الكامل');
      // Staff names and codes are data; every word of the trail itself is Arabic.
      for (const label of entries.flatMap((e) => e.changeLabels as string[])) expect(label).toMatch(/[\u0600-\u06FF]/);
      // English without a language, as before.
      const english = (await app.inject({ method: 'GET', url: `/api/agent/prospects/${prospectId}/audit`, headers: bearer(agent) })).json() as { entries: Json[] };
      expect(english.entries[0]).toMatchObject({ actor: 'Applicant' });
    });

    it('answers 12002 for an unknown application and 400 for a malformed id', async () => {
      const unknown = await app.inject({ method: 'GET', url: '/api/agent/prospects/SME0000000000/audit', headers: bearer(agent) });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ errorType: 'ProspectError', errors: [{ errorCode: '12002' }] });
      const bad = await app.inject({ method: 'GET', url: '/api/agent/prospects/not%20an%20id/audit', headers: bearer(agent) });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('search and invite', () => {
    it('refuses a search without any criterion with the same message as the form', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/products/stp-accounts/prospects/search', headers: bearer(agent), payload: { applicantName: '  ' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errors: [{ field: 'searchInfo', message: 'Enter at least one search criterion' }] });
    });

    it('finds the application by mobile number', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/products/stp-accounts/prospects/search', headers: bearer(agent), payload: { mobileNo: applicant.mobileNo } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().searchResult.map((r: Json) => r.prospectId)).toContain(prospectId);
    });

    it('gives field errors for a bad invite', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/agent/createInvite',
        headers: bearer(agent),
        payload: { fullName: 'Sara Ahmed', email: 'not-an-email', countryCode: '971', mobileNo: '501234567', accountType: 'starter' },
      });
      expect(res.statusCode).toBe(400);
    });

    it("refuses with the invite form's own rules (the agentInvite step): a mobile number or country code the form refuses, no e-mail sent", async () => {
      const valid = { fullName: 'Sara Ahmed', email: 'sara.rules@example.ae', countryCode: '971', mobileNo: '501234567', accountType: 'starter' };
      const invite = (payload: Json, headers: Record<string, string> = {}) =>
        app.inject({ method: 'POST', url: '/api/agent/createInvite', headers: { ...bearer(agent), ...headers }, payload });
      const phoneMessage = 'Mobile Number is not a mobile number of the country code: UAE mobiles have 9 digits without the leading 0, e.g. 501234567';
      for (const mobileNo of ['0123', '0501234567']) {
        const res = await invite({ ...valid, mobileNo });
        expect(res.statusCode, `${mobileNo}: ${res.body}`).toBe(400);
        expect(res.json().errors).toEqual([expect.objectContaining({ field: 'body.mobileNo', message: phoneMessage })]);
      }
      const unknownCode = await invite({ ...valid, countryCode: '999' });
      expect(unknownCode.statusCode, unknownCode.body).toBe(400);
      expect(unknownCode.json().errors).toContainEqual(expect.objectContaining({ field: 'body.countryCode', message: 'Country code: choose one of the options in the list' }));
      // The step's messages, in the caller's language, as the form shows them; a name with a full stop, as the form refuses it.
      const missing = await invite({ ...valid, mobileNo: undefined, fullName: 'J. Smith' }, { 'accept-language': 'en' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual(
        expect.arrayContaining([expect.objectContaining({ field: 'body.mobileNo', message: 'Mobile Number is not filled' }), expect.objectContaining({ field: 'body.fullName' })]),
      );
      const sent = await app.database.db.selectFrom('outbox').select('recipient').where('recipient', '=', valid.email).execute();
      expect(sent).toEqual([]);
      // The valid invite still goes out.
      expect((await invite(valid)).statusCode).toBe(201);
    });
  });
});
