import type { MetadataJson } from 'libphonenumber-js/core';
import metadata from './phoneMetadata.json';

/**
 * libphonenumber-js's "min" metadata without its formatting rules (written by `npm run gen:phone-metadata`,
 * scripts/lib/phoneMetadata.ts): the same answers for parsing and possible lengths, half the bytes. The server's
 * metadata: the x-phone rule (phone.ts) and the dialling codes' countries (dialCodes.ts) use it with
 * libphonenumber-js/core. The browser gets the part of it for a dialling code (phoneMetadataSubset.ts, served by
 * GET /api/phone-metadata), never the whole, except the studio's preview (dialCodes.ts).
 */
export const phoneMetadata = metadata as unknown as MetadataJson;
