import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDocumentRepository } from '../../src/server/repositories/documentRepository';
import { setToday } from '../../src/validation/clock';
import { describeEachDatabase, startApp } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const root = join(import.meta.dirname, '..', '..');
const OWNER = { email: 'khalid@alzaabiconsulting.ae', countryCode: '971', mobileNo: '507654321' };
const pdf = () => {
  const out = Buffer.alloc(60_000, 0x20);
  Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n').copy(out);
  return out;
};

/** The sole-proprietor fixture with a second, non-signatory shareholder (Ravi Menon, 30 %) listed first. */
function application(): Json {
  const data = JSON.parse(readFileSync(join(root, 'fixtures', 'prospect', 'soleProprietor.json'), 'utf8')).data as Json;
  data.applicantInfo = { ...data.applicantInfo, ...OWNER };
  const khalid = { ...data.signatoryInfo[0], signatoryId: 'khalid' };
  khalid.kycDetails = { ...khalid.kycDetails, shareHoldingPercentage: 70 };
  khalid.accountSigningInfo = { authorityType: '2' };
  const ravi = {
    signatoryId: 'ravi',
    firstName: 'Ravi',
    lastName: 'Menon',
    fullName: 'Ravi Menon',
    kycDetails: {
      isShareholderACompany: false,
      isSignatory: false,
      isShareholder: true,
      shareHoldingPercentage: 30,
      docProofOfRelationship: 'ProofOfRelationship-ravi',
      nationality: 'IN',
      isUAEResident: true,
      residenceCountry: 'AE',
      passportDetails: [{ country: 'IN', passportNumber: 'Z1234567' }],
    },
  };
  data.signatoryInfo = [ravi, khalid];
  return data;
}

const signatoryIds = (answer: Json): string[] =>
  [
    ...Object.keys(answer.stakeholdersDocuments ?? {}),
    ...[...JSON.stringify(answer).matchAll(/"signatoryId":"([^"]+)"/g)].map((m) => m[1]!),
  ];

// QA walk, defect 1: a removed stakeholder's documents stayed in the application, its list, the review, the
// submit's count and the bank export. They are no longer the application's (stored still: the audit trail).
describeEachDatabase('documents of a removed stakeholder', (db) => {
  let app: FastifyInstance;
  let customer: string;
  let agent: string;
  let prospectId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const documents = async () => (await app.inject({ method: 'GET', url: `/api/prospects/${prospectId}/documents`, headers: as(customer) })).json() as Json;
  const get = async () => (await app.inject({ method: 'GET', url: `/api/usertypes/sme/prospects/${prospectId}`, headers: as(customer) })).json() as Json;
  async function upload(fields: Record<string, string>) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(pdf())], { type: 'application/pdf' }), 'big.pdf');
    const res = new Response(form);
    const sent = await app.inject({
      method: 'POST',
      url: `/api/rest/v1/banks/rak/prospectId/${prospectId}/documents`,
      headers: { ...as(customer), 'content-type': res.headers.get('content-type')! },
      payload: Buffer.from(await res.arrayBuffer()),
    });
    expect(sent.statusCode, sent.body).toBe(200);
  }
  const required = (answer: Json): Json[] => [
    ...['companyDocuments', 'companyBankStatements', 'companyAddressProof', 'companyInvoices'].flatMap((s) => answer[s]?.documents ?? []),
    ...Object.values(answer.stakeholdersDocuments ?? {}).flatMap((s) => (s as Json).documents ?? []),
  ].filter((d) => d.required);

  beforeAll(async () => {
    setToday('2026-01-15');
    app = await startApp(db(), { encryption: 'off' });
    const issue = async (p: Json) => ((await app.tokenService.issue(p as never)) as { access_token: string }).access_token;
    customer = await issue({ sub: `c:971${OWNER.mobileNo}`, kind: 'customer', roles: ['customer'], countryCode: '971', mobile: OWNER.mobileNo, email: OWNER.email });
    agent = await issue({ sub: 'u:ro-bank', kind: 'staff', roles: ['agent'], roCode: 'RO1', name: 'RO' });
    const data = application();
    const created = await app.inject({ method: 'POST', url: '/api/usertypes/sme/prospects', headers: as(customer), payload: { applicantInfo: data.applicantInfo, applicationInfo: data.applicationInfo } });
    expect(created.statusCode, created.body).toBe(201);
    prospectId = created.json().prospectId;
    await upload({ documentKey: 'ProofOfRelationship-ravi', documentType: 'ProofOfRelationship', documentTitle: 'Proof of relationship - Ravi Menon', signatoryId: 'ravi' });
    const saved = await app.inject({ method: 'PUT', url: `/api/usertypes/sme/prospects/${prospectId}`, headers: as(customer), payload: { prospect: data, saveType: 'save', version: created.json().version } });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const d of required(await documents())) await upload({ documentKey: d.documentKey, documentType: d.documentType, ...(d.signatoryId ? { signatoryId: d.signatoryId } : {}) });
  }, 120_000);
  afterAll(async () => {
    setToday(null);
    await app?.close();
    await db().cleanup();
  });

  it('while Ravi is a stakeholder, his documents are listed as his', async () => {
    const answer = await documents();
    expect(Object.keys(answer.stakeholdersDocuments)).toEqual(['ravi', 'khalid']);
    expect(answer.stakeholdersDocuments.ravi.documents.map((d: Json) => d.documentKey)).toEqual(['Passport-ravi-1', 'EmiratesId-ravi-1', 'ProofOfRelationship-ravi']);
    expect(answer.stakeholdersDocuments.khalid.documents.filter((d: Json) => d.required).map((d: Json) => [d.documentKey, d.uploadStatus])).toEqual([
      ['Passport-khalid-1', 'Uploaded'],
      ['EmiratesId-khalid-1', 'Uploaded'],
    ]);
    expect(answer.readyForSubmit).toBe(true);
  });

  it('once Ravi is removed: not listed, no group for nobody, not required, not counted for the next stakeholder, not downloadable, not exported; still stored', async () => {
    const current = await get();
    const data = application();
    data.signatoryInfo = [data.signatoryInfo[1]];
    data.signatoryInfo[0].kycDetails.shareHoldingPercentage = 100;
    const saved = await app.inject({ method: 'PUT', url: `/api/usertypes/sme/prospects/${prospectId}`, headers: as(customer), payload: { prospect: data, saveType: 'save', version: current.version } });
    expect(saved.statusCode, saved.body).toBe(200);

    const answer = await documents();
    expect(Object.keys(answer.stakeholdersDocuments)).toEqual(['khalid']);
    expect(signatoryIds(answer).every((id) => id === 'khalid')).toBe(true);
    expect(JSON.stringify(answer)).not.toContain('Ravi');
    // Khalid's documents keep their keys (they carry his id; they were Passport-2 and EmiratesId-2, renumbered to
    // Ravi's Passport-1 once Ravi was removed, and Khalid's uploads were no longer found): still uploaded, his only.
    const khalid = answer.stakeholdersDocuments.khalid.documents as Json[];
    expect(khalid.filter((d) => d.required).map((d) => [d.documentKey, d.uploadStatus])).toEqual([
      ['Passport-khalid-1', 'Uploaded'],
      ['EmiratesId-khalid-1', 'Uploaded'],
    ]);
    expect(khalid.filter((d) => !d.required && d.documentType === 'Passport')).toEqual([]);
    expect(answer.readyForSubmit).toBe(true);

    const download = await app.inject({ method: 'GET', url: `/api/banks/rak/prospects/${prospectId}/documents/ProofOfRelationship-ravi`, headers: as(customer) });
    expect(download.statusCode).toBe(404);

    const exported = await app.inject({ method: 'GET', url: `/api/agent/prospects/${prospectId}/export?format=bank`, headers: as(agent) });
    expect(exported.statusCode, exported.body).toBe(200);
    const bank = exported.json().prospect as Json;
    const ids = new Set((bank.signatoryInfo as Json[]).map((s) => s.signatoryId));
    expect([...ids]).toEqual(['khalid']);
    for (const d of bank.documents?.stakeholdersDocuments ?? []) expect(ids.has(d.signatoryId)).toBe(true);
    expect(JSON.stringify(bank.documents)).not.toContain('ProofOfRelationship-ravi');

    const records = await app.inject({ method: 'GET', url: `/api/agent/prospects/${prospectId}/bank-records`, headers: as(agent) });
    expect(records.json().documents.map((d: Json) => d.documentKey)).not.toContain('ProofOfRelationship-ravi');

    // The audit trail keeps them: stored, only no longer the application's.
    const stored = await createDocumentRepository().listCurrent(app.database.db, prospectId);
    expect(stored.filter((d) => d.signatoryId === 'ravi').map((d) => d.documentKey)).toEqual(['ProofOfRelationship-ravi', 'Passport-ravi-1', 'EmiratesId-ravi-1']);

    // Nothing to upload again: the application is submitted.
    const submit = await app.inject({ method: 'PUT', url: `/api/usertypes/sme/prospects/${prospectId}`, headers: as(customer), payload: { prospect: data, saveType: 'submit', declaration: true, version: saved.json().version } });
    expect(submit.statusCode, submit.body).toBe(200);
  });
});
