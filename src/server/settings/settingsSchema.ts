/**
 * Every environment variable the server reads, in one JSON Schema (README "Configuration" lists the same).
 * Values are strings as the environment gives them; an empty value counts as unset. In production the
 * settings a bank deployment cannot do without are required, and development features are refused.
 */
const int = (errorMessage: string) => ({ type: 'string', pattern: '^[0-9]{1,9}$', errorMessage });
const positive = int('must be a positive whole number');
const text = { type: 'string' };
const url = (schemes: string) => ({ type: 'string', pattern: `^(${schemes})://\\S+$`, errorMessage: `must be a ${schemes.split('|').join(' or ')} URL` });
const onOff = { enum: ['on', 'off'], errorMessage: 'must be "on" or "off"' };

export const settingsProperties = {
  NODE_ENV: text,
  PORT: { type: 'string', pattern: '^([0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])$', errorMessage: 'must be a port number (0 to 65535)' },
  HOST: text,
  DATA_DIR: text,
  DATABASE_URL: url('postgres|postgresql'),
  DATABASE_SCHEMA: { type: 'string', pattern: '^[a-z_][a-z0-9_]{0,62}$', errorMessage: 'must be a lower-case SQL identifier' },
  DATABASE_POOL_MAX: { type: 'string', pattern: '^([1-9]|[1-9][0-9]|[1-4][0-9]{2}|500)$', errorMessage: 'must be a whole number from 1 to 500' },
  LOG_LEVEL: { enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], errorMessage: 'must be one of fatal, error, warn, info, debug, trace, silent' },
  PUBLIC_DIR: text,
  PUBLIC_URL: url('https|http'),
  MAX_OPEN_APPLICATIONS: { type: 'string', pattern: '^([1-9]|[1-9][0-9]|[1-9][0-9]{2}|1000)$', errorMessage: 'must be a whole number from 1 to 1000' },
  INVITE_TTL_DAYS: { type: 'string', pattern: '^([1-9]|[1-8][0-9]|90)$', errorMessage: 'must be a whole number of days from 1 to 90' },
  CONTENT_DIR: text,
  FIXTURES_DIR: text,
  TRUST_PROXY: text,
  RECAPTCHA_SECRET: text,
  RECAPTCHA_VERIFY_URL: url('https|http'),
  JWT_SECRET: { type: 'string', minLength: 32, errorMessage: 'must have at least 32 characters' },
  SERVER_PRIVATE_KEY_PEM: { type: 'string', pattern: 'BEGIN (RSA )?PRIVATE KEY', errorMessage: 'must be a private key in PEM form' },
  SERVER_PUBLIC_KEY_PEM: { type: 'string', pattern: 'BEGIN PUBLIC KEY', errorMessage: 'must be a public key in PEM form' },
  BANK_FILES_PUBLIC_KEY_PEM: { type: 'string', pattern: 'BEGIN PUBLIC KEY', errorMessage: 'must be a public key in PEM form' },
  ENCRYPTION: { enum: ['required', 'off'], errorMessage: 'must be "required" or "off"' },
  DEV_OUTBOX: onOff,
  API_DOCS: onOff,
  ACCESS_TOKEN_TTL: positive,
  REFRESH_TOKEN_TTL: positive,
  PUBLIC_CLIENT_ID: text,
  OTP_TTL_SECONDS: positive,
  OTP_MAX_ATTEMPTS: positive,
  OTP_RATE_PER_MOBILE: positive,
  OTP_RATE_PER_IP: positive,
  OTP_RATE_WINDOW: positive,
  LOGIN_MAX_FAILURES: positive,
  LOGIN_MAX_FAILURES_PER_IP: positive,
  LOGIN_LOCK_WINDOW: positive,
  TOKEN_RATE_PER_IP: positive,
  SMTP_URL: url('smtp|smtps'),
  MAIL_FROM: text,
  SMS_HTTP_URL: url('https|http'),
  SMS_HTTP_AUTHORIZATION: text,
  SMS_HTTP_BODY: { type: 'string', pattern: '\\{\\{text\\}\\}', errorMessage: 'must contain {{text}} (and usually {{to}})' },
  SMS_HTTP_CONTENT_TYPE: text,
  DOCUMENT_MAX_BYTES: positive,
  DOCUMENT_MIN_BYTES: positive,
  DOCUMENT_MAX_UPLOADS: positive,
  DOCUMENT_STORE: { enum: ['folder', 'database', 's3'], errorMessage: 'must be "folder", "database" or "s3"' },
  S3_ENDPOINT: url('https|http'),
  S3_BUCKET: { type: 'string', pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$', errorMessage: 'must be a bucket name' },
  S3_REGION: text,
  S3_ACCESS_KEY_ID: text,
  S3_SECRET_ACCESS_KEY: text,
  METRICS_TOKEN: { type: 'string', minLength: 16, errorMessage: 'must have at least 16 characters' },
  MAX_EVENT_LOOP_DELAY_MS: int('must be a whole number of milliseconds (0 turns the check off)'),
  STUDIO_SAMPLE_SIZE: { type: 'string', pattern: '^([1-9][0-9]{0,3}|10000)$', errorMessage: 'must be a whole number from 1 to 10000' },
} as const;

/** What production cannot run without (the mail and SMS transports, the secrets shared by every server). */
export const PRODUCTION_REQUIRED = ['DATABASE_URL', 'JWT_SECRET', 'SERVER_PRIVATE_KEY_PEM', 'SERVER_PUBLIC_KEY_PEM', 'PUBLIC_URL', 'SMTP_URL', 'SMS_HTTP_URL'] as const;

export const settingsSchema = {
  type: 'object',
  properties: settingsProperties,
  allOf: [
    {
      if: { required: ['NODE_ENV'], properties: { NODE_ENV: { const: 'production' } } },
      then: {
        required: PRODUCTION_REQUIRED,
        properties: {
          DEV_OUTBOX: { not: { const: 'on' }, errorMessage: 'is a development feature, refused with NODE_ENV=production' },
          ENCRYPTION: { not: { const: 'off' }, errorMessage: 'off is for local debugging only, refused with NODE_ENV=production' },
        },
      },
    },
    { if: { required: ['DOCUMENT_STORE'], properties: { DOCUMENT_STORE: { const: 's3' } } }, then: { required: ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] } },
  ],
} as const;
