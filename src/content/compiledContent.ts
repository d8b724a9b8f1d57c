import { buildContent } from './buildContent';
import { contentHash } from './contentHash';
import type { BuiltContent, ContentFiles } from './contentTypes';
import { ContentValidator, type StoredValidatorCode } from './contentValidator';

/** Built content and its validators (ajv's standalone code of the steps and the prospect, generated once). */
export interface CompiledContent {
  built: BuiltContent;
  validator: ContentValidator;
}

/** A few versions at a time: the one served, the one a studio check compares with, and a spare. */
const LIMIT = 4;
const cache = new Map<string, CompiledContent>();

/**
 * The compiled form of some content, shared by every app in the process and keyed by the content's hash:
 * compiling (bundling, then ajv) takes from a fraction of a second to seconds, and a process that builds the
 * app many times (the API tests) or checks drafts against older versions (the studio) would otherwise repeat
 * it for the same files. Both parts are read-only once built, so sharing them is safe. Throws, and caches
 * nothing, when the content does not build. `stored`: the version's generated validator code read from the
 * database (src/server/repositories/validatorCodeRepository.ts), which spares generating it (seconds).
 */
export function compileContent(files: ContentFiles, stored?: { contentHash: string; code: StoredValidatorCode }): CompiledContent {
  const hash = contentHash(files);
  const hit = cache.get(hash);
  if (hit) {
    // Most recently used last, so the oldest entry is the one dropped.
    cache.delete(hash);
    cache.set(hash, hit);
    return hit;
  }
  const built = buildContent(files);
  // Code generated earlier for these very files (by the same generator: the caller's concern) is run as is.
  const code = stored?.contentHash === hash ? stored.code : {};
  const compiled = { built, validator: new ContentValidator(built, code).precompile() };
  cache.set(hash, compiled);
  if (cache.size > LIMIT) cache.delete(cache.keys().next().value!);
  return compiled;
}

/** Compiled content of this process by its hash (`BuiltContent.version`), when one of the cached versions has it. */
export function compiledByHash(hash: string): CompiledContent | undefined {
  return cache.get(hash);
}
