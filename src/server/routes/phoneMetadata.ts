import { gzipSync } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import { phoneMetadata } from '../../validation/phoneMetadata';
import { phoneMetadataSubset } from '../../validation/phoneMetadataSubset';
import { PHONE_METADATA_VERSION } from '../../validation/phoneMetadataVersion';
import { ApiError } from '../plugins/app/errors';

const params = {
  type: 'object',
  required: ['version', 'key'],
  additionalProperties: false,
  properties: {
    version: { type: 'string', pattern: '^[0-9a-f]{16}$' },
    // 44.json, 124.json (1-242 and 1-246: calling code 1), all.json (a dialling code without digits)
    key: { type: 'string', pattern: '^(\\d{1,3}|all)\\.json$' },
  },
} as const;

const notFound = (version: string) =>
  new ApiError(404, 'NotFound', [{ errorCode: 'PHONE_METADATA_NOT_FOUND', message: `There is no phone metadata of version ${version} (reload the page)` }]);

/**
 * GET /api/phone-metadata/{version}/{key}.json: the phone metadata of one dialling code's numbers (the browser's
 * x-phone rule, src/validation/phoneBrowser.ts; the key is phoneRule.ts's `phoneMetadataKey`), cut from the metadata
 * the server validates with (src/validation/phoneMetadataSubset.ts). `version` is that metadata's hash
 * (phoneMetadataVersion.ts), so the answer is cached for good, like the validator modules; another version answers
 * 404 (a page of an older build: its numbers are then checked by the server only). Public: it is libphonenumber's data.
 */
const phoneMetadataRoutes: FastifyPluginAsync = async (app) => {
  /** At most 1,111 keys of a few hundred bytes to 3 kB (9 kB for `all`), each cut once. */
  const subsets = new Map<string, { json: Buffer; gzip: Buffer }>();
  app.get<{ Params: { version: string; key: string } }>('/phone-metadata/:version/:key', { schema: { params } }, async (request, reply) => {
    if (request.params.version !== PHONE_METADATA_VERSION) throw notFound(request.params.version);
    const key = request.params.key.replace(/\.json$/, '').replace(/^all$/, '');
    let subset = subsets.get(key);
    if (!subset) {
      const json = Buffer.from(JSON.stringify(phoneMetadataSubset(phoneMetadata, key)), 'utf8');
      subsets.set(key, (subset = { json, gzip: gzipSync(json, { level: 9 }) }));
    }
    reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').header('vary', 'accept-encoding');
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.header('content-encoding', 'gzip').send(subset.gzip);
    return reply.send(subset.json);
  });
};

export default phoneMetadataRoutes;
