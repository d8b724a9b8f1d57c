/**
 * An application made over HTTP and opened in a browser tab without going through the first pages: the
 * customer signs in (development outbox), creates the prospect with the given sections (encrypted body, as the
 * browser sends it), and the tab gets the same session and application in its storage. Used by the typing
 * benchmark and the stakeholder end-to-end test.
 */
import type { BrowserContext } from 'playwright-core';
import { decryptResponse, encryptRequest, importPublicKey } from '../../src/shared/envelope';
import { type Applicant, signInCustomer } from './customerSession';

export interface OpenApplication {
  prospectId: string;
  version: number;
  accessToken: string;
  deviceId: string;
  prospect: Record<string, unknown>;
}

/**
 * Signs in as the applicant and creates a prospect holding `sections` (applicantInfo, signatoryInfo, ...). With
 * `signedIn` (a previous result's accessToken and deviceId), the same session creates another prospect, with no
 * new one-time code (the server limits how many a number gets).
 */
export async function createProspect(
  url: string,
  applicant: Applicant,
  sections: Record<string, unknown>,
  signedIn?: Pick<OpenApplication, 'accessToken' | 'deviceId'>,
): Promise<OpenApplication> {
  const deviceId = signedIn?.deviceId ?? `bench-${crypto.randomUUID()}`;
  const { accessToken } = signedIn ?? (await signInCustomer(url, applicant, deviceId));
  const config = (await (await fetch(`${url}/api/config`)).json()) as { publicKey: string };
  const publicKey = await importPublicKey(config.publicKey);
  const path = '/api/usertypes/sme/prospects';
  const sealed = await encryptRequest(publicKey, sections, { method: 'POST', path });
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'device-id': deviceId, ...sealed.headers },
    body: JSON.stringify(sealed.payload),
  });
  const raw = (await res.json()) as unknown;
  const body = (res.headers.get('x-encrypted') ? await decryptResponse(sealed.key, raw) : raw) as Record<string, unknown>;
  if (!res.ok) throw new Error(`creating the prospect: ${res.status} ${JSON.stringify(body)}`);
  return {
    prospectId: body.prospectId as string,
    version: body.version as number,
    accessToken,
    deviceId,
    prospect: body.prospect as Record<string, unknown>,
  };
}

/** Every page of the context starts signed in as that customer with that application open. */
export async function openInContext(context: BrowserContext, app: OpenApplication): Promise<void> {
  await context.addInitScript(
    ({ session, application, deviceId }) => {
      // Only once per tab: a reload must keep what the page stored since.
      if (sessionStorage.getItem('qa.session')) return;
      sessionStorage.setItem('qa.session', JSON.stringify(session));
      sessionStorage.setItem('qa.application', JSON.stringify(application));
      localStorage.setItem('qa.deviceId', deviceId);
    },
    {
      session: { kind: 'customer', accessToken: app.accessToken },
      application: { prospectId: app.prospectId, prospect: app.prospect, version: app.version, dirty: false },
      deviceId: app.deviceId,
    },
  );
}
