import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import * as phone from '../../validation/phone';
import { RUNTIME_MODULE, validatorModuleSource } from '../../validation/standalone';

/** A validator module ready to send: the ES module text and its gzip (generated once, sent many times). */
export interface ValidatorModule {
  source: Buffer;
  gzip: Buffer;
}

/** How generated code calls phone.ts's functions (src/validation/keywords.ts: `require("./runtime.js").checkPhone`). */
const PHONE_CALLS = Object.entries(phone)
  .filter(([, value]) => typeof value === 'function')
  .map(([name]) => `require(${JSON.stringify(RUNTIME_MODULE)}).${name}`);

/** Whether generated code calls the x-phone rule's runtime (the browser then loads libphonenumber beside it). */
export function usesPhone(body: string): boolean {
  return PHONE_CALLS.some((call) => body.includes(call));
}

/**
 * The ES module the browser imports for some generated code, minified (issue 16: a form step downloads at most
 * 300 kB): ajv writes long local names (`vErrors`, `_errs12`, `data3`, `instancePath`) and a `sourceURL` comment per
 * function, which gzip does not take away; esbuild's minifier renames them and drops the comments, taking the KYC
 * annexure's Arabic module from 30.0 to 17.7 kB gzipped (250 to 173 kB of text). The server validates with the
 * generated code itself (src/content/validatorCode.ts), not with this text. esbuild (the build's own minifier, a
 * production dependency for this) runs in its own process: the event loop waits for none of it, and it is loaded on
 * the first module asked for, not at start-up. Its output has no eval or Function: the CSP stays as it is.
 */
export async function validatorModule(body: string): Promise<ValidatorModule> {
  const { transform } = await import('esbuild');
  const { code } = await transform(validatorModuleSource(body, usesPhone(body)), { minify: true, format: 'esm', charset: 'utf8', legalComments: 'none' });
  const source = Buffer.from(code, 'utf8');
  return { source, gzip: gzipSync(source, { level: 9 }) };
}

/** How long the module of a studio preview stays available: a preview fetches it at once, then keeps it. */
export const PREVIEW_MODULE_TTL_MS = 30 * 60_000;

/**
 * The validator modules of studio previews (a draft's step, generated on a product user's request), by a random
 * token: the browser imports them like a version's module (`/api/validators/drafts/{token}.js`), and a module
 * import cannot carry the user's Bearer token, so the unguessable address is the permission. In this process's
 * memory: a preview asks the server that generated it (the studio's requests go to one server per session).
 */
export function createPreviewModules() {
  const modules = new LRUCache<string, ValidatorModule>({ max: 200, ttl: PREVIEW_MODULE_TTL_MS });
  return {
    add(module: ValidatorModule): string {
      const token = randomBytes(24).toString('base64url');
      modules.set(token, module);
      return token;
    },
    get(token: string): ValidatorModule | undefined {
      return modules.get(token);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    previewModules: ReturnType<typeof createPreviewModules>;
  }
}
