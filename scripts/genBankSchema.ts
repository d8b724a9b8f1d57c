/**
 * Writes schemas/bank/bankProspect.json, the JSON Schema of the bank exchange document, from the bank's template,
 * field configuration and the documented deviations (src/bankFormat/bankSchema.ts). `npm run gen:bank-schema`;
 * test/unit/bankFormat.test.ts fails while the file is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bankSchemaOf } from '../src/bankFormat';

const dir = fileURLToPath(new URL('../schemas/bank/', import.meta.url));
const read = (name: string) => JSON.parse(readFileSync(dir + name, 'utf8'));
const schema = bankSchemaOf(read('template.json').prospect, read('fieldConfig.json').fields, read('deviations.json').rules);
writeFileSync(dir + 'bankProspect.json', JSON.stringify(schema, null, 2) + '\n');
console.log('wrote schemas/bank/bankProspect.json');
