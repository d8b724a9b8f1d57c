import { type CountryCode, getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import type { ListOption } from '../../src/validation/lists';
import { phoneMetadata } from '../../src/validation/phoneMetadata';

/** Names people type that are not in the country list (ISO codes are searched as they are). */
const ALIASES: Partial<Record<CountryCode, string>> = { GB: 'UK Britain England', AE: 'UAE Emirates', US: 'USA America' };

/**
 * The country a hyphenated dialling code belongs to ('1-242' Bahamas, '44-1481' Guernsey): libphonenumber
 * tells it from a made-up number starting with those digits.
 */
function countryOfPrefix(value: string): CountryCode | undefined {
  const digits = value.replace(/\D/g, '');
  return parsePhoneNumberFromString(`+${digits}${'3456789012'.slice(0, Math.max(0, 11 - digits.length))}`, phoneMetadata)?.country;
}

/**
 * What a dialling-code option can be found by, besides its label ('+971'): the names and ISO codes of its
 * countries, from libphonenumber's metadata and the country list. A country with its own hyphenated code in
 * the list (Bahamas, '1-242') is found by that code, not by the shared '+1'.
 */
export function dialCodeKeywords(codes: ListOption[], countries: ListOption[]): Map<string, string> {
  const names = new Map(countries.map((c) => [c.value, c.label]));
  const byOption = new Map<string, CountryCode[]>();
  const claimed = new Set<CountryCode>();
  for (const o of codes) {
    if (!o.value.includes('-')) continue;
    const country = countryOfPrefix(o.value);
    if (country) {
      byOption.set(o.value, [country]);
      claimed.add(country);
    }
  }
  const all = getCountries(phoneMetadata);
  for (const o of codes) {
    if (o.value.includes('-')) continue;
    byOption.set(o.value, all.filter((c) => getCountryCallingCode(c, phoneMetadata) === o.value && !claimed.has(c)));
  }
  const keywords = new Map<string, string>();
  for (const [value, isoCodes] of byOption) {
    keywords.set(value, isoCodes.map((iso) => `${names.get(iso) ?? ''} ${iso} ${ALIASES[iso] ?? ''}`).join(' ').replace(/\s+/g, ' ').trim());
  }
  return keywords;
}

/** The country names of a dialling-code option, shown next to the code in the search results. */
export function dialCodeCountries(value: string, keywords: Map<string, string>, countries: ListOption[]): string {
  const words = ` ${keywords.get(value) ?? ''} `;
  return countries
    .filter((c) => words.includes(` ${c.value} `))
    .map((c) => c.label)
    .slice(0, 3)
    .join(', ');
}
