import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { createRefreshTokenRepository } from '../../repositories/refreshTokenRepository';
import type { Role } from '../../security/principal';
import { deriveKey, loadServerSecret } from '../../security/serverSecret';
import { createTokenService, type TokenService, type VerifiedAccess } from '../../security/tokens';
import { ApiError } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    tokenService: TokenService;
    /** preHandler: Bearer access token -> request.principal; 401 with no body when missing, invalid or expired. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler after authenticate: 403 unless the principal has one of the roles. */
    requireRole(...roles: Role[]): preHandlerAsyncHookHandler;
    /** A sub-key of the server secret for one purpose (e.g. 'otp', 'invite'), never the secret itself. */
    deriveKey(purpose: string): Buffer;
  }
}

/** An access token closer than this to its expiry is renewed in the x-access-token response header. */
export const RENEW_BEFORE_SECONDS = 60;
export const RENEWED_TOKEN_HEADER = 'x-access-token';

const bearer = (request: FastifyRequest) => /^Bearer ([\w.~+/-]+=*)$/i.exec(request.headers.authorization ?? '')?.[1];

/** A 401 with no body: the client treats it as "session expired". */
const unauthorized = (reply: FastifyReply) => reply.code(401).header('cache-control', 'no-store').send();

/**
 * Identity: JWT access tokens (HS256 with a sub-key of the server secret) and rotating refresh tokens in the
 * database, both bound to a session row (security/tokens.ts). A near-expiry access token is renewed in the
 * x-access-token header of any authenticated answer, only while its session is alive and never past its end.
 */
export default fp(
  async (app) => {
    const { identity, dataDir } = app.config;
    const { secret, source } = await loadServerSecret({ secret: identity.jwtSecret, dataDir });
    app.log.info({ source }, 'token secret ready');
    if (source !== 'env' && app.database.kind === 'postgres') {
      app.log.warn('JWT_SECRET is unset: processes that do not share DATA_DIR will not accept each other\'s tokens');
    }
    app.decorate('deriveKey', (purpose: string) => deriveKey(secret, purpose));

    const repo = createRefreshTokenRepository();
    const tokens = createTokenService({
      db: app.database.db,
      repo,
      key: deriveKey(secret, 'jwt-hs256'),
      accessTtlSeconds: identity.accessTokenTtlSeconds,
      refreshTtlSeconds: identity.refreshTokenTtlSeconds,
      sessionMaxSeconds: identity.sessionMaxAgeSeconds,
      // PGlite's data folder is held by this one process, so every logout goes through this service.
      cacheSessions: app.database.kind === 'pglite',
    });
    app.decorate('tokenService', tokens);
    await repo.prune(app.database.db, new Date());

    const verifiedOf = new WeakMap<FastifyRequest, VerifiedAccess>();
    app.decorateRequest('principal', undefined);
    app.decorateRequest('sessionId', undefined);

    app.decorate('authenticate', async function authenticate(request: FastifyRequest, reply: FastifyReply) {
      const verified = await tokens.verifyAccess(bearer(request));
      if (!verified) return unauthorized(reply);
      request.principal = verified.principal;
      request.sessionId = verified.session.familyId;
      verifiedOf.set(request, verified);
    });

    app.decorate('requireRole', (...roles: Role[]) =>
      async function requireRole(request: FastifyRequest, reply: FastifyReply) {
        const principal = request.principal;
        if (!principal) return unauthorized(reply);
        if (!principal.roles.some((role) => roles.includes(role))) {
          throw new ApiError(403, 'Forbidden', [{ errorCode: 'FORBIDDEN', message: 'You are not allowed to do this' }]);
        }
      },
    );

    app.addHook('onSend', async (request, reply) => {
      const verified = verifiedOf.get(request);
      if (!verified || !request.principal || reply.statusCode === 401) return;
      if (verified.expiresAt - Date.now() / 1000 >= RENEW_BEFORE_SECONDS) return;
      // Read the session again: this very request may have been the logout that ended it.
      const renewed = await tokens.renewAccess(request.principal, verified.session);
      if (!renewed) return;
      reply.header(RENEWED_TOKEN_HEADER, renewed.token).header('cache-control', 'no-store');
    });
  },
  { name: 'auth', dependencies: ['config', 'database', 'errors'] },
);
