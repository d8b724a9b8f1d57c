import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, type ApiErrorItem } from './errors';

/** Deeper than any content or prospect (the deepest schema file nests 13 levels): refused before anything reads it. */
export const MAX_DEPTH = 64;
/** Keys that would reach an object's prototype or constructor when merged into a plain object. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_ERRORS = 20;
// A NUL (PostgreSQL text and jsonb cannot hold it) or a UTF-16 surrogate without its pair (not valid Unicode).
// eslint-disable-next-line no-control-regex
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string can be stored and sent back as it is. */
export const badText = (value: string) => BAD_TEXT.test(value);

/** A field name fit for an error body and a log line: the bad characters themselves replaced. */
const printable = (path: string) => path.replace(new RegExp(BAD_TEXT.source, 'g'), '\ufffd');

/**
 * Problems of one decoded input (body, params or query), walked without recursion so that no depth can
 * overflow the stack. Empty when the input is fine.
 */
export function inputProblems(value: unknown, root: string): { errors: ApiErrorItem[]; tooDeep: boolean } {
  const errors: ApiErrorItem[] = [];
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (stack.length && errors.length < MAX_ERRORS) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (badText(item.value)) errors.push({ errorCode: 'INVALID_TEXT', message: 'must not contain NUL characters or unpaired surrogates', field: printable(item.path) });
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= MAX_DEPTH) return { errors: [], tooDeep: true };
    for (const [key, child] of Object.entries(item.value)) {
      const path = `${item.path}.${key}`;
      if (FORBIDDEN_KEYS.has(key)) errors.push({ errorCode: 'FORBIDDEN_KEY', message: `"${key}" is not an allowed name`, field: path });
      else if (badText(key)) errors.push({ errorCode: 'INVALID_TEXT', message: 'names must not contain NUL characters or unpaired surrogates', field: printable(path) });
      else stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return { errors, tooDeep: false };
}

function guard(request: FastifyRequest): void {
  const errors: ApiErrorItem[] = [];
  for (const [root, value] of [['params', request.params], ['querystring', request.query], ['body', request.body]] as const) {
    const found = inputProblems(value, root);
    if (found.tooDeep) {
      throw new ApiError(400, 'FieldsValidation', [{ errorCode: 'TOO_DEEP', message: `The request nests more than ${MAX_DEPTH} levels`, field: root }]);
    }
    errors.push(...found.errors);
  }
  if (errors.length) throw new ApiError(400, 'FieldsValidation', errors.slice(0, MAX_ERRORS));
}

/**
 * Every decoded input (after body decryption, before schema validation and any handler) is refused with a
 * field error when it holds text the database cannot store (NUL, lone surrogates), a prototype-polluting key,
 * or nesting deeper than MAX_DEPTH. Size is bounded by the body limit (413).
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => guard(request));
  },
  { name: 'inputGuard', dependencies: ['errors', 'bodyEncryption'] },
);
