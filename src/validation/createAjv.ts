import Ajv, { type AnySchemaObject, type Options } from 'ajv';
import addErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import { projectKeywords } from './keywords';
import type { ReferenceLists } from './lists';

export interface CreateAjvOptions {
  /** Schemas registered by their `$id` (steps, definitions, the prospect schema). */
  schemas?: AnySchemaObject[];
  /** Reference lists used by the `x-list` keyword. */
  lists?: ReferenceLists;
  /** Extra ajv options (tests, the standalone build). */
  ajv?: Options;
}

/**
 * The one factory behind every validator of the project: the browser (RJSF), the API and the testers' CLI.
 * allErrors is on so that a form shows every problem at once (and ajv-errors needs it).
 */
export function createAjv(options: CreateAjvOptions = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    strictRequired: false,
    strictTypes: false,
    // Without it 0.29 is not a multiple of 0.01 in binary floating point.
    multipleOfPrecision: 8,
    allowUnionTypes: true,
    messages: true,
    ...options.ajv,
  });
  addFormats(ajv, ['date', 'time', 'date-time', 'email', 'uri']);
  addErrors(ajv);
  for (const keyword of projectKeywords(options.lists ?? {})) ajv.addKeyword(keyword);
  for (const schema of options.schemas ?? []) ajv.addSchema(schema);
  return ajv;
}
