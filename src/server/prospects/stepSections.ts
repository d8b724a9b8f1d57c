import type { BuiltContent } from '../../content/contentTypes';

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

const cache = new WeakMap<BuiltContent, Map<string, ReadonlySet<string> | undefined>>();

/**
 * The top-level sections of the prospect that a step validated at the root ("" in stakeholderFlows.ts) reads,
 * from its schema's root keywords; undefined when it may read any (then it is always validated). Content is
 * read-only once built, so the answer is kept per content and step.
 */
export function stepSections(content: BuiltContent, step: string): ReadonlySet<string> | undefined {
  let perContent = cache.get(content);
  if (!perContent) cache.set(content, (perContent = new Map()));
  if (perContent.has(step)) return perContent.get(step);
  const out = new Set<string>();
  const schema = content.steps[step]?.schema;
  const sections = schema && collect(schema, out) && ![...out].some((s) => ALWAYS_VALIDATE.has(s)) ? out : undefined;
  perContent.set(step, sections);
  return sections;
}
