import type { ErrorSchema } from '@rjsf/utils';
import { toExtraErrors } from '../application/extraErrors';
import { ApiRequestError } from '../../lib/secureFetch';

/**
 * The field errors of a FieldsValidation answer, keyed by dotted path below one of `prefixes` ("prospect", "body",
 * "searchInfo"); an error on the prefix itself (e.g. "searchInfo": no criterion) is kept under "" (the form).
 */
export function fieldErrorsOf(error: unknown, ...prefixes: string[]): Record<string, string[]> | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return undefined;
  const out: Record<string, string[]> = {};
  for (const e of error.body?.errors ?? []) {
    if (!e.field) continue;
    const prefix = prefixes.find((p) => e.field === p || e.field!.startsWith(`${p}.`));
    const path = prefix === undefined ? e.field : e.field.slice(prefix.length + 1);
    (out[path] ??= []).push(e.message);
  }
  return Object.keys(out).length ? out : undefined;
}

/** Field errors as RJSF extraErrors; errors on the form itself go to the root. */
export function extraErrorsOf(fieldErrors: Record<string, string[]> | undefined, scope = ''): ErrorSchema | undefined {
  if (!fieldErrors) return undefined;
  const { '': root, ...fields } = fieldErrors;
  const schema = toExtraErrors(fields, scope) as Record<string, unknown>;
  if (root?.length) schema.__errors = root;
  return schema as ErrorSchema;
}

/** A readable message for any failed call. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status >= 500) return 'We are facing a glitch at the moment, please try again later.';
    return error.message;
  }
  if (error instanceof TypeError) return 'The server could not be reached. Check your connection and try again.';
  return error instanceof Error ? error.message : 'Something went wrong';
}
