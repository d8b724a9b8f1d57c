import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadMapping, toBank } from '../../src/bankFormat';
import { readCompletedSteps } from '../../src/shared/completedSteps';
import { applicableSteps } from '../../src/shared/stakeholderFlows';
import { createDocumentRepository } from '../../src/server/repositories/documentRepository';
import { setToday } from '../../src/validation/clock';
import { storeRequiredDocuments } from './documentRows';
import { describeEachDatabase, startApp } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const root = join(import.meta.dirname, '..', '..');
const read = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const elite = read('fixtures/prospect/islamicElite.json').data as Json;
/** Every schemas/bank/mapping*.json (the loader's files), as the server loads them. */
const mappingFiles = readdirSync(join(root, 'schemas', 'bank')).filter((f) => /^mapping.*\.json$/.test(f));
const mapping = loadMapping(Object.fromEntries(mappingFiles.map((f) => [`bank/${f}`, read(`schemas/bank/${f}`)])));
const validateBank = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false }).compile(read('schemas/bank/bankProspect.json'));
const bankDocument = () => JSON.parse(JSON.stringify(toBank(elite, mapping))) as Json;

/**
 * Issue 18: the bank exchange format at the API. Export (GET agent/prospects/{id}/export?format=bank) and import
 * (POST agent/prospects/import) are the agents' only, audited, and answer bad input with field errors, never 5xx.
 */
describeEachDatabase('bank exchange format', (db) => {
  let app: FastifyInstance;
  let agent: string;
  let customer: string;
  let draftId: string;
  const as = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
  const importing = (payload: unknown, token = agent) =>
    app.inject({ method: 'POST', url: '/api/agent/prospects/import', headers: { ...as(token), 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  const exporting = (id: string, format = 'bank', token = agent) => app.inject({ method: 'GET', url: `/api/agent/prospects/${id}/export?format=${format}`, headers: as(token) });
  const auditOf = async (id: string) => (await app.inject({ method: 'GET', url: `/api/agent/prospects/${id}/audit`, headers: as(agent) })).json().entries as Json[];

  beforeAll(async () => {
    // The fixtures' day: their dates (licence, passports, Emirates IDs) are valid on it.
    setToday('2026-01-15');
    app = await startApp(db(), { encryption: 'off' });
    const issue = async (p: Json) => ((await app.tokenService.issue(p as never)) as { access_token: string }).access_token;
    agent = await issue({ sub: 'u:ro-bank', kind: 'staff', roles: ['agent'], roCode: 'RO1', name: 'RO' });
    customer = await issue({ sub: 'c:971501112299', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '501112299', email: 'noura@falcon.ae' });
    const created = await app.inject({
      method: 'POST',
      url: '/api/usertypes/sme/prospects',
      headers: as(customer),
      payload: { applicantInfo: { fullName: 'Noura Saeed', email: 'noura@falcon.ae', countryCode: '971', mobileNo: '501112299', applyOnbehalf: false } },
    });
    expect(created.statusCode, created.body).toBe(201);
    draftId = created.json().prospectId;
  }, 120_000);
  afterAll(async () => {
    setToday(null);
    await app?.close();
    await db().cleanup();
  });

  it('exports an application in the bank format for an agent: valid against the bank schema, as a download, with its screening result, audited', async () => {
    const screened = await app.inject({ method: 'POST', url: `/api/prospects/${draftId}/screening`, headers: as(agent), payload: {} });
    expect(screened.statusCode, screened.body).toBe(200);
    const res = await exporting(draftId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${draftId}-bank.json"`);
    const body = res.json();
    expect(validateBank(body), JSON.stringify(validateBank.errors)).toBe(true);
    expect(body.format).toBe('bank');
    // Every schemas/bank/mapping*.json writes its version.
    expect(mappingFiles.length).toBeGreaterThan(1);
    expect(body.mappingVersions).toEqual(Object.fromEntries(mappingFiles.map((f) => [f, read(`schemas/bank/${f}`).version])));
    expect(body.prospect.applicantInfo).toEqual({ fullName: 'Noura Saeed', email: 'noura@falcon.ae', countryCode: '971', mobileNo: '501112299', applyOnbehalf: false });
    expect(body.prospect.generalInfo.prospectId).toBe(draftId);
    expect(body.prospect.applicationInfo.leadNumber).toMatch(/^LD\d{8}$/);
    const { statusOverAll, screeningResults } = screened.json();
    expect(body.prospect.organizationInfo.screeningInfo).toEqual({
      statusOverAll,
      screeningResults: screeningResults.map((r: Json) => ({ ...r, screeningFlag: r.screeningFlag ? 'Y' : 'N' })),
    });
    const entries = await auditOf(draftId);
    expect(entries.at(-1)).toMatchObject({ action: 'prospect.export', actorKind: 'agent', changes: ['format=bank'] });
  });

  it('exports the application’s record and documents (server-owned: dates, creator, last modifier, channel, uploads), and an import takes none of them', async () => {
    const created = await importing(bankDocument());
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().prospectId as string;
    await storeRequiredDocuments(app, id, elite);
    const res = await exporting(id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(validateBank(body), JSON.stringify(validateBank.errors)).toBe(true);
    const { applicationInfo, documents, generalInfo, searchInfo } = body.prospect;
    expect(applicationInfo).toMatchObject({ createdBy: 'u:ro-bank', lastModifiedBy: 'u:ro-bank', channelId: 'RO' });
    expect(Date.parse(applicationInfo.createdDate)).toBeLessThanOrEqual(Date.parse(applicationInfo.lastModifiedDate));
    expect(generalInfo).toMatchObject({ prospectId: id, customerType: 'SME', isPoliticallyExposed: elite.signatoryInfo.some((s: Json) => s.kycDetails.isPEP) ? 'Y' : 'N' });
    expect(searchInfo).toMatchObject({ fname: elite.applicantInfo.fullName, tradeLicenseNo: elite.organizationInfo.licenseNumber });
    // Every stored upload, the company's and the stakeholders' apart, each with its download address.
    const rows = await createDocumentRepository().listCurrent(app.database.db, id);
    const listed = [...(documents.companyDocuments ?? []), ...(documents.stakeholdersDocuments ?? [])];
    expect(listed.map((d: Json) => d.filePath).sort()).toEqual(rows.map((r) => r.documentKey).sort());
    expect(documents.stakeholdersDocuments.every((d: Json) => typeof d.signatoryId === 'string')).toBe(true);
    for (const d of listed) expect(d.url).toBe(`/api/banks/rak/prospects/${id}/documents/${encodeURIComponent(d.filePath)}`);
    const byKey = new Map(rows.map((r) => [r.documentKey, r]));
    for (const d of listed) expect(d).toMatchObject({ fileName: byKey.get(d.filePath)!.fileName, fileSize: byKey.get(d.filePath)!.size, uploadStatus: 'Uploaded' });

    const again = await importing(body);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().notImported).toEqual(
      expect.arrayContaining(['/generalInfo', '/documents', '/applicationInfo/createdDate', '/applicationInfo/lastModifiedDate', '/applicationInfo/createdBy', '/applicationInfo/lastModifiedBy', '/orgKYCDetails/isShareholderACompany']),
    );
    // The composed values are the server's: a client cannot store them in the prospect (a closed document).
    const mine = (await app.inject({ method: 'GET', url: `/api/usertypes/sme/prospects/${draftId}`, headers: as(customer) })).json();
    for (const extra of [{ applicationInfo: { createdDate: '2020-01-01T00:00:00.000Z' } }, { generalInfo: { isPoliticallyExposed: 'N' } }, { documents: { companyDocuments: [] } }]) {
      const sent = await app.inject({ method: 'PUT', url: `/api/usertypes/sme/prospects/${draftId}`, headers: as(customer), payload: { prospect: { ...mine.prospect, ...extra, applicationInfo: { ...mine.prospect.applicationInfo, ...(extra.applicationInfo ?? {}) } }, saveType: 'auto', version: mine.version } });
      expect([400, 403], `${JSON.stringify(extra)}: ${sent.body}`).toContain(sent.statusCode);
    }
    expect((await app.inject({ method: 'GET', url: `/api/usertypes/sme/prospects/${draftId}`, headers: as(customer) })).json().version).toBe(mine.version);
    // The new application has its own record: no uploads yet.
    expect((await exporting(again.json().prospectId)).json().prospect.documents).toBeUndefined();
  });

  it('records the applicant’s declaration with the submit (server-owned) and exports it as the bank’s applicationInfo.declaration', async () => {
    const owner = { email: 'noura@falcon.ae', countryCode: '971', mobileNo: '501112299' };
    const created = await app.inject({ method: 'POST', url: '/api/usertypes/sme/prospects', headers: as(customer), payload: { applicantInfo: { ...elite.applicantInfo, ...owner } } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().prospectId as string;
    const data = structuredClone(elite);
    data.applicantInfo = { ...data.applicantInfo, ...owner };
    data.organizationInfo.licenseNumber = 'DED-DECL-2291';
    await storeRequiredDocuments(app, id, data);
    const put = (body: Json) => app.inject({ method: 'PUT', url: `/api/usertypes/sme/prospects/${id}`, headers: as(customer), payload: body });
    // The applicant cannot write it into the prospect: only the submit request's flag records it.
    const forged = await put({ prospect: { ...data, applicationInfo: { ...data.applicationInfo, declaration: true } }, saveType: 'auto', version: 1 });
    expect([400, 403], forged.body).toContain(forged.statusCode);
    expect((await put({ prospect: data, saveType: 'submit', version: 1, declaration: 'yes' })).statusCode).toBe(400);
    const submitted = await put({ prospect: data, saveType: 'submit', version: 1, declaration: true });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const stored = (await app.inject({ method: 'GET', url: `/api/usertypes/sme/prospects/${id}`, headers: as(agent) })).json().prospect as Json;
    expect(stored.applicationInfo.declaration).toBe(true);
    const exported = (await exporting(id)).json();
    expect(validateBank(exported), JSON.stringify(validateBank.errors)).toBe(true);
    expect(exported.prospect.applicationInfo.declaration).toBe(true);
    // An import never takes it: the new application's applicant has declared nothing yet.
    const imported = await importing(exported);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().notImported).toContain('/applicationInfo/declaration');
    expect((await exporting(imported.json().prospectId)).json().prospect.applicationInfo.declaration).toBeUndefined();
  });

  it('refuses an unknown format (400 naming the query field) and an unknown application (404)', async () => {
    const xml = await exporting(draftId, 'xml');
    expect(xml.statusCode).toBe(400);
    expect(xml.json().errors[0].field).toMatch(/^querystring\.format/);
    const none = await app.inject({ method: 'GET', url: `/api/agent/prospects/${draftId}/export`, headers: as(agent) });
    expect(none.statusCode).toBe(400);
    const unknown = await exporting('NOSUCHID123');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].errorCode).toBe('12002');
  });

  it('refuses customers (403) and callers without a token (401) on both calls, and audits nothing for them', async () => {
    const before = (await auditOf(draftId)).length;
    expect((await exporting(draftId, 'bank', customer)).statusCode).toBe(403);
    expect((await importing(bankDocument(), customer)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/agent/prospects/${draftId}/export?format=bank` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/agent/prospects/import', payload: bankDocument() })).statusCode).toBe(401);
    expect((await auditOf(draftId)).length).toBe(before);
  });

  it('imports a complete application from the bank format: a new draft, audited as an import; export and import again give the same application', async () => {
    const sent = bankDocument();
    // Identity from the system it comes from: the new application gets its own.
    sent.prospect.generalInfo = { prospectId: 'OLD-0001' };
    sent.prospect.applicationInfo = { viewId: 'QA00000001', leadNumber: 'LD00000001' };
    const res = await importing(sent);
    expect(res.statusCode, res.body).toBe(201);
    const { prospectId, status, notImported } = res.json();
    expect(prospectId).not.toBe('OLD-0001');
    expect(status).toBe('DRAFT');
    expect(notImported).toEqual(['/generalInfo', '/applicationInfo/viewId']);
    const read = async (id: string) => (await app.inject({ method: 'GET', url: `/api/usertypes/sme/prospects/${id}`, headers: as(agent) })).json().prospect as Json;
    const first = await read(prospectId);
    // The bank's names and codes are the prospect's again.
    expect(first.applicationInfo).toMatchObject({ accountType: 'elite', islamicBanking: true });
    expect(first.organizationInfo).toEqual(elite.organizationInfo);
    // The business unit is the server's (set at creation from the template), whatever the document says.
    expect(first.orgKYCDetails).toEqual({ ...elite.orgKYCDetails, businessUnit: 'SME' });
    expect(first.signatoryInfo).toMatchObject(elite.signatoryInfo);
    expect(first.generalInfo.prospectId).toBe(prospectId);
    // It passed the complete prospect schema: every step that applies is done (the stakeholders show as complete and
    // the applicant goes on from the review), as after filling each in the browser; none came from the document.
    const done = readCompletedSteps(first);
    const applicable = applicableSteps((await app.contentStore.current()).built.flows, first);
    expect(applicable.some((s) => s.at.startsWith('/signatoryInfo/'))).toBe(true);
    expect(done.map((s) => `${s.flowId}/${s.step}/${s.signatoryId ?? ''}:${s.status}`).sort()).toEqual(
      applicable.map((s) => `${s.flow}/${s.step}/${s.at ? String(first.signatoryInfo[Number(s.at.split('/')[2])].signatoryId ?? s.at.split('/')[2]) : ''}:COMPLETED`).sort(),
    );
    const entries = await auditOf(prospectId);
    expect(entries[0]).toMatchObject({ action: 'prospect.import', actorKind: 'agent' });
    expect(entries[0]!.changes).toContain('format=bank');

    const exported = await exporting(prospectId);
    expect(validateBank(exported.json()), JSON.stringify(validateBank.errors)).toBe(true);
    const again = await importing(exported.json());
    expect(again.statusCode, again.body).toBe(201);
    const second = await read(again.json().prospectId);
    // Everything but the server's own fields (identity, lead and view numbers, completed steps) is the same.
    const strip = ({ generalInfo: _g, freeFieldsInfo: _f, applicationInfo, ...rest }: Json) => ({ ...rest, applicationInfo: { ...applicationInfo, viewId: undefined } });
    expect(strip(second)).toEqual(strip(first));
  });

  it('answers a document the bank format refuses with 400 and its field errors (bank.<path>), and stores nothing', async () => {
    const cases: [unknown, string[]][] = [
      [{}, ['bank.format', 'bank.prospect']],
      [{ format: 'bank', prospect: { applicantInfo: { nickname: 'Nouri' } } }, ['bank.prospect.applicantInfo.nickname']],
      [{ format: 'bank', prospect: { applicantInfo: { mobileNo: '05-123' } } }, ['bank.prospect.applicantInfo.mobileNo']],
      [{ format: 'bank', prospect: { organizationInfo: { numberOfEmployees: 'many' } } }, ['bank.prospect.organizationInfo.numberOfEmployees']],
      [{ format: 'bank', prospect: {}, extensions: { '/applicantInfo/__proto__/polluted': true } }, ['bank.extensions']],
      [{ format: 'bank', prospect: {}, extensions: { '/signatoryInfo/99999999/fullName': 'x' } }, ['bank.extensions']],
    ];
    for (const [payload, fields] of cases) {
      const res = await importing(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errorType).toBe('FieldsValidation');
      expect(res.json().errors.map((e: Json) => e.field)).toEqual(expect.arrayContaining(fields));
    }
    expect(({} as Json).polluted).toBeUndefined();
    for (const payload of ['"text"', '[]', '{"format": "bank", "prospect": ']) {
      const res = await app.inject({ method: 'POST', url: '/api/agent/prospects/import', headers: { ...as(agent), 'content-type': 'application/json' }, payload });
      expect(res.statusCode, `${payload}: ${res.body}`).toBe(400);
    }
  });

  it('refuses a prospect field no schema declares, brought in through the extensions (UNKNOWN_FIELD)', async () => {
    const doc = bankDocument();
    doc.extensions['/orgKYCDetails/favouriteColour'] = 'green';
    const res = await importing(doc);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ errorCode: 'UNKNOWN_FIELD', field: 'prospect.orgKYCDetails.favouriteColour' })]);
  });

  it('answers a bank document that is not a complete application with 400 and the prospect’s field errors, then takes it once fixed', async () => {
    const doc = bankDocument();
    delete doc.prospect.organizationInfo.companyName;
    doc.prospect.accountInfo[0].accountType = 'Savings Account';
    const res = await importing(doc);
    expect(res.statusCode, res.body).toBe(400);
    const errors = res.json().errors as Json[];
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'prospect.organizationInfo.companyName', message: 'Company name is not filled' }),
        expect.objectContaining({ field: 'prospect.applicationInfo.accountType' }),
      ]),
    );
    doc.prospect.organizationInfo.companyName = elite.organizationInfo.companyName;
    doc.prospect.accountInfo[0].accountType = 'RAKelite';
    expect((await importing(doc)).statusCode).toBe(201);
  });
});
