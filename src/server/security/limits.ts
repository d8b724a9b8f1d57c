import type { FastifyReply } from 'fastify';
import type { Locale } from '../../content/i18n/locales';
import { tryAgainIn } from '../../shared/serverMessages';
import { ApiError } from '../plugins/app/errors';

/**
 * A 429 in the one error body, with Retry-After; the message (`what`, already in `locale`) is followed by when to
 * try again in the same language (an Arabic refusal must not end in English).
 */
export function tooManyRequests(reply: FastifyReply, retryAfter: number, errorCode: string, what: string, locale: Locale = 'en'): ApiError {
  reply.header('retry-after', String(retryAfter));
  return new ApiError(429, 'TooManyRequests', [{ errorCode, message: `${what} ${tryAgainIn(locale, retryAfter)}` }]);
}
