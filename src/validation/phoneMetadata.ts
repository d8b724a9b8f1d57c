import type { MetadataJson } from 'libphonenumber-js/core';
import metadata from './phoneMetadata.json';

/**
 * libphonenumber-js's "min" metadata without its formatting rules (written by `npm run gen:phone-metadata`,
 * scripts/lib/phoneMetadata.ts): the same answers for parsing and possible lengths, half the bytes. The one
 * metadata of the browser and the server: the x-phone rule (runtime.ts) and the dialling-code search
 * (widgets/lib/dialCodes.ts) use it with libphonenumber-js/core.
 */
export const phoneMetadata = metadata as unknown as MetadataJson;
