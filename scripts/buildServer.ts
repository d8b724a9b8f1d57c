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
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { computeGeneratorFingerprint } from '../src/content/generatorFingerprint';
import { precompiledModuleInputs, precompiledModulesPlugin } from './precompiledModules';

const root = join(import.meta.dirname, '..');
export const SERVER_OUT = join(root, 'dist', 'server', 'main.js');
export const SERVER_INPUTS = join(root, 'dist', 'server', 'inputs.json');

/**
 * The production packages left as imports of node_modules; every other one is bundled into the server. Loading
 * node_modules file by file (resolving, reading and compiling each module, CommonJS ones parsed once more to find
 * their exports for ESM) was about a quarter of a start's CPU: Kysely's 280 files alone took 0.2 to 0.3 s, Fastify,
 * its plugins, ajv, jose, prom-client and libphonenumber-js 0.4 s more. Left out: PGlite, which reads its WebAssembly and
 * file bundle beside its code; pg, nodemailer and file-type, loaded only when used (PostgreSQL, SMTP_URL, the first
 * upload); esbuild, which runs its native binary found beside its package (src/server/content/validatorModules.ts minifies
 * the browser's validator modules with it, loaded on the first one asked for). Bundled packages that read files of their own package: @fastify/swagger-ui serves its static/ folder,
 * found from the installed package (swaggerUiFiles below); @fastify/swagger reads its package.json only for a default
 * title and version of the OpenAPI description, which src/server/plugins/external/openapi.ts gives. The bundled packages are still production dependencies (their
 * code comes from the build's node_modules, which package-lock.json fixes).
 */
const EXTERNAL_PACKAGES = new Set(['@electric-sql/pglite', 'pg', 'nodemailer', 'file-type', 'esbuild']);

/** The packages left as imports, with their subpaths (each must be a production dependency). */
function externalPackages(): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const name of EXTERNAL_PACKAGES) if (!(name in pkg.dependencies)) throw new Error(`${name} is left external but is no production dependency`);
  return [...EXTERNAL_PACKAGES].flatMap((name) => [name, `${name}/*`]);
}

/**
 * @fastify/swagger-ui (the /api/docs page, on outside production) reads its logo and serves its static/ folder from
 * `__dirname`, which a bundle does not have: its modules get the folder they have in the installed package (a
 * production dependency), resolved at run time, so the page serves the very files it did unbundled. Bundled, its
 * registration no longer loads its own copies of yaml and @fastify/static file by file (0.08-0.1 s of a start).
 */
function swaggerUiFiles(): Plugin {
  const packageDir = join(root, 'node_modules', '@fastify', 'swagger-ui');
  return {
    name: 'swagger-ui-files',
    setup(builder) {
      builder.onLoad({ filter: /[\\/]node_modules[\\/]@fastify[\\/]swagger-ui[\\/].*\.js$/ }, async (args) => {
        const folder = relative(packageDir, dirname(args.path)).split(sep).join('/');
        const dirnameAtRunTime = `require('node:path').join(require('node:path').dirname(require.resolve('@fastify/swagger-ui')), ${JSON.stringify(folder)})`;
        return { contents: `var __dirname = ${dirnameAtRunTime};\n${await readFile(args.path, 'utf8')}`, loader: 'js' };
      });
    },
  };
}

/**
 * Bundled CommonJS packages require Node's own modules (and ajv's generated code its runtime): an ES module has no
 * `require`, so the bundle makes one, relative to itself.
 */
const REQUIRE_BANNER = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

export async function buildServer(): Promise<void> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/server/main.ts', 'src/server/contentPublish.ts', { in: 'src/server/studio/studioWorker.ts', out: 'studioWorker' }],
    outdir: join(root, 'dist', 'server'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // Every package is bundled but those of EXTERNAL_PACKAGES (the development packages the server uses too:
    // @rjsf/utils's schema parser, which the validator generation runs; its other parts need React).
    external: externalPackages(),
    banner: { js: REQUIRE_BANNER },
    // The settings' and lifecycle's validators as standalone code generated now, not compiled at each start.
    plugins: [precompiledModulesPlugin(), swaggerUiFiles()],
    sourcemap: true,
    metafile: true,
    // The validator generator's fingerprint (src/content/generatorFingerprint.ts), fixed at build time.
    define: { __VALIDATOR_GENERATOR__: JSON.stringify(computeGeneratorFingerprint(root)) },
    logLevel: 'warning',
  });
  const inputs = [
    ...new Set([...Object.keys(result.metafile.inputs).map((p) => relative(root, join(root, p))), ...(await precompiledModuleInputs())]),
  ];
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
