/** `npm run gen:phone-metadata`: writes src/validation/phoneMetadata.json (and its version, phoneMetadataVersion.ts) from the installed libphonenumber-js (after an update of it). */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { PHONE_METADATA_FILE, PHONE_METADATA_VERSION_FILE, phoneMetadataText, phoneMetadataVersionText } from './lib/phoneMetadata';

const text = phoneMetadataText();
writeFileSync(PHONE_METADATA_FILE, text);
writeFileSync(PHONE_METADATA_VERSION_FILE, phoneMetadataVersionText(text));
console.log(`wrote ${relative(process.cwd(), PHONE_METADATA_FILE)} and ${relative(process.cwd(), PHONE_METADATA_VERSION_FILE)}`);
