import type { BuiltContent } from '../../content/contentTypes';
import { PROSPECT_FIELDS } from '../../content/contentValidator';

type Obj = Record<string, unknown>;

/** Root keywords that read no data (annotations, definitions, messages about errors found by others). */
const READS_NOTHING = new Set(['$id', '$schema', '$comment', 'title', 'description', 'definitions', '$defs', 'errorMessage', 'examples', 'default', 'type']);
/** Sections a step may read but whose value can change after the step was validated (completed steps, by the save itself). */
const ALWAYS_VALIDATE = new Set(['freeFieldsInfo']);

/** Adds the top-level names a root schema reads; false when it may read others (or what it reads can't be told). */
function collect(schema: unknown, out: Set<string>): boolean {
  if (typeof schema === 'boolean') return true;
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return false;
  for (const [keyword, value] of Object.entries(schema as Obj)) {
    if (READS_NOTHING.has(keyword)) continue;
    if (keyword === 'properties' && value && typeof value === 'object') {
      for (const name of Object.keys(value)) out.add(name);
    } else if (keyword === 'required' && Array.isArray(value)) {
      for (const name of value) out.add(String(name));
    } else if (keyword === 'if' || keyword === 'then' || keyword === 'else' || keyword === 'not') {
      if (!collect(value, out)) return false;
    } else if ((keyword === 'allOf' || keyword === 'anyOf' || keyword === 'oneOf') && Array.isArray(value)) {
      for (const sub of value) if (!collect(sub, out)) return false;
    } else {
      // additionalProperties, patternProperties, $ref, a custom keyword (x-phone, x-totalLength...): anything.
      return false;
    }
  }
  return true;
}

/**
 * The top-level sections of the prospect a schema validated at the prospect's root reads, from its root keywords;
 * undefined when it may read any (then whatever validates with it always runs).
 */
export function schemaSections(schema: unknown): ReadonlySet<string> | undefined {
  const out = new Set<string>();
  return schema && collect(schema, out) && ![...out].some((s) => ALWAYS_VALIDATE.has(s)) ? out : undefined;
}

const cache = new WeakMap<BuiltContent, Map<string, ReadonlySet<string> | undefined>>();

/** A content's answer kept by name (content is read-only once built). */
function kept(content: BuiltContent, name: string, find: () => ReadonlySet<string> | undefined): ReadonlySet<string> | undefined {
  let perContent = cache.get(content);
  if (!perContent) cache.set(content, (perContent = new Map()));
  if (perContent.has(name)) return perContent.get(name);
  const sections = find();
  perContent.set(name, sections);
  return sections;
}

/**
 * The top-level sections of the prospect that a step validated at the root ("" in stakeholderFlows.ts) reads
 * (schemaSections of its schema), kept per content and step.
 */
export function stepSections(content: BuiltContent, step: string): ReadonlySet<string> | undefined {
  return kept(content, `steps/${step}`, () => schemaSections(content.steps[step]?.schema));
}

/** The sections the prospect's fields no step edits (prospect.schema.json#/definitions/prospectFields) read. */
export function prospectFieldsSections(content: BuiltContent): ReadonlySet<string> | undefined {
  return kept(content, PROSPECT_FIELDS, () => schemaSections((content.registry.get(content.prospectSchemaId) as { definitions?: Record<string, unknown> } | undefined)?.definitions?.[PROSPECT_FIELDS]));
}
