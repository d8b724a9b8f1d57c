import fp from 'fastify-plugin';
import { createRateLimitRepository } from '../../repositories/rateLimitRepository';
import { createRateLimiter, type RateLimiter } from '../../security/rateLimiter';

declare module 'fastify' {
  interface FastifyInstance {
    /** Database-backed counters: `hit(key, limit, windowSeconds)` for OTP, login and token limits. */
    rateLimiter: RateLimiter;
  }
}

export default fp(
  async (app) => {
    app.decorate('rateLimiter', createRateLimiter({ db: app.database.db, repo: createRateLimitRepository() }));
  },
  { name: 'rateLimiter', dependencies: ['database'] },
);
