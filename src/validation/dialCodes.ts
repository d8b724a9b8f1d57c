import { type CountryCode, getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { DIAL_CODE_LIST, type ListOption, type ReferenceLists } from './lists';
import { phoneMetadata } from './phoneMetadata';

/**
 * The country a hyphenated dialling code belongs to ('1-242' Bahamas, '44-1481' Guernsey): libphonenumber
 * tells it from a made-up number starting with those digits.
 */
function countryOfPrefix(value: string): CountryCode | undefined {
  const digits = value.replace(/\D/g, '');
  return parsePhoneNumberFromString(`+${digits}${'3456789012'.slice(0, Math.max(0, 11 - digits.length))}`, phoneMetadata)?.country;
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
