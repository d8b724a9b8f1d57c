/**
 * What RJSF asks of `fast-uri`: resolving a `$ref` against the `$id` in force, and comparing two ids. The app build
 * points @rjsf/utils' import of `fast-uri` here (vite.config.ts; ajv in the studio keeps the real one), which takes
 * 7.5 kB gzipped off every form page: the browser's URL does the same for the ids this content uses. RJSF calls it
 * only for draft 2020-12 schemas (the steps are draft-07); test/unit/uriResolver.test.ts checks its answers
 * against fast-uri's for every `$id` and `$ref` of the content and the relative cases besides.
 */

/** A base for ids that are not absolute URLs (`#`, `steps/a.json`), removed again from the answer. */
const RELATIVE = 'https://relative.invalid/';

function absolute(uri: string, base?: string): URL | undefined {
  try {
    return new URL(uri, base === undefined ? RELATIVE : new URL(base, RELATIVE));
  } catch {
    return undefined;
  }
}

const text = (url: URL) => (url.href.startsWith(RELATIVE) ? url.href.slice(RELATIVE.length) : url.href);

/** `ref` resolved against `base` (RFC 3986). */
function resolve(base: string, ref: string): string {
  const url = absolute(ref, base);
  return url ? text(url) : ref;
}

/** Whether two ids name the same resource once normalised (scheme and host case, default port, dot segments). */
function equal(a: string, b: string): boolean {
  const [x, y] = [absolute(a), absolute(b)];
  return x && y ? text(x) === text(y) : a === b;
}

export default { resolve, equal };
