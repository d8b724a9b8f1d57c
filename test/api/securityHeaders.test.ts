/**
 * The security headers: pages keep helmet's full document set; the API's answers get the OWASP REST set (Cache-Control
 * no-store unless the route says otherwise, a CSP that loads nothing, nosniff, HSTS as on pages, no referrer,
 * same-origin resources, no framing) and nothing of the document set (src/server/plugins/external/security.ts).
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, useApp } from './helpers';

/** The exact security headers of an API answer, names lower-case as node reports them. */
const API_SET = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
/** Helmet's headers that only make sense for a document. */
const DOCUMENT_ONLY = ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection'];
const SECURITY_NAMES = [...Object.keys(API_SET), ...DOCUMENT_ONLY];

function securityHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(SECURITY_NAMES.filter((name) => headers[name] !== undefined).map((name) => [name, headers[name]]));
}

describeEachDatabase('security headers', (db) => {
  const app = useApp(db);

  it('an API answer carries exactly the REST set, whatever its status', async () => {
    for (const [url, status] of [
      ['/api/health/live', 200],
      ['/api/nope', 404],
      ['/api/usertypes/sme/prospects', 401],
    ] as const) {
      const res = await app().inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(securityHeaders(res.headers), url).toEqual(API_SET);
    }
  });

  it("a page keeps helmet's full document set, with the page's CSP (scripts from our origin only)", async () => {
    for (const url of ['/', '/business/ApplicantInfo', '/api/docs/']) {
      const res = await app().inject({ method: 'GET', url });
      const headers = res.headers;
      expect(headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(headers['origin-agent-cluster'], url).toBe('?1');
      expect(headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(headers['x-dns-prefetch-control'], url).toBe('off');
      expect(headers['x-permitted-cross-domain-policies'], url).toBe('none');
      expect(headers['x-xss-protection'], url).toBe('0');
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['referrer-policy'], url).toBe('no-referrer');
      expect(headers['strict-transport-security'], url).toBe(API_SET['strict-transport-security']);
      expect(String(headers['content-security-policy']), url).not.toBe(API_SET['content-security-policy']);
    }
    const csp = String((await app().inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("a route's own Cache-Control wins over the API's no-store (the config document, the validator modules)", async () => {
    const config = await app().inject({ method: 'GET', url: '/api/config?segment=sme&role=customer' });
    expect(config.headers['cache-control']).toBe('no-cache');
    expect(config.headers['content-security-policy']).toBe(API_SET['content-security-policy']);
    const module = await app().inject({ method: 'GET', url: `/api/validators/${config.json().version as number}/customer.js` });
    expect(module.statusCode).toBe(200);
    expect(module.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(module.headers['x-content-type-options']).toBe('nosniff');
    expect(module.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
