import type { ListOption } from '../../src/validation/lists';

/** Names people type that are not in the country list (ISO codes are searched as they are). */
const ALIASES: Record<string, string> = { GB: 'UK Britain England', AE: 'UAE Emirates', US: 'USA America' };

/**
 * What a dialling-code option can be found by, besides its label ('+971'): the names and ISO codes of its
 * countries. The countries come in the option (`countries`, which the server adds: src/validation/dialCodes.ts),
 * their names from the country list, so the browser needs no phone metadata for it.
 */
export function dialCodeKeywords(codes: ListOption[], countries: ListOption[]): Map<string, string> {
  const names = new Map(countries.map((c) => [c.value, c.label]));
  const keywords = new Map<string, string>();
  for (const o of codes) {
    keywords.set(o.value, (o.countries ?? []).map((iso) => `${names.get(iso) ?? ''} ${iso} ${ALIASES[iso] ?? ''}`).join(' ').replace(/\s+/g, ' ').trim());
  }
  return keywords;
}

/** The names of a dialling-code option's countries (`countries`, ISO codes), in the country list's order, at most 3. */
export function dialCodeCountryNames(option: ListOption | undefined, countries: ListOption[]): string {
  const own = new Set(option?.countries ?? []);
  return countries
    .filter((c) => own.has(c.value))
    .map((c) => c.label)
    .slice(0, 3)
    .join(', ');
}
