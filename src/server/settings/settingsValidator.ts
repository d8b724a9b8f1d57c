import type Ajv from 'ajv';
import type { Options, ValidateFunction } from 'ajv';
import { createAjv } from '../../validation/createAjv';
import { settingsSchema } from './settingsSchema';

/**
 * The settings' schema compiled by ajv. `extra`: more ajv options (the build's `code.source`, to write the compiled
 * function out as standalone code).
 */
export function compileSettingsValidator(extra: Options = {}): { ajv: Ajv; validate: ValidateFunction } {
  // The schema is a constant of the code, checked against ajv's meta-schema by a unit test (test/unit/settings.test.ts)
  // rather than at every start (compiling the meta-schema costs about 0.1 s of CPU on the start path).
  const ajv = createAjv({ ajv: { strict: false, validateSchema: false, ...extra } });
  return { ajv, validate: ajv.compile(settingsSchema) };
}

/**
 * The validator of the settings. Run from src/ (tsx, the tests) it is compiled here; the server's build replaces
 * this module by the ajv standalone code of `compileSettingsValidator` (scripts/precompiledModules.ts), so a start
 * of dist/server compiles nothing.
 */
export function settingsValidator(): ValidateFunction {
  return compileSettingsValidator().validate;
}
