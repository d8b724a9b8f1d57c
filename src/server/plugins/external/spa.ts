import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { fromAcceptLanguage, isLocale, LOCALES } from '../../../content/i18n/locales';

/** The remembered language (src/app/i18n/localeChoice.ts LOCALE_COOKIE). */
const COOKIE = /(?:^|;\s*)qa\.locale=([a-z]{2})(?:;|$)/;

/**
 * A file the build would have made (a hashed asset, a script, a style, an image...): missing, it is a 404, never the
 * app's page. A page of the app has no extension. A tab opened before a new release asks for its old chunks: the
 * HTML sent for them would fail as a module (a MIME type error and a blank page); a 404 fails the import, which the
 * app's preload-error handler answers by loading the new release.
 */
const FILE = /^\/assets\/|\.(?:m?js|css|map|json|png|jpe?g|gif|svg|ico|webp|woff2?|ttf|txt|webmanifest)$/i;

/**
 * Serves the Vite-built SPA with history-API fallback: any GET outside /api that is not a file, nor names one,
 * gets index.html, so deep links like /business/CompanyInfo work on reload. Hashed assets are cached for a year.
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
    // The landing page pre-rendered at build time (scripts/prerenderLanding.ts), one file per language: it paints from
    // HTML and loads the app when the visitor goes on. A build without them serves the app there too.
    const landing = LOCALES.every((l) => existsSync(join(dir, `landing.${l}.html`)));
    app.get('/*', (request, reply) => {
      if (request.url.startsWith('/api/') || request.url === '/api') {
        return reply.code(404).send({ errorType: 'NotFound', errors: [{ errorCode: 'NOT_FOUND', message: 'Not found' }] });
      }
      const path = request.url.split(/[?#]/, 1)[0]!;
      if (FILE.test(path)) {
        return reply.code(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send('Not found');
      }
      if (landing && (path === '/' || path === '/business')) {
        // In the language the page would choose (src/app/i18n/localeChoice.ts): the address's, the remembered one
        // (the cookie that remembering also sets), the browser's. The page's script only switches it on a click.
        const query = (request.query as Record<string, unknown>).locale;
        const remembered = COOKIE.exec(request.headers.cookie ?? '')?.[1];
        const locale = isLocale(query) ? query : isLocale(remembered) ? remembered : fromAcceptLanguage(request.headers['accept-language']);
        return reply.header('cache-control', 'no-cache').header('vary', 'Accept-Language, Cookie').sendFile(`landing.${locale}.html`);
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'spa', dependencies: ['config'] },
);
