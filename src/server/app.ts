import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import auth from './plugins/app/auth';
import bodyEncryption from './plugins/app/bodyEncryption';
import contentStore from './plugins/app/contentStore';
import documentStore from './plugins/app/documentStore';
import errors from './plugins/app/errors';
import otp from './plugins/app/otp';
import outbox from './plugins/app/outbox';
import prospectAccess from './plugins/app/prospectAccess';
import rateLimiter from './plugins/app/rateLimiter';
import recaptcha from './plugins/app/recaptcha';
import seedUsers from './plugins/app/seedUsers';
import configPlugin from './plugins/external/config';
import database from './plugins/external/database';
import security from './plugins/external/security';
import openapi from './plugins/external/openapi';
import spa from './plugins/external/spa';
import agentRoutes from './routes/agent';
import configRoutes from './routes/config';
import devOutboxRoutes from './routes/devOutbox';
import documentRoutes from './routes/documents';
import healthRoutes from './routes/health';
import otpRoutes from './routes/otp';
import prospectRoutes from './routes/prospects';
import screeningRoutes from './routes/screening';
import studioRoutes from './routes/studio';
import tokenRoutes from './routes/tokens';
import userRoutes from './routes/users';

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
    // Only the load balancer's forwarded address counts (per-address rate limits depend on it).
    trustProxy: config.trustProxy as boolean,
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
  await app.register(openapi);
  await app.register(bodyEncryption);
  await app.register(contentStore);
  await app.register(rateLimiter);
  await app.register(auth);
  await app.register(recaptcha);
  await app.register(outbox);
  await app.register(otp);
  await app.register(seedUsers);
  await app.register(documentStore);
  await app.register(prospectAccess);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(configRoutes);
      await api.register(tokenRoutes);
      await api.register(otpRoutes);
      await api.register(userRoutes);
      await api.register(devOutboxRoutes);
      await api.register(documentRoutes);
      await api.register(screeningRoutes);
      await api.register(prospectRoutes);
      await api.register(agentRoutes);
      await api.register(studioRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(spa);
  return app;
}
