import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase, useApp } from './helpers';

describeEachDatabase('GET /api/config', (db) => {
  const app = useApp(db);

  it('returns steps, flows, lists, products, flags and the template with a strong ETag', async () => {
    const res = await app().inject({ method: 'GET', url: '/api/config?segment=sme&role=customer' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{16}-customer-all-en-[0-9a-f]{12}"$/);
    const body = res.json();
    // The ETag follows the public key the document carries: a server with a new key never answers 304 to a copy
    // holding the old one (the browser would encrypt every save to a key the server no longer has).
    const keyTag = createHash('sha256').update(body.publicKey).digest('hex').slice(0, 12);
    expect(res.headers.etag).toBe(`"${body.version}-customer-all-en-${keyTag}"`);
    expect(body).toMatchObject({ segment: 'sme', role: 'customer', schemaVersion: 1, product: null });
    expect(body.version).toMatch(/^[0-9a-f]{16}$/);
    expect(body.steps.companyDetails.schema.$id).toContain('steps/companyDetails.schema.json');
    expect(body.flows.companyInfo.steps[0].step).toBe('companyDetails');
    expect(body.lists.country.options.length).toBeGreaterThan(200);
    // Each dialling code carries its countries (the browser's search by country name needs no phone metadata).
    const code = (value: string) => body.lists.countryCode.options.find((o: { value: string }) => o.value === value);
    expect([code('971').countries, code('1-242').countries, code('44-1481').countries]).toEqual([['AE'], ['BS'], ['GG']]);
    expect(code('1').countries).toContain('US');
    expect(code('1').countries).not.toContain('BS');
    expect(body.prospectTemplate.applicantInfo.countryCode).toBe('971');
    expect(body.flags).toHaveProperty('analytics', false);
  });

  it('serves step schemas bundled (local refs only), so the browser can render them', async () => {
    const body = (await app().inject({ method: 'GET', url: '/api/config' })).json();
    const text = JSON.stringify(body.steps);
    for (const [, ref] of text.matchAll(/"\$ref":"([^"]*)"/g)) expect(ref!.startsWith('#/')).toBe(true);
  });

  it('answers 304 to If-None-Match with the current ETag, 200 to a stale one', async () => {
    const first = await app().inject({ method: 'GET', url: '/api/config?segment=sme&role=customer' });
    const etag = first.headers.etag as string;
    const again = await app().inject({ method: 'GET', url: '/api/config?segment=sme&role=customer', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await app().inject({ method: 'GET', url: '/api/config?segment=sme&role=customer', headers: { 'if-none-match': '"old"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('puts the product into the template and the ETag', async () => {
    const res = await app().inject({ method: 'GET', url: '/api/config?segment=sme&product=elite&role=customer' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toMatch(/-customer-elite-en-[0-9a-f]{12}"$/);
    expect(res.json().prospectTemplate.applicationInfo.accountType).toBe('elite');
  });

  it('rejects an unknown role, product or segment with 400 and field errors', async () => {
    const res = await app().inject({ method: 'GET', url: '/api/config?segment=corp&product=gold&role=admin' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errorType).toBe('FieldsValidation');
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['product', 'role', 'segment']);
    expect(body.errors[0].message).toMatch(/Unknown/);
  });

  it('rejects unexpected query parameters', async () => {
    const res = await app().inject({ method: 'GET', url: '/api/config?debug=1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorType).toBe('FieldsValidation');
  });
});
