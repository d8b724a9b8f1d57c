import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import auth from './plugins/app/auth';
import bodyEncryption from './plugins/app/bodyEncryption';
import contentStore from './plugins/app/contentStore';
import documentStore from './plugins/app/documentStore';
import errors, { clientErrorHandler, frameworkErrors, logSafeError } from './plugins/app/errors';
import inputGuard from './plugins/app/inputGuard';
import otp from './plugins/app/otp';
import outbox from './plugins/app/outbox';
import prospectAccess from './plugins/app/prospectAccess';
import rateLimiter from './plugins/app/rateLimiter';
import recaptcha from './plugins/app/recaptcha';
import seedUsers from './plugins/app/seedUsers';
import configPlugin from './plugins/external/config';
import database from './plugins/external/database';
import metrics from './plugins/external/metrics';
import overload from './plugins/external/overload';
import security from './plugins/external/security';
import openapi from './plugins/external/openapi';
import contentDocuments from './plugins/external/contentDocuments';
import spa from './plugins/external/spa';
import inviteRoutes from './routes/invites';
import agentRoutes from './routes/agent';
import bankExchangeRoutes from './routes/bankExchange';
import clientErrorRoutes from './routes/clientErrors';
import configRoutes from './routes/config';
import devOutboxRoutes from './routes/devOutbox';
import documentRoutes from './routes/documents';
import healthRoutes from './routes/health';
import otpRoutes from './routes/otp';
import prospectRoutes from './routes/prospects';
import screeningRoutes from './routes/screening';
import licenceCheckRoutes from './routes/licenceCheck';
import lifecycleRoutes from './routes/lifecycle';
import studioRoutes from './routes/studio';
import tokenRoutes from './routes/tokens';
import userRoutes from './routes/users';
import validatorRoutes from './routes/validators';
import phoneMetadataRoutes from './routes/phoneMetadata';
import { createPreviewModules } from './content/validatorModules';
import { type LazyRouteValidators, lazyRouteValidators } from './lazyRouteValidators';

export interface BuildOptions {
  /** Logger on/off or options; tests pass false. */
  logger?: boolean | object;
  /** The clock of time-limited state (one-time codes); tests pass one they can move instead of sleeping. */
  now?: () => Date;
  /** Whether the server is overloaded (load shedding, plugins/external/overload.ts); tests force it instead of loading the machine. */
  overloaded?: () => boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The current time, as BuildOptions.now gives it (the system clock unless a test replaces it). */
    now(): Date;
    /** The routes' validators, compiled at first use and warmed up once the server listens (lazyRouteValidators.ts). */
    routeValidators: Pick<LazyRouteValidators, 'compileAll'>;
  }
}

/**
 * The application, in layers as in fastify/demo: external plugins (config, database, security headers),
 * app plugins (errors, content store), then routes under /api, and the SPA for everything else.
 */
export async function buildApp(config: ServerConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const routeValidators = lazyRouteValidators();
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: ['req.headers.authorization', 'req.headers["refresh-token"]', 'req.headers.cookie'], remove: true },
            // Every logged error through one serializer that drops SQL parameters and details (errors.ts).
            serializers: { err: logSafeError },
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    // Request ids are ours: a client's x-request-id is only logged beside it (clientRequestId, below).
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    frameworkErrors,
    clientErrorHandler,
    bodyLimit: 1024 * 1024,
    // Only the load balancer's forwarded address counts (per-address rate limits depend on it).
    trustProxy: config.trustProxy as boolean,
    return503OnClosing: true,
    // The first start of PGlite creates its cluster (initdb), which takes several seconds on a busy machine.
    pluginTimeout: 120_000,
    forceCloseConnections: 'idle',
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true } },
    schemaController: { compilersFactory: { buildValidator: routeValidators.buildValidator } },
  });
  app.decorate('routeValidators', { compileAll: routeValidators.compileAll });
  app.addHook('onListen', async () => {
    routeValidators.warmUp((error) => app.log.error({ err: error }, 'a route schema does not compile'));
  });

  app.decorate('now', options.now ?? (() => new Date()));
  await app.register(configPlugin, { config });
  await app.register(database);
  await app.register(overload, options.overloaded ? { overloaded: options.overloaded } : {});
  await app.register(metrics);
  await app.register(security);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(errors);
  await app.register(openapi);
  await app.register(bodyEncryption);
  await app.register(inputGuard);
  await app.register(contentStore);
  await app.register(rateLimiter);
  await app.register(auth);
  await app.register(recaptcha);
  await app.register(outbox);
  await app.register(otp);
  await app.register(seedUsers);
  await app.register(documentStore);
  await app.register(prospectAccess);
  app.decorate('previewModules', createPreviewModules());

  app.addHook('onRequest', async (request, reply) => {
    const client = request.headers['x-request-id'];
    if (typeof client !== 'string' || !client) return;
    request.log = request.log.child({ clientRequestId: client.slice(0, 128).replace(/[^\w.:-]/g, '_') });
    reply.log = request.log;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(clientErrorRoutes);
      await api.register(configRoutes);
      await api.register(validatorRoutes);
      await api.register(phoneMetadataRoutes);
      await api.register(tokenRoutes);
      await api.register(otpRoutes);
      await api.register(userRoutes);
      await api.register(devOutboxRoutes);
      await api.register(documentRoutes);
      await api.register(screeningRoutes);
      await api.register(licenceCheckRoutes);
      await api.register(prospectRoutes);
      await api.register(lifecycleRoutes);
      await api.register(agentRoutes);
      await api.register(bankExchangeRoutes);
      await api.register(inviteRoutes);
      await api.register(studioRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(contentDocuments);
  await app.register(spa);
  return app;
}
