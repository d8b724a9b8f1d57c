import type { ContentFiles } from '../../../content/contentTypes';
import type { ReferenceList, ReferenceLists } from '../../../validation/lists';
import { jsonLocations, rangeOf, syntaxErrorOffset } from './jsonLocations';
import type { StaffText } from './staffText';

/** One lint finding in a file of the draft, with the characters it is about. */
export interface Diagnostic {
  from: number;
  to: number;
  severity: 'error' | 'warning';
  /** In English (the server's lint answers it as is; ajv's findings have no other words). */
  message: string;
  /** The same finding in the studio's words, when the editor's own lint found it (the editor says it in the studio's language). */
  text?: StaffText;
}

export const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

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
    return { diagnostic: { from: at, to: Math.min(at + 1, text.length), severity: 'error', message: `JSON syntax: ${message}`, text: { id: 'studio.lint.syntax', values: { message } } } };
  }
}

export function listDiagnostics(text: string, list: Record<string, unknown>): Diagnostic[] {
  const locations = jsonLocations(text);
  const at = (pointer: string, message: string, text: StaffText): Diagnostic => ({ ...rangeOf(locations, pointer), severity: 'error', message, text });
  if (!Array.isArray(list.options)) return [at('', 'A list needs "options": [{ "value", "label" }]', { id: 'studio.lint.noOptions' })];
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  list.options.forEach((o: unknown, i) => {
    if (!isObject(o) || typeof o.value !== 'string' || typeof o.label !== 'string') {
      out.push(at(`/options/${i}`, 'Each option needs a text "value" and "label"', { id: 'studio.lint.optionShape' }));
    } else if (seen.has(o.value)) {
      out.push(at(`/options/${i}/value`, `Duplicate value "${o.value}"`, { id: 'studio.lint.duplicate', values: { value: o.value } }));
    } else seen.add(o.value);
  });
  return out;
}

/**
 * What the editor lints itself: JSON syntax (any file), the object a file must hold, the shape of a list. A schema
 * is linted by the server (POST /api/studio/lint, schemaLint.ts): compiling it needs ajv's compiler, which the
 * browser neither runs (the CSP has no 'unsafe-eval') nor loads.
 */
export function lintWithoutCompiler(path: string, text: string): { value?: Record<string, unknown>; diagnostics: Diagnostic[] } {
  const parsed = parseJson(text);
  if (parsed.diagnostic) return { diagnostics: [parsed.diagnostic] };
  if (!isObject(parsed.value)) return { diagnostics: [{ from: 0, to: text.length, severity: 'error', message: `${path} must hold a JSON object`, text: { id: 'studio.lint.notObject', values: { path } } }] };
  return { value: parsed.value, diagnostics: path.startsWith('lists/') ? listDiagnostics(text, parsed.value) : [] };
}
