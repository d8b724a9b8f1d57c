import { join, resolve } from 'node:path';
import { PROJECT_ROOT, projectPath } from '../content/projectRoot';
import { SCHEMAS_DIR } from '../content/readContentDir';
import { type DocumentsConfig, loadDocumentsConfig } from './documents/documentsConfig';
import { type IdentityConfig, loadIdentityConfig } from './security/identityConfig';
import { validateSettings } from './settings/validateSettings';

/** Applications in progress one applicant may have (MAX_OPEN_APPLICATIONS). */
export const DEFAULT_MAX_OPEN_APPLICATIONS = 20;

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
  /**
   * Not a setting: the template a new PGlite data folder is copied from (src/server/db/pgliteTemplate.ts), the
   * build's `dist/server/pglite-template` when unset; false: PGlite's initdb. Tests give their own.
   */
  pgliteTemplate?: string | false;
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
  /** BANK_FILES_PUBLIC_KEY_PEM: the bank's RSA public key (SPKI PEM); with it, the files of an export with files=inline are encrypted for the bank (prospects/bankFileEncryption.ts). */
  bankFilesPublicKeyPem?: string;
  /** SERVER_PUBLIC_KEY_PEM (SPKI PEM); optional, checked against the private key. */
  serverPublicKeyPem?: string;
  /** Upload limits: DOCUMENT_MAX_BYTES, DOCUMENT_MIN_BYTES, DOCUMENT_MAX_UPLOADS (documents/documentsConfig.ts). */
  documents: DocumentsConfig;
  /** Schema studio: STUDIO_SAMPLE_SIZE saved prospects a draft is checked against; the fixtures folder it runs. */
  studio: { sampleSize: number; fixturesDir: string };
  /**
   * PUBLIC_URL: the address applicants use (https://apply.bank.example); links in e-mails are built on it, so
   * they work from any mail client. Required in production; http://localhost:PORT otherwise.
   */
  publicUrl?: string;
  /** INVITE_TTL_DAYS: how long an agent's invite link stays valid (14 days). */
  inviteTtlDays?: number;
  /** MAX_OPEN_APPLICATIONS: applications in progress (DRAFT) one applicant may have before a new one is refused (20). */
  maxOpenApplications?: number;
  /** DEV_OUTBOX=on: messages kept in the outbox table and readable at GET /api/dev/outbox (never in production). */
  devOutbox: boolean;
  /** API_DOCS: Swagger UI at /api/docs; on by default outside production, off in production unless "on". */
  apiDocs: boolean;
  /** DATABASE_POOL_MAX: PostgreSQL connections per server process (10). */
  databasePoolMax: number;
  /** SMS_HTTP_*: the SMS provider (messaging/httpSmsSender.ts); none means SMS go to the outbox in development only. */
  sms?: { url: string; authorization?: string; bodyTemplate: string; contentType: string };
  /** DOCUMENT_STORE: "database" when DATABASE_URL is set, "folder" (DATA_DIR/documents) otherwise, or "s3" (S3_*). */
  documentStore: { kind: 'folder' | 'database' | 's3'; s3?: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string } };
  /** METRICS_TOKEN: bearer token for GET /api/metrics; without it the metrics answer only to loopback addresses. */
  metricsToken?: string;
  /** MAX_EVENT_LOOP_DELAY_MS: past this delay the server answers 503 (under-pressure; 1000; 0 turns it off). */
  maxEventLoopDelayMs: number;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

const SMS_BODY = '{"to":"{{to}}","text":"{{text}}"}';

/** Reads and checks the environment (settings/settingsSchema.ts); throws SettingsError naming each bad variable. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): ServerConfig {
  const env = validateSettings(environment);
  const production = env.NODE_ENV === 'production';
  const databaseUrl = env.DATABASE_URL;
  const store = (env.DOCUMENT_STORE ?? (databaseUrl ? 'database' : 'folder')) as ServerConfig['documentStore']['kind'];
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl,
    databaseSchema: env.DATABASE_SCHEMA,
    databasePoolMax: Number(env.DATABASE_POOL_MAX ?? 10),
    logLevel: env.LOG_LEVEL ?? 'info',
    production,
    publicDir: resolve(env.PUBLIC_DIR ?? join(PROJECT_ROOT, 'dist', 'public')),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 8080}`).replace(/\/+$/, ''),
    inviteTtlDays: Number(env.INVITE_TTL_DAYS ?? 14),
    maxOpenApplications: Number(env.MAX_OPEN_APPLICATIONS ?? DEFAULT_MAX_OPEN_APPLICATIONS),
    contentDir: resolve(env.CONTENT_DIR ?? SCHEMAS_DIR),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    recaptcha: { secret: env.RECAPTCHA_SECRET, verifyUrl: env.RECAPTCHA_VERIFY_URL ?? 'https://www.google.com/recaptcha/api/siteverify' },
    identity: loadIdentityConfig(env),
    encryption: env.ENCRYPTION === 'off' ? 'off' : 'required',
    devOutbox: env.DEV_OUTBOX === 'on',
    apiDocs: env.API_DOCS ? env.API_DOCS === 'on' : !production,
    serverPrivateKeyPem: env.SERVER_PRIVATE_KEY_PEM,
    serverPublicKeyPem: env.SERVER_PUBLIC_KEY_PEM,
    bankFilesPublicKeyPem: env.BANK_FILES_PUBLIC_KEY_PEM,
    documents: loadDocumentsConfig(env),
    documentStore: {
      kind: store,
      ...(store === 's3'
        ? { s3: { endpoint: env.S3_ENDPOINT!, bucket: env.S3_BUCKET!, region: env.S3_REGION ?? 'us-east-1', accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! } }
        : {}),
    },
    sms: env.SMS_HTTP_URL
      ? { url: env.SMS_HTTP_URL, authorization: env.SMS_HTTP_AUTHORIZATION, bodyTemplate: env.SMS_HTTP_BODY ?? SMS_BODY, contentType: env.SMS_HTTP_CONTENT_TYPE ?? 'application/json' }
      : undefined,
    metricsToken: env.METRICS_TOKEN,
    maxEventLoopDelayMs: Number(env.MAX_EVENT_LOOP_DELAY_MS ?? 1000),
    studio: {
      sampleSize: Number(env.STUDIO_SAMPLE_SIZE ?? 200),
      fixturesDir: resolve(env.FIXTURES_DIR ?? projectPath('fixtures')),
    },
  };
}
