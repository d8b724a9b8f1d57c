import type { FastifyPluginAsync } from 'fastify';
import { buildConfigDocument, PRODUCT_IDS } from '../../content/configDocument';
import { ROLES } from '../../content/contentTypes';
import { ApiError } from '../plugins/app/errors';

const querystring = {
  type: 'object',
  additionalProperties: false,
  properties: {
    segment: { type: 'string', maxLength: 20 },
    product: { type: 'string', maxLength: 40 },
    role: { type: 'string', maxLength: 20 },
  },
} as const;

/**
 * GET /api/config?segment=sme&product=<accountType>&role=customer|agent
 * Everything the browser needs to render the forms: steps (schema + UI schema), flows, lists, products, flags
 * and the prospect template, with the content version. Strong ETag; 304 when unchanged.
 */
const configRoutes: FastifyPluginAsync = async (app) => {
  const cache = new Map<string, { etag: string; body: string }>();

  app.get<{ Querystring: { segment?: string; product?: string; role?: string } }>(
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
      if (errors.length) throw new ApiError(400, 'FieldsValidation', errors);

      const content = await app.contentStore.current();
      const key = `${content.built.version}|${role}|${product ?? ''}`;
      let entry = cache.get(key);
      if (!entry) {
        const doc = buildConfigDocument(content.built, { role: role as 'customer' | 'agent', product, schemaVersion: content.number, publicKey: app.publicKeySpki });
        entry = { etag: `"${content.built.version}-${role}-${product ?? 'all'}"`, body: JSON.stringify(doc) };
        cache.clear();
        cache.set(key, entry);
      }
      reply.header('etag', entry.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      const inm = request.headers['if-none-match'];
      if (inm && inm.split(',').some((t) => t.trim() === entry.etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(entry.body);
    },
  );
};

export default configRoutes;
