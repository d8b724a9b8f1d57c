import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../plugins/app/errors';
import { createUserRepository, normalizeUsername } from '../repositories/userRepository';
import { tooManyRequests } from '../security/limits';
import { verifyAgainstDummy, verifyPassword } from '../security/passwordHash';
import type { Locale } from '../../content/i18n/locales';
import { localeOf } from '../i18n/requestLocale';
import { badCredentialsMessage, signInLockedMessage } from '../../shared/serverMessages';

const body = {
  type: 'object',
  required: ['username', 'password'],
  additionalProperties: false,
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 100 },
    password: { type: 'string', minLength: 1, maxLength: 200 },
    deviceId: { type: 'string', maxLength: 200 },
    uniqueId: { type: 'string', maxLength: 200 },
  },
} as const;

const answer = {
  type: 'object',
  required: ['access_token', 'refresh_token', 'token_type', 'expires_in', 'agentId', 'agentName', 'roles'],
  properties: {
    access_token: { type: 'string' },
    refresh_token: { type: 'string' },
    token_type: { type: 'string' },
    expires_in: { type: 'integer' },
    agentId: { type: 'string' },
    agentName: { type: 'string' },
    roCode: { type: ['string', 'null'] },
    roles: { type: 'array', items: { type: 'string' } },
  },
} as const;

/** One message for an unknown user and a wrong password, so the answer does not reveal which usernames exist. */
const badCredentials = (locale: Locale) =>
  new ApiError(401, 'Unauthorized', [{ errorCode: 'INVALID_CREDENTIALS', message: badCredentialsMessage(locale) }]);

/**
 * POST /api/users/authenticate {username, password, deviceId}: staff (agent, product) login. Failures are
 * counted in the database per username and per address; past the limit the account is locked for a while
 * (429), whatever the password.
 */
const userRoutes: FastifyPluginAsync = async (app) => {
  const users = createUserRepository();
  const { loginMaxFailures, loginMaxFailuresPerIp, loginLockWindowSeconds: window } = app.config.identity;

  app.post<{ Body: { username: string; password: string; deviceId?: string } }>(
    '/users/authenticate',
    { schema: { body, response: { 200: answer } } },
    async (request, reply) => {
      const { username, password, deviceId } = request.body;
      const userKey = `login-fail:user:${normalizeUsername(username)}`;
      const ipKey = `login-fail:ip:${request.ip}`;
      const limits = [[userKey, loginMaxFailures], [ipKey, loginMaxFailuresPerIp]] as const;
      for (const [key] of limits) {
        const left = await app.rateLimiter.lockedFor(key);
        if (left > 0) throw tooManyRequests(reply, left, 'LOGIN_LOCKED', signInLockedMessage(localeOf(request)), localeOf(request));
      }

      const user = await users.findByUsername(app.database.db, username);
      const staffRoles = user?.roles.filter((r) => r === 'agent' || r === 'product') ?? [];
      const ok = user && staffRoles.length > 0 ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
      if (!ok || !user) {
        // The failure that reaches a limit locks the username (or the address) out for the whole window from now.
        for (const [key, limit] of limits) {
          await app.rateLimiter.hit(key, limit, window);
          if (!(await app.rateLimiter.peek(key, limit, window)).allowed) await app.rateLimiter.lock(key, window);
        }
        request.log.info({ username: normalizeUsername(username) }, 'sign-in failed');
        throw badCredentials(localeOf(request));
      }
      await app.rateLimiter.reset(userKey);

      const tokens = await app.tokenService.issue({
        sub: `user:${user.id}`,
        kind: 'staff',
        roles: staffRoles,
        name: user.displayName,
        agentId: user.id,
        ...(user.roCode ? { roCode: user.roCode } : {}),
        ...(deviceId ? { deviceId } : {}),
      });
      request.log.info({ username: user.username }, 'signed in');
      return reply
        .header('cache-control', 'no-store')
        .send({ ...tokens, agentId: user.id, agentName: user.displayName, roCode: user.roCode, roles: staffRoles });
    },
  );
};

export default userRoutes;
