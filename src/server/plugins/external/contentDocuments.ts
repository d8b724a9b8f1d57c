import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Serves the documents the pages link to (Express Service terms, value package details) from the content
 * folder, `schemas/documents/` (CONTENT_DIR): product staff replace a file and `schemas/products.json` links
 * it as `/documents/<file>`. Registered before the SPA so these addresses never fall back to index.html.
 */
export default fp(
  async (app) => {
    const root = join(app.config.contentDir, 'documents');
    if (!existsSync(root)) return;
    await app.register(fastifyStatic, {
      root,
      prefix: '/documents/',
      decorateReply: false,
      index: false,
      allowedPath: (path) => /^\/[\w.-]+\.(html|pdf)$/.test(path),
      setHeaders(reply) {
        reply.header('cache-control', 'no-cache');
      },
    });
  },
  { name: 'contentDocuments', dependencies: ['config'] },
);
