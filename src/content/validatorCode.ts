/**
 * Generates the validators of a content version as ajv standalone code (server side only: it needs ajv's
 * compiler). The project's keywords generate calls to `src/validation/runtime.ts` by module name, so the code
 * runs wherever `standaloneRequire` supplies that runtime: in the browser, which imports its step's part of its
 * version's and role's code (`/api/validators/{version}/{role}/{step}.js`, src/content/stepModules.ts) and compiles
 * nothing, and on the server, which validates every save with the same code.
 */
import { compileFunction } from 'node:vm';
import type Ajv from 'ajv';
import type { AnySchemaObject, Options } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { type RJSFSchema, schemaParser } from '@rjsf/utils';
import type { ReferenceLists } from '../validation/lists';
import * as phone from '../validation/phone';
import { type PrecompiledValidators, standaloneRequire, subSchemaKey } from '../validation/standalone';
import { slimSchemaConstants } from './slimSchemas';

type Json = unknown;

/**
 * The options of the ajv that generates the code (here, so that the generator's fingerprint covers them).
 * `code.source`: the compiled functions keep their code, from which the standalone modules are written.
 * `inlineRefs: false`: every `$ref` (a step in the prospect, a step in a stakeholder) calls the referenced schema's
 * function instead of copying its code. Inlined, the prospect and its stakeholder were single functions of 565 and
 * 370 kB of source, too large for V8 to optimise, and validating a 50-stakeholder prospect took twice as long
 * (`npm run bench:validate`: median 0.83 -> 0.41 ms); the server's code is also 40 % smaller (2.3 -> 1.4 MB).
 */
export const GENERATOR_AJV_OPTIONS: Options = { code: { source: true }, inlineRefs: false };

/** Local refs (`#/definitions/x`) of a sub-schema made absolute to its root, so it compiles on its own. */
function absoluteRefs(node: Json, rootId: string): Json {
  if (Array.isArray(node)) return node.map((n) => absoluteRefs(n, rootId));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === '$ref' && typeof value === 'string' && value.startsWith('#') ? rootId + value : absoluteRefs(value, rootId);
  }
  return out;
}

export interface ValidatorCodeOptions {
  /** Schemas (registered in `ajv`) exported under their `$id` or ref (`$id#/definitions/complete`). */
  ids: string[];
  /**
   * Roots whose sub-schemas RJSF may pass to `isValid` (anyOf/oneOf options, if conditions), found as RJSF
   * finds them (`schemaParser`), exported under `subSchemaKey(root $id, RJSF's hash)`.
   */
  formRoots?: AnySchemaObject[];
}

/**
 * The generated code (a CommonJS body) of the given schemas, with the parts of schemas it reads as constants of
 * their own rather than whole schemas (slimSchemas.ts). `ajv` must have `code.source` on; the schemas it
 * compiles stay compiled in it, so several modules of one version cost one compilation.
 */
export function generateValidatorCode(ajv: Ajv, options: ValidatorCodeOptions): string {
  const refs: Record<string, string> = {};
  for (const id of options.ids) refs[id] = id;
  for (const root of options.formRoots ?? []) {
    const rootId = root.$id as string;
    for (const [hash, schema] of Object.entries(schemaParser(root as RJSFSchema))) {
      if (hash === rootId) continue;
      const key = subSchemaKey(rootId, hash);
      if (!ajv.getSchema(key)) {
        const { $id: _hash, ...sub } = schema;
        ajv.addSchema(absoluteRefs(sub, rootId) as AnySchemaObject, key);
      }
      refs[key] = key;
    }
  }
  // Constants of the parts of schemas the code reads, not of whole schemas (src/content/slimSchemas.ts).
  return slimSchemaConstants(standaloneCode(ajv, refs));
}

/**
 * V8's code cache of the server's generated code (about 190 kB for 1.4 MB of code): the studio's worker makes it
 * when it publishes a version, so that the thread serving requests loads the version without parsing its code.
 */
export function validatorCodeCache(body: string): ValidatorCodeCache {
  const fn = compileFunction(body, ['require', 'exports'], { produceCachedData: true }) as { cachedData?: Buffer };
  return { code: body, data: new Uint8Array(fn.cachedData ?? []) };
}

/** V8's code cache of some generated code, with that code (the cache is valid for it alone). */
export interface ValidatorCodeCache {
  code: string;
  data: Uint8Array;
}

/** Runs generated code on the server (the browser imports it as a module instead). */
export function instantiateValidatorCode(body: string, lists: ReferenceLists): PrecompiledValidators {
  return compileValidatorCode(body).run(lists);
}

/**
 * The two halves of instantiateValidatorCode, for a caller that gives the event loop a turn between them (the
 * content store loading a new version while serving requests): V8 parsing the 1.4 MB body, then running it.
 */
export function compileValidatorCode(body: string, cache?: ValidatorCodeCache): { run(lists: ReferenceLists): PrecompiledValidators; cacheRejected: boolean } {
  // Code generated by ajv from the content, run as ajv itself runs what it compiles (a function of `require` and
  // `exports`, as new Function made it). `cache`: V8's code cache of this very body (validatorCodeCache), which
  // spares parsing it (2 ms instead of 40 to 200). V8 checks only a cache's source length and flags, and would run
  // the cached code of another body of the same length: a cache is used only with the code it was made from.
  const usable = cache !== undefined && cache.code === body;
  const fn = compileFunction(body, ['require', 'exports'], usable ? { cachedData: cache.data } : {}) as ((require: unknown, exports: PrecompiledValidators) => void) & { cachedDataRejected?: boolean };
  return {
    run(lists) {
      const exports: PrecompiledValidators = {};
      fn(standaloneRequire(lists, phone), exports);
      return exports;
    },
    cacheRejected: cache !== undefined && (!usable || fn.cachedDataRejected === true),
  };
}
