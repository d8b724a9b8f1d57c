/**
 * The x-phone keyword's runtime on the server (see runtime.ts for the other keywords): phoneRule.ts's rule with
 * libphonenumber-js/core over the whole metadata (phoneMetadata.ts). The browser runs the same rule over the
 * metadata of the dialling code in use, loaded when it is chosen (phoneBrowser.ts).
 */
import { isPossiblePhoneNumber } from 'libphonenumber-js/core';
import { phoneMetadata } from './phoneMetadata';
import { isPhoneNumberValid as validWith, phoneChecker, type PossibleNumber } from './phoneRule';

export { type PhoneRule, UAE_CALLING_CODE } from './phoneRule';

const possible: PossibleNumber = (international) => isPossiblePhoneNumber(international, phoneMetadata);

/** True when `digits` is a plausible number for the calling code (the spec's UAE rule, libphonenumber elsewhere). */
export function isPhoneNumberValid(code: string, digits: string, kind: 'mobile' | 'landline'): boolean {
  return validWith(code, digits, kind, () => possible);
}

/** The x-phone keyword's check (generated code: `require("./runtime.js").checkPhone`). */
export const checkPhone = phoneChecker(() => possible);
