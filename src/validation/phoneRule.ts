/**
 * The x-phone rule, one function for the server and the browser (issue 16: the browser says a number is wrong
 * exactly as the server does). It imports no metadata and no libphonenumber: the caller gives the possible-number
 * check of libphonenumber-js/core (`isPossiblePhoneNumber`) over its metadata. The server (phone.ts) gives it over
 * the whole metadata; the browser (phoneBrowser.ts) over the metadata of the calling code the number is in, which
 * it loads when a dialling code is chosen (`phoneMetadataKey`; the server cuts it: phoneMetadataSubset.ts). A UAE
 * number needs neither: its rule is the spec's, by length.
 */
import { getAt, toPointer } from './pointer';
import type { RuleError } from './runtime';

export interface PhoneRule {
  code: string;
  number: string;
  kind: 'mobile' | 'landline';
  /** The message for a UAE number (the spec's rule by length: it can say how many digits). */
  message: string;
  /** The message for a number of another dialling code (libphonenumber's check); without it, `message`. */
  messageOther?: string;
}

export const UAE_CALLING_CODE = '971';

/** libphonenumber's `isPossiblePhoneNumber` over some metadata, for a number in international form (`+44...`). */
export type PossibleNumber = (international: string) => boolean;

/**
 * The metadata a dialling code's numbers are checked with, by key (undefined: none, the UAE's rule is by length):
 * the code's first three digits. libphonenumber reads the calling code of `+{code digits}{number}` as the one
 * calling code that is a prefix of it (calling codes are 1 to 3 digits and none is a prefix of another), so the
 * calling codes that are a prefix of the key or start with it are all it can find there, whatever the number
 * ('1-242' and '1-246' → '124': calling code 1; '9' → every code starting with 9). phoneMetadataSubset.ts keeps
 * those calling codes and their countries; a test checks that the answers are the same as with the whole metadata.
 */
export function phoneMetadataKey(code: string): string | undefined {
  if (code === UAE_CALLING_CODE) return undefined;
  return code.replace(/\D/g, '').slice(0, 3);
}

/** True when `digits` is a plausible number for the calling code (the spec's UAE rule, libphonenumber elsewhere). */
export function isPhoneNumberValid(code: string, digits: string, kind: 'mobile' | 'landline', possible: () => PossibleNumber): boolean {
  if (!/^\d+$/.test(digits)) return false;
  if (code === UAE_CALLING_CODE) return digits.length === (kind === 'mobile' ? 9 : 8);
  if (digits.length < 4 || digits.length > 10) return false;
  return possible()(`+${code.replace(/\D/g, '')}${digits}`);
}

/**
 * The x-phone keyword's check (generated code calls it as `checkPhone`), with the possible-number check of a
 * dialling code: `possibleFor` returns undefined when the browser has not loaded that code's metadata yet, and
 * the number is then not refused here (the metadata is on its way: phoneBrowser.ts; the server refuses it if wrong).
 */
export function phoneChecker(possibleFor: (code: string) => PossibleNumber | undefined) {
  return function checkPhone(data: unknown, rule: PhoneRule): RuleError[] | null {
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
    const code = getAt(data, rule.code);
    const num = getAt(data, rule.number);
    if (typeof code !== 'string' || typeof num !== 'string' || code === '' || num === '') return null;
    if (!/^\d+$/.test(num)) return null; // the field's own pattern says 'Only numbers without spaces are allowed'
    let pending = false;
    const valid = isPhoneNumberValid(code, num, rule.kind, () => {
      const possible = possibleFor(code);
      if (possible) return possible;
      pending = true;
      return () => true;
    });
    if (valid || pending) return null;
    // The UAE message names the UAE's lengths ("UAE mobiles have 9 digits"): a +44 number gets its own words.
    const message = code !== UAE_CALLING_CODE && rule.messageOther ? rule.messageOther : rule.message;
    return [{ path: toPointer(rule.number), message, params: { code } }];
  };
}
