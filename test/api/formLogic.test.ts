import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAuditRepository } from '../../src/server/repositories/auditRepository';
import { setToday } from '../../src/validation/clock';
import { describeEachDatabase, startApp } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The server runs the form logic (src/validation/logic) on every save before it validates: derived values are
 * recomputed whatever the client sent (and the audit trail says so), hidden or stale answers are dropped.
 */
describeEachDatabase('form logic on save', (db) => {
  let app: FastifyInstance;
  let alice: string;
  let agent: string;
  let prospectId: string;
  let version: number;

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
    app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Json }) });
  const put = async (token: string, body: Json) => {
    const res = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, token, { version, ...body });
    if (res.statusCode === 200) version = res.json().version;
    return res;
  };
  const stored = async () => (await call('GET', `/api/usertypes/sme/prospects/${prospectId}`, agent)).json().prospect as Json;

  beforeAll(async () => {
    setToday('2026-01-15');
    app = await startApp(db(), { encryption: 'off' });
    const issue = async (p: Json) => ((await app.tokenService.issue(p as never)) as { access_token: string }).access_token;
    alice = await issue({ sub: 'c:971501234567', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '501234567', email: 'aisha@falcon.ae' });
    agent = await issue({ sub: 'u:ro1', kind: 'staff', roles: ['agent'], roCode: 'RO123', name: 'Omar' });
    const created = await call('POST', '/api/usertypes/sme/prospects', alice, {
      applicantInfo: { fullName: 'Aisha Rahman', email: 'aisha@falcon.ae', countryCode: '971', mobileNo: '501234567', applyOnbehalf: false },
      applicationInfo: { accountType: 'currentAccount', islamicBanking: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    prospectId = created.json().prospectId;
    version = created.json().version;
  });
  afterAll(async () => {
    setToday(null);
    await app.close();
    await db().cleanup();
  });

  it('recomputes a forged derived value and records the replacement in the audit trail', async () => {
    const res = await put(alice, {
      saveType: 'auto',
      prospect: {
        organizationInfo: { accountSigningInfo: { accountSigningType: '100' } },
        accountInfo: [{ accountCurrencies: ['AED'], debitCardApplied: false, chequeBookApplied: false, eStatements: true, mailStatements: false }],
        orgKYCDetails: { yearsInBusiness: 40 },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const doc = await stored();
    expect(doc.accountInfo[0]).toMatchObject({ debitCardApplied: true, chequeBookApplied: true });
    expect(doc.orgKYCDetails).not.toHaveProperty('yearsInBusiness'); // no date of incorporation: nothing to derive from
    const trail = await createAuditRepository().forProspect(app.database.db, prospectId);
    expect(trail.at(-1)!.changes).toEqual(
      expect.arrayContaining([
        { path: '/accountInfo/0/debitCardApplied', byLogic: 'derived' },
        { path: '/accountInfo/0/chequeBookApplied', byLogic: 'derived' },
        { path: '/orgKYCDetails/yearsInBusiness', byLogic: 'derived' },
      ]),
    );
  });

  it('stores a save carrying a stale hidden answer without it', async () => {
    const res = await put(alice, {
      saveType: 'auto',
      prospect: { organizationInfo: { accountSigningInfo: { accountSigningType: '100', accountSigningInstn: 'Two of us together' } } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored()).organizationInfo.accountSigningInfo).toEqual({ accountSigningType: '100' });
  });

  it('derives years in business from the date of incorporation', async () => {
    const doc = await stored();
    const res = await put(alice, { saveType: 'auto', prospect: { organizationInfo: { ...doc.organizationInfo, dateOfIncorporation: '2019-03-01' } } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored()).orgKYCDetails.yearsInBusiness).toBe(6);
  });

  it('RO flow: unticking AED saves, with the derived flags and the package of other steps recomputed', async () => {
    const doc = await stored();
    const withPackage = await put(agent, { saveType: 'save', step: 'ssValueAddedServices', prospect: { applicationInfo: { ...doc.applicationInfo, rakValuePackage: 'RAKvalue PLUS' } } });
    expect(withPackage.statusCode, withPackage.body).toBe(200);
    const before = await stored();
    const res = await put(agent, {
      saveType: 'save',
      step: 'ssAccountDetails',
      prospect: {
        accountInfo: [{ ...before.accountInfo[0], accountCurrencies: ['EUR', 'USD'] }],
        applicationInfo: before.applicationInfo,
        organizationInfo: { ...before.organizationInfo, branchCity: '1', branchID: '054' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await stored();
    expect(after.accountInfo[0]).toMatchObject({ accountCurrencies: ['EUR', 'USD'], debitCardApplied: false, chequeBookApplied: false });
    expect(after.applicationInfo.rakValuePackage).toBe('');
  });

  it("RO flow: changing the signing type from 'Other' to 'Any of us can sign' saves and drops the instruction", async () => {
    const other = await put(agent, { saveType: 'auto', prospect: { organizationInfo: { accountSigningInfo: { accountSigningType: '000', accountSigningInstn: 'Both directors' } }, accountInfo: [{ accountCurrencies: ['AED'] }] } });
    expect(other.statusCode, other.body).toBe(200);
    expect((await stored()).accountInfo[0].debitCardApplied).toBe(false);
    const res = await put(agent, { saveType: 'auto', prospect: { organizationInfo: { accountSigningInfo: { accountSigningType: '100', accountSigningInstn: 'Both directors' } } } });
    expect(res.statusCode, res.body).toBe(200);
    const doc = await stored();
    expect(doc.organizationInfo.accountSigningInfo).toEqual({ accountSigningType: '100' });
    expect(doc.accountInfo[0].debitCardApplied).toBe(true);
  });

  it('a value sent for a disabled field is not stored: a sub-category without its industry, agent codes once a work item exists', async () => {
    const before = await stored();
    const res = await put(alice, {
      saveType: 'auto',
      prospect: { orgKYCDetails: { ...before.orgKYCDetails, industryMultiSelect: [{ subCategory: '31' }] } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored()).orgKYCDetails.industryMultiSelect).toEqual([{}]);
    let trail = await createAuditRepository().forProspect(app.database.db, prospectId);
    expect(trail.at(-1)!.changes).toContainEqual({ path: '/orgKYCDetails/industryMultiSelect/0/subCategory', byLogic: 'disabled' });

    // With its industry the same sub-category is stored; emptying the industry clears it (the logic, not the writer).
    const withIndustry = await put(alice, { saveType: 'auto', prospect: { orgKYCDetails: { ...before.orgKYCDetails, industryMultiSelect: [{ industry: 'GT', subCategory: '31' }] } } });
    expect(withIndustry.statusCode, withIndustry.body).toBe(200);
    expect((await stored()).orgKYCDetails.industryMultiSelect).toEqual([{ industry: 'GT', subCategory: '31' }]);

    // The partner code is set before the work item exists, and kept (not changed) after it.
    const doc = await stored();
    const codes = await put(alice, { saveType: 'auto', prospect: { applicantInfo: { ...doc.applicantInfo, allianceCode: 'PARTNER01' } } });
    expect(codes.statusCode, codes.body).toBe(200);
    const withItem = await stored();
    const item = await put(agent, { saveType: 'auto', prospect: { kycAnnexure: { ...(withItem.kycAnnexure ?? {}), workItemNumber: 'WI-2026-0042' } } });
    expect(item.statusCode, item.body).toBe(200);
    const after = await stored();
    const changed = await put(alice, { saveType: 'auto', prospect: { applicantInfo: { ...after.applicantInfo, allianceCode: 'PARTNER99' } } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await stored()).applicantInfo.allianceCode).toBe('PARTNER01');
    trail = await createAuditRepository().forProspect(app.database.db, prospectId);
    expect(trail.at(-1)!.changes).toContainEqual({ path: '/applicantInfo/allianceCode', byLogic: 'disabled' });
  });
});
