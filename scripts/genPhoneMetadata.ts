/** `npm run gen:phone-metadata`: writes src/validation/phoneMetadata.json from the installed libphonenumber-js (after an update of it). */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { PHONE_METADATA_FILE, phoneMetadataText } from './lib/phoneMetadata';

writeFileSync(PHONE_METADATA_FILE, phoneMetadataText());
console.log(`wrote ${relative(process.cwd(), PHONE_METADATA_FILE)}`);
