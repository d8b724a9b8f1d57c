import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * The headers of the API's answers (JSON, and the few files and scripts under /api): the set the OWASP REST
 * Security cheat sheet recommends, instead of helmet's document set (930 bytes on every save's answer, which the
 * client reads and the server writes; docs/benchmarks.md, session 15). An API answer is never rendered as a page:
 * `default-src 'none'` lets it load nothing, framing is refused, and nothing is cached unless the route says so
 * (the validator modules, the phone metadata and the config document set their own Cache-Control). The validator
 * modules are scripts the page imports: the page's CSP governs them, not their own. Strict-Transport-Security as
 * helmet sends it on pages.
 */
export const API_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Cache-Control', 'no-store'],
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
];

/** Whether a request's answer is the API's (under /api), not a page: the OpenAPI viewer at /api/docs is a page. */
export function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * Security headers. Pages (the SPA, the landing pages, static assets, /api/docs): helmet's full set. The CSP
 * allows scripts from our own origin only, with no inline script and no eval: the forms' validators are generated
 * by the server per content version (ajv standalone code, imported from /api/validators/...), so the browser
 * compiles no schema. Fluent UI injects its styles at run time, hence 'unsafe-inline' for styles only (no user
 * content is ever rendered as HTML). API answers: API_HEADERS.
 *
 * Both configured once: @fastify/helmet rebuilt helmet's middleware (and parsed the CSP) on every request, which
 * cost about a tenth of a millisecond per request.
 */
export default fp(
  async (app) => {
    const setPageHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (!isApiAnswer(request.url)) {
        setPageHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
        return;
      }
      // On the raw response, as helmet does: a route's own header (reply.header) takes precedence when it is sent.
      for (const [name, value] of API_HEADERS) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security' },
);
