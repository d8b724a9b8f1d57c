import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { compiledByHash, localizedContent } from '../../content/compiledContent';
import { ROLES, type Role } from '../../content/contentTypes';
import { DEFAULT_LOCALE, type Locale, LOCALES } from '../../content/i18n/locales';
import { ApiError } from '../plugins/app/errors';
import { type ValidatorModule, validatorModule } from '../content/validatorModules';

const params = {
  type: 'object',
  required: ['version', 'role'],
  additionalProperties: false,
  properties: {
    version: { type: 'string', pattern: '^[0-9a-f]{16}$' },
    // customer.js (English), customer.ar.js (the locale's messages), ...
    role: { type: 'string', enum: ROLES.flatMap((r) => LOCALES.map((l) => (l === DEFAULT_LOCALE ? `${r}.js` : `${r}.${l}.js`))) },
  },
} as const;
const stepParams = {
  type: 'object',
  required: ['version', 'role', 'step'],
  additionalProperties: false,
  properties: {
    version: { type: 'string', pattern: '^[0-9a-f]{16}$' },
    role: { type: 'string', enum: [...ROLES] },
    // companyDetails.js (English), companyDetails.ar.js (the locale's messages), stakeholderList.js, ...
    step: { type: 'string', pattern: `^[A-Za-z][A-Za-z0-9]{0,63}(\\.(${LOCALES.filter((l) => l !== DEFAULT_LOCALE).join('|')}))?\\.js$` },
  },
} as const;
const draftParams = {
  type: 'object',
  required: ['token'],
  additionalProperties: false,
  properties: { token: { type: 'string', pattern: '^[A-Za-z0-9_-]{32}\\.js$' } },
} as const;

const notFound = (what: string) => new ApiError(404, 'NotFound', [{ errorCode: 'VALIDATORS_NOT_FOUND', message: `There are no validators for ${what}` }]);

/** Sends a module: JavaScript, gzipped when the browser takes it, cached for good (its address names its content). */
export function sendModule(request: FastifyRequest, reply: FastifyReply, module: ValidatorModule, cacheControl: string) {
  reply.type('text/javascript; charset=utf-8').header('cache-control', cacheControl).header('vary', 'accept-encoding').header('x-content-type-options', 'nosniff');
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.header('content-encoding', 'gzip').send(module.gzip);
  return reply.send(module.source);
}

/**
 * GET /api/validators/{version}/{role}.js (and {role}.{locale}.js, the same rules with the messages of a language's
 * catalogue, src/content/compiledContent.ts `localizedContent`): the validators of a content version (its hash, the config document's
 * `version`) for one role's forms, as an ES module of ajv standalone code (src/content/validatorCode.ts). The
 * browser imports it and compiles no schema, so the CSP needs no 'unsafe-eval'. Public like the config document it
 * belongs to; immutable, since the address names the content. A version this process no longer keeps answers 404
 * (the browser then reloads the config).
 * GET /api/validators/{version}/{role}/{step}.js (and {step}.{locale}.js): the same code cut to one step of the
 * role's config (or `stakeholderList`, the stakeholder list's rules): only the functions that step's validators
 * need (src/content/stepModules.ts). What a form page imports, so that a step downloads its own rules only.
 * An unknown step of the role answers 404 like an unknown version.
 * GET /api/validators/drafts/{token}.js: a studio preview's module (POST /api/studio/preview).
 */
const validatorRoutes: FastifyPluginAsync = async (app) => {
  const modules = new Map<string, Promise<ValidatorModule>>();
  /**
   * The steps' modules of the versions still served (a few kB each, about 30 per role and language): as promises, so
   * that requests for a module being made (minified) wait for that one rather than making it again.
   */
  const stepModules = new Map<string, Promise<ValidatorModule>>();
  /** The module of `key` from `cache`, made by `make` once (not kept if making it failed). */
  const cached = (cache: Map<string, Promise<ValidatorModule>>, key: string, make: () => Promise<ValidatorModule>): Promise<ValidatorModule> => {
    let module = cache.get(key);
    if (!module) {
      module = make();
      // The modules of the versions still served (a few at most): drop those of versions no longer cached.
      for (const k of cache.keys()) if (!compiledByHash(k.split('/')[0]!)) cache.delete(k);
      cache.set(key, module);
      module.catch(() => cache.get(key) === module && cache.delete(key));
    }
    return module;
  };

  app.get<{ Params: { version: string; role: string } }>('/validators/:version/:role', { schema: { params } }, async (request, reply) => {
    const { version } = request.params;
    const [role, locale = DEFAULT_LOCALE] = request.params.role.replace(/\.js$/, '').split('.') as [Role, Locale?];
    const key = `${version}/${role}.${locale}`;
    let module = modules.get(key);
    if (!module) {
      const current = await app.contentStore.current();
      const compiled = current.built.version === version ? current : compiledByHash(version);
      if (!compiled) throw notFound(`content version ${version}`);
      const body = await localizedContent(compiled, locale).validator.browserModule(role);
      module = cached(modules, key, () => validatorModule(body));
    }
    return sendModule(request, reply, await module, 'public, max-age=31536000, immutable');
  });

  app.get<{ Params: { version: string; role: Role; step: string } }>('/validators/:version/:role/:step', { schema: { params: stepParams } }, async (request, reply) => {
    const { version, role } = request.params;
    const [step, locale = DEFAULT_LOCALE] = request.params.step.replace(/\.js$/, '').split('.') as [string, Locale?];
    const key = `${version}/${role}/${step}.${locale}`;
    let module = stepModules.get(key);
    if (!module) {
      const current = await app.contentStore.current();
      const compiled = current.built.version === version ? current : compiledByHash(version);
      if (!compiled) throw notFound(`content version ${version}`);
      const body = await localizedContent(compiled, locale).validator.stepModule(role, step);
      if (body === undefined) throw notFound(`the step ${step} of the ${role}'s forms`);
      module = cached(stepModules, key, () => validatorModule(body));
    }
    return sendModule(request, reply, await module, 'public, max-age=31536000, immutable');
  });

  app.get<{ Params: { token: string } }>('/validators/drafts/:token', { schema: { params: draftParams } }, async (request, reply) => {
    const module = app.previewModules.get(request.params.token.replace(/\.js$/, ''));
    if (!module) throw notFound('this preview (it expired: open the preview again)');
    return sendModule(request, reply, module, 'private, max-age=1800, immutable');
  });
};

export default validatorRoutes;
