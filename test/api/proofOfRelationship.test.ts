import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setToday } from '../../src/validation/clock';
import { describeEachDatabase, startApp } from './helpers';

type Json = Record<string, unknown>;

const pdf = (size = 60_000) => {
  const out = Buffer.alloc(size, 0x20);
  Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n').copy(out);
  return out;
};

/** A company shareholder holding 40 %: its step needs a proof of relationship. */
const company = (signatoryId: string, proof?: string): Json => ({
  signatoryId,
  signatoryCompanyInfo: {
    companyName: 'Gulf Holdings FZE',
    tradeLicenseNo: 'FZE-102938',
    tradeLicenseIssueDate: '2025-06-01',
    tradeLicenseExpiryDate: '2026-05-31',
    countryOfIncorporation: 'AE',
    dateOfIncorporation: '2010-03-15',
  },
  kycDetails: { isShareholderACompany: true, isShareholder: true, shareHoldingPercentage: 40, ...(proof === undefined ? {} : { docProofOfRelationship: proof }) },
});

// The proof of relationship is the key of a document uploaded for that stakeholder: the server keeps it only
// when the document store holds such an upload, so the step is never completed on a typed key.
describeEachDatabase('proof of relationship of a stakeholder', (db) => {
  let app: FastifyInstance;
  let token: string;
  const put = (id: string, payload: Json) =>
    app.inject({ method: 'PUT', url: `/api/usertypes/sme/prospects/${id}`, headers: { authorization: `Bearer ${token}` }, payload });
  const continueCompany = (id: string, version: number, proof?: string) =>
    put(id, { prospect: { signatoryInfo: [company('co', proof)] }, saveType: 'save', actionType: 'continue', step: 'stakeholderCompanyInfo', signatoryIndex: 0, version });
  async function upload(id: string, fields: Record<string, string>) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(pdf())], { type: 'application/pdf' }), 'share certificate.pdf');
    const res = new Response(form);
    return app.inject({
      method: 'POST',
      url: `/api/rest/v1/banks/rak/prospectId/${id}/documents`,
      headers: { authorization: `Bearer ${token}`, 'content-type': res.headers.get('content-type')! },
      payload: Buffer.from(await res.arrayBuffer()),
    });
  }

  beforeAll(async () => {
    setToday('2026-01-15');
    app = await startApp(db(), { encryption: 'off' });
    token = ((await app.tokenService.issue({ sub: 'c:971501234567', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '501234567', email: 'layla@falcon.ae' } as never)) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    setToday(null);
    await app.close();
    await db().cleanup();
  });

  it('a typed key, a key uploaded for another stakeholder: not filled (400); the stakeholder`s own upload completes the step', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/usertypes/sme/prospects',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        applicantInfo: { fullName: 'Layla Haddad', email: 'layla@falcon.ae', countryCode: '971', mobileNo: '501234567', applyOnbehalf: false },
        applicationInfo: { accountType: 'currentAccount', islamicBanking: false },
        signatoryInfo: [company('co')],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { prospectId, version } = created.json() as { prospectId: string; version: number };
    const notFilled = { field: 'prospect.signatoryInfo[0].kycDetails.docProofOfRelationship', message: 'Proof of relationship is not filled' };

    let res = await continueCompany(prospectId, version, 'ProofOfRelationship-co');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual(expect.objectContaining(notFilled));

    // Uploaded, but as another stakeholder's document.
    expect((await upload(prospectId, { documentKey: 'ProofOfRelationship-co', documentType: 'ProofOfRelationship', signatoryId: 'someone' })).statusCode).toBe(200);
    res = await continueCompany(prospectId, version, 'ProofOfRelationship-co');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual(expect.objectContaining(notFilled));

    const uploaded = await upload(prospectId, { documentKey: 'ProofOfRelationship-co', documentType: 'ProofOfRelationship', signatoryId: 'co' });
    expect(uploaded.json()).toMatchObject({ documentKey: 'ProofOfRelationship-co', uploadStatus: 'Uploaded' });
    res = await continueCompany(prospectId, version, 'ProofOfRelationship-co');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { prospect: { signatoryInfo: Json[] }; completedSteps: Json[] };
    expect(answer.prospect.signatoryInfo[0]).toMatchObject({ kycDetails: { docProofOfRelationship: 'ProofOfRelationship-co' } });
    expect(answer.completedSteps).toContainEqual(expect.objectContaining({ step: 'stakeholderCompanyInfo', signatoryId: 'co', status: 'COMPLETED' }));
  });
});
