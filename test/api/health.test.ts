import { expect, it } from 'vitest';
import { describeEachDatabase, useApp } from './helpers';

describeEachDatabase('health', (db) => {
  const app = useApp(db);

  it('answers live', async () => {
    const res = await app().inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers ready with the database it uses', async () => {
    const res = await app().inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: db().name });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers with a request id of its own, never the one a caller chose (issue 12: the client id is only logged beside it)', async () => {
    const res = await app().inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-request-id']).not.toBe('abc-123');
  });

  it("compiles every route's schemas (at first use or after listening, not before the start completes)", () => {
    expect(() => app().routeValidators.compileAll()).not.toThrow();
  });

  it('answers unknown API paths with a JSON 404, not the SPA', async () => {
    const res = await app().inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errorType: 'NotFound' });
  });
});
