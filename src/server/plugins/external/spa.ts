import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Serves the Vite-built SPA with history-API fallback: any GET outside /api that is not a file gets
 * index.html, so deep links like /business/CompanyInfo work on reload. Hashed assets are cached for a year.
 */
export default fp(
  async (app) => {
    const dir = app.config.publicDir;
    if (!dir || !existsSync(join(dir, 'index.html'))) {
      app.log.warn({ dir }, 'no built SPA found: run `npm run build` (npm start does it)');
      return;
    }
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/*', (request, reply) => {
      if (request.url.startsWith('/api/') || request.url === '/api') {
        return reply.code(404).send({ errorType: 'NotFound', errors: [{ errorCode: 'NOT_FOUND', message: 'Not found' }] });
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'spa', dependencies: ['config'] },
);
