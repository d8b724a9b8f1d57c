/**
 * The phone metadata of one dialling code's numbers (phoneRule.ts `phoneMetadataKey`), cut from the whole
 * metadata (phoneMetadata.json): the calling codes that are a prefix of the key or start with it, with all their
 * countries (and non-geographic entities), which is all libphonenumber reads to parse and check a number that
 * starts with the key. The server sends it to the browser (GET /api/phone-metadata/{version}/{key}.json).
 */
import type { MetadataJson } from 'libphonenumber-js/core';

interface MetadataShape {
  version: number;
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, unknown>;
  nonGeographic?: Record<string, unknown>;
}

/** A key of phoneMetadataKey: '' (a code without digits: every calling code) or 1 to 3 digits. */
export const PHONE_METADATA_KEY = /^\d{0,3}$/;

export function phoneMetadataSubset(metadata: MetadataJson, key: string): MetadataJson {
  if (!PHONE_METADATA_KEY.test(key)) throw new Error(`Not a phone metadata key: ${key}`);
  const all = metadata as unknown as MetadataShape;
  const near = (code: string) => key.startsWith(code) || code.startsWith(key);
  // Non-geographic calling codes (800, 882, ...) are in `nonGeographic` only: kept there, even empty, so that
  // libphonenumber reads the subset as it reads the whole.
  const out: MetadataShape = { version: all.version, country_calling_codes: {}, countries: {}, ...(all.nonGeographic ? { nonGeographic: {} } : {}) };
  for (const [code, countries] of Object.entries(all.country_calling_codes)) {
    if (!near(code)) continue;
    out.country_calling_codes[code] = countries;
    for (const country of countries) if (all.countries[country] !== undefined) out.countries[country] = all.countries[country];
  }
  for (const [code, entry] of Object.entries(all.nonGeographic ?? {})) if (near(code)) out.nonGeographic![code] = entry;
  return out as unknown as MetadataJson;
}
