import type { FastifyPluginAsync } from 'fastify';
import { tooManyRequests } from '../security/limits';

/** Reports per address and minute: enough for a real failure, too few to flood the log. */
const REPORTS_PER_MINUTE = 20;

const body = {
  type: 'object',
  required: ['message'],
  additionalProperties: false,
  properties: {
    message: { type: 'string', minLength: 1, maxLength: 1000 },
    stack: { type: 'string', maxLength: 4000 },
    url: { type: 'string', maxLength: 500 },
    component: { type: 'string', maxLength: 2000 },
  },
} as const;

/**
 * POST /api/client-errors: the browser reports an error the UI could not handle (ErrorBoundary, unhandled
 * errors), logged at warn with the request id. No token needed (it may be the sign-in that broke), so it is
 * size-bounded (8 KB) and rate-limited per address. Plain JSON: nothing secret is sent.
 */
const clientErrorRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { message: string; stack?: string; url?: string; component?: string } }>(
    '/client-errors',
    { bodyLimit: 8 * 1024, config: { encryption: false }, schema: { body, response: { 204: { type: 'null' } } } },
    async (request, reply) => {
      const limit = await app.rateLimiter.hit(`client-errors:ip:${request.ip}`, REPORTS_PER_MINUTE, 60);
      if (!limit.allowed) throw tooManyRequests(reply, limit.retryAfter, 'RATE_LIMIT', 'Too many error reports.');
      request.log.warn({ clientError: request.body, userAgent: request.headers['user-agent'] }, 'browser error');
      return reply.code(204).send();
    },
  );
};

export default clientErrorRoutes;
