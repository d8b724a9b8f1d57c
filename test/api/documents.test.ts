import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { canAccess } from '../../src/server/prospects/prospectAccess';
import { createDocumentRepository } from '../../src/server/repositories/documentRepository';
import { createProspectRepository } from '../../src/server/repositories/prospectRepository';
import { createScreeningRepository } from '../../src/server/repositories/screeningRepository';
import { setToday } from '../../src/validation/clock';
import { describeEachDatabase, type TestDatabase } from './helpers';
import { uploadMessages } from '../../src/shared/uploadMessages';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const root = join(import.meta.dirname, '..', '..');
const soleProprietor = (): Json => JSON.parse(readFileSync(join(root, 'fixtures', 'prospect', 'soleProprietor.json'), 'utf8')).data;

const MAX_UPLOADS = 8;
const pad = (head: Buffer | string, size: number) => {
  const start = Buffer.from(head);
  const out = Buffer.alloc(size, 0x20);
  start.copy(out);
  for (let i = start.length; i < size; i++) out[i] = 32 + (i % 90);
  return out;
};
const pdf = (size = 60_000) => pad('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', size);
const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452000000100000001008060000001ff3ff61', 'hex');
const png = (size = 55_000) => pad(PNG_HEAD, size);
const jpeg = (size = 55_000) => pad(Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), size);
const exe = (size = 60_000) => pad(Buffer.from('4d5a90000300000004000000ffff0000b800000000000000400000000000000000', 'hex'), size);

async function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }, fileFirst = false) {
  const form = new FormData();
  const addFile = () => file && form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/pdf' }), file.name);
  if (fileFirst) addFile();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (!fileFirst) addFile();
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}

describeEachDatabase('documents API', (db) => {
  let app: FastifyInstance;
  let owner: string;
  let other: string;
  let prospectId: string;
  let signatoryId: string;
  const bearer = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});

  async function newProspect(id: string, document: Json = soleProprietor()) {
    await createProspectRepository().create(app.database.db, {
      id,
      userType: 'sme',
      document,
      owner: { countryCode: '971', mobile: '501234567', email: 'owner@example.ae' },
    });
    return id;
  }

  async function upload(id: string, fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }, token = owner, fileFirst = false, language?: string) {
    const body = await multipart(fields, file, fileFirst);
    return app.inject({
      method: 'POST',
      url: `/api/rest/v1/banks/rak/prospectId/${id}/documents`,
      headers: { ...bearer(token), 'content-type': body.contentType, ...(language ? { 'accept-language': language } : {}) },
      payload: body.payload,
    });
  }

  beforeAll(async () => {
    setToday('2026-01-15');
    const test: TestDatabase = db();
    app = await buildApp(
      { ...test.config, encryption: 'off', documents: { ...test.config.documents, maxUploads: MAX_UPLOADS } },
      { logger: false },
    );
    // The rule the prospect routes apply: the verified applicant or an agent (the lead wires the real one).
    app.prospectAccess = async (request, id) => {
      const row = await createProspectRepository().findById(app.database.db, id);
      return !!row && canAccess(request, row);
    };
    await app.ready();
    const issue = async (p: Json) => ((await app.tokenService.issue(p as never)) as { access_token: string }).access_token;
    owner = await issue({ sub: 'c:owner', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '501234567', email: 'owner@example.ae' });
    other = await issue({ sub: 'c:other', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '509999999', email: 'other@example.ae' });
    prospectId = await newProspect('SMEDOCS000001');
    signatoryId = '0';
  });
  afterAll(async () => {
    setToday(null);
    await app?.close();
    await db().cleanup();
  });

  it('accepts a PDF, and the download returns the same bytes with its type and a safe file name', async () => {
    const bytes = pdf();
    const res = await upload(prospectId, { documentKey: 'Passport-0-1', documentType: 'Passport', signatoryId }, { name: '../../etc/"my" passport.pdf', bytes });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ fileName: 'my passport.pdf', documentKey: 'Passport-0-1', uploadStatus: 'Uploaded' });

    const down = await app.inject({ method: 'GET', url: `/api/banks/rak/prospects/${prospectId}/documents/Passport-0-1`, headers: bearer(owner) });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.headers['content-disposition']).toBe(`attachment; filename="my passport.pdf"; filename*=UTF-8''my%20passport.pdf`);
    expect(down.headers['x-content-type-options']).toBe('nosniff');
    expect(down.headers['cache-control']).toBe('private, no-store');
    expect(down.rawPayload.equals(bytes)).toBe(true);

    // Both are in the application's audit trail: who uploaded and who downloaded which document.
    const audit = await app.database.db.selectFrom('audit_log').select(['action', 'changes', 'actor_kind']).where('prospect_id', '=', prospectId).orderBy('id').execute();
    const changes = (c: unknown) => (typeof c === 'string' ? JSON.parse(c) : c) as Json[];
    const uploaded = audit.find((a) => a.action === 'document.upload' && changes(a.changes)[0]?.documentKey === 'Passport-0-1');
    expect(uploaded && changes(uploaded.changes)[0]).toMatchObject({ documentType: 'Passport', fileName: 'my passport.pdf' });
    const downloaded = audit.find((a) => a.action === 'document.download');
    expect(downloaded && changes(downloaded.changes)[0]).toMatchObject({ documentKey: 'Passport-0-1', fileName: 'my passport.pdf' });
    expect(downloaded?.actor_kind).toBe('customer');
  });

  it('accepts PNG and JPEG, fields before or after the file; the type comes from the content', async () => {
    // A title sent for a document the bank lists is not the caller's to choose: the bank's own is stored.
    const a = await upload(prospectId, { documentKey: 'TradeLicense-1', documentType: 'TradeLicense', documentTitle: 'الرخصة التجارية' }, { name: 'licence.png', bytes: png(), type: 'image/png' });
    expect(a.statusCode, a.body).toBe(200);
    const stored = await createDocumentRepository().findCurrent(app.database.db, prospectId, 'TradeLicense-1');
    expect(stored?.documentTitle).toBe('Trade License');
    const b = await upload(prospectId, { documentKey: 'MOA-1', documentType: 'MOA' }, { name: 'moa.pdf', bytes: jpeg() }, owner, true);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().fileName).toBe('moa.pdf.jpg');
    const down = await app.inject({ method: 'GET', url: `/api/banks/rak/prospects/${prospectId}/documents/MOA-1`, headers: bearer(owner) });
    expect(down.headers['content-type']).toBe('image/jpeg');
  });

  it('rejects a Windows program renamed passport.pdf', async () => {
    const res = await upload(prospectId, { documentKey: 'Passport-0-1', documentType: 'Passport', signatoryId }, { name: 'passport.pdf', bytes: exe() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errorType: 'DocumentValidation',
      errors: [{ errorCode: 'UNSUPPORTED_FILE_TYPE', message: 'Supported formats are PDF, JPG and PNG', field: 'file' }],
    });
  });

  it('rejects a text file, whatever its name', async () => {
    const res = await upload(prospectId, { documentKey: 'MOA-1', documentType: 'MOA' }, { name: 'moa.pdf', bytes: pad('hello', 60_000), type: 'application/pdf' });
    expect(res.json().errors[0].message).toBe('Supported formats are PDF, JPG and PNG');
  });

  it('rejects a file under 50 KB', async () => {
    const res = await upload(prospectId, { documentKey: 'MOA-1', documentType: 'MOA' }, { name: 'moa.pdf', bytes: pdf(51_199) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({
      errorCode: 'FILE_TOO_SMALL',
      message: 'Document size is insufficient. Please upload a document that is at least 50KB to continue.',
    });
    const exact = await upload(prospectId, { documentKey: 'MOA-1', documentType: 'MOA' }, { name: 'moa.pdf', bytes: pdf(51_200) });
    expect(exact.statusCode, exact.body).toBe(200);
  });

  it("tells a refused file in the request's language, the browser's words for the same problem", async () => {
    const small = await upload(prospectId, { documentKey: 'MOA-1', documentType: 'MOA' }, { name: 'moa.pdf', bytes: pdf(51_199) }, owner, false, 'ar-AE');
    expect(small.json().errors[0]).toMatchObject({ errorCode: 'FILE_TOO_SMALL', message: uploadMessages('ar').tooSmall });
    expect(small.json().errors[0].message).toMatch(/50KB/);
    const text = await upload(prospectId, { documentKey: 'MOA-1', documentType: 'MOA' }, { name: 'moa.pdf', bytes: pad('hello', 60_000), type: 'application/pdf' }, owner, false, 'ar');
    expect(text.json().errors[0]).toMatchObject({ errorCode: 'UNSUPPORTED_FILE_TYPE', message: 'الصيغ المدعومة هي PDF وJPG وPNG' });
    // The browser's checks say the same before sending (uploadMessages in the page's language: test/unit/widgets/upload.test.tsx).
  });

  it('rejects a 6 MB file and keeps nothing of it', async () => {
    const before = await app.inject({ method: 'GET', url: `/api/prospects/${prospectId}/documents`, headers: bearer(owner) });
    const res = await upload(prospectId, { documentKey: 'Invoice-1', documentType: 'Invoice' }, { name: 'big.pdf', bytes: pdf(6 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0]).toMatchObject({ errorCode: 'FILE_TOO_LARGE', message: 'File size exceeded (5Mb maximum)' });
    const exact = await upload(prospectId, { documentKey: 'companyInvoices-Invoice-1', documentType: 'Invoice' }, { name: 'max.pdf', bytes: pdf(5_242_880) });
    expect(exact.statusCode, exact.body).toBe(200);
    const after = await app.inject({ method: 'GET', url: `/api/prospects/${prospectId}/documents`, headers: bearer(owner) });
    expect(JSON.stringify(after.json())).not.toContain('big.pdf');
    expect(before.statusCode).toBe(200);
  });

  it('answers field errors for missing or inconsistent fields, and a missing file', async () => {
    const missing = await upload(prospectId, {}, { name: 'a.pdf', bytes: pdf() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      errorType: 'FieldsValidation',
      errors: [
        { errorCode: 'REQUIRED', message: 'documentKey is not filled', field: 'documentKey' },
        { errorCode: 'REQUIRED', message: 'documentType is not filled', field: 'documentType' },
      ],
    });
    const wrongType = await upload(prospectId, { documentKey: 'TradeLicense-1', documentType: 'Passport' }, { name: 'a.pdf', bytes: pdf() });
    expect(wrongType.json().errors[0]).toMatchObject({ field: 'documentType', message: 'documentType must be TradeLicense for TradeLicense-1' });
    const badKey = await upload(prospectId, { documentKey: '../../x', documentType: 'Passport' }, { name: 'a.pdf', bytes: pdf() });
    expect(badKey.json().errors).toContainEqual({ errorCode: 'INVALID', message: 'documentKey is invalid', field: 'documentKey' });
    const noFile = await upload(prospectId, { documentKey: 'MOA-1', documentType: 'MOA' });
    expect(noFile.json().errors).toContainEqual({ errorCode: 'REQUIRED', message: 'File is not filled', field: 'file' });
    const json = await app.inject({ method: 'POST', url: `/api/rest/v1/banks/rak/prospectId/${prospectId}/documents`, headers: bearer(owner), payload: { a: 1 } });
    expect(json.statusCode).toBe(400);
  });

  it('lists the required documents merged with the uploads, grouped as the specification', async () => {
    await upload(prospectId, { documentKey: 'Other-1', documentType: 'Other', documentTitle: 'Lease contract' }, { name: 'lease.pdf', bytes: pdf() });
    const res = await app.inject({ method: 'GET', url: `/api/prospects/${prospectId}/documents`, headers: bearer(owner) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining(['companyDocuments', 'companyBankStatements', 'companyAddressProof', 'companyInvoices', 'stakeholdersDocuments', 'kycAnnexureDocuments', 'otherDocuments']),
    );
    expect(body.companyDocuments.isDocUpdate).toBe(true);
    expect(body.companyDocuments.documents.map((d: Json) => [d.documentKey, d.uploadStatus])).toEqual([
      ['TradeLicense-1', 'Uploaded'],
      ['MOA-1', 'Uploaded'],
    ]);
    expect(body.companyBankStatements).toMatchObject({ isDocUpdate: false, documents: [{ documentKey: 'companyBankStatements-BankStatement-1', uploadStatus: 'NotUploaded', required: true }] });
    expect(body.companyInvoices.documents.map((d: Json) => d.documentKey)).toEqual(['companyInvoices-Invoice-1']);
    const person = body.stakeholdersDocuments[signatoryId];
    expect(person.signatoryName).toBe(soleProprietor().signatoryInfo[0].fullName);
    expect(person.documents[0]).toMatchObject({ documentKey: 'Passport-0-1', uploadStatus: 'Uploaded', fileName: 'my passport.pdf', contentType: 'application/pdf' });
    expect(person.personalBankStatements).toMatchObject({ isDocUpdate: false, limit: 6 });
    expect(body.otherDocuments).toEqual([expect.objectContaining({ documentKey: 'Other-1', documentTitle: 'Lease contract', uploadStatus: 'Uploaded' })]);
    expect(body.kycAnnexureDocuments).toEqual([]);
    expect(body.readyForSubmit).toBe(false);
  });

  it('refuses uploads past the maximum with MAX_DOCUMENTS, and records the documents screening', async () => {
    const document = soleProprietor();
    document.organizationInfo.licenseNumber = 'RAK-MAX-1';
    const id = await newProspect('SMEDOCSMAX001', document);
    for (let i = 1; i <= MAX_UPLOADS; i++) {
      const res = await upload(id, { documentKey: `Other-${i}`, documentType: 'Other' }, { name: `o${i}.png`, bytes: png(52_000 + i) });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await upload(id, { documentKey: 'Other-99', documentType: 'Other' }, { name: 'last.png', bytes: png() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errorType: 'DocumentValidation',
      errors: [
        {
          errorCode: 'MAX_DOCUMENTS',
          message: "Oops! you have reached the maximum no. of documents uploads. Let's have someone call you back within one day to help you out.",
        },
      ],
    });
    const stored = await createScreeningRepository().latest(app.database.db, id);
    expect(stored?.statusOverAll).toBe('PENDING');
    expect(stored?.screeningResults.filter((r) => r.screeningFlag).map((r) => [r.screeningType, r.screeningStatus])).toContainEqual([
      'Total No of Documents uploaded check',
      'PENDING',
    ]);
  });

  it('answers 401 without a token and 404 to another customer, on every document route', async () => {
    const body = await multipart({ documentKey: 'MOA-1', documentType: 'MOA' }, { name: 'a.pdf', bytes: pdf() });
    const routes = [
      { method: 'POST' as const, url: `/api/rest/v1/banks/rak/prospectId/${prospectId}/documents`, payload: body.payload, ct: body.contentType },
      { method: 'GET' as const, url: `/api/banks/rak/prospects/${prospectId}/documents/Passport-0-1` },
      { method: 'GET' as const, url: `/api/prospects/${prospectId}/documents` },
    ];
    for (const r of routes) {
      const headers = r.ct ? { 'content-type': r.ct } : {};
      const anonymous = await app.inject({ method: r.method, url: r.url, headers, ...(r.payload ? { payload: r.payload } : {}) });
      expect(anonymous.statusCode, r.url).toBe(401);
      expect(anonymous.body).toBe('');
      const stranger = await app.inject({ method: r.method, url: r.url, headers: { ...headers, ...bearer(other) }, ...(r.payload ? { payload: r.payload } : {}) });
      expect(stranger.statusCode, r.url).toBe(404);
      expect(stranger.json().errors[0]).toEqual({ errorCode: '12002', message: 'Invalid Prospect ID' });
    }
  });

  it('answers 404 for an unknown document or prospect and 400 for a malformed prospect id', async () => {
    const unknownKey = await app.inject({ method: 'GET', url: `/api/banks/rak/prospects/${prospectId}/documents/Nope-1`, headers: bearer(owner) });
    expect(unknownKey.statusCode).toBe(404);
    const unknownProspect = await app.inject({ method: 'GET', url: '/api/prospects/SMENOPE/documents', headers: bearer(owner) });
    expect(unknownProspect.statusCode).toBe(404);
    const malformed = await app.inject({ method: 'GET', url: '/api/prospects/..%2F..%2Fetc/documents', headers: bearer(owner) });
    expect(malformed.statusCode).toBe(400);
  });
});
