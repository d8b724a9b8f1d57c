import type { FastifyPluginAsync } from 'fastify';

const status = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string' }, database: { type: 'string' } },
} as const;

/** Liveness: the process answers. Readiness: the database answers too (load balancers route on it). */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health/live', { schema: { response: { 200: status } } }, async () => ({ status: 'ok' }));

  app.get('/health/ready', { schema: { response: { 200: status, 503: status } } }, async (request, reply) => {
    try {
      await app.database.ping();
      return { status: 'ok', database: app.database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable', database: app.database.kind });
    }
  });
};

export default healthRoutes;
