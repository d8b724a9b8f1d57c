import fp from 'fastify-plugin';
import { ApiError } from './errors';

/**
 * reCAPTCHA on prospect creation. Off unless RECAPTCHA_SECRET is set; then every create must carry a
 * `recaptchaToken` that the verification service accepts, or it is answered
 * { errorType: 'ReCaptchaError' } (the client shows its notification).
 */
export interface RecaptchaVerifier {
  /** Throws ApiError(400, 'ReCaptchaError') when the token is missing or refused. */
  check(token: unknown, remoteIp: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    recaptcha: RecaptchaVerifier | null;
  }
}

const refused = () =>
  new ApiError(400, 'ReCaptchaError', [{ errorCode: 'RECAPTCHA', message: 'We could not confirm that you are not a robot. Please try again.' }]);

export default fp(
  async (app) => {
    const { secret, verifyUrl } = app.config.recaptcha;
    if (!secret) {
      app.decorate('recaptcha', null);
      return;
    }
    app.decorate('recaptcha', {
      async check(token, remoteIp) {
        if (typeof token !== 'string' || token.length < 10 || token.length > 4000) throw refused();
        let success = false;
        try {
          const res = await fetch(verifyUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
            signal: AbortSignal.timeout(5000),
          });
          success = res.ok && ((await res.json()) as { success?: boolean }).success === true;
        } catch (error) {
          app.log.warn({ err: error }, 'reCAPTCHA verification failed to answer');
        }
        if (!success) throw refused();
      },
    } satisfies RecaptchaVerifier);
  },
  { name: 'recaptcha', dependencies: ['config'] },
);
