/**
 * The server's field errors as the customer runtime keeps them: by dotted path relative to the prospect
 * ("signatoryInfo[0].kycDetails.dateOfBirth"), from a refused save, and dropped as soon as their field changes.
 */
import type { ApiRequestError } from '../../lib/secureFetch';
import { getAt } from '../../../validation/pointer';
import type { Prospect } from './contract';

/** "prospect.signatoryInfo[0].kycDetails.dateOfBirth" -> "signatoryInfo[0].kycDetails.dateOfBirth". */
export function relativeField(field: string | undefined): string {
  return (field ?? '').replace(/^prospect\.?/, '');
}

export function fieldErrorsOf(error: ApiRequestError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of error.body?.errors ?? []) {
    const key = relativeField(e.field);
    (out[key] ??= []).push(e.message);
  }
  return out;
}

/** "signatoryInfo[0].kycDetails.dateOfBirth" -> "signatoryInfo/0/kycDetails/dateOfBirth" (a pointer path). */
const pathOf = (dotted: string) => dotted.replace(/\[(\d+)\]/g, '.$1').split('.').join('/');

/** Objects are compared by content: RJSF hands back new objects for the parents of an edited field. */
const same = (a: unknown, b: unknown) => a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));

/**
 * The server's field errors without those whose field the applicant just changed: a corrected value loses its
 * old error at once, not at the next save (the same object when none changed, so nothing re-renders).
 */
export function withoutChanged(errors: Record<string, string[]>, before: Prospect | undefined, after: Prospect): Record<string, string[]> {
  const changed = Object.keys(errors).filter((k) => k !== '' && !same(getAt(before, pathOf(k)), getAt(after, pathOf(k))));
  if (changed.length === 0) return errors;
  const rest = { ...errors };
  for (const k of changed) delete rest[k];
  return rest;
}

