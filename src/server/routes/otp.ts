import { localizedContent } from '../../content/compiledContent';
import { localeOf } from '../i18n/requestLocale';
import type { FastifyPluginAsync } from 'fastify';
import { pointerToDotted } from '../../validation/errors';
import { ApiError } from '../plugins/app/errors';
import { tooManyRequests } from '../security/limits';
import { tooManyCodesMessage } from '../../shared/serverMessages';

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

const body = {
  type: 'object',
  required: ['action'],
  additionalProperties: false,
  properties: {
    action: { type: 'string', enum: ['generate', 'verify'] },
    email: text(254),
    countryCode: text(8),
    mobileNo: text(20),
    prospectId: text(64),
    otpToken: text(16),
    deviceId: text(200),
    uniqueId: text(200),
    recaptchaToken: text(4000),
  },
} as const;

const answer = {
  type: 'object',
  properties: {
    generated: { type: 'boolean' },
    expiresIn: { type: 'integer' },
    attemptsAllowed: { type: 'integer' },
    verified: { type: 'boolean' },
    attemptsLeft: { type: 'integer' },
    errorCode: { type: 'string' },
    message: { type: 'string' },
  },
} as const;

interface OtpBody {
  action: 'generate' | 'verify';
  email?: string;
  countryCode?: string;
  mobileNo?: string;
  prospectId?: string;
  otpToken?: string;
  deviceId?: string;
}

/** Verifications per address and window: with 3 attempts per code and the generation limits, plenty. */
const VERIFY_PER_IP_FACTOR = 3;

/**
 * POST /api/otp {action: generate | verify, email, countryCode, mobileNo, ...} with a device or customer token.
 * The code is bound to the session of the token (otpRepository.ts, OtpTarget). Verify answers 200 with {verified, attemptsLeft} and, when
 * not verified, an errorCode (OTP_INVALID, OTP_LOCKED, OTP_EXPIRED, OTP_NOT_FOUND) and a message.
 */
const otpRoutes: FastifyPluginAsync = async (app) => {
  const { otpRatePerMobile, otpRatePerIp, otpRateWindowSeconds } = app.config.identity;

  app.post<{ Body: OtpBody }>(
    '/otp',
    { onRequest: app.authenticate, schema: { body, response: { 200: answer } } },
    async (request, reply) => {
      const principal = request.principal!;
      const b = request.body;
      if ((principal.kind !== 'device' && principal.kind !== 'customer') || !principal.deviceId) {
        throw new ApiError(403, 'Forbidden', [{ errorCode: 'FORBIDDEN', message: 'One-time codes are for applicants' }]);
      }
      if (b.deviceId !== undefined && b.deviceId !== principal.deviceId) {
        throw new ApiError(403, 'Forbidden', [{ errorCode: 'DEVICE_MISMATCH', message: 'This token was not issued to this device' }]);
      }

      // The same rules and messages as the come-back login and one-time-code forms.
      // In the caller's language: the same code, with its catalogue's messages, as the browser's validators.
      const { validator } = localizedContent(await app.contentStore.current(), localeOf(request));
      const login = { email: b.email, countryCode: b.countryCode, mobileNo: b.mobileNo };
      const errors = validator.validate('steps/comeBackLogin', login);
      if (b.action === 'verify') errors.push(...validator.validate('steps/otpVerify', { otpToken: b.otpToken }));
      if (errors.length) {
        throw new ApiError(
          400,
          'FieldsValidation',
          errors.map((e) => ({ errorCode: 'INVALID', message: e.message, field: `login.${pointerToDotted(e.path)}` })),
        );
      }
      // Bound to the token's session, which only this browser holds, not to the device id anyone can name.
      const target = { deviceId: request.sessionId!, countryCode: b.countryCode!, mobileNo: b.mobileNo!, email: b.email! };

      if (b.action === 'verify') {
        const limit = await app.rateLimiter.hit(`otp-verify:ip:${request.ip}`, otpRatePerIp * VERIFY_PER_IP_FACTOR, otpRateWindowSeconds);
        if (!limit.allowed) throw tooManyRequests(reply, limit.retryAfter, 'OTP_RATE_LIMIT', tooManyCodesMessage(localeOf(request), 'checks'), localeOf(request));
        return app.otpService.verify(target, b.otpToken!);
      }

      const byIp = await app.rateLimiter.hit(`otp:ip:${request.ip}`, otpRatePerIp, otpRateWindowSeconds);
      if (!byIp.allowed) throw tooManyRequests(reply, byIp.retryAfter, 'OTP_RATE_LIMIT', tooManyCodesMessage(localeOf(request), 'network'), localeOf(request));
      const byMobile = await app.rateLimiter.hit(`otp:mobile:${target.countryCode}${target.mobileNo}`, otpRatePerMobile, otpRateWindowSeconds);
      if (!byMobile.allowed) throw tooManyRequests(reply, byMobile.retryAfter, 'OTP_RATE_LIMIT', tooManyCodesMessage(localeOf(request), 'mobile'), localeOf(request));

      try {
        await app.otpService.generate(target, b.prospectId, localeOf(request));
      } catch (error) {
        request.log.error({ err: error }, 'one-time code delivery failed');
        throw new ApiError(503, 'DeliveryError', [{ errorCode: 'OTP_DELIVERY', message: 'We could not send the code. Please try again in a moment.' }]);
      }
      return { generated: true, expiresIn: app.otpService.ttlSeconds, attemptsAllowed: app.otpService.maxAttempts };
    },
  );
};

export default otpRoutes;
