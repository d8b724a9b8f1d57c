/**
 * `npm run content:publish` (in a container: `node dist/server/contentPublish.js`): publishes the deploy's
 * schemas/ as a new content version when it differs from the latest one, on the database of DATABASE_URL
 * (or DATA_DIR's PGlite, with its server stopped). Running servers serve it within a second (LISTEN/NOTIFY).
 */
import { loadConfig } from './config';
import { publishFiles } from './content/publishFiles';
import { createDatabase } from './db/createDatabase';
import { SettingsError } from './settings/validateSettings';

try {
  const config = loadConfig();
  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, schema: config.databaseSchema, poolMax: 2 });
  try {
    const version = await publishFiles(database.db, config.contentDir, { onlyIfEmpty: false });
    console.log(version === undefined ? `${config.contentDir} is already the latest content version: nothing published` : `published ${config.contentDir} as content version ${version}`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof SettingsError ? error.message : `content:publish failed: ${(error as Error).message}`);
  process.exit(1);
}
