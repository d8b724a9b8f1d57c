/**
 * After `vite build` (npm run build): renders the landing page (`/`, `/business`) to HTML in English and Arabic from
 * the app's own components (src/app/landing/prerender.tsx, loaded through Vite with the app's plugins: the
 * compiled messages, the aliases) and writes it into dist/public/landing.<locale>.html, which the server sends for those
 * addresses (src/server/plugins/external/spa.ts). The page then paints without the app's JavaScript; its script
 * (src/app/landing/boot.ts) loads the app when the visitor goes on (issue 16: landing page ≤ 120 kB gzipped).
 * The products are those of the content in schemas/ (what a new install serves); the page's script compares them
 * with what the server serves and lets the app draw the page when they differ (content published since the build).
 */
import { createHash } from 'node:crypto';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { createServer } from 'vite';
import { BUDGETS, LANDING } from './lib/routeSizes';
import { buildContent } from '../src/content/buildContent';
import { buildConfigDocument, type ConfigDocument } from '../src/content/configDocument';
import { localizeFiles } from '../src/content/i18n/catalogue';
import { directionOf, LOCALES, type Locale } from '../src/content/i18n/locales';
import { readContentDir } from '../src/content/readContentDir';
import { accountPath, readProducts } from '../src/app/features/products/productsConfig';
import { contentHash } from '../src/content/contentHash';
import { titleFor } from '../src/app/components/documentTitle';

const root = join(import.meta.dirname, '..');
const PUBLIC = join(root, 'dist', 'public');
/** The landing page in one language (the others in <template>s for the page's switch): the server picks by request. */
export const landingHtml = (locale: Locale) => join(PUBLIC, `landing.${locale}.html`);

/**
 * The page's script (src/app/landing/boot.ts), bundled apart from the app (a module both imported would become a
 * chunk the app loads too): dist/public/assets/landing-<hash>.js. Fails above the landing page's budget.
 */
async function buildScript(): Promise<{ file: string; gzipBytes: number }> {
  const out = await build({ absWorkingDir: root, entryPoints: ['src/app/landing/boot.ts'], bundle: true, format: 'esm', minify: true, target: 'es2022', write: false, legalComments: 'none' });
  const code = out.outputFiles[0]!.contents;
  const file = `assets/landing-${createHash('sha256').update(code).digest('base64url').slice(0, 10)}.js`;
  writeFileSync(join(PUBLIC, file), code);
  return { file, gzipBytes: gzipSync(code).length };
}

/** A tab's storage in Node (the app's atoms read sessionStorage when they are created): empty, as on a first visit. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

export async function prerenderLanding(): Promise<void> {
  const g = globalThis as Record<string, unknown>;
  g.sessionStorage ??= memoryStorage();
  g.localStorage ??= memoryStorage();
  const files = await readContentDir();
  const configs = Object.fromEntries(
    LOCALES.map((locale) => {
      const built = buildContent(locale === 'en' ? files : localizeFiles(files, locale));
      return [locale, buildConfigDocument(built, { role: 'customer', schemaVersion: 1, locale })];
    }),
  ) as Record<Locale, ConfigDocument>;

  const vite = await createServer({ configFile: join(root, 'vite.config.ts'), server: { middlewareMode: true, hmr: false, watch: null }, appType: 'custom', logLevel: 'error' });
  try {
    const { createLandingRenderer } = (await vite.ssrLoadModule('/landing/prerender.tsx')) as typeof import('../src/app/landing/prerender');
    const renderer = createLandingRenderer();
    const pages = Object.fromEntries(LOCALES.map((locale) => [locale, renderer.render(locale, configs[locale])])) as Record<Locale, string>;
    // Where LandingPage's buttons go (its onClick handlers, which HTML cannot carry), in their order: each account's
    // page (Conventional banking, as a new tab has it), then the comparison. Checked against the markup.
    const buttons = [
      ...readProducts(configs.en.products).accounts.map((a) => ({ href: accountPath(a, 'conventional'), product: a.accountName })),
      { href: '/business/accounts' },
    ];
    for (const locale of LOCALES) {
      const inMain = pages[locale].slice(pages[locale].indexOf('<main')).match(/<button/g)?.length ?? 0;
      if (inMain !== buttons.length) throw new Error(`the landing page (${locale}) has ${inMain} buttons in <main>, not ${buttons.length}: update scripts/prerenderLanding.ts and src/app/landing/boot.ts`);
    }
    const data = { products: Object.fromEntries(LOCALES.map((locale) => [locale, contentHash(configs[locale].products)])), buttons };
    const templates = (shown: Locale) =>
      LOCALES.filter((l) => l !== shown)
        .map((l) => `<template id="landing-${l}">${pages[l]}</template>`)
        .join('\n    ');
    const script = await buildScript();
    const kb = script.gzipBytes / 1024;
    const { limit, target } = BUDGETS.landing;
    const line = `  ${LANDING}  ${kb.toFixed(1)} kB  ≤ ${limit} / ${target} kB  (1 file: ${script.file}; the app's entry loads when the visitor goes on)`;
    console.log(`gzipped JavaScript of the pre-rendered landing page, limit / target:\n${line}`);
    appendFileSync(join(root, 'dist', 'bundle-report.md'), `\n## ${LANDING}\n\n\`\`\`\n${line}\n\`\`\`\n`);
    if (kb > limit) throw new Error(`JavaScript budgets exceeded (scripts/lib/routeSizes.ts BUDGETS): ${LANDING}: ${kb.toFixed(1)} kB gzipped, above its limit of ${limit} kB`);
    const app = readFileSync(join(PUBLIC, 'index.html'), 'utf8').match(/<script type="module" crossorigin src="([^"]+)"/)?.[1];
    if (!app) throw new Error("dist/public/index.html: the app's entry script was not found");
    const html = readFileSync(join(root, 'src', 'app', 'landing.html'), 'utf8');
    // The app's own head (charset, viewport, description, title, icon, base style): one copy, in src/app/index.html.
    const head = readFileSync(join(root, 'src', 'app', 'index.html'), 'utf8').match(/<head>\n?([\s\S]*?)\n?\s*<\/head>/)?.[1];
    if (!head) throw new Error('src/app/index.html: no <head> found');
    for (const locale of LOCALES) {
      const out = html
        .replace('<html lang="en" dir="ltr">', `<html lang="${locale}" dir="${directionOf(locale)}">`)
        .replace('data-locale="en"', `data-locale="${locale}"`)
        .replace('    <!--landing:head-->', head.replace(/<title>([^<]*)<\/title>/, (_, own: string) => `<title>${titleFor(headingText(pages[locale]), own)}</title>`))
        .replace('<!--landing:app-->', app)
        .replace('<!--landing:boot-->', `/${script.file}`)
        .replace('<!--landing:styles-->', renderer.styles())
        .replace('<!--landing:page-->', pages[locale])
        .replace('<!--landing:templates-->', `${templates(locale)}\n    <script type="application/json" id="landing-data">${JSON.stringify(data)}</script>`);
      if (out.includes('<!--landing:') || !out.includes(`<html lang="${locale}"`)) throw new Error(`landing.${locale}.html: a placeholder was left (src/app/landing.html changed?)`);
      writeFileSync(landingHtml(locale), out);
    }
  } finally {
    await vite.close();
  }
}

/** The text of a rendered page's main heading (its markup's first h1, tags left out; entities stay escaped for HTML). */
function headingText(html: string): string | undefined {
  return html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]?.replace(/<[^>]*>/g, '');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await prerenderLanding();
  console.log(`pre-rendered the landing page: ${LOCALES.map(landingHtml).join(', ')}`);
}
