/**
 * Helpers of the documents and outcome end-to-end tests: an applicant signed in over HTTP (code from the
 * development outbox), a complete application saved through the same API the browser uses (encrypted bodies),
 * real PDF files, and the hand-over of that session to a browser tab.
 *
 * The journey pages before documents (applicant info, company, stakeholders, final questions, services) are
 * another area's; where a test here fills them through the API, journeyHelpers.ts can take over later.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { signInCustomer } from '../../scripts/lib/customerSession';
import { decryptResponse, encryptRequest, importPublicKey } from '../../src/shared/envelope';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const root = join(import.meta.dirname, '..', '..');

/**
 * From now on Chromium hands every file chooser of `page` to the test (the `filechooser` event) instead of opening
 * a dialog. Playwright turns that interception on when the first `filechooser` listener is added, with a DevTools
 * command that reaches the page's renderer on another channel than the input events: a listener added together
 * with the key press or click that opens the chooser (`Promise.all([page.waitForEvent('filechooser'), ...])`) can
 * lose that race on a loaded machine (CI at load 6), and headless Chromium then opens a real dialog and cancels it
 * (the file input gets `cancel`, the test waits 30 s for an event that never comes). Call it when the page is
 * created, before it is navigated, so the interception is in place long before the page's first upload.
 */
export function interceptFileChoosers(page: Page): void {
  page.on('filechooser', () => undefined);
}

/** A real (minimal, valid) PDF of at least `size` bytes: a page with text, padded with a comment stream. */
export function makePdf(size = 60_000, text = 'Quick Apply test document'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
  ];
  const content = `BT /F1 18 Tf 72 760 Td (${text.replace(/[()\\]/g, '')}) Tj ET\n`;
  const padding = '%'.padEnd(Math.max(0, size - 900), 'x');
  objects.push(`<< /Length ${content.length} >>\nstream\n${content}endstream`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  out += `${padding}\n`;
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The sole-proprietor fixture (a company with one person stakeholder), dated relative to today. */
export function soleProprietorApplication(mobileNo: string, email: string, change: (data: Json) => void = () => {}): Json {
  const data = JSON.parse(readFileSync(join(root, 'fixtures', 'prospect', 'soleProprietor.json'), 'utf8')).data as Json;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  data.applicantInfo = { ...data.applicantInfo, mobileNo, email };
  data.organizationInfo.dateOfIncorporation = day(-200);
  data.organizationInfo.licenseIssueDate = day(-200);
  data.orgKYCDetails.yearsInBusiness = 0;
  change(data);
  return data;
}

export interface ApiApplicant {
  accessToken: string;
  refreshToken: string;
  send(method: 'POST' | 'PUT', path: string, payload: unknown): Promise<{ status: number; body: Json }>;
  upload(prospectId: string, fields: Record<string, string>, bytes: Buffer, name?: string): Promise<{ status: number; body: Json }>;
  documents(prospectId: string): Promise<Json>;
}

/** Signs the applicant in over HTTP (device token, code from the outbox, customer tokens). */
export async function apiApplicant(url: string, applicant: { email: string; mobileNo: string }, deviceId: string): Promise<ApiApplicant> {
  const config = (await (await fetch(`${url}/api/config`)).json()) as { publicKey: string };
  const publicKey = await importPublicKey(config.publicKey);
  const tokens = await signInCustomer(url, { ...applicant, countryCode: '971' }, deviceId);
  const auth = { authorization: `Bearer ${tokens.accessToken}` };
  return {
    ...tokens,
    async send(method, path, payload) {
      const sealed = await encryptRequest(publicKey, payload, { method, path });
      const res = await fetch(url + path, { method, headers: { ...auth, ...sealed.headers }, body: JSON.stringify(sealed.payload) });
      const text = await res.text();
      const parsed = text ? (JSON.parse(text) as Json) : {};
      return { status: res.status, body: res.headers.get('x-encrypted') ? ((await decryptResponse(sealed.key, parsed)) as Json) : parsed };
    },
    async upload(prospectId, fields, bytes, name = 'document.pdf') {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
      const res = await fetch(`${url}/api/rest/v1/banks/rak/prospectId/${prospectId}/documents`, { method: 'POST', headers: auth, body: form });
      return { status: res.status, body: (await res.json()) as Json };
    },
    async documents(prospectId) {
      return (await (await fetch(`${url}/api/prospects/${prospectId}/documents`, { headers: auth })).json()) as Json;
    },
  };
}

/** Creates the application and saves every section (as the journey pages do, step by step). */
export async function createApplication(client: ApiApplicant, data: Json): Promise<{ prospectId: string; version: number }> {
  const created = await client.send('POST', '/api/usertypes/sme/prospects', { applicantInfo: data.applicantInfo, applicationInfo: data.applicationInfo });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const prospectId = created.body.prospectId as string;
  const saved = await client.send('PUT', `/api/usertypes/sme/prospects/${prospectId}`, { prospect: data, saveType: 'save', version: created.body.version });
  if (saved.status !== 200) throw new Error(`save: ${saved.status} ${JSON.stringify(saved.body)}`);
  return { prospectId, version: saved.body.version as number };
}

/** Every required document, uploaded through the API. */
export async function uploadRequired(client: ApiApplicant, prospectId: string): Promise<void> {
  const docs = await client.documents(prospectId);
  const entries: Json[] = [
    ...['companyDocuments', 'companyBankStatements', 'companyAddressProof', 'companyInvoices'].flatMap((s) => docs[s]?.documents ?? []),
    ...Object.values(docs.stakeholdersDocuments ?? {}).flatMap((s) => (s as Json).documents ?? []),
  ];
  for (const d of entries.filter((e) => e.required)) {
    const res = await client.upload(prospectId, { documentKey: d.documentKey, documentType: d.documentType, ...(d.signatoryId ? { signatoryId: d.signatoryId } : {}) }, makePdf());
    if (res.status !== 200) throw new Error(`upload ${d.documentKey}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** Hands the signed-in session and the application to a browser tab (as after the one-time code). */
export async function openInBrowser(page: Page, url: string, client: ApiApplicant, prospectId: string): Promise<void> {
  await page.goto(`${url}/business/no-such-page`);
  await page.evaluate(
    ({ session, application }) => {
      sessionStorage.setItem('qa.session', JSON.stringify(session));
      sessionStorage.setItem('qa.application', JSON.stringify(application));
    },
    {
      session: { kind: 'customer', accessToken: client.accessToken, refreshToken: client.refreshToken },
      // No local copy: the tab loads the application from the server.
      application: { prospectId, version: 0, dirty: false },
    },
  );
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe-core violations of the page as it is now ("id: targets"). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<Result> } }).axe;
    // Tabster's focus-trap sentinels (Fluent UI internals, aria-hidden by design) are left out, as in a11y.test.ts.
    return (await axe.run({ exclude: [['[data-tabster-dummy]']] })).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
