import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { canAccess } from '../../src/server/prospects/prospectAccess';
import { createAuditRepository } from '../../src/server/repositories/auditRepository';
import { createProspectRepository } from '../../src/server/repositories/prospectRepository';
import { setToday } from '../../src/validation/clock';
import { describeEachDatabase, type TestDatabase } from './helpers';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const root = join(import.meta.dirname, '..', '..');
const soleProprietor = (): Json => JSON.parse(readFileSync(join(root, 'fixtures', 'prospect', 'soleProprietor.json'), 'utf8')).data;
const pdf = (size = 60_000) => {
  const out = Buffer.alloc(size, 0x20);
  Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n').copy(out);
  return out;
};

describeEachDatabase('deleting other documents', (db) => {
  let app: FastifyInstance;
  let owner: string;
  let stranger: string;
  let agent: string;
  let device: string;
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const ID = 'SMEDEL000001';

  async function upload(fields: Record<string, string>, token = owner) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(pdf())], { type: 'application/pdf' }), 'extra.pdf');
    const res = new Response(form);
    return app.inject({
      method: 'POST',
      url: `/api/rest/v1/banks/rak/prospectId/${ID}/documents`,
      headers: { ...bearer(token), 'content-type': res.headers.get('content-type')! },
      payload: Buffer.from(await res.arrayBuffer()),
    });
  }
  const remove = (key: string, token = owner) =>
    app.inject({ method: 'DELETE', url: `/api/banks/rak/prospects/${ID}/documents/${encodeURIComponent(key)}`, headers: bearer(token) });
  const list = async () => (await app.inject({ method: 'GET', url: `/api/prospects/${ID}/documents`, headers: bearer(owner) })).json();

  beforeAll(async () => {
    setToday('2026-01-15');
    const test: TestDatabase = db();
    app = await buildApp({ ...test.config, encryption: 'off', documents: { ...test.config.documents, maxUploads: 4 } }, { logger: false });
    app.prospectAccess = async (request, id) => {
      const row = await createProspectRepository().findById(app.database.db, id);
      return !!row && canAccess(request, row);
    };
    await app.ready();
    const issue = async (p: Json) => ((await app.tokenService.issue(p as never)) as { access_token: string }).access_token;
    owner = await issue({ sub: 'c:owner', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '501234567', email: 'owner@example.ae' });
    stranger = await issue({ sub: 'c:other', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '509999999', email: 'other@example.ae' });
    agent = await issue({ sub: 's:agent1', kind: 'staff', roles: ['agent'] });
    device = await issue({ sub: 'd:device', kind: 'device', roles: [], deviceId: 'device-1' });
    await createProspectRepository().create(app.database.db, {
      id: ID,
      userType: 'sme',
      document: soleProprietor(),
      owner: { countryCode: '971', mobile: '501234567', email: 'owner@example.ae' },
    });
  });
  afterAll(async () => {
    setToday(null);
    await app?.close();
    await db().cleanup();
  });

  it('the owner deletes an other document: it leaves the list and the download, and the audit trail records it', async () => {
    expect((await upload({ documentKey: 'Other-1', documentType: 'Other', documentTitle: 'Tenancy contract' })).statusCode).toBe(200);
    expect((await list()).otherDocuments.map((d: Json) => d.documentKey)).toEqual(['Other-1']);

    const res = await remove('Other-1');
    expect(res.statusCode, res.body).toBe(204);
    expect((await list()).otherDocuments).toEqual([]);
    const down = await app.inject({ method: 'GET', url: `/api/banks/rak/prospects/${ID}/documents/Other-1`, headers: bearer(owner) });
    expect(down.statusCode).toBe(404);
    const trail = await createAuditRepository().forProspect(app.database.db, ID);
    expect(trail.at(-1)).toMatchObject({ actor: 'c:owner', action: 'document.delete', changes: [{ documentKey: 'Other-1', fileName: 'extra.pdf' }] });

    expect((await remove('Other-1')).statusCode).toBe(404);
  });

  it('an agent may delete; another customer or a device token may not', async () => {
    expect((await upload({ documentKey: 'Other-2', documentType: 'Other', documentTitle: 'Lease' })).statusCode).toBe(200);
    const strangerRes = await remove('Other-2', stranger);
    expect(strangerRes.statusCode).toBe(404);
    expect(strangerRes.json().errors[0].errorCode).toBe('12002');
    expect((await remove('Other-2', device)).statusCode).toBe(403);
    expect((await list()).otherDocuments).toHaveLength(1);
    expect((await remove('Other-2', agent)).statusCode).toBe(204);
    expect((await list()).otherDocuments).toEqual([]);
  });

  it('refuses required documents with a field error', async () => {
    expect((await upload({ documentKey: 'MOA-1', documentType: 'MOA' })).statusCode).toBe(200);
    const res = await remove('MOA-1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errorType: 'DocumentValidation',
      errors: [{ errorCode: 'NOT_DELETABLE', message: 'Only other documents can be deleted; upload a new file to replace this one', field: 'documentKey' }],
    });
  });

  it('deleted uploads still count towards the maximum', async () => {
    // Three uploads so far, two of them deleted: the fourth is the last one allowed.
    expect((await upload({ documentKey: 'Other-3', documentType: 'Other' })).statusCode).toBe(200);
    const res = await upload({ documentKey: 'Other-4', documentType: 'Other' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].errorCode).toBe('MAX_DOCUMENTS');
  });

  it('a customer cannot delete once the application is submitted', async () => {
    await app.database.db.updateTable('documents').set({ deleted_at: null, deleted_by: null }).where('document_key', '=', 'Other-2').execute();
    await app.database.db.updateTable('prospects').set({ status: 'SUBMITTED' }).where('id', '=', ID).execute();
    const res = await remove('Other-2');
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].errorCode).toBe('12012');
    expect((await remove('Other-2', agent)).statusCode).toBe(204);
  });
});
