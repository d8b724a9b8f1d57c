/**
 * How agents' search words and mobile numbers are normalised: one definition for the search columns written
 * on every save (src/server/repositories/searchColumns.ts), the search query and the search form's hint.
 */

/** The words of a name, lower-case, accents removed, split on anything that is not a letter or a digit. */
export function nameWords(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
  return [...new Set(words)];
}

/** The country code of the bank's home numbers: a number typed as 0…, 971…, 00971… or +971… is the same mobile. */
export const HOME_COUNTRY_CODE = '971';

/**
 * A mobile number as stored for the applicant (digits, without the country code and the trunk 0), whatever way
 * an agent typed it: "0501234567", "971501234567", "+971 50 123 4567", "00971501234567" and "501234567" are one
 * number. `countryCode` (digits) is the code chosen beside it, the home country's when none.
 */
export function normaliseMobile(mobile: string, countryCode?: string): string {
  let digits = mobile.replace(/[^0-9]/g, '');
  const code = (countryCode ?? '').replace(/[^0-9]/g, '') || HOME_COUNTRY_CODE;
  if (digits.startsWith(`00${code}`)) digits = digits.slice(code.length + 2);
  else if (digits.startsWith(code) && digits.length > code.length + 6) digits = digits.slice(code.length);
  return digits.replace(/^0+/, '');
}
