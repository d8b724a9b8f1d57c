import { fieldMap } from '../../content/fieldMap';
import { type FieldError, pointerToDotted } from '../../validation/errors';
import { DEFAULT_LOCALE, type Locale } from '../../content/i18n/locales';
import { ajvDefaultMessage } from '../../shared/serverMessages';
import { ApiError } from '../plugins/app/errors';
import { agentOnlyField, keepAgentOnly } from './agentOnly';
import { enforceFieldOwnership, WRITES } from './fieldOwnership';
import { type Actor, authorize } from './writePolicy';

type Obj = Record<string, unknown>;

/**
 * 400 FieldsValidation naming each field as prospect.<path>, in the request's language: the content's messages
 * come translated already; ajv's own words (a rule without a message: "must be string") are translated here.
 */
export function fieldsValidation(errors: FieldError[], prefix = 'prospect', locale: Locale = DEFAULT_LOCALE): ApiError {
  return new ApiError(
    400,
    'FieldsValidation',
    errors.map((e) => ({ errorCode: e.keyword.toUpperCase(), message: ajvDefaultMessage(locale, e.message), field: `${prefix}.${pointerToDotted(e.path)}`.replace(/\.$/, '') })),
  );
}

/**
 * What a client's document may become: agent-only parts refused (403) or kept for applicants, then the field map
 * enforced (unknown keys and fields the caller may not write refused, left-out ones kept). Shared by create
 * (against the template) and save (against the stored document). `content`: the content in the request's language
 * (its labels name the refused fields), `locale` that language.
 */
export function acceptClientDocument(content: Parameters<typeof fieldMap>[0], actor: Actor, stored: Obj, sent: Obj, locale: Locale = DEFAULT_LOCALE): Obj {
  const agentField = actor === 'agent' ? undefined : agentOnlyField(sent);
  if (agentField) authorize(actor, 'annexureSave', undefined, `prospect.${pointerToDotted(agentField)}`);
  let next: Obj = { ...stored, ...sent };
  if (actor !== 'agent') next = keepAgentOnly(stored, next);
  const { errors, document } = enforceFieldOwnership(fieldMap(content), stored, next, actor === 'agent' ? WRITES.agent : WRITES.applicant, locale);
  const forbidden = errors.filter((e) => e.keyword === 'forbidden');
  if (forbidden.length) {
    // Agent-only data from an applicant: 403 naming the fields, like the annexure (schemas/README.md "Who writes what").
    throw new ApiError(403, 'Forbidden', forbidden.map((e) => ({ errorCode: 'FORBIDDEN', message: e.message, field: `prospect.${pointerToDotted(e.path)}` })));
  }
  if (errors.length) throw fieldsValidation(errors, 'prospect', locale);
  // A root of its own (its sections may be the stored ones): the caller sets server-owned sections on it.
  return document === stored ? { ...stored } : document;
}

