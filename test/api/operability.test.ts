import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deviceToken, otpCall, signInCustomer, withConfig } from './authHelpers';
import { describeEachDatabase, startApp } from './helpers';

const applicant = { email: 'ops@falcon.ae', countryCode: '971', mobileNo: '501112233' };

describeEachDatabase('operability', (db) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(withConfig(db(), {}, { metricsToken: 'scraper-token-0123456789' }));
  }, 180_000); // PGlite's first start (initdb) on a busy machine
  afterAll(async () => {
    await app?.close();
    await db().cleanup();
  });

  const scrape = (authorization?: string, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'GET', url: '/api/metrics', remoteAddress, headers: authorization ? { authorization } : {} });

  it('serves Prometheus metrics to the bearer of METRICS_TOKEN only', async () => {
    expect((await scrape()).statusCode).toBe(404);
    expect((await scrape('Bearer wrong-token-0123456789')).statusCode).toBe(404);
    const res = await scrape('Bearer scraper-token-0123456789');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
  });

  it('counts requests by route and status, latency, codes sent and failed, pool use and event-loop delay', async () => {
    await app.inject({ method: 'GET', url: '/api/config?segment=sme&role=customer' });
    await signInCustomer(app, applicant, 'ops-device-1');
    const delivery = app.otpDelivery;
    app.otpDelivery = { deliver: async () => Promise.reject(new Error('provider down')) };
    const device = await deviceToken(app, 'ops-device-2');
    const failed = await otpCall(app, device.access_token, { action: 'generate', ...applicant });
    app.otpDelivery = delivery;
    expect(failed.statusCode).toBe(503);

    const text = (await scrape('Bearer scraper-token-0123456789')).body;
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/config",status="200"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/config",status="200"\} \d+$/m);
    expect(text).toMatch(/^otp_codes_sent_total 1$/m);
    expect(text).toMatch(/^otp_codes_failed_total 1$/m);
    expect(text).toMatch(/^db_pool_connections\{state="total"\} \d+$/m);
    for (const series of ['prospect_saves_total', 'prospect_submits_total', 'screening_outcomes_total', 'nodejs_eventloop_lag_p99_seconds']) {
      expect(text).toContain(`# TYPE ${series} `);
    }
  });

  it('logs browser errors: bounded in size, in shape and in rate', async () => {
    const report = (payload: unknown) => app.inject({ method: 'POST', url: '/api/client-errors', payload: payload as object, remoteAddress: '10.9.9.9' });
    expect((await report({ message: 'Cannot read properties of undefined', url: '/business/CompanyInfo' })).statusCode).toBe(204);
    expect((await report({ message: 'x', extra: 1 })).statusCode).toBe(400);
    expect((await report({ message: 'x'.repeat(9000) })).statusCode).toBe(413);
    let last = 204;
    for (let i = 0; i < 25 && last === 204; i++) last = (await report({ message: `error ${i}` })).statusCode;
    expect(last).toBe(429);
  });
});

describeEachDatabase('load shedding', (db) => {
  afterAll(async () => {
    await db().cleanup();
  });

  it('never sheds the app (its pages, its files, the validator modules, its configuration, the liveness probe) while it sheds the API', async () => {
    const publicDir = mkdtempSync(join(tmpdir(), 'qa-public-'));
    writeFileSync(join(publicDir, 'index.html'), '<!doctype html><title>Business account</title>');
    writeFileSync(join(publicDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    let overloaded = false;
    const app = await startApp(db(), { publicDir }, { overloaded: () => overloaded });
    try {
      const config = await app.inject({ method: 'GET', url: '/api/config?segment=sme&role=customer' });
      expect(config.statusCode, config.body).toBe(200);
      const version = config.json().version as string;
      overloaded = true;
      const page = await app.inject({ method: 'GET', url: '/business/accounts/current-account/application-overview' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect((await app.inject({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
      const module = await app.inject({ method: 'GET', url: `/api/validators/${version}/customer.js` });
      expect(module.statusCode, module.body.slice(0, 200)).toBe(200);
      expect(module.headers['content-type']).toContain('text/javascript');
      // The app cannot start without its configuration; a liveness probe refused under load restarts a healthy process.
      const configUnderLoad = await app.inject({ method: 'GET', url: '/api/config?segment=sme&role=customer' });
      expect(configUnderLoad.statusCode, configUnderLoad.body.slice(0, 200)).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      // The API is shed, in the one error shape, with the wait the browser's retries follow.
      for (const call of [{ method: 'GET', url: '/api/health/ready' }, { method: 'POST', url: '/api/otp', payload: {} }] as const) {
        const res = await app.inject(call);
        expect(res.statusCode, call.url).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toEqual({ errorType: 'ServiceUnavailable', errors: [{ errorCode: 'OVERLOADED', message: expect.any(String) }] });
      }
      overloaded = false;
      expect((await app.inject({ method: 'GET', url: '/api/config?segment=sme&role=customer' })).statusCode).toBe(200);
    } finally {
      await app.close();
      rmSync(publicDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('answers 503 in the one error shape while the event loop lags', async () => {
    const app = await startApp(db(), { maxEventLoopDelayMs: 20 });
    try {
      let res = await app.inject({ method: 'GET', url: '/api/health/ready' });
      for (let i = 0; i < 30 && res.statusCode !== 503; i++) {
        const until = Date.now() + 300;
        while (Date.now() < until); // a blocked event loop, as under a CPU-heavy request
        await new Promise((r) => setTimeout(r, 50));
        res = await app.inject({ method: 'GET', url: '/api/health/ready' });
      }
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ errorType: 'ServiceUnavailable', errors: [{ errorCode: 'OVERLOADED', message: expect.any(String) }] });
    } finally {
      await app.close();
    }
  }, 120_000);
});
