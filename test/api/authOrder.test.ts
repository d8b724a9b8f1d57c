import { expect, it } from 'vitest';
import { describeEachDatabase, useApp } from './helpers';

/**
 * The session check comes before anything else: without a valid token every protected call answers 401 with
 * no body (the client's "session expired"), before the body is decrypted or a file is read.
 */
describeEachDatabase('who is asking is checked first', (db) => {
  const app = useApp(db); // encryption required, as in production

  it.each([
    ['POST', '/api/otp'],
    ['POST', '/api/usertypes/sme/prospects'],
    ['PUT', '/api/usertypes/sme/prospects/SME2345678923'],
    ['POST', '/api/products/stp-accounts/prospects/search'],
    ['POST', '/api/agent/createInvite'],
    ['POST', '/api/prospects/SME2345678923/screening'],
    ['POST', '/api/rest/v1/banks/rak/prospectId/SME2345678923/documents'],
  ] as const)('%s %s without a token: 401, empty body', async (method, url) => {
    const res = await app().inject({ method, url, payload: { plaintext: true } });
    expect(res.statusCode).toBe(401);
    expect(res.body).toBe('');
  });
});
