/**
 * Lists the customer-facing texts of schemas/ that a locale's catalogue does not translate yet, with their English
 * text (what the coverage test of test/unit/i18n/contentCatalogue.test.ts reports, readable for a translator), and
 * the English words written into the widgets' code, which no catalogue can translate (scripts/lib/hardCodedText.ts;
 * counted among the missing: they stay English on the locale's pages).
 *   npx tsx scripts/i18n-missing.ts [locale=ar] [--json]
 * --json prints { "<file#pointer or list:code>": "<English>" } to fill in schemas/i18n/<locale>.json from.
 */
import { listTexts } from '../src/content/i18n/catalogue';
import { missingTranslations } from '../src/content/i18n/coverage';
import { isLocale } from '../src/content/i18n/locales';
import { readContentDir } from '../src/content/readContentDir';
import { hardCodedTextsIn } from './lib/hardCodedText';
import { join } from 'node:path';

const locale = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'ar';
if (!isLocale(locale) || locale === 'en') throw new Error(`not a locale to translate into: ${locale}`);
const files = await readContentDir();

function englishOf(entry: string): string | undefined {
  const hash = entry.indexOf('#');
  if (hash > 0) {
    let node: unknown = files[entry.slice(0, hash)];
    for (const part of entry.slice(hash + 2).split('/')) node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    return typeof node === 'string' ? node : undefined;
  }
  const [name = '', code = ''] = entry.split(/:(.*)/s);
  const list = files[`lists/${name}.json`] as { title?: string } | undefined;
  return code === 'title' ? list?.title : listTexts(list).get(code);
}

const missing = missingTranslations(files, locale);
const root = join(import.meta.dirname, '..');
const hardCoded = hardCodedTextsIn(join(root, 'widgets'), root);
if (process.argv.includes('--json')) console.log(JSON.stringify(Object.fromEntries(missing.map((m) => [m, englishOf(m) ?? null])), null, 1));
else {
  for (const m of missing) console.log(`${m}\t${englishOf(m) ?? ''}`);
  for (const h of hardCoded) console.log(`${h.where}\thard-coded in the widget, not translatable: ${h.text}`);
  console.error(`${missing.length + hardCoded.length} texts without a translation (${locale})${hardCoded.length ? `, ${hardCoded.length} of them hard-coded in widgets/` : ''}`);
}
if (hardCoded.length) process.exitCode = 1;
