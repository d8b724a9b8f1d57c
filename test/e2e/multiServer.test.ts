import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInCustomer } from '../../scripts/lib/customerSession';
import { dropSchema, postgresReachable, TEST_DATABASE_URL } from '../../scripts/lib/postgres';
import { apiApplicant, createApplication, makePdf, soleProprietorApplication } from './documentsHelpers';
import { removeDataDir, type RunningServer, startServer } from './server';

/**
 * Two server processes on one PostgreSQL database, addressed alternately as a load balancer would: nothing a
 * request needs may live in one process's memory (sessions, codes, rate limits, documents, content).
 */
const pgUp = await postgresReachable();
if (!pgUp && process.env.CI === 'true') throw new Error('CI must run the multi-server test (PostgreSQL)');
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PRODUCT = { username: 'multi.product', password: 'multi-product-password' };
const REVIEWER = { username: 'multi.reviewer', password: 'multi-reviewer-password' };
const schema = `multi_${process.pid}`;
const keys = generateKeyPairSync('rsa', { modulusLength: 3072 });
const shared = {
  DATABASE_URL: TEST_DATABASE_URL,
  DATABASE_SCHEMA: schema,
  JWT_SECRET: 'a-secret-shared-by-every-server-of-the-bank',
  SERVER_PRIVATE_KEY_PEM: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  ENCRYPTION: 'off',
  OTP_RATE_PER_MOBILE: '3',
  SEED_PRODUCT_USERNAME: PRODUCT.username,
  SEED_PRODUCT_PASSWORD: PRODUCT.password,
  SEED_REVIEWER_USERNAME: REVIEWER.username,
  SEED_REVIEWER_PASSWORD: REVIEWER.password,
};

async function call(url: string, path: string, options: { token?: string; method?: string; json?: unknown } = {}): Promise<{ status: number; json: Json; headers: Headers }> {
  const res = await fetch(url + path, {
    method: options.method ?? (options.json ? 'POST' : 'GET'),
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...(options.json ? { 'content-type': 'application/json' } : {}) },
    body: options.json ? JSON.stringify(options.json) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {}, headers: res.headers };
}

(pgUp ? describe : describe.skip)('two servers on one PostgreSQL', () => {
  let a: RunningServer;
  let b: RunningServer;
  beforeAll(async () => {
    a = await startServer(shared);
    b = await startServer(shared);
  });
  afterAll(async () => {
    for (const server of [a, b]) {
      await server?.stop();
      if (server) removeDataDir(server.dataDir);
    }
    await dropSchema(schema);
  });

  it('an applicant signed in on A continues on B; a document uploaded on A downloads on B', async () => {
    const client = await apiApplicant(a.url, { email: 'multi@falcon.ae', mobileNo: '501110001' }, 'multi-device-1');
    const { prospectId, version } = await createApplication(client, soleProprietorApplication('501110001', 'multi@falcon.ae'));
    const onB = await call(b.url, `/api/usertypes/sme/prospects/${prospectId}`, { token: client.accessToken });
    expect(onB.status).toBe(200);
    expect(onB.json.version).toBe(version);
    const saved = await call(b.url, `/api/usertypes/sme/prospects/${prospectId}`, { token: client.accessToken, method: 'PUT', json: { prospect: onB.json.prospect, saveType: 'auto', version } });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);

    const docs = await client.documents(prospectId);
    const first = (docs.companyDocuments.documents as Json[]).find((d) => d.required)!;
    const pdf = makePdf(70_000, 'uploaded on A');
    const uploaded = await client.upload(prospectId, { documentKey: first.documentKey, documentType: first.documentType }, pdf);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const download = await fetch(`${b.url}/api/banks/rak/prospects/${prospectId}/documents/${first.documentKey}`, { headers: { authorization: `Bearer ${client.accessToken}` } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('counts a rate limit across both servers', async () => {
    const applicant = { email: 'limit@falcon.ae', countryCode: '971', mobileNo: '501110002' };
    const statuses: number[] = [];
    for (const [i, server] of [a, b, a, b].entries()) {
      const device = await fetch(`${server.url}/api/onboarding/pre-login/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: 'quick-apply-web', device_id: `limit-device-${i}`, unique_id: 'u1' }).toString(),
      });
      const token = ((await device.json()) as Json).access_token as string;
      statuses.push((await call(server.url, '/api/otp', { token, json: { action: 'generate', ...applicant } })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('serves a studio publication made on A from B within 2 s', async () => {
    const login = await call(a.url, '/api/users/authenticate', { json: PRODUCT });
    expect(login.status).toBe(200);
    const token = login.json.access_token as string;
    const versions = await call(a.url, '/api/studio/versions', { token });
    const latest = versions.json.versions[0].version as number;
    const files = (await call(a.url, `/api/studio/versions/${latest}`, { token })).json.files as Json;
    const company = structuredClone(files['steps/companyDetails.schema.json']);
    company.properties.organizationInfo.properties.companyName.maxLength = 45;
    company.properties.organizationInfo.properties.companyName.errorMessage.maxLength = 'Maximum 45 characters allowed';
    // A rewritten English message needs its Arabic to be published (issue 19: the check refuses a stale translation).
    const arabic = structuredClone(files['i18n/ar.json']);
    arabic.texts['steps/companyDetails.schema.json']['/properties/organizationInfo/properties/companyName/errorMessage/maxLength'] = 'الحد الأقصى 45 حرفًا';
    // The help states the limit too, in both languages (the studio's check refuses a help that names the old one).
    const ui = structuredClone(files['steps/companyDetails.ui.json']);
    ui.organizationInfo.companyName['ui:help'] = String(ui.organizationInfo.companyName['ui:help']).replace('up to 50 characters', 'up to 45 characters');
    const helpKey = '/organizationInfo/companyName/ui:help';
    arabic.texts['steps/companyDetails.ui.json'][helpKey] = String(arabic.texts['steps/companyDetails.ui.json'][helpKey]).replace('حتى 50 حرفًا', 'حتى 45 حرفًا');
    const before = (await call(b.url, '/api/config?segment=sme&role=customer')).headers.get('etag');
    // A draft, reviewed by a second product user who confirms the server's check (issues 12 and 15), publishes on A.
    const created = await call(a.url, '/api/studio/drafts', { token, json: { name: 'Company name at most 45', baseVersion: latest, files: { 'steps/companyDetails.schema.json': company, 'steps/companyDetails.ui.json': ui, 'i18n/ar.json': arabic } } });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = created.json.id as string;
    const submitted = await call(a.url, `/api/studio/drafts/${id}/submit`, { token, json: { revision: created.json.revision } });
    expect(submitted.status, JSON.stringify(submitted.json)).toBe(200);
    const reviewer = (await call(a.url, '/api/users/authenticate', { json: REVIEWER })).json.access_token as string;
    const checked = await call(a.url, `/api/studio/drafts/${id}/check`, { token: reviewer, json: {} });
    expect(checked.status, JSON.stringify(checked.json)).toBe(200);
    const approved = await call(a.url, `/api/studio/drafts/${id}/review`, { token: reviewer, json: { revision: created.json.revision, decision: 'approve', acknowledge: checked.json.checkHash } });
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    const published = await call(a.url, `/api/studio/drafts/${id}/publish`, { token: reviewer, json: { message: 'Company name at most 45' } });
    expect(published.status, JSON.stringify(published.json)).toBe(201);
    const at = Date.now();
    let etag = before;
    while (etag === before && Date.now() - at < 2000) {
      etag = (await call(b.url, '/api/config?segment=sme&role=customer')).headers.get('etag');
      if (etag === before) await new Promise((r) => setTimeout(r, 50));
    }
    expect(etag).not.toBe(before);
    const config = await call(b.url, '/api/config?segment=sme&role=customer');
    expect(JSON.stringify(config.json)).toContain('Maximum 45 characters allowed');
  });

  it('loses no acknowledged save when A is killed', async () => {
    // Names allow letters only: save n is "Killed Server <n in letters>".
    const nameOf = (n: number) => `Killed Server ${[...n.toString(26)].map((c) => String.fromCharCode(97 + parseInt(c, 26))).join('')}`;
    const applicant = { email: 'killed@falcon.ae', countryCode: '971', mobileNo: '501110003' };
    const { accessToken } = await signInCustomer(a.url, applicant, 'multi-device-3');
    const created = await call(a.url, '/api/usertypes/sme/prospects', {
      token: accessToken,
      json: { applicantInfo: { fullName: 'Killed Server', ...applicant }, applicationInfo: { accountType: 'elite', islamicBanking: false } },
    });
    const id = created.json.prospectId as string;
    let version = created.json.version as number;
    let acked = { n: 0, version };
    const killAt = Date.now() + 1000 + Math.random() * 1000;
    for (let n = 1; ; n++) {
      if (Date.now() >= killAt) break;
      const res = await call(a.url, `/api/usertypes/sme/prospects/${id}`, {
        token: accessToken,
        method: 'PUT',
        json: { prospect: { applicantInfo: { fullName: nameOf(n), ...applicant } }, saveType: 'auto', version },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      version = res.json.version as number;
      acked = { n, version };
    }
    const inFlight = call(a.url, `/api/usertypes/sme/prospects/${id}`, {
      token: accessToken,
      method: 'PUT',
      json: { prospect: { applicantInfo: { fullName: nameOf(acked.n + 1), ...applicant } }, saveType: 'auto', version },
    }).catch(() => undefined);
    await a.stop('SIGKILL');
    await inFlight;
    const onB = await call(b.url, `/api/usertypes/sme/prospects/${id}`, { token: accessToken });
    expect(onB.status).toBe(200);
    expect(acked.n).toBeGreaterThan(0);
    expect(onB.json.version).toBeGreaterThanOrEqual(acked.version);
    const name = onB.json.prospect.applicantInfo.fullName as string;
    expect([nameOf(acked.n), nameOf(acked.n + 1)]).toContain(name);
  });
});
