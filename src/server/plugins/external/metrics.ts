import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { saveBatchesOf } from '../../prospects/saveBatches';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: { screeningOutcome(outcome: string): void };
  }
}

const SAVE_ROUTE = '/api/usertypes/:userType/prospects/:prospectId';
const OTP_ROUTE = '/api/otp';
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Bearer METRICS_TOKEN when set; else only a scraper on this host (the socket's address: no proxy header counts). */
function allowed(authorization: string | undefined, remote: string | undefined, token: string | undefined): boolean {
  if (!token) return remote !== undefined && LOOPBACK.has(remote);
  const given = Buffer.from(authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Prometheus metrics at GET /api/metrics: requests by route and status with latency histograms, saves, submits,
 * screening outcomes, one-time codes sent and failed, database pool usage, and Node's own (event-loop delay,
 * memory, GC). One registry per app, so tests can build several apps in one process.
 */
export default fp(
  async (app) => {
    const register = new Registry();
    collectDefaultMetrics({ register });
    const labelNames = ['method', 'route', 'status'] as const;
    const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests by route and status', labelNames, registers: [register] });
    const latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by route and status',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [register],
    });
    const saves = new Counter({ name: 'prospect_saves_total', help: 'Accepted prospect saves by saveType (auto, save, submit)', labelNames: ['saveType'], registers: [register] });
    const submits = new Counter({ name: 'prospect_submits_total', help: 'Accepted submissions', registers: [register] });
    const screening = new Counter({ name: 'screening_outcomes_total', help: 'Screening runs by overall outcome', labelNames: ['outcome'], registers: [register] });
    const codesSent = new Counter({ name: 'otp_codes_sent_total', help: 'One-time codes sent', registers: [register] });
    const codesFailed = new Counter({ name: 'otp_codes_failed_total', help: 'One-time codes that could not be sent', registers: [register] });
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state (total, idle, waiting requests)',
      labelNames: ['state'],
      registers: [register],
      collect() {
        const stats = app.database.poolStats();
        for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
      },
    });

    new Gauge({
      name: 'prospect_save_groups',
      help: 'Save statements sent (group commit) and the saves they carried, since the start: saves over statements is the mean group size',
      labelNames: ['count'],
      registers: [register],
      collect() {
        const { statements, saves } = saveBatchesOf(app.database).counts();
        this.set({ count: 'statements' }, statements);
        this.set({ count: 'saves' }, saves);
      },
    });

    app.decorate('metrics', { screeningOutcome: (outcome: string) => screening.inc({ outcome }) });

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      requests.inc(labels);
      latency.observe(labels, reply.elapsedTime / 1000);
      const body = request.body as { saveType?: unknown; action?: unknown } | undefined;
      if (route === SAVE_ROUTE && request.method === 'PUT' && reply.statusCode === 200 && typeof body?.saveType === 'string') {
        saves.inc({ saveType: body.saveType });
        if (body.saveType === 'submit') submits.inc();
      }
      if (route === OTP_ROUTE && body?.action === 'generate') {
        if (reply.statusCode === 200) codesSent.inc();
        else if (reply.statusCode === 503) codesFailed.inc();
      }
    });

    app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!allowed(request.headers.authorization, request.socket.remoteAddress, app.config.metricsToken)) {
        return reply.code(404).send({ errorType: 'NotFound', errors: [{ errorCode: 'NOT_FOUND', message: 'Not found' }] });
      }
      return reply.header('content-type', register.contentType).header('cache-control', 'no-store').send(await register.metrics());
    });
  },
  { name: 'metrics', dependencies: ['config', 'database'] },
);
