import type { FastifyPluginAsync } from 'fastify';
import { createHash } from 'node:crypto';
import { buildConfigDocument, PRODUCT_IDS } from '../../content/configDocument';
import { localizedContent } from '../../content/compiledContent';
import { ROLES } from '../../content/contentTypes';
import { LOCALES, requestLocale } from '../../content/i18n/locales';
import { withDialCodeCountries } from '../../validation/dialCodes';
import { ApiError } from '../plugins/app/errors';

const querystring = {
  type: 'object',
  additionalProperties: false,
  properties: {
    segment: { type: 'string', maxLength: 20 },
    product: { type: 'string', maxLength: 40 },
    role: { type: 'string', maxLength: 20 },
    locale: { type: 'string', maxLength: 10 },
  },
} as const;

/**
 * GET /api/config?segment=sme&product=<accountType>&role=customer|agent&locale=en|ar
 * Everything the browser needs to render the forms: steps (schema + UI schema), flows, lists, products, flags
 * and the prospect template, with the content version. In the language of `locale`, else of Accept-Language (the
 * texts of schemas/i18n/<locale>.json laid over the English; `locale` of the document says which). Strong ETag
 * per version, role, product and language; 304 when unchanged.
 */
const configRoutes: FastifyPluginAsync = async (app) => {
  const cache = new Map<string, { etag: string; body: string }>();

  app.get<{ Querystring: { segment?: string; product?: string; role?: string; locale?: string } }>(
    '/config',
    { schema: { querystring } },
    async (request, reply) => {
      const { segment = 'sme', product, role = 'customer' } = request.query;
      const errors = [];
      if (segment !== 'sme') errors.push({ errorCode: 'INVALID', field: 'segment', message: `Unknown segment "${segment}"; the segment is sme` });
      if (!(ROLES as readonly string[]).includes(role)) {
        errors.push({ errorCode: 'INVALID', field: 'role', message: `Unknown role "${role}"; use one of ${ROLES.join(', ')}` });
      }
      if (product !== undefined && !PRODUCT_IDS.includes(product)) {
        errors.push({ errorCode: 'INVALID', field: 'product', message: `Unknown product "${product}"; use one of ${PRODUCT_IDS.join(', ')}` });
      }
      const { locale: asked } = request.query;
      if (asked !== undefined && !(LOCALES as readonly string[]).includes(asked)) {
        errors.push({ errorCode: 'INVALID', field: 'locale', message: `Unknown locale "${asked}"; use one of ${LOCALES.join(', ')}` });
      }
      if (errors.length) throw new ApiError(400, 'FieldsValidation', errors);
      const locale = requestLocale(asked, request.headers['accept-language']);

      const content = await app.contentStore.current();
      const key = `${content.built.version}|${role}|${product ?? ''}|${locale}`;
      let entry = cache.get(key);
      if (!entry) {
        const { built } = localizedContent(content, locale);
        const { publicKeySpki } = await app.serverKeys();
        const doc = buildConfigDocument(built, { role: role as 'customer' | 'agent', product, schemaVersion: content.number, publicKey: publicKeySpki, locale, version: content.built.version });
        // Each dialling code with its countries, so the browser finds a code by country name without libphonenumber.
        doc.lists = withDialCodeCountries(doc.lists);
        // The document carries the server's public key: a new key (a new data folder, a replaced key file) is a new
        // document, so a browser's cached copy is not answered 304 with the old key (its saves would all fail).
        const keyTag = createHash('sha256').update(publicKeySpki).digest('hex').slice(0, 12);
        entry = { etag: `"${content.built.version}-${role}-${product ?? 'all'}-${locale}-${keyTag}"`, body: JSON.stringify(doc) };
        // The entries of the version served (per role, product and language); an older version's are dropped.
        for (const k of cache.keys()) if (!k.startsWith(`${content.built.version}|`)) cache.delete(k);
        cache.set(key, entry);
      }
      reply.header('etag', entry.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding, accept-language').header('content-language', locale);
      const inm = request.headers['if-none-match'];
      if (inm && inm.split(',').some((t) => t.trim() === entry.etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(entry.body);
    },
  );
};

export default configRoutes;
