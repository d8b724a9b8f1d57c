import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OtpDelivery, OtpMessage } from '../../src/server/messaging/otpDelivery';
import { decryptResponse, encryptRequest, importPublicKey } from '../../src/shared/envelope';
import { type Applicant, deviceToken, latestCode, otpCall, postLogin, withConfig } from './authHelpers';
import { movableClock } from '../setup/testClock';
import { describeEachDatabase, startApp } from './helpers';

let counter = 0;
/** A fresh applicant (own mobile number, so per-mobile limits do not carry over between tests). */
const applicant = (): Applicant => ({ email: `owner${++counter}@falcon.ae`, countryCode: '971', mobileNo: String(501000000 + counter) });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describeEachDatabase('POST /api/otp', (db) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await startApp(withConfig(db(), { otpRatePerIp: 5 }));
  });
  afterAll(async () => {
    await app?.close();
    await db().cleanup();
  });

  /** A device token, and the code generated for the applicant from the given address. */
  async function generated(who: Applicant, deviceId: string, ip: string) {
    const device = await deviceToken(app, deviceId, ip);
    const res = await otpCall(app, device.access_token, { action: 'generate', ...who, prospectId: 'SME0000000001' }, ip);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ generated: true, expiresIn: 300, attemptsAllowed: 3 });
    return { token: device.access_token, code: await latestCode(app, who) };
  }

  describe('generate and verify', () => {
    it('sends a 6-digit code by SMS and e-mail; the right code verifies and lets the device sign in', async () => {
      const who = applicant();
      const { token, code } = await generated(who, 'dev-a', '10.0.1.1');
      expect(code).toMatch(/^\d{6}$/);
      const mail = (await app.inject({ method: 'GET', url: `/api/dev/outbox?recipient=${who.email}` })).json().messages;
      expect(mail[0]).toMatchObject({ channel: 'email', subject: 'Your Quick Apply one-time code' });
      expect(mail[0].body).toContain(code);
      expect(mail[0].body).toContain('5 minutes');

      const res = await otpCall(app, token, { action: 'verify', ...who, otpToken: code, deviceId: 'dev-a', uniqueId: 'u' }, '10.0.1.1');
      expect(res.json()).toEqual({ verified: true, attemptsLeft: 2 });
      const customer = await postLogin(app, { resource_type: 'customer', device_id: 'dev-a' }, token, '10.0.1.1');
      expect(customer.statusCode).toBe(200);
      // A verified code cannot be used a second time.
      const again = await otpCall(app, token, { action: 'verify', ...who, otpToken: code }, '10.0.1.1');
      expect(again.json()).toMatchObject({ verified: false, errorCode: 'OTP_NOT_FOUND' });
    });

    it('stores the code hashed, never as sent', async () => {
      const who = applicant();
      const { code } = await generated(who, 'dev-b', '10.0.2.1');
      const rows = await app.database.db.selectFrom('otp_codes').selectAll().where('mobile_no', '=', who.mobileNo).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(rows)).not.toContain(code);
      expect(rows[0]!.prospect_id).toBe('SME0000000001');
    });

    it('matches the e-mail whatever its case', async () => {
      const who = applicant();
      const { token, code } = await generated(who, 'dev-c', '10.0.3.1');
      const res = await otpCall(app, token, { action: 'verify', ...who, email: who.email.toUpperCase(), otpToken: code }, '10.0.3.1');
      expect(res.json().verified).toBe(true);
    });
  });

  describe('wrong, dead and expired codes', () => {
    it('counts wrong attempts; the 4th attempt is refused even with the right code', async () => {
      const who = applicant();
      const { token, code } = await generated(who, 'dev-d', '10.0.4.1');
      const verify = (otpToken: string) => otpCall(app, token, { action: 'verify', ...who, otpToken }, '10.0.4.1');
      expect((await verify(wrong(code))).json()).toEqual({ verified: false, attemptsLeft: 2, errorCode: 'OTP_INVALID', message: 'The one-time code is not correct' });
      expect((await verify(wrong(code))).json()).toMatchObject({ verified: false, attemptsLeft: 1, errorCode: 'OTP_INVALID' });
      expect((await verify(wrong(code))).json()).toMatchObject({ verified: false, attemptsLeft: 0, errorCode: 'OTP_LOCKED' });
      const fourth = await verify(code);
      expect(fourth.statusCode).toBe(200);
      expect(fourth.json()).toMatchObject({ verified: false, attemptsLeft: 0, errorCode: 'OTP_LOCKED' });
      expect(fourth.json().message).toMatch(/ask for a new code/);
      const signIn = await postLogin(app, { resource_type: 'customer', device_id: 'dev-d' }, token, '10.0.4.1');
      expect(signIn.statusCode).toBe(403);
    });

    it('a right code after two wrong ones still verifies', async () => {
      const who = applicant();
      const { token, code } = await generated(who, 'dev-e', '10.0.5.1');
      await otpCall(app, token, { action: 'verify', ...who, otpToken: wrong(code) }, '10.0.5.1');
      await otpCall(app, token, { action: 'verify', ...who, otpToken: wrong(code) }, '10.0.5.1');
      expect((await otpCall(app, token, { action: 'verify', ...who, otpToken: code }, '10.0.5.1')).json()).toEqual({ verified: true, attemptsLeft: 0 });
    });

    it('concurrent guesses never get more than 3 comparisons', async () => {
      const who = applicant();
      const { token, code } = await generated(who, 'dev-f', '10.0.6.1');
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => otpCall(app, token, { action: 'verify', ...who, otpToken: wrong(code) }, '10.0.6.1')),
      );
      const codes = answers.map((a) => a.json().errorCode as string).sort();
      expect(codes).toEqual(['OTP_INVALID', 'OTP_INVALID', 'OTP_LOCKED', 'OTP_LOCKED', 'OTP_LOCKED', 'OTP_LOCKED']);
      const rows = await app.database.db.selectFrom('otp_codes').select('attempts').where('mobile_no', '=', who.mobileNo).execute();
      expect(rows.map((r) => r.attempts)).toEqual([3]);
      expect((await otpCall(app, token, { action: 'verify', ...who, otpToken: code }, '10.0.6.1')).json().errorCode).toBe('OTP_LOCKED');
    });

    it('a new code replaces the earlier one', async () => {
      const who = applicant();
      const first = await generated(who, 'dev-g', '10.0.7.1');
      // The same browser (same device token, so the same session) asks again.
      expect((await otpCall(app, first.token, { action: 'generate', ...who }, '10.0.7.2')).statusCode).toBe(200);
      const second = { token: first.token, code: await latestCode(app, who) };
      if (first.code !== second.code) {
        expect((await otpCall(app, second.token, { action: 'verify', ...who, otpToken: first.code }, '10.0.7.1')).json().errorCode).toBe('OTP_INVALID');
      }
      expect((await otpCall(app, second.token, { action: 'verify', ...who, otpToken: second.code }, '10.0.7.1')).json().verified).toBe(true);
    });

    it('a code is bound to the device that asked for it', async () => {
      const who = applicant();
      const { code } = await generated(who, 'dev-h', '10.0.8.1');
      const thief = await deviceToken(app, 'dev-thief', '10.0.8.2');
      const res = await otpCall(app, thief.access_token, { action: 'verify', ...who, otpToken: code }, '10.0.8.2');
      expect(res.json()).toMatchObject({ verified: false, errorCode: 'OTP_NOT_FOUND' });
      const spoof = await otpCall(app, thief.access_token, { action: 'verify', ...who, otpToken: code, deviceId: 'dev-h' }, '10.0.8.2');
      expect(spoof.statusCode).toBe(403);
      expect(spoof.json().errors[0].errorCode).toBe('DEVICE_MISMATCH');
    });
  });

  it('a verified code is redeemed only by the token that asked for it, not by one minted for the same device id', async () => {
    const who = applicant();
    const { token, code } = await generated(who, 'dev-victim', '10.0.8.5');
    expect((await otpCall(app, token, { action: 'verify', ...who, otpToken: code }, '10.0.8.5')).json()).toMatchObject({ verified: true });
    // Anyone can mint a device token naming the victim's device id; it gets nothing.
    const thief = await deviceToken(app, 'dev-victim', '10.0.8.6');
    const stolen = await postLogin(app, { resource_type: 'customer', device_id: 'dev-victim' }, thief.access_token, '10.0.8.6');
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json()).toEqual({ errorType: 'Forbidden', errors: [{ errorCode: 'OTP_NOT_VERIFIED', message: 'Please verify the one-time code first' }] });
    // The real browser still signs in.
    const real = await postLogin(app, { resource_type: 'customer', device_id: 'dev-victim' }, token, '10.0.8.5');
    expect(real.statusCode, real.body).toBe(200);
  });

  describe('limits', () => {
    it('throttles generation per mobile number: 3 per window, then 429 with a clear message', async () => {
      const who = applicant();
      for (let i = 0; i < 3; i++) await generated(who, 'dev-i', `10.0.9.${i}`);
      const device = await deviceToken(app, 'dev-i2', '10.0.9.9');
      const res = await otpCall(app, device.access_token, { action: 'generate', ...who }, '10.0.9.9');
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ errorType: 'TooManyRequests', errors: [{ errorCode: 'OTP_RATE_LIMIT' }] });
      // In minutes, or in seconds when the limit's window has less than a minute left to fade.
      expect(res.json().errors[0].message).toMatch(/^Too many codes were requested for this mobile number\. Please try again in \d+ (minutes?|seconds?)\.$/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Never longer than the window of the limit (OTP_RATE_WINDOW, 600 s).
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(600);
    });

    it('throttles generation per address', async () => {
      for (let i = 0; i < 5; i++) await generated(applicant(), `dev-j${i}`, '10.0.10.1');
      const device = await deviceToken(app, 'dev-j9', '10.0.10.1');
      const res = await otpCall(app, device.access_token, { action: 'generate', ...applicant() }, '10.0.10.1');
      expect(res.statusCode).toBe(429);
      expect(res.json().errors[0].message).toMatch(/from your network/);
    });
  });

  describe('bad requests', () => {
    it('answers 401 with no body without a token, 403 to a staff token', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/otp', payload: { action: 'generate', ...applicant() } });
      expect(res.statusCode).toBe(401);
      expect(res.body).toBe('');
      const staff = await app.tokenService.issue({ sub: 'user:x', kind: 'staff', roles: ['agent'] });
      const forbidden = await otpCall(app, staff.access_token, { action: 'generate', ...applicant() });
      expect(forbidden.statusCode).toBe(403);
    });

    it('validates with the come-back login and one-time-code schemas: field errors under login.', async () => {
      const device = await deviceToken(app, 'dev-k', '10.0.11.1');
      const res = await otpCall(app, device.access_token, { action: 'verify', email: 'not-an-email', countryCode: '971', mobileNo: '50 123', otpToken: '12ab' }, '10.0.11.1');
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.errorType).toBe('FieldsValidation');
      expect(body.errors).toEqual(
        expect.arrayContaining([
          { errorCode: 'INVALID', field: 'login.email', message: 'E-mail must be an address like name@company.com' },
          { errorCode: 'INVALID', field: 'login.mobileNo', message: 'Mobile Number may only contain digits: remove spaces and other characters' },
          { errorCode: 'INVALID', field: 'login.otpToken', message: 'One-time code must be exactly 6 digits' },
        ]),
      );
      const missing = await otpCall(app, device.access_token, { action: 'generate' }, '10.0.11.1');
      expect(missing.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['login.countryCode', 'login.email', 'login.mobileNo']);
      const unknown = await otpCall(app, device.access_token, { action: 'explode', ...applicant() }, '10.0.11.1');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors[0].field).toBe('body.action');
    });

    it('names a key the call does not take (UNKNOWN_FIELD on body.<key>), in the caller\'s language', async () => {
      const device = await deviceToken(app, 'dev-u', '10.0.11.2');
      const res = await otpCall(app, device.access_token, { action: 'generate', ...applicant(), fullName: 'Layla Hassan' }, '10.0.11.2');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errorType: 'FieldsValidation', errors: [{ errorCode: 'UNKNOWN_FIELD', field: 'body.fullName', message: '"fullName" is not a field of this request' }] });
    });
  });
});

describeEachDatabase('POST /api/otp with a short code lifetime', (db) => {
  let app: FastifyInstance;
  const sent: OtpMessage[] = [];
  const clock = movableClock();

  beforeAll(async () => {
    app = await startApp(withConfig(db(), { otpTtlSeconds: 1 }), {}, { now: clock.now });
    // Any OtpDelivery can replace the outbox (an SMS gateway, or this recorder).
    app.otpDelivery = { deliver: async (m) => void sent.push(m) } satisfies OtpDelivery;
  });
  afterAll(async () => {
    await app?.close();
    await db().cleanup();
  });

  it('refuses an expired code, even the right one', async () => {
    const who = applicant();
    const device = await deviceToken(app, 'dev-x');
    expect((await otpCall(app, device.access_token, { action: 'generate', ...who })).statusCode).toBe(200);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ email: who.email, mobileNo: who.mobileNo, expiresInSeconds: 1 });
    clock.advance(1200);
    const res = await otpCall(app, device.access_token, { action: 'verify', ...who, otpToken: sent[0]!.code });
    expect(res.json()).toMatchObject({ verified: false, attemptsLeft: 0, errorCode: 'OTP_EXPIRED' });
    expect(res.json().message).toMatch(/expired/);
  });
});

describeEachDatabase('POST /api/otp with encrypted bodies (the default)', (db) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await startApp(withConfig(db(), {}, { encryption: 'required' }));
  });
  afterAll(async () => {
    await app?.close();
    await db().cleanup();
  });

  it('generates and verifies through the envelope; the token calls stay plaintext', async () => {
    const publicKey = await importPublicKey((await app.serverKeys()).publicKeySpki);
    const device = await deviceToken(app, 'dev-enc');
    const call = async (body: unknown) => {
      const { headers, payload, key } = await encryptRequest(publicKey, body, { method: 'POST', path: '/api/otp' });
      const res = await app.inject({ method: 'POST', url: '/api/otp', headers: { ...headers, authorization: `Bearer ${device.access_token}` }, payload: payload as never });
      return { status: res.statusCode, body: await decryptResponse(key, res.json()) };
    };
    const who = applicant();
    expect(await call({ action: 'generate', ...who })).toEqual({ status: 200, body: { generated: true, expiresIn: 300, attemptsAllowed: 3 } });
    const code = await latestCode(app, who);
    expect(await call({ action: 'verify', ...who, otpToken: code })).toEqual({ status: 200, body: { verified: true, attemptsLeft: 2 } });
    const plain = await otpCall(app, device.access_token, { action: 'generate', ...who });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().errorType).toBe('EncryptionError');
    expect((await postLogin(app, { resource_type: 'customer', device_id: 'dev-enc' }, device.access_token)).statusCode).toBe(200);
  });
});
