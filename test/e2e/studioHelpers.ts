import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The studio's e2e accounts and applicant (test/e2e/studio.test.ts, studioArabic.test.ts). */
export const PRODUCT = { username: 'studio.product', password: 'Product-pass-123' };
/** The second product user: reviews and publishes what PRODUCT writes (four eyes). */
export const REVIEWER = { username: 'studio.reviewer', password: 'Reviewer-pass-123' };
export const APPLICANT = { email: 'aisha@falcon.ae', countryCode: '971', mobileNo: '501234567' };
const CLIENT_ID = 'quick-apply-web';

export type Json = Record<string, unknown>;

/** An applicant's API call, plaintext (the studio's servers run with ENCRYPTION=off). */
export async function plainCall(serverUrl: string, method: 'GET' | 'POST' | 'PUT', path: string, body: unknown, token: string) {
  const res = await fetch(serverUrl + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Json };
}

/** The applicant's sign-in of test/api/authHelpers.ts over HTTP: device token, code from the outbox, customer token. */
export async function signInCustomer(serverUrl: string, deviceId: string): Promise<string> {
  const form = (fields: Record<string, string>) => new URLSearchParams({ client_id: CLIENT_ID, ...fields });
  const device = (await (await fetch(serverUrl + '/api/onboarding/pre-login/oauth2/token', { method: 'POST', body: form({ device_id: deviceId, unique_id: 'u1' }) })).json()) as {
    access_token: string;
  };
  expect((await plainCall(serverUrl, 'POST', '/api/otp', { action: 'generate', ...APPLICANT }, device.access_token)).status).toBe(200);
  const outbox = (await (await fetch(`${serverUrl}/api/dev/outbox?recipient=${APPLICANT.countryCode}${APPLICANT.mobileNo}&limit=1`)).json()) as { messages: { body: string }[] };
  const otpToken = /\b(\d{6})\b/.exec(outbox.messages[0]?.body ?? '')?.[1];
  expect(otpToken, 'no code in the outbox').toBeDefined();
  const verified = await plainCall(serverUrl, 'POST', '/api/otp', { action: 'verify', ...APPLICANT, otpToken, deviceId }, device.access_token);
  expect(verified.body).toMatchObject({ verified: true });
  const res = await fetch(serverUrl + '/api/onboarding/post-login/oauth2/token', {
    method: 'POST',
    headers: { authorization: `Bearer ${device.access_token}` },
    body: form({ resource_type: 'customer', device_id: deviceId, unique_id: 'u1' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Product staff sign in to the studio at a page. */
export async function signInStudio(page: Page, serverUrl: string, who: { username: string; password: string }, start = '/studio') {
  await page.goto(serverUrl + start);
  await page.getByRole('heading', { name: 'Schema studio sign-in' }).waitFor();
  await page.getByLabel('Username').fill(who.username);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
