import { buildApp } from './app';
import { loadConfig, type ServerConfig } from './config';
import { SettingsError } from './settings/validateSettings';

/**
 * Starts the server on PORT (default 8080). SIGTERM/SIGINT: stop accepting connections, let in-flight
 * requests finish, close the database, exit. A second signal exits at once.
 */
let config: ServerConfig;
try {
  config = loadConfig();
} catch (error) {
  // A clear list of the settings to fix, without a stack trace.
  if (!(error instanceof SettingsError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const app = await buildApp(config);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s, exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await app.close();
  process.exit(1);
}
