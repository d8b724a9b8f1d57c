import type { FastifyReply } from 'fastify';
import { ApiError } from '../plugins/app/errors';

/** A 429 in the one error body, with Retry-After; the message says when to try again. */
export function tooManyRequests(reply: FastifyReply, retryAfter: number, errorCode: string, what: string): ApiError {
  reply.header('retry-after', String(retryAfter));
  const minutes = Math.ceil(retryAfter / 60);
  const wait = retryAfter < 60 ? `${retryAfter} second${retryAfter === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new ApiError(429, 'TooManyRequests', [{ errorCode, message: `${what} Please try again in ${wait}.` }]);
}
