import type { ErrorSchema } from '@rjsf/utils';
import { toExtraErrors } from '../application/extraErrors';
import { useCallback } from 'react';
import { ApiRequestError } from '../../lib/secureFetch';
import type { AreaT } from '../../i18n/areaT';
import type { AgentMessageId } from '../../i18n/enAgent';
import { useAgentT } from '../../i18n/useAgentT';

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

/**
 * A readable message for any failed call, in the page's language: the messages the agent's calls are known to get
 * (wrong credentials, the lock-out, no search criterion) and the app's own (glitch, offline); any other message of
 * the server as it wrote it (field errors come in the request's language already).
 */
export function messageOf(error: unknown, t: AreaT<AgentMessageId>): string {
  if (error instanceof ApiRequestError) {
    if (error.status >= 500) return t('agent.error.glitch');
    const first = error.body?.errors?.[0];
    if (first?.errorCode === 'INVALID_CREDENTIALS') return t('agent.error.credentials');
    if (first?.errorCode === 'LOGIN_LOCKED') {
      const wait = /(\d+) (minute|second)/.exec(first.message);
      if (wait) return t(wait[2] === 'minute' ? 'agent.error.lockedMinutes' : 'agent.error.lockedSeconds', { count: Number(wait[1]) });
    }
    if (first?.field === 'searchInfo' && first.errorCode === 'REQUIRED') return t('agent.error.searchCriterion');
    return error.message;
  }
  if (error instanceof TypeError) return t('agent.error.offline');
  return error instanceof Error ? error.message : t('agent.error.unknown');
}

/** messageOf in the page's language. */
export function useMessageOf(): (error: unknown) => string {
  const t = useAgentT();
  return useCallback((error: unknown) => messageOf(error, t), [t]);
}
