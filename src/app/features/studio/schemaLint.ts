import type { AnySchemaObject } from 'ajv';
import { SCHEMA_BASE, type ContentFiles } from '../../../content/contentTypes';
import { createAjv } from '../../../validation/createAjv';
import { jsonLocations, rangeOf } from './jsonLocations';
import { type Diagnostic, isObject, lintWithoutCompiler, listsOf } from './lint';

export type { Diagnostic };

function schemaDiagnostics(path: string, text: string, schema: Record<string, unknown>, files: ContentFiles): Diagnostic[] {
  const locations = jsonLocations(text);
  const at = (pointer: string, message: string): Diagnostic => ({ ...rangeOf(locations, pointer), severity: 'error', message });
  const expectedId = SCHEMA_BASE + path;
  if (schema.$id !== expectedId) return [at('/$id', `"$id" must be "${expectedId}"`)];

  const others = Object.entries(files)
    .filter(([p, v]) => p !== path && p.endsWith('.schema.json') && isObject(v))
    .map(([, v]) => v as AnySchemaObject);
  let ajv;
  try {
    ajv = createAjv({ lists: listsOf(files), schemas: others });
  } catch (error) {
    // Another draft file is broken; it carries its own diagnostic.
    return [at('', `Other schemas of the draft do not compile: ${(error as Error).message}`)];
  }
  // 1. The JSON Schema draft-07 meta-schema.
  if (!ajv.validateSchema(schema)) {
    return (ajv.errors ?? []).map((e) => at(e.instancePath, `Not a valid JSON Schema (draft-07): ${e.instancePath || 'schema'} ${e.message ?? ''}`.trim()));
  }
  // 2. Our keywords (their own meta-schemas), strict mode (unknown keywords), $refs: all checked at compile.
  try {
    ajv.compile(schema);
    return [];
  } catch (error) {
    const message = (error as Error).message;
    const pathMatch = /at path "#([^"]*)"/.exec(message);
    return [at(pathMatch ? decodeURI(pathMatch[1]!) : '', message)];
  }
}

/**
 * Lints one file of the draft as the server will check it: JSON syntax, then for schemas the draft-07
 * meta-schema and a compile with the project's ajv (custom keywords refuse misuse there), for lists their shape,
 * for UI schemas an object. `files` is the whole content with the draft applied (for $refs and lists). Runs on the
 * server (POST /api/studio/lint): the editor loads lint.ts only, without ajv's compiler.
 */
export function lintContentFile(path: string, text: string, files: ContentFiles): Diagnostic[] {
  const { value, diagnostics } = lintWithoutCompiler(path, text);
  if (!value || !path.endsWith('.schema.json')) return diagnostics;
  return schemaDiagnostics(path, text, value, files);
}
