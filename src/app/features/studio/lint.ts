import type { AnySchemaObject } from 'ajv';
import { SCHEMA_BASE, type ContentFiles } from '../../../content/contentTypes';
import { createAjv } from '../../../validation/createAjv';
import type { ReferenceList, ReferenceLists } from '../../../validation/lists';
import { jsonLocations, rangeOf, syntaxErrorOffset } from './jsonLocations';

/** One lint finding in a file of the draft, with the characters it is about. */
export interface Diagnostic {
  from: number;
  to: number;
  severity: 'error' | 'warning';
  message: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Reference lists of the content (draft files win over the published ones). */
export function listsOf(files: ContentFiles): ReferenceLists {
  const lists: ReferenceLists = {};
  for (const [path, value] of Object.entries(files)) {
    const m = /^lists\/([A-Za-z0-9]+)\.json$/.exec(path);
    if (m && isObject(value)) lists[m[1]!] = value as unknown as ReferenceList;
  }
  return lists;
}

/** Parses a draft text; a syntax error becomes a diagnostic at the offending character. */
export function parseJson(text: string): { value?: unknown; diagnostic?: Diagnostic } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    const message = (error as Error).message;
    const at = syntaxErrorOffset(text, message);
    return { diagnostic: { from: at, to: Math.min(at + 1, text.length), severity: 'error', message: `JSON syntax: ${message}` } };
  }
}

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

function listDiagnostics(text: string, list: Record<string, unknown>): Diagnostic[] {
  const locations = jsonLocations(text);
  const at = (pointer: string, message: string): Diagnostic => ({ ...rangeOf(locations, pointer), severity: 'error', message });
  if (!Array.isArray(list.options)) return [at('', 'A list needs "options": [{ "value", "label" }]')];
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  list.options.forEach((o: unknown, i) => {
    if (!isObject(o) || typeof o.value !== 'string' || typeof o.label !== 'string') {
      out.push(at(`/options/${i}`, 'Each option needs a text "value" and "label"'));
    } else if (seen.has(o.value)) {
      out.push(at(`/options/${i}/value`, `Duplicate value "${o.value}"`));
    } else seen.add(o.value);
  });
  return out;
}

/**
 * Lints one file of the draft as the server will check it: JSON syntax, then for schemas the draft-07
 * meta-schema and a compile with the project's ajv (custom keywords refuse misuse there), for lists their shape,
 * for UI schemas an object. `files` is the whole content with the draft applied (for $refs and lists).
 */
export function lintContentFile(path: string, text: string, files: ContentFiles): Diagnostic[] {
  const parsed = parseJson(text);
  if (parsed.diagnostic) return [parsed.diagnostic];
  if (!isObject(parsed.value)) return [{ from: 0, to: text.length, severity: 'error', message: `${path} must hold a JSON object` }];
  if (path.endsWith('.schema.json')) return schemaDiagnostics(path, text, parsed.value, files);
  if (path.startsWith('lists/')) return listDiagnostics(text, parsed.value);
  return [];
}
