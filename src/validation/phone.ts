/**
 * The x-phone keyword's runtime (see runtime.ts for the others): apart from them because it brings
 * libphonenumber-js and its metadata (17 kB gzipped), which the browser loads beside the content version's
 * validator module rather than with every form page's code (src/app/features/forms/stepValidator.ts).
 */
import { isPossiblePhoneNumber } from 'libphonenumber-js/core';
import { phoneMetadata } from './phoneMetadata';
import { getAt, toPointer } from './pointer';
import type { RuleError } from './runtime';

export interface PhoneRule {
  code: string;
  number: string;
  kind: 'mobile' | 'landline';
  message: string;
}

export const UAE_CALLING_CODE = '971';

/** True when `digits` is a plausible number for the calling code (the spec's UAE rule, libphonenumber elsewhere). */
export function isPhoneNumberValid(code: string, digits: string, kind: 'mobile' | 'landline'): boolean {
  if (!/^\d+$/.test(digits)) return false;
  if (code === UAE_CALLING_CODE) return digits.length === (kind === 'mobile' ? 9 : 8);
  if (digits.length < 4 || digits.length > 10) return false;
  return isPossiblePhoneNumber(`+${code.replace(/\D/g, '')}${digits}`, phoneMetadata);
}

export function checkPhone(data: unknown, rule: PhoneRule): RuleError[] | null {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
  const code = getAt(data, rule.code);
  const num = getAt(data, rule.number);
  if (typeof code !== 'string' || typeof num !== 'string' || code === '' || num === '') return null;
  if (!/^\d+$/.test(num)) return null; // the field's own pattern says 'Only numbers without spaces are allowed'
  return isPhoneNumberValid(code, num, rule.kind) ? null : [{ path: toPointer(rule.number), message: rule.message, params: { code } }];
}
