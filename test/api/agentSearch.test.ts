import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../src/server/repositories/userRepository';
import { withConfig } from './authHelpers';
import { describeEachDatabase, startApp } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Agent search (issue 13 item 5), on PGlite and PostgreSQL: any word of the applicant's or the company's name,
 * a company-name criterion, the mobile however it is typed (0…, 971…, +971…), ids, lead numbers and trade
 * licences whatever their case; results carry the account type, the status in words and the view id.
 */
describeEachDatabase('agent search', (db) => {
  let app: FastifyInstance;
  let agent: string;
  const ids: Record<string, string> = {};

  const search = async (criteria: Json) => {
    const res = await app.inject({ method: 'POST', url: '/api/products/stp-accounts/prospects/search', headers: bearer(agent), payload: criteria });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { total: number; searchResult: Json[] };
  };
  const found = async (criteria: Json) => (await search(criteria)).searchResult.map((r) => r.prospectId).sort();

  beforeAll(async () => {
    app = await startApp(withConfig(db()));
    await createUser(app.database.db, { username: 'ro.noura', password: 'agent password 1', displayName: 'Noura Ali', roCode: 'RO555', roles: ['agent'] });
    const login = await app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username: 'ro.noura', password: 'agent password 1' } });
    agent = login.json().access_token;
    const people = [
      { key: 'haddad', fullName: 'Omar Khalid Haddad', mobileNo: '501234567', companyName: 'Blue Dune Trading LLC', licenseNumber: 'cn-4455667', islamic: true },
      { key: 'haddad2', fullName: 'Mariam Haddad', mobileNo: '502223344', companyName: 'Haddad Logistics FZE', licenseNumber: 'CN-1000001', islamic: false },
      { key: 'other', fullName: 'Aisha Al Mansoori', mobileNo: '551239876', companyName: 'Sea-View Cafe & Co. Restaurant', licenseNumber: 'DED-77', islamic: false },
    ];
    for (const p of people) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/usertypes/sme/prospects',
        headers: bearer(agent),
        payload: {
          applicantInfo: { fullName: p.fullName, email: `${p.key}@example.ae`, countryCode: '971', mobileNo: p.mobileNo },
          applicationInfo: { accountType: 'currentAccount', islamicBanking: p.islamic },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const prospectId = res.json().prospectId as string;
      ids[p.key] = prospectId;
      const current = (await app.inject({ method: 'GET', url: `/api/usertypes/sme/prospects/${prospectId}`, headers: bearer(agent) })).json() as Json;
      const prospect = current.prospect as Json;
      const saved = await app.inject({
        method: 'PUT',
        url: `/api/usertypes/sme/prospects/${prospectId}`,
        headers: bearer(agent),
        payload: {
          prospect: { ...prospect, organizationInfo: { ...prospect.organizationInfo, companyName: p.companyName, licenseNumber: p.licenseNumber } },
          saveType: 'auto',
          version: current.version,
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
  });
  afterAll(async () => {
    await app?.close();
    await db().cleanup();
  });

  it('finds an application by any word of the applicant name, in any case, and by several words in any order', async () => {
    expect(await found({ applicantName: 'haddad' })).toEqual([ids.haddad, ids.haddad2].sort());
    expect(await found({ applicantName: 'KHALID' })).toEqual([ids.haddad]);
    expect(await found({ applicantName: 'Haddad Omar' })).toEqual([ids.haddad]);
    expect(await found({ applicantName: 'Haddad Aisha' })).toEqual([]);
    // A word is a whole word: a part of one does not match.
    expect(await found({ applicantName: 'Hadd' })).toEqual([]);
  });

  it('finds by a word of the company name through the name criterion and the company criterion', async () => {
    expect(await found({ applicantName: 'dune' })).toEqual([ids.haddad]);
    // Punctuation does not matter: "Sea-View" is the words sea and view.
    expect(await found({ companyName: 'view sea cafe' })).toEqual([ids.other]);
    // The company criterion looks at the company only: "Omar" is an applicant's word.
    expect(await found({ companyName: 'Omar' })).toEqual([]);
    expect(await found({ companyName: 'haddad' })).toEqual([ids.haddad2]);
    expect(await found({ companyName: 'haddad', applicantName: 'mariam' })).toEqual([ids.haddad2]);
  });

  it('finds a mobile however it is typed: 0…, 971…, +971…, 00971…, with spaces', async () => {
    for (const typed of ['501234567', '0501234567', '971501234567', '+971501234567', '+971 50 123 4567', '00971501234567']) {
      expect(await found({ mobileNo: typed }), typed).toEqual([ids.haddad]);
    }
    expect(await found({ countryCode: '971', mobileNo: '0501234567' })).toEqual([ids.haddad]);
    expect(await found({ mobileNo: '0509999999' })).toEqual([]);
  });

  it('matches prospect ids, lead numbers and trade licences whatever their case', async () => {
    expect(await found({ prospectId: ids.haddad!.toLowerCase() })).toEqual([ids.haddad]);
    expect(await found({ tradeLicenseNo: 'CN-4455667' })).toEqual([ids.haddad]);
    expect(await found({ tradeLicenseNo: 'cn-1000001' })).toEqual([ids.haddad2]);
    const byId = (await search({ prospectId: ids.haddad })).searchResult[0]!;
    expect(byId.leadNumber).toMatch(/^LD\d{8}$/);
    expect(await found({ leadNumber: byId.leadNumber.toLowerCase() })).toEqual([ids.haddad]);
  });

  it('assigns a lead number and a view id at creation, server-owned: a client cannot change them', async () => {
    const current = (await app.inject({ method: 'GET', url: `/api/usertypes/sme/prospects/${ids.other}`, headers: bearer(agent) })).json() as Json;
    const prospect = current.prospect as Json;
    expect(prospect.generalInfo.leadNumber).toMatch(/^LD\d{8}$/);
    expect(prospect.applicationInfo.viewId).toBe(`QA${prospect.generalInfo.leadNumber.slice(2)}`);
    const numbers = await Promise.all(
      Object.values(ids).map(async (id) => ((await app.inject({ method: 'GET', url: `/api/usertypes/sme/prospects/${id}`, headers: bearer(agent) })).json() as Json).prospect.generalInfo.leadNumber),
    );
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const change of [
      { ...prospect, applicationInfo: { ...prospect.applicationInfo, viewId: 'QA99999999' } },
      { ...prospect, generalInfo: { ...prospect.generalInfo, leadNumber: 'LD99999999' } },
    ]) {
      const res = await app.inject({ method: 'PUT', url: `/api/usertypes/sme/prospects/${ids.other}`, headers: bearer(agent), payload: { prospect: change, saveType: 'auto', version: current.version } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ errorCode: 'NOT_WRITABLE' });
    }
  });

  it('shows the account type in words, the status in words with its reason, and the view id', async () => {
    const [row] = (await search({ prospectId: ids.haddad })).searchResult;
    expect(row).toMatchObject({
      companyName: 'Blue Dune Trading LLC',
      applicantName: 'Omar Khalid Haddad',
      status: { statusCode: 'DRAFT', statusNotes: 'In progress', statusReason: null },
      applicationInfo: { accountType: 'currentAccount', islamicBanking: true, accountName: 'Current Account (Islamic)' },
    });
    expect(row!.applicationInfo.viewId).toMatch(/^QA\d{8}$/);
    // The status the server wrote into prospectStatusInfo wins over the row's code.
    await app.database.db
      .updateTable('prospects')
      .set({
        document: JSON.stringify({
          ...((await app.database.db.selectFrom('prospects').select('document').where('id', '=', ids.haddad2!).executeTakeFirstOrThrow()).document as Json),
          prospectStatusInfo: { statusCode: 'DOCUMENTS_NEEDED', statusReason: 'Trade licence copy unreadable' },
        }),
      })
      .where('id', '=', ids.haddad2!)
      .execute();
    const [second] = (await search({ prospectId: ids.haddad2 })).searchResult;
    expect(second!.status).toEqual({ statusCode: 'DOCUMENTS_NEEDED', statusNotes: 'Documents needed', statusReason: 'Trade licence copy unreadable' });
    // A decline's reason is a code of the reason list: its words in the caller's language are shown, not the code
    // (nor the English words an older row kept beside it).
    await app.database.db
      .updateTable('prospects')
      .set({
        document: JSON.stringify({
          ...((await app.database.db.selectFrom('prospects').select('document').where('id', '=', ids.haddad2!).executeTakeFirstOrThrow()).document as Json),
          prospectStatusInfo: { status: 'DECLINED', statusNotes: 'Declined', statusReason: 'NOT_ELIGIBLE', statusReasonText: 'The company is not eligible for this account' },
        }),
      })
      .where('id', '=', ids.haddad2!)
      .execute();
    const [declined] = (await search({ prospectId: ids.haddad2 })).searchResult;
    expect(declined!.status).toEqual({ statusCode: 'DECLINED', statusNotes: 'Declined', statusReason: 'The business is not eligible for this account' });
    const arabic = await app.inject({ method: 'POST', url: '/api/products/stp-accounts/prospects/search', headers: { ...bearer(agent), 'accept-language': 'ar' }, payload: { prospectId: ids.haddad2 } });
    expect(arabic.json().searchResult[0].status.statusReason).toBe('النشاط التجاري غير مؤهل لهذا الحساب');
  });

  it('refuses a mobile with letters and a name criterion of punctuation only finds by nothing else', async () => {
    const bad = await app.inject({ method: 'POST', url: '/api/products/stp-accounts/prospects/search', headers: bearer(agent), payload: { mobileNo: '05x1234567' } });
    expect(bad.statusCode).toBe(400);
    // The search page's field errors are named searchInfo.<criterion> (the criteria come flat), an unknown key too.
    expect(bad.json().errors).toEqual([expect.objectContaining({ errorCode: 'INVALID', field: 'searchInfo.mobileNo' })]);
    const unknown = await app.inject({ method: 'POST', url: '/api/products/stp-accounts/prospects/search', headers: { ...bearer(agent), 'accept-language': 'ar' }, payload: { mobileNo: '0501234567', nickname: 'x' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ errorCode: 'UNKNOWN_FIELD', field: 'searchInfo.nickname', message: '"nickname" ليس من حقول هذا الطلب' }]);
    const punct = await app.inject({ method: 'POST', url: '/api/products/stp-accounts/prospects/search', headers: bearer(agent), payload: { applicantName: '--' } });
    expect(punct.statusCode).toBe(400);
    expect(punct.json()).toMatchObject({ errors: [{ field: 'searchInfo', message: 'Enter at least one search criterion' }] });
  });
});
