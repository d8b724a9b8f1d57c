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
    const { databaseUrl, dataDir, databaseSchema, databasePoolMax, pgliteTemplate } = app.config;
    const database = await createDatabase({ databaseUrl, dataDir, schema: databaseSchema, poolMax: databasePoolMax, pgliteTemplate });
    const { created } = database;
    if (created === 'template') app.log.info('new data folder: database copied from the build\'s template');
    else if (created && created !== 'existing') app.log.info({ reason: created.initdb }, 'new data folder: database created by initdb');
    app.log.info({ database: database.kind }, 'database ready');
    app.decorate('database', database);
    app.addHook('onClose', async () => {
      await database.close();
      app.log.info('database closed');
    });
  },
  { name: 'database', dependencies: ['config'] },
);
