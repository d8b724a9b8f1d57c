import { type CountryCode, getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { DIAL_CODE_LIST, type ListOption, type ReferenceLists } from './lists';
import { phoneMetadata } from './phoneMetadata';

/**
 * Made-up numbers starting with a hyphenated dialling code's digits, for libphonenumber to tell the country by:
 * '1-242' +12423456789 (Bahamas), 11 digits first; then other digits and 12 digits for the codes whose numbers
 * go on otherwise ('44-1481' Guernsey: 10 digits after the 44, the fifth 2 or 5-9).
 */
export function madeUpNumbers(value: string): string[] {
  const digits = value.replace(/\D/g, '');
  return [11, 12].flatMap((length) => ['3456789012', '5678901234'].map((fill) => `+${digits}${fill.slice(0, Math.max(0, length - digits.length))}`));
}

/** The country a hyphenated dialling code belongs to ('1-242' Bahamas, '44-1481' Guernsey), by libphonenumber. */
function countryOfPrefix(value: string): CountryCode | undefined {
  for (const text of madeUpNumbers(value)) {
    const country = parsePhoneNumberFromString(text, phoneMetadata)?.country;
    if (country) return country;
  }
  return undefined;
}

/**
 * The countries (ISO codes) of each dialling code, from libphonenumber's metadata. A country with its own
 * hyphenated code in the list (Bahamas, '1-242') belongs to that code, not to the shared '+1'.
 */
export function dialCodeCountries(codes: ListOption[]): Map<string, string[]> {
  const byOption = new Map<string, string[]>();
  const claimed = new Set<CountryCode>();
  for (const o of codes) {
    if (!o.value.includes('-')) continue;
    const country = countryOfPrefix(o.value);
    if (country) claimed.add(country);
    byOption.set(o.value, country ? [country] : []);
  }
  const all = getCountries(phoneMetadata);
  for (const o of codes) {
    if (!o.value.includes('-')) byOption.set(o.value, all.filter((c) => getCountryCallingCode(c, phoneMetadata) === o.value && !claimed.has(c)));
  }
  return byOption;
}

/**
 * The lists with each dialling code's countries in its option (`countries`), so that the browser finds a code by
 * country name without libphonenumber (widgets/lib/dialCodes.ts): the config endpoint serves them so, and the
 * studio's preview does the same. The other lists are the same objects.
 */
export function withDialCodeCountries(lists: ReferenceLists): ReferenceLists {
  const list = lists[DIAL_CODE_LIST];
  if (!list) return lists;
  const countries = dialCodeCountries(list.options);
  return { ...lists, [DIAL_CODE_LIST]: { ...list, options: list.options.map((o) => ({ ...o, countries: countries.get(o.value) ?? [] })) } };
}
