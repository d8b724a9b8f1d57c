import { buildContent } from './buildContent';
import { contentHash } from './contentHash';
import type { BuiltContent, ContentFiles } from './contentTypes';
import { ContentValidator, type StoredValidatorCode } from './contentValidator';
import type { ValidatorCodeCache } from './validatorCode';
import { localizeFiles } from './i18n/catalogue';
import { DEFAULT_LOCALE, type Locale } from './i18n/locales';

/** Built content and its validators (ajv's standalone code of the steps and the prospect, generated once). */
export interface CompiledContent {
  built: BuiltContent;
  validator: ContentValidator;
  /** The files it was compiled from (a localized variant is compiled from them with a catalogue laid over). */
  files: ContentFiles;
}

/** A few versions at a time (the one served, the one a studio check compares with, a spare), each in two languages. */
const LIMIT = 8;
const cache = new Map<string, CompiledContent>();

/**
 * The compiled form of some content, shared by every app in the process and keyed by the content's hash:
 * compiling (bundling, then ajv) takes from a fraction of a second to seconds, and a process that builds the
 * app many times (the API tests) or checks drafts against older versions (the studio) would otherwise repeat
 * it for the same files. Both parts are read-only once built, so sharing them is safe. Throws, and caches
 * nothing, when the content does not build. `stored`: the version's generated validator code read from the
 * database (src/server/repositories/validatorCodeRepository.ts), which spares generating it (seconds). `hash`: the
 * files' contentHash when the caller has just computed it (hashing the whole content again costs tens of ms).
 */
export function compileContent(files: ContentFiles, stored?: { contentHash: string; code: StoredValidatorCode }, hash: string = contentHash(files)): CompiledContent {
  const hit = cache.get(hash);
  if (hit) {
    // Most recently used last, so the oldest entry is the one dropped.
    cache.delete(hash);
    cache.set(hash, hit);
    return hit;
  }
  const built = buildContent(files, { hash });
  // Code generated earlier for these very files (by the same generator: the caller's concern) is run as is.
  const code = stored?.contentHash === hash ? stored.code : (handedOver.get(hash) ?? {});
  handedOver.delete(hash);
  const compiled = { built, validator: new ContentValidator(built, code).precompile(), files };
  cache.set(hash, compiled);
  if (cache.size > LIMIT) cache.delete(cache.keys().next().value!);
  return compiled;
}

/**
 * compileContent for a server serving requests meanwhile: the same result (and cache), built in slices with `turn`
 * awaited between them (building the content, parsing the server's code, running it: each tens of ms of the thread).
 * `stored.serverCodeCache`: V8's code cache of `stored.code.server` (the studio's worker makes it at a publication).
 */
export async function compileContentInSlices(
  files: ContentFiles,
  stored: { contentHash: string; code: StoredValidatorCode; serverCodeCache?: ValidatorCodeCache } | undefined,
  hash: string,
  turn: () => Promise<void>,
): Promise<CompiledContent> {
  if (cache.has(hash)) return compileContent(files, stored, hash);
  const built = buildContent(files, { hash });
  const code = stored?.contentHash === hash ? stored.code : (handedOver.get(hash) ?? {});
  handedOver.delete(hash);
  await turn();
  const codeCache = stored?.contentHash === hash ? stored.serverCodeCache : undefined;
  const validator = await new ContentValidator(built, code).precompileInSlices(turn, codeCache);
  // Compiled by another caller meanwhile: that one is kept (one compiled content per hash).
  if (cache.has(hash)) return compileContent(files, stored, hash);
  const compiled = { built, validator, files };
  cache.set(hash, compiled);
  if (cache.size > LIMIT) cache.delete(cache.keys().next().value!);
  return compiled;
}

/** Code generated elsewhere in this process (the studio's worker) for content not compiled yet, by content hash. */
const handedOver = new Map<string, StoredValidatorCode>();

/**
 * Hands over the generated code of some content (by its contentHash) that this process is about to compile: a
 * publication's localized variants, whose code the studio's worker generated, so that the first request in that
 * language does not generate it on the event loop. Used once, by the next compileContent of that hash.
 */
export function handOverValidatorCode(hash: string, code: StoredValidatorCode): void {
  handedOver.set(hash, code);
  if (handedOver.size > LIMIT) handedOver.delete(handedOver.keys().next().value!);
}

/** Compiled content of this process by its hash (`BuiltContent.version`), when one of the cached versions has it. */
export function compiledByHash(hash: string): CompiledContent | undefined {
  return cache.get(hash);
}

const localizedCache = new WeakMap<CompiledContent, Map<Locale, CompiledContent>>();

/**
 * The content in a language: the files with the locale's catalogue (schemas/i18n/<locale>.json) laid over them,
 * compiled like any content (its own hash, so its own standalone validators whose messages are the translated
 * ones). The rules are those of the English files, untouched: the browser and the server both run this code for
 * the locale, so they give the same messages. English is the content itself.
 */
export function localizedContent(compiled: CompiledContent, locale: Locale): CompiledContent {
  if (locale === DEFAULT_LOCALE) return compiled;
  let byLocale = localizedCache.get(compiled);
  if (!byLocale) localizedCache.set(compiled, (byLocale = new Map()));
  let hit = byLocale.get(locale);
  if (!hit) byLocale.set(locale, (hit = compileContent(localizeFiles(compiled.files, locale))));
  return hit;
}
