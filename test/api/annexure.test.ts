import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setToday } from '../../src/validation/clock';
import { describeEachDatabase, startApp } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const root = join(import.meta.dirname, '..', '..');
/** The complete annexure of fixtures/kycAnnexure/valid.json (its stakeholders and the annexure section). */
const validAnnexure = (): Json => structuredClone(JSON.parse(readFileSync(join(root, 'fixtures', 'kycAnnexure', 'valid.json'), 'utf8'))[0].data);

const pdf = (size = 60_000) => {
  const out = Buffer.alloc(size, 0x20);
  Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n').copy(out);
  return out;
};

describeEachDatabase('KYC annexure API', (db) => {
  let app: FastifyInstance;
  let alice: string;
  let agent: string;
  let prospectId: string;
  let version: number;

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
    app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Json }) });
  const put = (token: string, body: Json) => call('PUT', `/api/usertypes/sme/prospects/${prospectId}`, token, { version, ...body });
  const get = (token: string) => call('GET', `/api/usertypes/sme/prospects/${prospectId}`, token);

  async function upload(documentKey: string, documentType: string, token = agent) {
    const form = new FormData();
    form.append('documentKey', documentKey);
    form.append('documentType', documentType);
    form.append('file', new Blob([new Uint8Array(pdf())], { type: 'application/pdf' }), `${documentType}.pdf`);
    const res = new Response(form);
    return app.inject({
      method: 'POST',
      url: `/api/rest/v1/banks/rak/prospectId/${prospectId}/documents`,
      headers: { ...bearer(token), 'content-type': res.headers.get('content-type')! },
      payload: Buffer.from(await res.arrayBuffer()),
    });
  }

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

  it("refuses the applicant's upload of an annexure document before the annexure exists, and a key the bank never named", async () => {
    // Before the agent's first annexure save, the application lists no annexure document: the key alone decides.
    for (const [key, type] of [['Site Visit Report-1', 'Site Visit Report'], ['BAIS Account Opening Checklist-1', 'BAIS Account Opening Checklist'], ['Site Visit Report-1', 'Other']]) {
      const res = await upload(key!, type!, alice);
      expect(res.statusCode, `${key} ${type}: ${res.body}`).toBe(403);
    }
    const madeUp = await upload('zzz', 'Other', alice);
    expect(madeUp.statusCode, madeUp.body).toBe(400);
    expect(madeUp.json().errors).toContainEqual({ errorCode: 'NOT_REQUESTED', message: 'The bank did not ask for this document', field: 'documentKey' });
    const docs = await call('GET', `/api/prospects/${prospectId}/documents`, alice);
    expect(JSON.stringify(docs.json())).not.toMatch(/Site Visit Report-1|zzz|BAIS/);
  });

  it('refuses a customer who creates an application with an annexure (403)', async () => {
    const res = await call('POST', '/api/usertypes/sme/prospects', alice, {
      applicantInfo: { fullName: 'Aisha Rahman', email: 'aisha@falcon.ae', countryCode: '971', mobileNo: '501234567' },
      kycAnnexure: { roName: 'Me' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0]).toMatchObject({ errorCode: 'FORBIDDEN', field: 'prospect.kycAnnexure' });
  });

  it('stores an agent auto-save, then lists the annexure documents in kycAnnexureDocuments', async () => {
    const res = await put(agent, { prospect: validAnnexure(), saveType: 'auto' });
    expect(res.statusCode, res.body).toBe(200);
    version = res.json().version;
    // Nothing uploaded yet: the server does not take the body's word for it.
    expect(res.json().prospect.kycAnnexure.dsaChecklist).toBeUndefined();

    const docs = await call('GET', `/api/prospects/${prospectId}/documents`, agent);
    expect(docs.statusCode, docs.body).toBe(200);
    const keys = (docs.json().kycAnnexureDocuments as Json[]).map((d) => d.documentKey);
    expect(keys).toEqual(['BAIS Account Opening Checklist-1', 'Site Visit Report-1']);
  });

  it("refuses the applicant's upload of an annexure document (403), nothing stored", async () => {
    const res = await upload('Site Visit Report-1', 'Site Visit Report', alice);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().errors[0]).toMatchObject({ errorCode: 'FORBIDDEN', field: 'documentKey' });
    const docs = await call('GET', `/api/prospects/${prospectId}/documents`, agent);
    const visit = (docs.json().kycAnnexureDocuments as Json[]).find((d) => d.documentKey === 'Site Visit Report-1');
    expect(visit?.uploadStatus).not.toBe('Uploaded');
  });

  it('reports a broken rule as a field error on its field, with the browser message', async () => {
    const data = validAnnexure();
    data.kycAnnexure.roName = 'R2D2';
    data.kycAnnexure.visitDetails[0].kycVisitDate = '1989-12-31';
    const res = await put(agent, { prospect: data, saveType: 'auto' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ message: "RO name may only contain Latin letters (A-Z), spaces, hyphens (-) and apostrophes ('): remove digits and other characters", field: 'prospect.kycAnnexure.roName' }),
        expect.objectContaining({ message: 'Visit date should not be less than 01/01/1990', field: 'prospect.kycAnnexure.visitDetails[0].kycVisitDate' }),
      ]),
    );
  });

  it('does not complete the step until the DSA checklist and the visit report are really uploaded', async () => {
    const res = await put(agent, { prospect: validAnnexure(), saveType: 'save', step: 'kycAnnexure' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ message: 'Please upload BAIS Account Opening Checklist', field: 'prospect.kycAnnexure.dsaChecklist' }),
        expect.objectContaining({ message: 'Please upload DSA Meeting Report/ Site Visit Report*', field: 'prospect.kycAnnexure.siteVisitReport' }),
      ]),
    );
  });

  it('applies the EID ping rule to the signatories on an agent save', async () => {
    const data = validAnnexure();
    delete data.signatoryInfo[0].signatoryEIDPingStatus;
    const res = await put(agent, { prospect: data, saveType: 'save', step: 'kycAnnexure' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ message: 'EID ping status is not filled', field: 'prospect.signatoryInfo[0].signatoryEIDPingStatus' })]),
    );
  });

  it('completes the step after the uploads; the upload fields come from the document store', async () => {
    expect((await upload('BAIS Account Opening Checklist-1', 'BAIS Account Opening Checklist')).statusCode).toBe(200);
    expect((await upload('Site Visit Report-1', 'Site Visit Report')).statusCode).toBe(200);
    const res = await put(agent, { prospect: validAnnexure(), saveType: 'save', step: 'kycAnnexure' });
    expect(res.statusCode, res.body).toBe(200);
    version = res.json().version;
    expect(res.json().prospect.kycAnnexure.dsaChecklist).toEqual({ fileName: 'BAIS Account Opening Checklist.pdf', uploadStatus: 'Uploaded' });
    expect(res.json().completedSteps).toEqual(
      expect.arrayContaining([expect.objectContaining({ flowId: 'selectServices', step: 'kycAnnexure', status: 'COMPLETED' })]),
    );
  });

  it('site visit Yes then No: the save succeeds and the stored annexure has no visit entry (hidden answers dropped, not validated)', async () => {
    const data = validAnnexure();
    data.kycAnnexure.isVisitConducted = 'N';
    data.kycAnnexure.reasonForNoVisit = 'The office is being renovated';
    data.kycAnnexure.visitDetails = [...data.kycAnnexure.visitDetails, {}];
    const res = await put(agent, { prospect: data, saveType: 'save', step: 'kycAnnexure' });
    expect(res.statusCode, res.body).toBe(200);
    version = res.json().version;
    const stored = (await get(agent)).json().prospect.kycAnnexure;
    expect(stored).not.toHaveProperty('visitDetails');
    expect(stored).not.toHaveProperty('siteVisitReport');
    expect(stored.reasonForNoVisit).toBe('The office is being renovated');
  });

  it('never shows the annexure or the EID ping details to the customer', async () => {
    const res = await get(alice);
    expect(res.statusCode).toBe(200);
    const prospect = res.json().prospect as Json;
    expect(prospect).not.toHaveProperty('kycAnnexure');
    expect(prospect.signatoryInfo[0]).not.toHaveProperty('signatoryEIDPingStatus');
    expect(prospect.signatoryInfo[0].fullName).toBe('Aisha Rahman');
  });

  it('refuses a customer write of the annexure, its ping details or its step (403)', async () => {
    const withAnnexure = await put(alice, { prospect: { kycAnnexure: { roName: 'Me' } }, saveType: 'auto' });
    expect(withAnnexure.statusCode).toBe(403);
    const signatories = validAnnexure().signatoryInfo;
    const withPing = await put(alice, { prospect: { signatoryInfo: signatories }, saveType: 'auto' });
    expect(withPing.statusCode).toBe(403);
    const step = await put(alice, { prospect: {}, saveType: 'save', step: 'kycAnnexure' });
    expect(step.statusCode).toBe(403);
  });

  it("keeps the agent's annexure and ping details when the customer saves the stakeholders", async () => {
    const seen = (await get(alice)).json();
    const signatories = (seen.prospect.signatoryInfo as Json[]).map((s) => ({ ...s }));
    signatories[1]!.fullName = 'Omar Al Haddad';
    const res = await put(alice, { prospect: { signatoryInfo: signatories }, saveType: 'auto', version: seen.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().prospect).not.toHaveProperty('kycAnnexure');
    const stored = (await get(agent)).json().prospect as Json;
    expect(stored.signatoryInfo[1].fullName).toBe('Omar Al Haddad');
    expect(stored.signatoryInfo[0].signatoryEIDPingStatus).toBe('Success');
    expect(stored.kycAnnexure.roName).toBe('Khalid Saeed');
  });
});
