import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './projectRoot';

/**
 * What generates validator code: ajv's standalone code generation with the project's keywords, and RJSF's schema
 * parser (which sub-schemas get a function). Stored code (migrations/020, `validator_code`) is reused only by a
 * server whose generator has the same fingerprint; any change to these files or packages makes it generate anew.
 * The keywords' runtime (src/validation/runtime.ts) is not part of it: generated code calls the running server's.
 */
export const GENERATOR_FILES = ['src/validation/keywords.ts', 'src/validation/createAjv.ts', 'src/validation/standalone.ts', 'src/content/validatorCode.ts', 'src/content/slimSchemas.ts', 'src/content/stepModules.ts'];
export const GENERATOR_PACKAGES = ['ajv', 'ajv-formats', 'ajv-errors', '@rjsf/utils'];

/** Fingerprint of the generator from the project's files (the build stores it in dist/server/main.js). */
export function computeGeneratorFingerprint(root: string = PROJECT_ROOT): string {
  const hash = createHash('sha256');
  for (const file of GENERATOR_FILES) hash.update(`${file}\n`).update(readFileSync(join(root, file)));
  for (const name of GENERATOR_PACKAGES) {
    const { version } = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
    hash.update(`${name}@${version}\n`);
  }
  return hash.digest('hex').slice(0, 24);
}

// Replaced by the server build (scripts/buildServer.ts, esbuild `define`): the compiled server carries the
// fingerprint of the sources it was compiled from, and needs neither src/ nor the packages' manifests at run time.
declare const __VALIDATOR_GENERATOR__: string | undefined;

let fingerprint: string | undefined;
/** The fingerprint of the running server's generator. */
export function generatorFingerprint(): string {
  fingerprint ??= typeof __VALIDATOR_GENERATOR__ === 'string' ? __VALIDATOR_GENERATOR__ : computeGeneratorFingerprint();
  return fingerprint;
}
