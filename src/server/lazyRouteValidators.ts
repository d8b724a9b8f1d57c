import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

type BuildValidator = NonNullable<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']>;
type Validator = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };
/** What Fastify passes the compiler of one schema. */
interface RouteSchema {
  schema?: unknown;
  method?: string;
  url?: string;
  httpPart?: string;
}
type Compile = (route: RouteSchema) => Validator;

/** How many route validators one turn of the event loop compiles while warming up (a few ms each). */
const WARM_UP_BATCH = 4;

export interface LazyRouteValidators {
  /** Fastify's `schemaController.compilersFactory.buildValidator`: Fastify's own ajv compiler, compiling each schema at its first use. */
  buildValidator: BuildValidator;
  /** Compiles every validator not compiled yet, now; throws the first schema that does not compile. */
  compileAll(): void;
  /** Compiles them a few per turn of the event loop (after the server listens); `onError` for a schema that does not compile. */
  warmUp(onError: (error: unknown) => void): void;
}

/**
 * Fastify compiles every route's schemas (params, querystring, body) with ajv before it listens: 0.15 to 0.25 s of
 * a start's CPU for about 60 routes. Here each route gets a validator that compiles its schema with Fastify's own
 * compiler (@fastify/ajv-compiler, the same ajv options: `ajv.customOptions` of the server) at its first call, and the
 * server compiles the rest just after it listens (`warmUp`), a few per turn of the event loop, so no request waits
 * long for one. A request before that compiles the one it needs: the server serves as soon as it listens.
 * A schema that does not compile is no longer a start failure but a logged error of the warm-up and a 500 of its
 * route; `compileAll` (run by the tests of the start) keeps that a failure.
 *
 * Fastify hands a custom compiler the route's header schema unchanged (its default lower-cases header names
 * first): no route has a header schema.
 */
export function lazyRouteValidators(): LazyRouteValidators {
  const pending = new Set<() => void>();
  const factory = AjvCompiler();
  const build = (externalSchemas: unknown, ajvOptions: unknown): Compile => {
    const compile = (factory as (schemas: unknown, options: unknown) => unknown)(externalSchemas, ajvOptions) as Compile;
    return (route) => {
      let compiled: Validator | undefined;
      const get = (): Validator => {
        if (!compiled) {
          try {
            compiled = compile(route);
          } catch (error) {
            // As Fastify words it when it compiles at start (FST_ERR_SCH_VALIDATION_BUILD): which route and part.
            throw new Error(`Failed building the validation schema for ${route.method}: ${route.url} (${route.httpPart}), due to error ${(error as Error).message}`, { cause: error });
          }
          pending.delete(get);
        }
        return compiled;
      };
      pending.add(get);
      const validator: Validator = (data, context) => get()(data, context);
      // Fastify reads these of the function it called: `schemaEnv` (ajv's, to pass the parent of the validated
      // part, so coercion and defaults can replace it) before the call, `errors` after a failed one.
      Object.defineProperty(validator, 'schemaEnv', { get: () => get().schemaEnv });
      Object.defineProperty(validator, 'errors', { get: () => get().errors });
      return validator;
    };
  };
  return {
    // Fastify's type wants ajv's function type; Fastify itself only calls the function and reads the two properties.
    buildValidator: build as unknown as BuildValidator,
    compileAll() {
      for (const compile of [...pending]) compile();
    },
    warmUp(onError) {
      const queue = [...pending];
      const step = () => {
        for (const compile of queue.splice(0, WARM_UP_BATCH)) {
          try {
            compile();
          } catch (error) {
            onError(error); // still pending: its route's requests answer 500, compileAll throws it
          }
        }
        if (queue.length > 0) setImmediate(step);
      };
      setImmediate(step);
    },
  };
}
