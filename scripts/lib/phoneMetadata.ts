/**
 * The phone metadata the validators use (src/validation/phoneMetadata.json): libphonenumber-js's "min" metadata
 * without its formatting rules (index 4 of each country), which only formatting reads. `isPossiblePhoneNumber`
 * (the x-phone rule, src/validation/runtime.ts) parses and checks lengths, and gives the same answers with it
 * (test/unit/phoneMetadata.test.ts checks both, and that the file matches the installed package); it is half the
 * size (about 10 kB gzipped instead of 19 kB). The browser loads only a dialling code's part of it
 * (src/validation/phoneMetadataSubset.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Territory = unknown[];
export interface MinMetadata {
  version: number;
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, Territory>;
  nonGeographic?: Record<string, Territory>;
}

const FORMATS = 4;
const root = join(import.meta.dirname, '..', '..');
export const PHONE_METADATA_FILE = join(root, 'src', 'validation', 'phoneMetadata.json');
/** The metadata's version (a hash of phoneMetadata.json): in the address of the subsets the browser loads. */
export const PHONE_METADATA_VERSION_FILE = join(root, 'src', 'validation', 'phoneMetadataVersion.ts');

export function readMinMetadata(): MinMetadata {
  return JSON.parse(readFileSync(join(root, 'node_modules', 'libphonenumber-js', 'metadata.min.json'), 'utf8')) as MinMetadata;
}

export function withoutFormats(metadata: MinMetadata): MinMetadata {
  const strip = (entries: Record<string, Territory>) => Object.fromEntries(Object.entries(entries).map(([k, t]) => [k, t.map((v, i) => (i === FORMATS ? 0 : v))]));
  return { ...metadata, countries: strip(metadata.countries), ...(metadata.nonGeographic ? { nonGeographic: strip(metadata.nonGeographic) } : {}) };
}

export const phoneMetadataText = () => `${JSON.stringify(withoutFormats(readMinMetadata()))}\n`;

/** phoneMetadataVersion.ts for a metadata text: the browser's subsets are cached for good under this version. */
export const phoneMetadataVersionText = (metadataText: string) =>
  [
    '/** Written by `npm run gen:phone-metadata` (scripts/lib/phoneMetadata.ts): a hash of phoneMetadata.json, in the address of its subsets. */',
    `export const PHONE_METADATA_VERSION = '${createHash('sha256').update(metadataText).digest('hex').slice(0, 16)}';`,
    '',
  ].join('\n');
