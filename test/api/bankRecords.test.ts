import { constants, createDecipheriv, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadMapping, toBank } from '../../src/bankFormat';
import { readContentDir } from '../../src/content/readContentDir';
import { setToday } from '../../src/validation/clock';
import { describeEachDatabase, startApp } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const root = join(import.meta.dirname, '..', '..');
const validateBank = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false }).compile(JSON.parse(readFileSync(join(root, 'schemas/bank/bankProspect.json'), 'utf8')));
const OWNER = { email: 'hessa@falcon.ae', countryCode: '971', mobileNo: '501113344' };

/** A PDF the upload accepts (type by content, at least 50 KB), its text marking the version. */
const pdf = (mark: string) => {
  const out = Buffer.alloc(60_000, 0x20);
  Buffer.from(`%PDF-1.4\n% ${mark}\n1 0 obj\n<< /Type /Catalog >>\nendobj\n`).copy(out);
  return out;
};

interface Callers {
  app: FastifyInstance;
  agent: string;
  customer: string;
  product: string;
}

async function setUp(app: FastifyInstance): Promise<Callers> {
  const issue = async (p: Json) => ((await app.tokenService.issue(p as never)) as { access_token: string }).access_token;
  return {
    app,
    agent: await issue({ sub: 'u:ro-bank', kind: 'staff', roles: ['agent'], roCode: 'RO1', name: 'RO' }),
    customer: await issue({ sub: 'c:971501113344', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: OWNER.mobileNo, email: OWNER.email }),
    product: await issue({ sub: 'u:studio', kind: 'staff', roles: ['product'], name: 'Studio' }),
  };
}

const as = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});

async function newApplication({ app, customer }: Callers): Promise<string> {
  const created = await app.inject({ method: 'POST', url: '/api/usertypes/sme/prospects', headers: as(customer), payload: { applicantInfo: { fullName: 'Hessa Rashid', ...OWNER, applyOnbehalf: false } } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().prospectId as string;
}

async function upload({ app, customer }: Callers, id: string, bytes: Buffer) {
  const form = new FormData();
  form.append('documentKey', 'Other-1');
  form.append('documentType', 'Other');
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'extra.pdf');
  const res = new Response(form);
  const sent = await app.inject({
    method: 'POST',
    url: `/api/rest/v1/banks/rak/prospectId/${id}/documents`,
    headers: { ...as(customer), 'content-type': res.headers.get('content-type')! },
    payload: Buffer.from(await res.arrayBuffer()),
  });
  expect(sent.statusCode, sent.body).toBe(200);
}

/**
 * Issue 18, coverage: the bank's own records of an application (PUT/GET agent/prospects/{id}/bank-records), the
 * agents' verification of documents, and the files in the export (files=inline): agents only, audited, bad input
 * answered with field errors, never a 5xx; exported under the bank's names; an import keeps the bank's records.
 */
describeEachDatabase('bank records, document verification and inline files', (db) => {
  let c: Callers;
  let id: string;
  let screening: Json;
  const records = (prospectId: string, body?: unknown, token = c.agent) =>
    c.app.inject({ method: body === undefined ? 'GET' : 'PUT', url: `/api/agent/prospects/${prospectId}/bank-records`, headers: { ...as(token), 'content-type': 'application/json' }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
  const verify = (prospectId: string, key: string, body: unknown, token = c.agent) =>
    c.app.inject({ method: 'PUT', url: `/api/agent/prospects/${prospectId}/documents/${key}/verification`, headers: { ...as(token), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  const exporting = async (prospectId: string, query = '') => {
    const res = await c.app.inject({ method: 'GET', url: `/api/agent/prospects/${prospectId}/export?format=bank${query}`, headers: as(c.agent) });
    expect(res.statusCode, res.body).toBe(200);
    expect(validateBank(res.json()), JSON.stringify(validateBank.errors)).toBe(true);
    return res.json().prospect as Json;
  };
  const auditOf = async (prospectId: string) => (await c.app.inject({ method: 'GET', url: `/api/agent/prospects/${prospectId}/audit`, headers: as(c.agent) })).json().entries as Json[];
  const versionOf = async (prospectId: string) => (await c.app.inject({ method: 'GET', url: `/api/usertypes/sme/prospects/${prospectId}`, headers: as(c.agent) })).json().version as number;

  beforeAll(async () => {
    setToday('2026-01-15');
    c = await setUp(await startApp(db(), { encryption: 'off' }));
    id = await newApplication(c);
    await upload(c, id, pdf('first'));
    const screened = await c.app.inject({ method: 'POST', url: `/api/prospects/${id}/screening`, headers: as(c.agent), payload: {} });
    expect(screened.statusCode, screened.body).toBe(200);
    screening = screened.json();
  }, 120_000);
  afterAll(async () => {
    setToday(null);
    await c?.app.close();
    await db().cleanup();
  });

  const valid = () => ({
    generalInfo: { cifId: 1234567, accountManagerId: 'AM-0042', groupId: 'G-SME-7', groupName: 'SME Trading Dubai', dsaId: 'DSA0042' },
    applicationInfo: { riskScore: 'MEDIUM', srNumber: 'SR-2026-000123' },
    prospectStatusInfo: { statusType: 'ONBOARDING', statusFlag: 'ACTIVE', reasonCode: 'RC01', reasonStatus: 'OPEN' },
    screeningResults: [{ screeningType: screening.screeningResults[0].screeningType, reasonStatus: 'CLEARED' }],
    documents: [{ filePath: 'Other-1', avsCheck: true, avsCheckDt: '2026-01-15T09:00:00Z' }],
  });

  it('records the bank’s values for an agent (the bank’s integration), audited, without changing the application’s version, and exports them under the bank’s names', async () => {
    const version = await versionOf(id);
    const res = await records(id, valid());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ records: valid(), updatedBy: 'u:ro-bank', documents: [{ documentKey: 'Other-1', verified: false, avsCheck: true, avsCheckDt: '2026-01-15T09:00:00Z' }] });
    expect((await records(id)).json()).toEqual(res.json());
    expect(await versionOf(id)).toBe(version);
    const entry = (await auditOf(id)).at(-1)!;
    expect(entry).toMatchObject({ action: 'prospect.bankRecords', actorKind: 'agent' });
    expect(entry.changes).toEqual(expect.arrayContaining(['bank:generalInfo.cifId', 'bank:applicationInfo.riskScore', 'bank:prospectStatusInfo.reasonCode', 'bank:screeningResults', 'bank:documents']));

    const bank = await exporting(id);
    expect(bank.generalInfo).toMatchObject(valid().generalInfo);
    expect(bank.applicationInfo).toMatchObject(valid().applicationInfo);
    expect(bank.prospectStatusInfo).toMatchObject(valid().prospectStatusInfo);
    expect(bank.organizationInfo.screeningInfo.screeningResults[0]).toMatchObject({ screeningType: screening.screeningResults[0].screeningType, reasonStatus: 'CLEARED' });
    expect(bank.documents.companyDocuments[0]).toMatchObject({ filePath: 'Other-1', verified: false, avsCheck: true, avsCheckDt: '2026-01-15T09:00:00Z' });
    expect(bank.searchInfo.userType).toBe('sme');

    // A PUT replaces the records as a whole; the audit names only what changed.
    const fewer = await records(id, { generalInfo: { cifId: 1234567 } });
    expect(fewer.json().records).toEqual({ generalInfo: { cifId: 1234567 } });
    expect((await auditOf(id)).at(-1)!.changes).not.toContain('bank:generalInfo.cifId');
    expect((await records(id, valid())).statusCode).toBe(200);
  });

  it('answers values against the bank’s rules with 400 and a field error each, stores nothing, never a 5xx', async () => {
    const before = (await records(id)).json();
    const cases: [unknown, [string, string][]][] = [
      [{ generalInfo: { cifId: 12345678 } }, [['MAXIMUM', 'body.generalInfo.cifId']]],
      [{ generalInfo: { cifId: '1234567' } }, [['TYPE', 'body.generalInfo.cifId']]],
      [{ generalInfo: { dsaId: 'D'.repeat(13), groupName: 'G'.repeat(201) } }, [['MAXLENGTH', 'body.generalInfo.dsaId'], ['MAXLENGTH', 'body.generalInfo.groupName']]],
      [{ applicationInfo: { srNumber: 'S'.repeat(31), riskScore: '' } }, [['MAXLENGTH', 'body.applicationInfo.srNumber'], ['MINLENGTH', 'body.applicationInfo.riskScore']]],
      [{ prospectStatusInfo: { statusCode: 'APPROVED' } }, [['UNKNOWN_FIELD', 'body.prospectStatusInfo.statusCode']]],
      [{ cifId: 1 }, [['UNKNOWN_FIELD', 'body.cifId']]],
      [{ screeningResults: [{ screeningType: 'No Such Check', reasonStatus: 'CLEARED' }] }, [['UNKNOWN_CHECK', 'body.screeningResults[0].screeningType']]],
      [{ screeningResults: [{ signatoryId: 'nobody', screeningType: 'PEP Check', reasonStatus: 'CLEARED' }] }, [['UNKNOWN_STAKEHOLDER', 'body.screeningResults[0].signatoryId']]],
      [{ documents: [{ filePath: 'tradeLicense', avsCheck: true, avsCheckDt: '2026-01-15T09:00:00Z' }] }, [['UNKNOWN_DOCUMENT', 'body.documents[0].filePath']]],
      [{ documents: [{ filePath: 'Other-1', avsCheck: 'clean', avsCheckDt: 'today' }] }, [['TYPE', 'body.documents[0].avsCheck'], ['PATTERN', 'body.documents[0].avsCheckDt']]],
      [{ generalInfo: { groupName: 'Group\u0000' } }, [['INVALID_TEXT', 'body.generalInfo.groupName']]],
    ];
    for (const [body, fields] of cases) {
      const res = await records(id, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json().errorType).toBe('FieldsValidation');
      expect(res.json().errors.map((e: Json) => [e.errorCode, e.field])).toEqual(expect.arrayContaining(fields));
      for (const e of res.json().errors) expect(typeof e.message).toBe('string');
    }
    for (const payload of ['[]', '"text"', '{"generalInfo": ', 'null']) {
      const res = await c.app.inject({ method: 'PUT', url: `/api/agent/prospects/${id}/bank-records`, headers: { ...as(c.agent), 'content-type': 'application/json' }, payload });
      expect(res.statusCode, `${payload}: ${res.body}`).toBe(400);
    }
    expect((await records(id)).json()).toEqual(before);
  });

  it('refuses applicants (403), product staff (403) and callers without a token (401); 404 for an unknown application; the applicant can neither read nor write them', async () => {
    const before = (await auditOf(id)).length;
    for (const token of [c.customer, c.product]) {
      expect((await records(id, undefined, token)).statusCode).toBe(403);
      expect((await records(id, valid(), token)).statusCode).toBe(403);
      expect((await verify(id, 'Other-1', { verified: true }, token)).statusCode).toBe(403);
      expect((await c.app.inject({ method: 'GET', url: `/api/agent/prospects/${id}/export?format=bank&files=inline`, headers: as(token) })).statusCode).toBe(403);
    }
    expect((await c.app.inject({ method: 'PUT', url: `/api/agent/prospects/${id}/bank-records`, payload: valid() })).statusCode).toBe(401);
    expect((await records('NOSUCHID123', valid())).statusCode).toBe(404);
    expect((await records('NOSUCHID123')).statusCode).toBe(404);
    expect((await verify('NOSUCHID123', 'Other-1', { verified: true })).statusCode).toBe(404);
    expect((await auditOf(id)).length).toBe(before);

    // The applicant's own read has none of them, and a save that carries one is refused with the field named.
    const mine = (await c.app.inject({ method: 'GET', url: `/api/usertypes/sme/prospects/${id}`, headers: as(c.customer) })).json();
    expect(JSON.stringify(mine)).not.toMatch(/AM-0042|SR-2026|1234567|ONBOARDING/);
    const forged: [Json, string][] = [
      [{ generalInfo: { ...mine.prospect.generalInfo, cifId: 7654321 } }, 'prospect.generalInfo.cifId'],
      [{ applicationInfo: { ...mine.prospect.applicationInfo, riskScore: 'LOW' } }, 'prospect.applicationInfo.riskScore'],
      [{ prospectStatusInfo: { ...(mine.prospect.prospectStatusInfo ?? {}), reasonStatus: 'CLOSED' } }, 'prospect.prospectStatusInfo.reasonStatus'],
    ];
    for (const [extra, field] of forged) {
      const sent = await c.app.inject({ method: 'PUT', url: `/api/usertypes/sme/prospects/${id}`, headers: as(c.customer), payload: { prospect: { ...mine.prospect, ...extra }, saveType: 'auto', version: mine.version } });
      expect([400, 403], `${field}: ${sent.body}`).toContain(sent.statusCode);
      // The field, or the server-owned section that holds it (generalInfo is the server's as a whole).
      expect(sent.json().errors.some((e: Json) => field === e.field || field.startsWith(`${e.field}.`)), sent.body).toBe(true);
    }
    expect((await exporting(id)).generalInfo.cifId).toBe(1234567);
  });

  it('lets an agent verify a received document (audited, exported with who verified it); a new upload of it is not verified', async () => {
    const res = await verify(id, 'Other-1', { verified: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().documents).toEqual([expect.objectContaining({ documentKey: 'Other-1', verified: true, verifiedBy: 'u:ro-bank', verifiedAt: expect.any(String) })]);
    expect((await auditOf(id)).at(-1)).toMatchObject({ action: 'document.verify', changes: [expect.objectContaining({ documentKey: 'Other-1', fileName: 'extra.pdf' })] });
    expect((await exporting(id)).documents.companyDocuments[0]).toMatchObject({ verified: true, verifiedBy: 'u:ro-bank' });
    // Taking the mark back, audited; taking it back again changes nothing and audits nothing.
    expect((await verify(id, 'Other-1', { verified: false })).json().documents[0].verified).toBe(false);
    const count = (await auditOf(id)).length;
    expect((await auditOf(id)).at(-1)!.action).toBe('document.unverify');
    expect((await verify(id, 'Other-1', { verified: false })).statusCode).toBe(200);
    expect((await auditOf(id)).length).toBe(count);
    expect((await verify(id, 'Other-1', { verified: true })).statusCode).toBe(200);
    // Bad input: a field error, never a 5xx.
    for (const [body, field] of [
      [{ verified: 'yes' }, 'body.verified'],
      [{}, 'body.verified'],
      [{ verified: true, by: 'x' }, 'body.by'], // an unknown key is named (UNKNOWN_FIELD, s13api)
    ] as const) {
      const bad = await verify(id, 'Other-1', body);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json().errors.map((e: Json) => e.field)).toEqual([field]);
    }
    const missing = await verify(id, 'tradeLicense', { verified: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0]).toMatchObject({ errorCode: 'DOCUMENT_NOT_FOUND', field: 'params.documentKey' });
    // A new file: neither the agent's verification nor the bank's virus check of the old one carries over.
    await upload(c, id, pdf('second'));
    const after = (await exporting(id)).documents.companyDocuments[0];
    expect(after).toMatchObject({ verified: false });
    expect(after).not.toHaveProperty('verifiedBy');
    expect(after).not.toHaveProperty('avsCheck');
  });

  it('sends how the application was saved last (saveType, actionType)', async () => {
    const mine = (await c.app.inject({ method: 'GET', url: `/api/usertypes/sme/prospects/${id}`, headers: as(c.customer) })).json();
    const saved = await c.app.inject({ method: 'PUT', url: `/api/usertypes/sme/prospects/${id}`, headers: as(c.customer), payload: { prospect: mine.prospect, saveType: 'save', actionType: 'continue', version: mine.version } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await exporting(id)).applicationInfo).toMatchObject({ saveType: 'save', actionType: 'continue' });
  });

  it('puts the files into the export only when asked (files=inline): their bytes, audited with the files carried', async () => {
    expect((await exporting(id)).documents.companyDocuments[0]).not.toHaveProperty('fileData');
    const item = (await exporting(id, '&files=inline')).documents.companyDocuments[0];
    expect(item.isEncrypted).toBe(false);
    expect(item).not.toHaveProperty('encryptionDetails');
    expect(Buffer.from(item.fileData, 'base64')).toEqual(pdf('second'));
    expect((await auditOf(id)).at(-1)).toMatchObject({ action: 'prospect.export', changes: ['format=bank', 'files=inline', expect.objectContaining({ documentKey: 'Other-1', fileName: 'extra.pdf' })] });
    const bad = await c.app.inject({ method: 'GET', url: `/api/agent/prospects/${id}/export?format=bank&files=all`, headers: as(c.agent) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toMatch(/^querystring\.files/);
  });

  it('keeps the bank’s records of an imported application (its CIF number, account manager, review codes), checked by the same rules', async () => {
    const exported = (await c.app.inject({ method: 'GET', url: `/api/agent/prospects/${id}/export?format=bank`, headers: as(c.agent) })).json();
    const elite = JSON.parse(readFileSync(join(root, 'fixtures/prospect/islamicElite.json'), 'utf8')).data as Json;
    // A complete application of the fixture, with the bank's records of this one.
    const mapping = loadMapping(await readContentDir());
    const doc = JSON.parse(JSON.stringify(toBank(elite, mapping))) as Json;
    doc.prospect.generalInfo = { ...exported.prospect.generalInfo };
    doc.prospect.applicationInfo = { ...doc.prospect.applicationInfo, riskScore: 'MEDIUM', srNumber: 'SR-2026-000123' };
    doc.prospect.prospectStatusInfo = { ...exported.prospect.prospectStatusInfo };
    const imported = await c.app.inject({ method: 'POST', url: '/api/agent/prospects/import', headers: { ...as(c.agent), 'content-type': 'application/json' }, payload: JSON.stringify(doc) });
    expect(imported.statusCode, imported.body).toBe(201);
    const newId = imported.json().prospectId as string;
    expect((await records(newId)).json().records).toEqual({ generalInfo: valid().generalInfo, applicationInfo: valid().applicationInfo, prospectStatusInfo: valid().prospectStatusInfo });
    expect((await auditOf(newId))[0]!.changes).toEqual(expect.arrayContaining(['format=bank', '/generalInfo/cifId', '/applicationInfo/riskScore']));
    const again = await exporting(newId);
    expect(again.generalInfo).toMatchObject(valid().generalInfo);
    expect(again.applicationInfo).toMatchObject(valid().applicationInfo);

    doc.prospect.generalInfo.cifId = 123456789;
    doc.prospect.applicationInfo.riskScore = 'R'.repeat(101);
    const refused = await c.app.inject({ method: 'POST', url: '/api/agent/prospects/import', headers: { ...as(c.agent), 'content-type': 'application/json' }, payload: JSON.stringify(doc) });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors.map((e: Json) => [e.errorCode, e.field])).toEqual([
      ['MAXIMUM', 'bank.prospect.generalInfo.cifId'],
      ['MAXLENGTH', 'bank.prospect.applicationInfo.riskScore'],
    ]);
  });
});

describeEachDatabase('inline files encrypted for the bank (BANK_FILES_PUBLIC_KEY_PEM)', (db) => {
  let c: Callers;
  const bankKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });

  beforeAll(async () => {
    c = await setUp(await startApp(db(), { encryption: 'off', bankFilesPublicKeyPem: bankKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString() }));
  }, 120_000);
  afterAll(async () => {
    await c?.app.close();
    await db().cleanup();
  });

  it('sends each file encrypted: only the bank’s private key opens it', async () => {
    const id = await newApplication(c);
    await upload(c, id, pdf('secret'));
    const res = await c.app.inject({ method: 'GET', url: `/api/agent/prospects/${id}/export?format=bank&files=inline`, headers: as(c.agent) });
    expect(res.statusCode, res.body).toBe(200);
    expect(validateBank(res.json()), JSON.stringify(validateBank.errors)).toBe(true);
    expect(res.body).not.toContain(Buffer.from(pdf('secret')).toString('base64').slice(0, 40));
    const item = res.json().prospect.documents.companyDocuments[0] as Json;
    expect(item.isEncrypted).toBe(true);
    const [, iv, key] = /^RSA-OAEP-256 A256GCM kid [0-9a-f]{16} iv ([0-9a-f]{24}) key ([0-9a-f]+)$/.exec(item.encryptionDetails)!;
    const sealed = Buffer.from(item.fileData, 'base64');
    const contentKey = privateDecrypt({ key: bankKeys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(key!, 'hex'));
    const decipher = createDecipheriv('aes-256-gcm', contentKey, Buffer.from(iv!, 'hex'));
    decipher.setAuthTag(sealed.subarray(-16));
    expect(Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()])).toEqual(pdf('secret'));
  });
});
