import type { FastifyPluginAsync } from 'fastify';

const status = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string' }, database: { type: 'string' } },
} as const;

/** Liveness: the process answers. Readiness: the database answers too, and the key pair is not broken (load balancers route on it). */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health/live', { schema: { response: { 200: status } } }, async () => ({ status: 'ok' }));

  app.get('/health/ready', { schema: { response: { 200: status, 503: status } } }, async (request, reply) => {
    try {
      await app.database.ping();
      // The body-encryption key of a new data folder is still made in the background: ready, calls wait for it;
      // a key that could not be made is not ready.
      const keysError = app.serverKeysError();
      if (keysError) throw keysError;
      return { status: 'ok', database: app.database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable', database: app.database.kind });
    }
  });
};

export default healthRoutes;
