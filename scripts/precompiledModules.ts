/**
 * Modules of src/ that the server's build (scripts/buildServer.ts) replaces by code generated at build time, so
 * that a start of dist/server compiles nothing that is the same at every start: the settings' validator (checked
 * before anything else starts) and lifecycle.json's (checked when a content version is built). Each module compiles
 * its schema with ajv when run from src/ (tsx, the tests) and exports a function returning the compiled validator;
 * in dist/server it is ajv's standalone code of the very same compilation (the same function of src/, with
 * `code.source` on), exporting the same function. test/unit/precompiledModules.test.ts runs both on the same
 * documents and requires the same answers and errors.
 */
import type Ajv from 'ajv';
import type { Options, ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { build, type Plugin } from 'esbuild';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
/** What the build adds to each module's ajv options: the compiled functions keep their source, for standaloneCode. */
const SOURCE: Options = { code: { source: true, esm: true } };

export interface PrecompiledModule {
  /** The module replaced in the build, from the project root. */
  path: string;
  /** The function it exports (no arguments, returns the compiled validator). */
  exportName: string;
  /** Compiles the module's schema as the module does, with the extra ajv options. */
  compile(extra: Options): Promise<{ ajv: Ajv; validate: ValidateFunction }>;
}

export const PRECOMPILED_MODULES: PrecompiledModule[] = [
  {
    path: 'src/server/settings/settingsValidator.ts',
    exportName: 'settingsValidator',
    compile: async (extra) => (await import('../src/server/settings/settingsValidator')).compileSettingsValidator(extra),
  },
  {
    path: 'src/content/lifecycleValidator.ts',
    exportName: 'lifecycleValidator',
    compile: async (extra) => (await import('../src/content/lifecycleValidator')).compileLifecycleValidator(extra),
  },
];

/**
 * The generated module: ajv's standalone code as an ES module (its `validate` export; esbuild bundles the ajv runtime
 * it requires), exporting `exportName` as a function returning the validator.
 */
export async function precompiledModuleCode(module: PrecompiledModule): Promise<string> {
  const { ajv, validate } = await module.compile(SOURCE);
  return `${standaloneCode(ajv, validate)}\nexport function ${module.exportName}() {\n  return validate;\n}\n`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The esbuild plugin that loads each precompiled module as its generated code. */
export function precompiledModulesPlugin(): Plugin {
  return {
    name: 'precompiled-modules',
    setup(builder) {
      for (const module of PRECOMPILED_MODULES) {
        builder.onLoad({ filter: new RegExp(`^${escapeRegExp(join(root, module.path))}$`) }, async () => ({
          contents: await precompiledModuleCode(module),
          loader: 'js',
          resolveDir: root,
        }));
      }
    },
  };
}

/**
 * The source files the precompiled modules are generated from (each module and what it imports from the project),
 * which the build's metafile no longer lists: `npm start` builds again when one of them changes.
 */
export async function precompiledModuleInputs(): Promise<string[]> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: PRECOMPILED_MODULES.map((m) => m.path),
    bundle: true,
    write: false,
    outdir: join(root, 'dist', 'precompiled-inputs'),
    platform: 'node',
    format: 'esm',
    packages: 'external',
    metafile: true,
    logLevel: 'warning',
  });
  return Object.keys(result.metafile.inputs).map((p) => relative(root, join(root, p)));
}
