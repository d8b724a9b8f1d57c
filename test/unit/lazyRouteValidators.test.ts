import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyRouteValidators } from '../../src/server/lazyRouteValidators';

/** The server's ajv options (src/server/app.ts). */
const AJV = { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true } } as const;

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A server with routes of each kind of schema, with Fastify's compiler or the lazy one. */
async function server(lazy?: ReturnType<typeof lazyRouteValidators>, extraRoute?: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify({ ajv: AJV, ...(lazy ? { schemaController: { compilersFactory: { buildValidator: lazy.buildValidator } } } : {}) });
  apps.push(app);
  app.post(
    '/items/:id',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[0-9]+$' } } },
        querystring: { type: 'object', additionalProperties: false, properties: { page: { type: 'string', default: '1' } } },
        body: {
          type: 'object',
          required: ['name', 'count'],
          additionalProperties: false,
          properties: { name: { type: 'string', minLength: 2 }, count: { type: 'integer' }, tag: { type: 'string', default: 'none' } },
        },
      },
    },
    async (request) => ({ params: request.params, query: request.query, body: request.body }),
  );
  extraRoute?.(app);
  await app.ready();
  return app;
}

const REQUESTS = [
  { url: '/items/12', payload: { name: 'ok', count: 3 } },
  { url: '/items/12?page=4', payload: { name: 'ok', count: 3, tag: 'x' } },
  { url: '/items/abc', payload: { name: 'ok', count: 3 } },
  { url: '/items/12?other=1', payload: { name: 'ok', count: 3 } },
  { url: '/items/12', payload: { name: 'x', count: 'three', more: true } },
  { url: '/items/12', payload: {} },
  { url: '/items/12', payload: [] },
];

describe('route validators compiled at first use', () => {
  it('answer every request as Fastify compiling at start does (defaults, errors, status codes)', async () => {
    const eager = await server();
    const lazy = await server(lazyRouteValidators());
    for (const request of REQUESTS) {
      const [a, b] = await Promise.all([eager, lazy].map((app) => app.inject({ method: 'POST', ...request })));
      expect(b!.statusCode, request.url).toBe(a!.statusCode);
      expect(b!.json(), JSON.stringify(request)).toEqual(a!.json());
    }
  });

  it('compile nothing before the first use: a start with a schema that does not compile completes', async () => {
    const broken = (app: FastifyInstance) =>
      app.get('/broken', { schema: { querystring: { type: 'object', properties: { q: { type: 'nonsense' } } } } }, async () => ({}));
    await expect(server(undefined, broken)).rejects.toThrow(/GET: \/broken/);
    const validators = lazyRouteValidators();
    const app = await server(validators, broken);
    expect((await app.inject({ method: 'POST', url: '/items/1', payload: { name: 'ok', count: 1 } })).statusCode).toBe(200);
  });

  it('report a schema that does not compile: compileAll throws, the warm-up names it, its route answers 500', async () => {
    const validators = lazyRouteValidators();
    const app = await server(validators, (app) =>
      app.get('/broken', { schema: { querystring: { type: 'object', properties: { q: { type: 'nonsense' } } } } }, async () => ({})),
    );
    expect((await app.inject({ method: 'POST', url: '/items/1', payload: { name: 'ok', count: 1 } })).statusCode).toBe(200);
    expect(() => validators.compileAll()).toThrow(/GET: \/broken \(querystring\).*properties\/q\/type/);
    expect((await app.inject({ method: 'GET', url: '/broken?q=1' })).statusCode).toBe(500);
    const errors: unknown[] = [];
    const again = lazyRouteValidators();
    await server(again, (app) => app.get('/broken', { schema: { querystring: { type: 'object', properties: { q: { type: 'nonsense' } } } } }, async () => ({})));
    again.warmUp((error) => errors.push(error));
    // The GET route and the HEAD route Fastify adds beside it (same schema): each named, in whichever turn.
    await vi.waitFor(() => expect(errors.map(String).sort()).toEqual([expect.stringMatching(/GET: \/broken \(querystring\)/), expect.stringMatching(/HEAD: \/broken \(querystring\)/)]));
    expect(() => again.compileAll(), 'the warm-up does not forget a broken schema').toThrow(/GET: \/broken/);
  });

  it('warm up every validator after the start, a few per turn of the event loop', async () => {
    const validators = lazyRouteValidators();
    await server(validators);
    const onError = vi.fn();
    validators.warmUp(onError);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onError).not.toHaveBeenCalled();
    // Nothing left: compileAll has nothing to compile (a broken one would throw).
    expect(() => validators.compileAll()).not.toThrow();
  });
});
