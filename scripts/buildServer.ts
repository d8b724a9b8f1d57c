/**
 * `npm run build:server`: compiles the server (src/server/main.ts and what it imports from src/ and schemas/)
 * into one ES module, dist/server/main.js, run with plain `node` (and the content:publish command into
 * dist/server/contentPublish.js, and the studio's worker thread into dist/server/studioWorker.js, which main.js
 * starts from beside itself). Production packages stay imports of node_modules, so
 * a production install (`npm ci --omit=dev`) supplies them; the files read at run time (schemas/, migrations/,
 * fixtures/) are found from the project root (src/content/projectRoot.ts). The list of inputs is written next
 * to it, so `npm start` can tell when the build is stale. Then the template database of new PGlite data folders,
 * `dist/server/pglite-template/` (scripts/buildPgliteTemplate.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { computeGeneratorFingerprint } from '../src/content/generatorFingerprint';

const root = join(import.meta.dirname, '..');
export const SERVER_OUT = join(root, 'dist', 'server', 'main.js');
export const SERVER_INPUTS = join(root, 'dist', 'server', 'inputs.json');

/**
 * Production packages bundled into the server anyway: Kysely's ES build is about 280 files, whose loading took
 * 0.2 to 0.3 s of every start's CPU; bundled, it is part of main.js (plain JavaScript with no files of its own).
 */
const BUNDLED_PACKAGES = new Set(['kysely']);

/** The packages a production install has (package.json dependencies), with their subpaths, left as imports. */
function productionPackages(): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  return Object.keys(pkg.dependencies)
    .filter((name) => !BUNDLED_PACKAGES.has(name))
    .flatMap((name) => [name, `${name}/*`]);
}

export async function buildServer(): Promise<void> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/server/main.ts', 'src/server/contentPublish.ts', { in: 'src/server/studio/studioWorker.ts', out: 'studioWorker' }],
    outdir: join(root, 'dist', 'server'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Production dependencies stay imports of node_modules; the few development packages the server uses are
    // bundled (@rjsf/utils's schema parser, which the validator generation runs: its other parts need React).
    external: productionPackages(),
    sourcemap: true,
    metafile: true,
    // The validator generator's fingerprint (src/content/generatorFingerprint.ts), fixed at build time.
    define: { __VALIDATOR_GENERATOR__: JSON.stringify(computeGeneratorFingerprint(root)) },
    logLevel: 'warning',
  });
  const inputs = Object.keys(result.metafile.inputs).map((p) => relative(root, join(root, p)));
  // The template database new PGlite data folders start from (made again only when its inputs changed).
  // Without it (e.g. schemas/ that do not build) a new data folder is made by PGlite's initdb: a warning, not a failure.
  const { buildPgliteTemplate } = await import('./buildPgliteTemplate');
  await buildPgliteTemplate().catch((error: unknown) => {
    console.warn(`no PGlite template made (new data folders will run initdb): ${(error as Error).message}`);
  });
  // Written last: `npm start` takes a build without this file as unfinished and builds again.
  writeFileSync(SERVER_INPUTS, JSON.stringify(inputs, null, 1));
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const started = Date.now();
  await buildServer();
  console.log(`server compiled to ${relative(process.cwd(), SERVER_OUT)} in ${Date.now() - started} ms`);
}
