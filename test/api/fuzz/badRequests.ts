import fc from 'fast-check';

/** Every endpoint of the API, with `{id}` for a prospect id and `{key}` for a document key. */
export const ENDPOINTS: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }[] = [
  { method: 'GET', path: '/api/config' },
  { method: 'GET', path: '/api/health/live' },
  { method: 'GET', path: '/api/health/ready' },
  { method: 'GET', path: '/api/dev/outbox' },
  { method: 'POST', path: '/api/client-errors' },
  { method: 'POST', path: '/api/onboarding/pre-login/oauth2/token' },
  { method: 'POST', path: '/api/onboarding/post-login/oauth2/token' },
  { method: 'POST', path: '/api/onboarding/logout' },
  { method: 'POST', path: '/api/otp' },
  { method: 'POST', path: '/api/users/authenticate' },
  { method: 'POST', path: '/api/usertypes/sme/prospects' },
  { method: 'GET', path: '/api/usertypes/sme/prospects' },
  { method: 'GET', path: '/api/usertypes/sme/prospects/{id}' },
  { method: 'PUT', path: '/api/usertypes/sme/prospects/{id}' },
  { method: 'GET', path: '/api/prospects/{id}/documents' },
  { method: 'POST', path: '/api/rest/v1/banks/rak/prospectId/{id}/documents' },
  { method: 'GET', path: '/api/banks/rak/prospects/{id}/documents/{key}' },
  { method: 'DELETE', path: '/api/banks/rak/prospects/{id}/documents/{key}' },
  { method: 'POST', path: '/api/prospects/{id}/screening' },
  { method: 'GET', path: '/api/agent/prospects/{id}/audit' },
  { method: 'GET', path: '/api/agent/prospects/{id}/export' },
  { method: 'GET', path: '/api/agent/prospects/{id}/screening' },
  { method: 'POST', path: '/api/agent/prospects/import' },
  { method: 'GET', path: '/api/agent/prospects/{id}/bank-records' },
  { method: 'PUT', path: '/api/agent/prospects/{id}/bank-records' },
  { method: 'PUT', path: '/api/agent/prospects/{id}/documents/{key}/verification' },
  { method: 'POST', path: '/api/products/stp-accounts/prospects/search' },
  { method: 'POST', path: '/api/agent/createInvite' },
  { method: 'GET', path: '/api/studio/versions' },
  { method: 'GET', path: '/api/studio/versions/{n}' },
  { method: 'GET', path: '/api/studio/diff' },
  { method: 'POST', path: '/api/studio/check' },
  { method: 'POST', path: '/api/studio/rollback' },
  { method: 'GET', path: '/api/studio/drafts' },
  { method: 'POST', path: '/api/studio/drafts' },
  { method: 'GET', path: '/api/studio/drafts/{id}' },
  { method: 'PUT', path: '/api/studio/drafts/{id}' },
  { method: 'GET', path: '/api/studio/drafts/{id}/diff' },
  { method: 'POST', path: '/api/studio/drafts/{id}/check' },
  { method: 'POST', path: '/api/studio/drafts/{id}/submit' },
  { method: 'POST', path: '/api/studio/drafts/{id}/review' },
  { method: 'POST', path: '/api/studio/drafts/{id}/publish' },
  { method: 'POST', path: '/api/studio/drafts/{id}/rebase' },
  { method: 'POST', path: '/api/studio/drafts/{id}/discard' },
  { method: 'POST', path: '/api/studio/fixtures/run' },
  { method: 'GET', path: '/api/studio/audit' },
  { method: 'POST', path: '/api/studio/preview' },
  { method: 'POST', path: '/api/studio/lint' },
  { method: 'GET', path: '/api/validators/{id}/customer.js' },
  { method: 'GET', path: '/api/validators/{id}/customer/{key}' },
  { method: 'GET', path: '/api/validators/drafts/{key}' },
];

/** Strings that broke the server once: NUL, lone surrogates, bidi overrides, huge numbers as text, path tricks. */
const nasty = fc.constantFrom('\u0000', 'a\u0000b', '\udfff', '\ud800', 'x\ud83d', '\u202etxt.exe', '%00', '%', '../../etc/passwd', '2147483648', '-1', '1e309', '', ' ', 'null', '<script>', "' or 1=1 --");
const text = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 12 }), nasty);
const key = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'a\u0000', '\udc00', 'version', 'prospect', 'saveType', 'files', 'applicantInfo'), fc.string({ maxLength: 12 }));
const number = fc.oneof(fc.integer(), fc.constantFrom(2147483647, 2147483648, -2147483649, Number.MAX_SAFE_INTEGER, 0, -1, 1e300, 0.5));
const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    number,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(key, tie('v'), { maxKeys: 4 }),
  ),
})).v;

/** A body shaped like the real ones (the keys the routes read), with hostile values in it. */
const shaped = fc.record(
  {
    prospect: value,
    saveType: fc.oneof(fc.constantFrom('auto', 'save', 'submit'), text),
    version: number,
    step: text,
    action: fc.oneof(fc.constantFrom('generate', 'verify'), text),
    email: text,
    mobileNo: text,
    countryCode: text,
    otpToken: text,
    baseVersion: number,
    files: fc.dictionary(fc.oneof(fc.constantFrom('steps/companyDetails.schema.json', 'flows.json'), text), value, { maxKeys: 2 }),
    toVersion: number,
    username: text,
    password: text,
    searchInfo: value,
    fixtures: value,
    name: text,
    revision: number,
    decision: fc.oneof(fc.constantFrom('approve', 'request_changes'), text),
    comment: text,
    resolve: value,
  },
  { requiredKeys: [] },
);

/** Nested `depth` levels, as raw JSON text (too deep for JSON.stringify to write). */
export const deepJson = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

export interface BadRequest {
  endpoint: number;
  /** Fills {id} and {key}: the owner's real prospect (to reach validation) or a hostile segment. */
  segment: string | null;
  query: Record<string, string>;
  body: unknown;
  /** raw: a plaintext body (JSON, a broken string or deep nesting); encrypted: the browser's envelope. */
  mode: 'encrypted' | 'raw-json' | 'raw-text' | 'deep' | 'multipart';
  raw: string;
  contentType: string;
  actor: 'owner' | 'agent' | 'product' | 'none';
}

export const badRequest: fc.Arbitrary<BadRequest> = fc.record({
  endpoint: fc.nat({ max: ENDPOINTS.length - 1 }),
  segment: fc.oneof(fc.constant(null), fc.constantFrom('%00', '%', '%ZZ', 'x'.repeat(300), '..', '%2e%2e', '%ED%A0%80', '0', 'SME000000000'), fc.string({ maxLength: 10 }).map(encodeURIComponent)),
  query: fc.dictionary(fc.constantFrom('segment', 'role', 'product', 'limit', 'recipient', 'from', 'to', 'format', 'x'), fc.oneof(text, number.map(String)), { maxKeys: 3 }),
  body: fc.oneof(shaped, value),
  mode: fc.constantFrom('encrypted', 'encrypted', 'raw-json', 'raw-text', 'deep', 'multipart'),
  raw: fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('{', '{"a":', '[]', 'null', '""', '{"__proto__":{"x":1}}', '\u0000')),
  contentType: fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data', 'multipart/form-data; boundary=XX', 'application/json; charset=latin1'),
  actor: fc.constantFrom('owner', 'owner', 'agent', 'product', 'none'),
});
