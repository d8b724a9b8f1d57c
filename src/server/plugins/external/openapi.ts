import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

/**
 * OpenAPI generated from the route schemas (params, querystring, body, response), served at /api/docs
 * (UI) and /api/docs/json. Registered before the routes so that it sees every one of them.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Quick Apply onboarding API',
          version: '1',
          description:
            'Business-account applications: config, identity and one-time codes, prospects, documents, screening, agents. ' +
            'POST and PUT bodies are encrypted (see README, ENCRYPTION) except token calls and uploads.',
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
    });
    // Off in production unless API_DOCS=on: the page has its own, looser CSP, and maps the API for anyone.
    if (app.config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'openapi', dependencies: ['config'] },
);
