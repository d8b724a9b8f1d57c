import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setToday } from '../../src/validation/clock';
import { describeEachDatabase, startApp } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The address and contact fields of issue 18 item 1 on the server: the signatory's UAE address step
 * (fqSignatoryAddress: "same as the company's address" copies the company's office address, recomputed on every
 * save whatever the client sent) and the company's second contacts, fax and website (fqPreferredContact). The
 * server validates them with the same step schemas, keeps the prospect closed and never answers 5xx.
 */
describeEachDatabase('address and contact fields (issue 18 item 1)', (db) => {
  let app: FastifyInstance;
  let alice: string;
  let agent: string;
  let prospectId: string;
  let version: number;

  const office = { officeNumber: '1203', street: 'Al Maktoum Road, Deira', poBox: '12345', emirateCity: 'DXB', spaceType: '1', country: 'AE', preferredAddress: 'Y' };
  const company = { organizationInfo: { addressInfo: [{ typeOfAddress: 'Office', officeAddressDifferent: 'N', addressDetails: office }] } };
  const signatory = (extra: Json) => ({ signatoryId: 's1', firstName: 'Aisha', lastName: 'Rahman', kycDetails: { isSignatory: true, isShareholderACompany: false }, ...extra });
  const own = { typeOfAddress: 'Residence', flatVillaNumber: 'Villa 27', street: 'Al Wasl Road, Jumeirah', poBox: '34567', emirateCity: 'DXB', country: 'AE', preferredAddress: 'Y' };

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
    app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Json }) });
  const put = async (body: Json) => {
    const res = await call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, alice, { version, ...body });
    if (res.statusCode === 200) version = res.json().version;
    return res;
  };
  const stored = async () => (await call('GET', `/api/usertypes/sme/prospects/${prospectId}`, agent)).json().prospect as Json;
  const saveSignatory = (s: Json, step?: string) =>
    put({ saveType: step ? 'save' : 'auto', ...(step ? { actionType: 'continue', step, signatoryIndex: 0 } : {}), prospect: { ...company, signatoryInfo: [signatory(s)] } });

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

  it('copies the company’s office address when "same as the company’s address" is Yes, whatever the client sent', async () => {
    const res = await saveSignatory({ sameAsCompanyAddress: true, uaeAddress: { ...own, street: 'Forged Street' } }, 'fqSignatoryAddress');
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored()).signatoryInfo[0].uaeAddress).toEqual({
      typeOfAddress: 'Residence',
      flatVillaNumber: office.officeNumber,
      street: office.street,
      poBox: office.poBox,
      emirateCity: office.emirateCity,
      country: 'AE',
      preferredAddress: 'Y',
    });
    expect(res.json().completedSteps).toContainEqual(expect.objectContaining({ step: 'fqSignatoryAddress', status: 'COMPLETED' }));
  });

  it('keeps an address of the signatory’s own after No, and copies the company’s again after Yes', async () => {
    let res = await saveSignatory({ sameAsCompanyAddress: false, uaeAddress: own }, 'fqSignatoryAddress');
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored()).signatoryInfo[0].uaeAddress).toEqual(own);
    // Yes again, from a stale page that still sends the typed address: the company's replaces it.
    res = await saveSignatory({ sameAsCompanyAddress: true, uaeAddress: own });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored()).signatoryInfo[0].uaeAddress).toMatchObject({ flatVillaNumber: '1203', street: office.street, poBox: '12345' });
  });

  it('refuses a wrong UAE address with field errors and an undeclared key; without a home address the UAE address is the preferred one', async () => {
    let res = await saveSignatory({ sameAsCompanyAddress: false, uaeAddress: { ...own, poBox: '1234567', street: '' } }, 'fqSignatoryAddress');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'prospect.signatoryInfo[0].uaeAddress.poBox', message: 'PO Box is too long: use at most 6 characters' }),
        expect.objectContaining({ field: 'prospect.signatoryInfo[0].uaeAddress.street', message: 'Street / location is not filled' }),
      ]),
    );
    res = await saveSignatory({ sameAsCompanyAddress: false, uaeAddress: { ...own, nickname: 'home' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual(expect.objectContaining({ errorCode: 'UNKNOWN_FIELD', field: 'prospect.signatoryInfo[0].uaeAddress.nickname' }));
    res = await saveSignatory({ sameAsCompanyAddress: false, uaeAddress: { ...own, preferredAddress: 'N' } }, 'fqSignatoryAddress');
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored()).signatoryInfo[0].uaeAddress.preferredAddress).toBe('Y');
  });

  it('keeps one preferred mailing address of the office and registered addresses, whatever the client sent', async () => {
    const registered = { typeOfAddress: 'Registered', addressDetails: { officeNumber: 'Suite 2207', street: 'Jumeirah Lake Towers', poBox: '340211', emirateCity: 'DXB', country: 'AE', preferredAddress: 'Y' } };
    const save = (officeAddressDifferent: string, preferred: string, extra: Json) =>
      put({ saveType: 'save', actionType: 'continue', step: 'fqMailingAddress', prospect: { organizationInfo: { addressInfo: [{ typeOfAddress: 'Office', officeAddressDifferent, addressDetails: { ...office, preferredAddress: preferred } }], ...extra } } });
    // Both claimed preferred: the office's answer holds, the registered address's flag is derived from it.
    let res = await save('Y', 'Y', { registeredAddress: registered });
    expect(res.statusCode, res.body).toBe(200);
    let org = (await stored()).organizationInfo;
    expect([org.addressInfo[0].addressDetails.preferredAddress, org.registeredAddress.addressDetails.preferredAddress]).toEqual(['Y', 'N']);
    res = await save('Y', 'N', { registeredAddress: registered });
    expect(res.statusCode, res.body).toBe(200);
    org = (await stored()).organizationInfo;
    expect([org.addressInfo[0].addressDetails.preferredAddress, org.registeredAddress.addressDetails.preferredAddress]).toEqual(['N', 'Y']);
    // Different, but no registered address: refused with the field.
    res = await save('Y', 'Y', {});
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual(expect.objectContaining({ field: 'prospect.organizationInfo.registeredAddress', message: 'Registered address is not filled' }));
    // Not different any more: the registered address is dropped and the office is the preferred one again.
    res = await save('N', 'N', { registeredAddress: registered });
    expect(res.statusCode, res.body).toBe(200);
    org = (await stored()).organizationInfo;
    expect(org.registeredAddress).toBeUndefined();
    expect(org.addressInfo[0].addressDetails.preferredAddress).toBe('Y');
  });

  it('validates the company’s website, second e-mail and second mobile on the preferred contact step, and stores them once right', async () => {
    const contact = { primaryEmail: 'accounts@falcon.ae', primaryMobCountryCode: '971', primaryMobileNo: '501112233' };
    const save = (extra: Json) => put({ saveType: 'save', actionType: 'continue', step: 'fqPreferredContact', prospect: { organizationInfo: { contactDetails: { ...contact, ...extra } } } });
    let res = await save({ website: 'falcon trading', secondaryEmail: 'rm@rakbank.ae', secondaryMobileNo: '501234567' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: Json) => [e.field, e.message])).toEqual(
      expect.arrayContaining([
        ['prospect.organizationInfo.contactDetails.website', 'Website must be an address like www.company.ae or https://company.ae, in lower-case letters'],
        ['prospect.organizationInfo.contactDetails.secondaryEmail', "Second e-mail of the bank's own domain is not allowed"],
        ['prospect.organizationInfo.contactDetails.secondaryMobileCountryCode', 'Second mobile country code is not filled'],
      ]),
    );
    res = await save({ website: 'www.falcon.ae', secondaryEmail: 'finance@falcon.ae', secondaryMobileCountryCode: '971', secondaryMobileNo: '559876543', faxCountryCode: '971', fax: '42123457' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored()).organizationInfo.contactDetails).toMatchObject({ website: 'www.falcon.ae', secondaryMobileNo: '559876543', fax: '42123457' });
  });

  it('validates the signatory’s own second contacts, fax and website on the stakeholder contact step, and stores them once right', async () => {
    const contact = { primaryEmail: 'aisha@falcon.ae', primaryMobCountryCode: '971', primaryMobileNo: '501234567', primaryHomeCountryCode: '91', primaryHomeNo: '9847012345' };
    const save = (extra: Json) => saveSignatory({ contactDetails: { ...contact, ...extra } }, 'stakeholderContact');
    let res = await save({ website: 'Aisha Rahman', secondaryEmail: 'aisha@rakbank.ae', secondaryMobileNo: '552223344', faxCountryCode: '971', fax: '4212345' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.map((e: Json) => [e.field, e.message])).toEqual(
      expect.arrayContaining([
        ['prospect.signatoryInfo[0].contactDetails.website', 'Website must be an address like www.name.ae or https://name.ae, in lower-case letters'],
        ['prospect.signatoryInfo[0].contactDetails.secondaryEmail', "Second e-mail of the bank's own domain is not allowed"],
        ['prospect.signatoryInfo[0].contactDetails.secondaryMobileCountryCode', 'Second mobile country code is not filled'],
        ['prospect.signatoryInfo[0].contactDetails.fax', 'Fax number is not a number of the country code: UAE fax numbers have 8 digits without the leading 0, e.g. 42123457'],
      ]),
    );
    // Nothing of the refused save was stored.
    expect((await stored()).signatoryInfo?.[0]?.contactDetails?.website).toBeUndefined();
    res = await save({ website: 'www.aisharahman.ae', secondaryEmail: 'aisha.home@gmail.com', secondaryMobileCountryCode: '971', secondaryMobileNo: '552223344', faxCountryCode: '971', fax: '42123457' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored()).signatoryInfo[0].contactDetails).toMatchObject({ website: 'www.aisharahman.ae', secondaryEmail: 'aisha.home@gmail.com', secondaryMobileNo: '552223344', fax: '42123457' });
  });
});
