import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCHEMAS_DIR } from '../content/readContentDir';
import { type DocumentsConfig, loadDocumentsConfig } from './documents/documentsConfig';
import { type IdentityConfig, loadIdentityConfig } from './security/identityConfig';

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
  /** reCAPTCHA on prospect creation: off unless a secret is set. */
  recaptcha: { secret?: string; verifyUrl: string };
  /** Fastify trustProxy: false (default), true, a hop count or addresses of the load balancers. */
  trustProxy: boolean | number | string;
  /** Folder of the content files imported as the first schema version (schemas/). */
  contentDir: string;
  /** Folder of the built SPA; not served when missing (API-only tests). */
  publicDir?: string;
  /** Tokens, one-time codes, login lockout, rate limits, mail and seed users (security/identityConfig.ts). */
  identity: IdentityConfig;
  /**
   * ENCRYPTION: 'required' (default) refuses plaintext POST/PUT bodies on encrypted routes; 'off' also accepts
   * plaintext, for local debugging only (refused when NODE_ENV=production).
   */
  encryption: 'required' | 'off';
  /** SERVER_PRIVATE_KEY_PEM (PKCS#8 PEM); when unset, the key pair lives in DATA_DIR/server-key.pem. */
  serverPrivateKeyPem?: string;
  /** SERVER_PUBLIC_KEY_PEM (SPKI PEM); optional, checked against the private key. */
  serverPublicKeyPem?: string;
  /** Upload limits: DOCUMENT_MAX_BYTES, DOCUMENT_MIN_BYTES, DOCUMENT_MAX_UPLOADS (documents/documentsConfig.ts). */
  documents: DocumentsConfig;
  /** Schema studio: STUDIO_SAMPLE_SIZE saved prospects a draft is checked against; the fixtures folder it runs. */
  studio: { sampleSize: number; fixturesDir: string };
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, got "${value}"`);
  return n;
}

/** STUDIO_SAMPLE_SIZE: how many saved prospects a studio check validates (1 to 10000). */
function sampleSizeFrom(value: string | undefined): number {
  if (value === undefined || value === '') return 200;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 10_000) throw new Error(`STUDIO_SAMPLE_SIZE must be a whole number from 1 to 10000, got "${value}"`);
  return n;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const schema = env.DATABASE_SCHEMA;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error('DATABASE_SCHEMA must be a lower-case SQL identifier');
  }
  const encryption = env.ENCRYPTION || 'required';
  if (encryption !== 'required' && encryption !== 'off') throw new Error(`ENCRYPTION must be "required" or "off", got "${encryption}"`);
  if (encryption === 'off' && env.NODE_ENV === 'production') throw new Error('ENCRYPTION=off is for local debugging only, not with NODE_ENV=production');
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
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    recaptcha: {
      secret: env.RECAPTCHA_SECRET || undefined,
      verifyUrl: env.RECAPTCHA_VERIFY_URL || 'https://www.google.com/recaptcha/api/siteverify',
    },
    identity: loadIdentityConfig(env),
    encryption,
    serverPrivateKeyPem: env.SERVER_PRIVATE_KEY_PEM || undefined,
    serverPublicKeyPem: env.SERVER_PUBLIC_KEY_PEM || undefined,
    documents: loadDocumentsConfig(env),
    studio: {
      sampleSize: sampleSizeFrom(env.STUDIO_SAMPLE_SIZE),
      fixturesDir: resolve(env.FIXTURES_DIR ?? fileURLToPath(new URL('../../fixtures/', import.meta.url))),
    },
  };
}
