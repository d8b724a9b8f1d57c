import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import contentStore from './plugins/app/contentStore';
import errors from './plugins/app/errors';
import configPlugin from './plugins/external/config';
import database from './plugins/external/database';
import security from './plugins/external/security';
import spa from './plugins/external/spa';
import configRoutes from './routes/config';
import healthRoutes from './routes/health';

export interface BuildOptions {
  /** Logger on/off or options; tests pass false. */
  logger?: boolean | object;
}

/**
 * The application, in layers as in fastify/demo: external plugins (config, database, security headers),
 * app plugins (errors, content store), then routes under /api, and the SPA for everything else.
 */
export async function buildApp(config: ServerConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: ['req.headers.authorization', 'req.headers["refresh-token"]', 'req.headers.cookie'], remove: true },
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    return503OnClosing: true,
    // The first start of PGlite creates its cluster (initdb), which takes several seconds on a busy machine.
    pluginTimeout: 120_000,
    forceCloseConnections: 'idle',
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true } },
  });

  await app.register(configPlugin, { config });
  await app.register(database);
  await app.register(security);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(errors);
  await app.register(contentStore);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(configRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(spa);
  return app;
}
