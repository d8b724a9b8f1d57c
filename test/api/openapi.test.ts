import { expect, it } from 'vitest';
import { describeEachDatabase, useApp } from './helpers';

describeEachDatabase('OpenAPI', (db) => {
  const app = useApp(db);

  it('describes every API route from the route schemas', async () => {
    const res = await app().inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/config',
      '/api/otp',
      '/api/usertypes/{userType}/prospects',
      '/api/usertypes/{userType}/prospects/{prospectId}',
      '/api/products/stp-accounts/prospects/search',
      '/api/agent/createInvite',
      '/api/users/authenticate',
      '/api/prospects/{prospectId}/documents',
      '/api/prospects/{prospectId}/screening',
      '/api/agent/prospects/{prospectId}/export',
      '/api/agent/prospects/{prospectId}/screening',
      '/api/agent/prospects/import',
      '/api/agent/prospects/{prospectId}/bank-records',
      '/api/agent/prospects/{prospectId}/documents/{documentKey}/verification',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
  });

  it('serves the documentation page', async () => {
    const res = await app().inject({ method: 'GET', url: '/api/docs/' });
    expect([200, 302]).toContain(res.statusCode);
  });
});
