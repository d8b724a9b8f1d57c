import fp from 'fastify-plugin';
import { createOtpRepository } from '../../repositories/otpRepository';
import { createOtpService, type OtpService } from '../../security/otpService';

declare module 'fastify' {
  interface FastifyInstance {
    /** One-time codes: generate, verify, and the verification proof the post-login token call consumes. */
    otpService: OtpService;
  }
}

export default fp(
  async (app) => {
    const { otpTtlSeconds, otpMaxAttempts } = app.config.identity;
    const repo = createOtpRepository();
    // Codes and proofs older than a day serve no purpose (a code lives minutes, a proof ten).
    await repo.prune(app.database.db, new Date(Date.now() - 86_400_000));
    app.decorate(
      'otpService',
      createOtpService({
        db: app.database.db,
        repo,
        pepper: app.deriveKey('otp'),
        delivery: () => app.otpDelivery,
        ttlSeconds: otpTtlSeconds,
        maxAttempts: otpMaxAttempts,
        now: () => app.now(),
      }),
    );
  },
  { name: 'otp', dependencies: ['config', 'database', 'auth', 'outbox'] },
);
