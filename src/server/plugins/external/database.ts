import fp from 'fastify-plugin';
import { createDatabase, type DatabaseHandle } from '../../db/createDatabase';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

/** Opens PGlite or PostgreSQL (migrated) and closes it after in-flight requests have finished. */
export default fp(
  async (app) => {
    const { databaseUrl, dataDir, databaseSchema, databasePoolMax } = app.config;
    const database = await createDatabase({ databaseUrl, dataDir, schema: databaseSchema, poolMax: databasePoolMax });
    app.log.info({ database: database.kind }, 'database ready');
    app.decorate('database', database);
    app.addHook('onClose', async () => {
      await database.close();
      app.log.info('database closed');
    });
  },
  { name: 'database', dependencies: ['config'] },
);
