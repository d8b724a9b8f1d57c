import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, startApp } from './helpers';

/** A stand-in for the verification service: accepts the token "human-token-123", refuses anything else. */
let verifier: Server;
let verifyUrl = '';
beforeAll(async () => {
  verifier = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const params = new URLSearchParams(body);
      const ok = params.get('secret') === 'test-secret' && params.get('response') === 'human-token-123';
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: ok }));
    });
  });
  await new Promise<void>((r) => verifier.listen(0, '127.0.0.1', r));
  verifyUrl = `http://127.0.0.1:${(verifier.address() as { port: number }).port}/siteverify`;
});
afterAll(() => new Promise<void>((r) => verifier.close(() => r())));

describeEachDatabase('reCAPTCHA on prospect creation', (db) => {
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    app = await startApp(db(), { encryption: 'off', recaptcha: { secret: 'test-secret', verifyUrl } });
    token = ((await app.tokenService.issue({ sub: 'c:1', kind: 'customer', roles: ['customer'], countryCode: '971', mobile: '501234567', email: 'a@falcon.ae' })) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await app.close();
    await db().cleanup();
  });

  const create = (recaptchaToken?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/usertypes/sme/prospects',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        applicantInfo: { fullName: 'Aisha Al Mansoori', email: 'a@falcon.ae', countryCode: '971', mobileNo: '501234567' },
        applicationInfo: { accountType: 'starter', islamicBanking: false },
        ...(recaptchaToken ? { recaptchaToken } : {}),
      },
    });

  it('refuses a missing or rejected token with ReCaptchaError', async () => {
    for (const res of [await create(), await create('robot-token-456')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorType: 'ReCaptchaError', errors: [{ errorCode: 'RECAPTCHA' }] });
    }
  });

  it('accepts a token the service confirms', async () => {
    const res = await create('human-token-123');
    expect(res.statusCode, res.body).toBe(201);
  });
});
