import Ajv from 'ajv';
import type { Options, ValidateFunction } from 'ajv';
import { LIFECYCLE_META_SCHEMA } from './lifecycleSchema';

/**
 * lifecycle.json's meta-schema compiled by ajv. `extra`: more ajv options (the build's `code.source`, to write the
 * compiled function out as standalone code).
 */
export function compileLifecycleValidator(extra: Options = {}): { ajv: Ajv; validate: ValidateFunction } {
  // LIFECYCLE_META_SCHEMA is a constant, checked against ajv's meta-schema by a unit test (test/unit/lifecycle.test.ts),
  // not at every start (compiling the meta-schema costs about 0.1 s of CPU).
  const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false, ...extra });
  return { ajv, validate: ajv.compile(LIFECYCLE_META_SCHEMA) };
}

let compiled: ValidateFunction | undefined;

/**
 * The validator of lifecycle.json's shape, compiled at its first use. Run from src/ (tsx, the tests) it is compiled
 * here; the server's build replaces this module by the ajv standalone code of `compileLifecycleValidator`
 * (scripts/precompiledModules.ts), so a start of dist/server compiles nothing.
 */
export function lifecycleValidator(): ValidateFunction {
  compiled ??= compileLifecycleValidator().validate;
  return compiled;
}
