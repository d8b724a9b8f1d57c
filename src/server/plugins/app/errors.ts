import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';

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

/** "/body/segment" -> "segment"; fastify's instancePath of a request-schema error, as a field name. */
function fieldOf(error: { instancePath: string; params?: Record<string, unknown> }): string {
  const base = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = error.params?.missingProperty as string | undefined;
  return missing ? (base ? `${base}.${missing}` : missing) : base;
}

/** One error body everywhere: { errorType, errors: [{ errorCode, message, field? }] }. */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
      if (error instanceof ApiError) {
        return reply.code(error.statusCode).send({ errorType: error.errorType, errors: error.errors });
      }
      if (error.validation) {
        return reply.code(400).send({
          errorType: 'FieldsValidation',
          errors: error.validation.map((v) => ({
            errorCode: 'INVALID',
            message: v.message ?? 'is invalid',
            field: `${error.validationContext ?? 'request'}.${fieldOf(v as never)}`.replace(/\.$/, ''),
          })),
        });
      }
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({
        errorType: status === 500 ? 'InternalError' : 'RequestError',
        errors: [
          {
            errorCode: status === 500 ? 'INTERNAL' : (error.code ?? 'BAD_REQUEST'),
            message: status === 500 ? 'We are facing a glitch at the moment, please try again later.' : error.message,
          },
        ],
      });
    });
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send({ errorType: 'NotFound', errors: [{ errorCode: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` }] }),
    );
  },
  { name: 'errors' },
);
