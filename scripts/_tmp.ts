import { textPointers } from '../src/content/i18n/catalogue';
import { readSchemas } from '../test/unit/readSchemas';
const files = readSchemas();
for (const f of process.argv.slice(2)) for (const p of textPointers(f, files[f])) { let n: any = files[f]; for (const k of p.split('/').slice(1)) n = n[k.replace(/~1/g,'/').replace(/~0/g,'~')]; console.log(f, p, '=>', JSON.stringify(n).slice(0,120)); }
