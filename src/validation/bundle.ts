import type { AnySchemaObject } from 'ajv';

type Json = unknown;
type Registry = ReadonlyMap<string, AnySchemaObject>;

function resolveUrl(ref: string, base: string): string {
  try {
    return new URL(ref, base).href;
  } catch {
    return ref;
  }
}

function fragmentAt(doc: Json, fragment: string): Json {
  if (fragment === '' || fragment === '/') return doc;
  return fragment
    .split('/')
    .slice(1)
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<Json>((cur, key) => (cur && typeof cur === 'object' ? (cur as Record<string, Json>)[key] : undefined), doc);
}

function definitionKey(docId: string, fragment: string): string {
  const file = docId.replace(/\.json$/, '').split('/').pop() ?? 'ref';
  const tail = fragment.split('/').filter(Boolean).pop();
  return tail ? `${file}.${tail}` : file;
}

/**
 * Makes a schema self-contained: every `$ref` to another registered schema is copied into `definitions` and
 * rewritten to a local `#/definitions/...` ref. RJSF resolves local refs only, so the config endpoint serves
 * bundled step schemas; ajv validates the same bundled schema in the browser and on the server.
 */
export function bundleSchema(schema: AnySchemaObject, registry: Registry): AnySchemaObject {
  const rootId = schema.$id as string;
  const definitions: Record<string, Json> = {};
  const inProgress = new Set<string>();

  const rewrite = (node: Json, docId: string, isRootDoc: boolean): Json => {
    if (Array.isArray(node)) return node.map((n) => rewrite(n, docId, isRootDoc));
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, Json> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        out.$ref = localRef(value, docId, isRootDoc);
      } else if (key === '$id' && !isRootDoc) {
        continue; // imported documents lose their identity inside the bundle
      } else if (key === 'definitions' && !isRootDoc) {
        continue; // imported definitions are pulled in one by one, when referenced
      } else {
        out[key] = rewrite(value, docId, isRootDoc);
      }
    }
    return out;
  };

  const localRef = (ref: string, docId: string, isRootDoc: boolean): string => {
    if (ref.startsWith('#') && isRootDoc) return ref;
    const absolute = resolveUrl(ref, docId);
    const [base = '', fragment = ''] = absolute.split('#');
    if (base === rootId) return `#${fragment}`;
    const doc = registry.get(base);
    if (!doc) throw new Error(`Unresolved $ref ${ref} in ${docId}`);
    const key = definitionKey(base, fragment);
    if (!(key in definitions) && !inProgress.has(key)) {
      inProgress.add(key);
      const target = fragmentAt(doc, fragment);
      if (target === undefined) throw new Error(`Unresolved $ref ${ref} in ${docId}`);
      definitions[key] = rewrite(target, base, false);
      inProgress.delete(key);
    }
    return `#/definitions/${key}`;
  };

  const body = rewrite(schema, rootId, true) as AnySchemaObject;
  if (Object.keys(definitions).length > 0) body.definitions = { ...(body.definitions as object), ...definitions };
  return body;
}
