import { resolve } from 'node:path';
import { SCHEMAS_DIR } from '../content/readContentDir';

/** Server configuration, from environment variables only (see README "Configuration"). */
export interface ServerConfig {
  port: number;
  host: string;
  /** Where PGlite keeps its files (and, later, uploaded documents) when DATABASE_URL is unset. */
  dataDir: string;
  /** PostgreSQL connection string; when unset the embedded PGlite database is used. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests run each suite in its own schema). */
  databaseSchema?: string;
  logLevel: string;
  production: boolean;
  /** Folder of the content files imported as the first schema version (schemas/). */
  contentDir: string;
  /** Folder of the built SPA; not served when missing (API-only tests). */
  publicDir?: string;
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const schema = env.DATABASE_SCHEMA;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error('DATABASE_SCHEMA must be a lower-case SQL identifier');
  }
  return {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: schema,
    logLevel: env.LOG_LEVEL ?? 'info',
    production: env.NODE_ENV === 'production',
    publicDir: resolve(env.PUBLIC_DIR ?? 'dist/public'),
    contentDir: resolve(env.CONTENT_DIR ?? SCHEMAS_DIR),
  };
}
