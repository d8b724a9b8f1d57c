import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Locale } from '../../../content/i18n/locales';
import { unknownRequestFieldMessage } from '../../../shared/serverMessages';
import { localeOf } from '../../i18n/requestLocale';

export interface ApiErrorItem {
  errorCode: string;
  message: string;
  field?: string;
}

export interface ApiErrorBody {
  errorType: string;
  errors: ApiErrorItem[];
}

/** An error the API answers with its own status and body (never a stack trace). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorType: string,
    readonly errors: ApiErrorItem[],
  ) {
    super(errors.map((e) => e.message).join('; '));
  }
}

const body = (errorType: string, errorCode: string, message: string): ApiErrorBody => ({ errorType, errors: [{ errorCode, message }] });

/**
 * What of an error goes into a log line: never the SQL parameters, query or detail a database error carries
 * (they hold the prospect: names, e-mail, mobile), nor any other property a library hangs on it.
 */
export function logSafeError(error: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const e = error as Error & { code?: unknown; statusCode?: unknown; severity?: unknown; routine?: unknown };
  const pick = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? v : undefined);
  return {
    type: e.constructor?.name ?? 'Error',
    message: e.message.slice(0, 300),
    code: pick(e.code),
    statusCode: pick(e.statusCode),
    severity: pick(e.severity),
    routine: pick(e.routine),
    stack: e.stack?.split('\n').slice(1, 12).join('\n') ?? '',
  };
}

/** Fastify's own early refusals (a URL that does not decode, '/%') in the one error body. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return reply.code(status).send(body('RequestError', error.code === 'FST_ERR_BAD_URL' ? 'BAD_URL' : 'BAD_REQUEST', 'The address of the request could not be read'));
}

/** Node's HTTP parser refusals (431 headers too large, 400 malformed request) in the one error body. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return;
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const [status, reason] = tooLarge ? [431, 'Request Header Fields Too Large'] : [400, 'Bad Request'];
  const json = JSON.stringify(
    tooLarge ? body('RequestError', 'HEADERS_TOO_LARGE', 'The request headers are too large') : body('RequestError', 'BAD_REQUEST', 'The request could not be read'),
  );
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The name the route's body field errors go under instead of `body` (the agent search's flat criteria are
     * `searchInfo.*`, as the search page's field errors are named in the specification).
     */
    bodyFieldsAs?: string;
  }
}

/**
 * "/body/segment" -> "segment"; fastify's instancePath of a request-schema error, as a field name, with the key
 * the error is about (a missing one, or an unknown one: "must NOT have additional properties" names no key itself).
 */
function fieldOf(error: { instancePath: string; params?: Record<string, unknown> }): string {
  const base = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const key = (error.params?.missingProperty ?? error.params?.additionalProperty) as string | undefined;
  return key ? (base ? `${base}.${key}` : key) : base;
}

/**
 * A request-schema error as a field error: a key the schema does not declare is UNKNOWN_FIELD naming that key, in
 * the request's language (as the prospect's own unknown keys, src/server/prospects/fieldOwnership.ts); others INVALID.
 */
function schemaError(v: { keyword: string; instancePath: string; message?: string; params?: Record<string, unknown> }, context: string, locale: Locale): ApiErrorItem {
  const field = `${context}.${fieldOf(v)}`.replace(/\.$/, '');
  if (v.keyword === 'additionalProperties') {
    return { errorCode: 'UNKNOWN_FIELD', message: unknownRequestFieldMessage(locale, String(v.params?.additionalProperty)), field };
  }
  return { errorCode: 'INVALID', message: v.message ?? 'is invalid', field };
}

/** The name of a schema error's part of the request: body, params, querystring (or the route's name of its body). */
function contextName(request: FastifyRequest, context: string | undefined): string {
  if (context === 'body') return request.routeOptions.config.bodyFieldsAs ?? 'body';
  return context ?? 'request';
}

/**
 * The status and body of an error's answer: the error handler's, and the body-encryption hook's when it refuses a
 * replay in place of an answer already made (plugins/app/bodyEncryption.ts).
 */
export function errorAnswer(error: FastifyError | ApiError, request: FastifyRequest): { status: number; body: ApiErrorBody } {
  if (error instanceof ApiError) return { status: error.statusCode, body: { errorType: error.errorType, errors: error.errors } };
  if (error.validation) {
    return {
      status: 400,
      body: { errorType: 'FieldsValidation', errors: error.validation.map((v) => schemaError(v as never, contextName(request, error.validationContext), localeOf(request))) },
    };
  }
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) request.log.error({ err: logSafeError(error) }, 'request failed');
  return {
    status,
    body: {
      errorType: status === 500 ? 'InternalError' : 'RequestError',
      errors: [
        {
          errorCode: status === 500 ? 'INTERNAL' : (error.code ?? 'BAD_REQUEST'),
          message: status === 500 ? 'We are facing a glitch at the moment, please try again later.' : error.message,
        },
      ],
    },
  };
}

/** One error body everywhere: { errorType, errors: [{ errorCode, message, field? }] }. */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
      const { status, body } = errorAnswer(error, request);
      return reply.code(status).send(body);
    });
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send({ errorType: 'NotFound', errors: [{ errorCode: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` }] }),
    );
  },
  { name: 'errors' },
);
