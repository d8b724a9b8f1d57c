import underPressure from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface OverloadOptions {
  /**
   * Whether the server is overloaded now, instead of @fastify/under-pressure's measure of the event loop's delay
   * (tests force it on or off).
   */
  overloaded?: () => boolean;
}

/**
 * What is never shed: the app's files and pages (every GET or HEAD outside /api: static files, the app shell, the
 * landing pages, the content's documents), the validator modules (GET /api/validators/..., immutable and
 * cached), the configuration (GET /api/config: the app cannot start without it, and it is answered from memory
 * with an ETag) and the liveness probe (GET /api/health/live: a probe failing under load makes the orchestrator
 * restart a healthy process, which moves its load onto the others). They are cheap, and a page or module refused
 * breaks the app (the browser does not retry a page load); the other API calls are shed, and the browser retries
 * them after Retry-After (the save queue does). Readiness is shed on purpose: a busy process leaves the rotation.
 */
export function neverShed(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split(/[?#]/, 1)[0]!;
  if (path === '/api' || path.startsWith('/api/')) return path.startsWith('/api/validators/') || path === '/api/config' || path === '/api/health/live';
  return true;
}

/** The answer of a shed request: 503 with Retry-After in the one error shape; nothing for one that is never shed. */
function shed(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if (neverShed(request)) return undefined;
  // Its own serializer: a route's declared 503 answer (the readiness probe's { status }) would otherwise fail to
  // serialize the error shape and turn the shed request into a 500.
  return reply
    .code(503)
    .header('retry-after', '5')
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send({ errorType: 'ServiceUnavailable', errors: [{ errorCode: 'OVERLOADED', message: 'The service is busy. Please try again in a moment.' }] });
}

/**
 * Sheds load instead of queueing it: while the event loop lags more than MAX_EVENT_LOOP_DELAY_MS, API requests get
 * 503 with Retry-After in the one error shape, so the load balancer sends them to another server. 0 turns it off.
 */
export default fp<OverloadOptions>(
  async (app, options) => {
    if (options.overloaded) {
      const overloaded = options.overloaded;
      app.addHook('onRequest', async (request, reply) => {
        if (overloaded() && shed(request, reply)) return reply;
      });
      return;
    }
    const maxEventLoopDelay = app.config.maxEventLoopDelayMs;
    if (maxEventLoopDelay === 0) return;
    await app.register(underPressure, {
      maxEventLoopDelay,
      retryAfter: 5,
      // Nothing returned lets the request through (a file, a page, a validator module); the reply sent ends it.
      pressureHandler: (request, reply) => {
        shed(request, reply);
      },
    });
  },
  { name: 'overload', dependencies: ['config'] },
);
