import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../plugins/app/errors';
import { tooManyRequests } from '../security/limits';
import { customerPrincipal } from '../security/otpService';
import { createRefreshTokenRepository } from '../repositories/refreshTokenRepository';
import { hashToken, RefreshError } from '../security/tokens';

const id = { type: 'string', minLength: 1, maxLength: 200 } as const;
const ignored = { type: 'string', maxLength: 2000 } as const;

const preLoginBody = {
  type: 'object',
  required: ['client_id', 'device_id'],
  additionalProperties: false,
  properties: { client_id: id, device_id: id, unique_id: ignored, client_secret: ignored, apiKey: ignored },
} as const;

const postLoginBody = {
  type: 'object',
  required: ['client_id'],
  additionalProperties: false,
  properties: {
    client_id: id,
    grant_type: { type: 'string', enum: ['client_credentials', 'refresh_token'] },
    refresh_token: { type: 'string', minLength: 1, maxLength: 200 },
    resource_type: { type: 'string', enum: ['customer'] },
    device_id: id,
    unique_id: ignored,
    resource_id: ignored,
    client_secret: ignored,
    apiKey: ignored,
  },
} as const;

const tokenAnswer = {
  type: 'object',
  required: ['access_token', 'refresh_token', 'token_type', 'expires_in'],
  properties: {
    access_token: { type: 'string' },
    refresh_token: { type: 'string' },
    token_type: { type: 'string' },
    expires_in: { type: 'integer' },
  },
} as const;

const logoutBody = {
  type: 'object',
  required: ['client_id', 'refresh_token'],
  additionalProperties: false,
  properties: { client_id: id, refresh_token: { type: 'string', minLength: 1, maxLength: 200 }, client_secret: ignored, apiKey: ignored },
} as const;

interface PreLoginBody {
  client_id: string;
  device_id: string;
}
interface PostLoginBody {
  client_id: string;
  grant_type?: 'client_credentials' | 'refresh_token';
  refresh_token?: string;
  resource_type?: 'customer';
  device_id?: string;
}

/**
 * The token calls (form-encoded, plaintext: they are the calls that come before the encryption key is in
 * use): pre-login issues a device token; post-login exchanges the device token for customer tokens once the
 * device has verified a one-time code, and rotates refresh tokens.
 */
const tokenRoutes: FastifyPluginAsync = async (app) => {
  await app.register(formbody, { bodyLimit: 8 * 1024 });
  const { publicClientId, tokenRatePerIp, otpProofSeconds } = app.config.identity;

  const checkClient = async (request: FastifyRequest<{ Body: { client_id: string } }>, reply: FastifyReply) => {
    const limit = await app.rateLimiter.hit(`token:ip:${request.ip}`, tokenRatePerIp, 60);
    if (!limit.allowed) throw tooManyRequests(reply, limit.retryAfter, 'RATE_LIMITED', 'Too many requests from your network.');
    if (request.body.client_id !== publicClientId) {
      throw new ApiError(400, 'InvalidClient', [{ errorCode: 'INVALID_CLIENT', message: 'Unknown client', field: 'client_id' }]);
    }
  };

  app.post<{ Body: PreLoginBody }>(
    '/onboarding/pre-login/oauth2/token',
    { config: { encryption: false }, schema: { body: preLoginBody, response: { 200: tokenAnswer } }, preHandler: checkClient },
    async (request, reply) => {
      const deviceId = request.body.device_id;
      const tokens = await app.tokenService.issue({ sub: `device:${deviceId}`, kind: 'device', roles: [], deviceId });
      return reply.header('cache-control', 'no-store').send(tokens);
    },
  );

  app.post<{ Body: PostLoginBody }>(
    '/onboarding/post-login/oauth2/token',
    {
      config: { encryption: false },
      schema: { body: postLoginBody, response: { 200: tokenAnswer } },
      preHandler: [
        checkClient,
        // A refresh needs no access token: the access token has usually expired by then.
        async function (request, reply) {
          if (request.body.grant_type !== 'refresh_token') return app.authenticate.call(this, request, reply);
        },
      ],
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const body = request.body;
      if (body.grant_type === 'refresh_token') {
        const token = body.refresh_token ?? request.headers['refresh-token'];
        if (typeof token !== 'string' || !token) return reply.code(401).send();
        try {
          return reply.send(await app.tokenService.refresh(token));
        } catch (error) {
          if (!(error instanceof RefreshError)) throw error;
          request.log.info({ reason: error.reason }, 'refresh refused');
          return reply.code(401).send();
        }
      }

      const missing = (['resource_type', 'device_id'] as const).filter((f) => !body[f]);
      if (missing.length) {
        throw new ApiError(400, 'FieldsValidation', missing.map((field) => ({ errorCode: 'REQUIRED', message: `${field} is required`, field })));
      }
      const principal = request.principal!;
      if ((principal.kind !== 'device' && principal.kind !== 'customer') || !principal.deviceId || principal.deviceId !== body.device_id) {
        throw new ApiError(403, 'Forbidden', [{ errorCode: 'DEVICE_MISMATCH', message: 'This token was not issued to this device' }]);
      }
      // Only a code verified with this very token's session counts: a token minted for the same device id elsewhere has another one.
      const proof = await app.otpService.consumeProof(request.sessionId!, otpProofSeconds);
      if (!proof) {
        throw new ApiError(403, 'Forbidden', [{ errorCode: 'OTP_NOT_VERIFIED', message: 'Please verify the one-time code first' }]);
      }
      return reply.send(await app.tokenService.issue(customerPrincipal(proof, principal.deviceId)));
    },
  );

  const refreshTokens = createRefreshTokenRepository();

  /**
   * Logout: ends the session on the server by revoking the whole refresh-token family of the given token (every
   * rotation of it), so a copy of any of them can no longer renew the session, and the session of the calling
   * access token itself, whatever refresh token came with it (a stale or unknown one must not leave the caller
   * signed in behind a 204). Idempotent: an unknown or already revoked token also answers 204. A token of another
   * user is refused.
   */
  app.post<{ Body: { client_id: string; refresh_token: string } }>(
    '/onboarding/logout',
    { config: { encryption: false }, onRequest: app.authenticate, schema: { body: logoutBody }, preHandler: checkClient },
    async (request, reply) => {
      const row = await refreshTokens.findByHash(app.database.db, hashToken(request.body.refresh_token));
      if (row) {
        if (row.principal.sub !== request.principal!.sub) {
          throw new ApiError(403, 'Forbidden', [{ errorCode: 'TOKEN_MISMATCH', message: 'This refresh token belongs to another session', field: 'refresh_token' }]);
        }
        await app.tokenService.revoke(row.familyId);
      }
      if (request.sessionId && request.sessionId !== row?.familyId) await app.tokenService.revoke(request.sessionId);
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  );
};

export default tokenRoutes;
