import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ServerConfig } from '../../src/server/config';
import type { IdentityConfig } from '../../src/server/security/identityConfig';
import type { TokenSet } from '../../src/server/security/tokens';
import type { TestDatabase } from './helpers';

export const CLIENT_ID = 'quick-apply-web';

/** The test database with changed settings (plaintext bodies unless told otherwise). */
export function withConfig(db: TestDatabase, identity: Partial<IdentityConfig> = {}, rest: Partial<ServerConfig> = {}): TestDatabase {
  return { ...db, config: { ...db.config, encryption: 'off', ...rest, identity: { ...db.config.identity, ...identity } } };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

export async function deviceToken(app: FastifyInstance, deviceId: string, remoteAddress = '127.0.0.1'): Promise<TokenSet> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/onboarding/pre-login/oauth2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form({ client_id: CLIENT_ID, device_id: deviceId, unique_id: 'u1' }),
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export function postLogin(app: FastifyInstance, fields: Record<string, string>, accessToken?: string, remoteAddress = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/onboarding/post-login/oauth2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
    payload: form({ client_id: CLIENT_ID, ...fields }),
    remoteAddress,
  });
}

export interface Applicant {
  email: string;
  countryCode: string;
  mobileNo: string;
}

export function otpCall(app: FastifyInstance, token: string, body: Record<string, unknown>, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/otp', headers: { authorization: `Bearer ${token}` }, payload: body, remoteAddress });
}

/** The latest one-time code sent to the applicant's mobile, read from the development outbox. */
export async function latestCode(app: FastifyInstance, applicant: Applicant): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?recipient=${applicant.countryCode}${applicant.mobileNo}&limit=1` });
  expect(res.statusCode, res.body).toBe(200);
  const code = /\b(\d{6})\b/.exec(res.json().messages[0]?.body ?? '')?.[1];
  expect(code, 'no code in the outbox').toBeDefined();
  return code!;
}

/** The whole customer sign-in: device token, code generated, read from the outbox, verified, customer tokens. */
export async function signInCustomer(app: FastifyInstance, applicant: Applicant, deviceId: string, remoteAddress = '127.0.0.1'): Promise<TokenSet> {
  const device = await deviceToken(app, deviceId, remoteAddress);
  const generated = await otpCall(app, device.access_token, { action: 'generate', ...applicant }, remoteAddress);
  expect(generated.statusCode, generated.body).toBe(200);
  const otpToken = await latestCode(app, applicant);
  const verified = await otpCall(app, device.access_token, { action: 'verify', ...applicant, otpToken, deviceId }, remoteAddress);
  expect(verified.json()).toMatchObject({ verified: true });
  const res = await postLogin(app, { resource_type: 'customer', device_id: deviceId, unique_id: 'u1' }, device.access_token, remoteAddress);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Staff sign-in (agent or product staff) with POST /api/users/authenticate; the access token. */
export async function signInStaff(app: FastifyInstance, username: string, password: string, remoteAddress = '127.0.0.1'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username, password, deviceId: 'staff-pc' }, remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token;
}

/** Creates a product-staff account (role `product`, the schema studio) and signs it in. */
export async function signInProductUser(app: FastifyInstance, username = 'studio.user', displayName = 'Studio Editor'): Promise<string> {
  const { createUser } = await import('../../src/server/repositories/userRepository');
  const password = 'product staff password';
  await createUser(app.database.db, { username, password, displayName, roles: ['product'] });
  return signInStaff(app, username, password);
}
