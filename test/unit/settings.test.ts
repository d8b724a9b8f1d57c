import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { PRODUCTION_REQUIRED, settingsSchema } from '../../src/server/settings/settingsSchema';
import { createAjv } from '../../src/validation/createAjv';
import { SettingsError } from '../../src/server/settings/validateSettings';

const keys = generateKeyPairSync('rsa', { modulusLength: 1024 });
/** Everything production needs (the key size is checked later, when the key is loaded). */
const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://app@db:5432/quickapply',
  JWT_SECRET: 'x'.repeat(40),
  SERVER_PRIVATE_KEY_PEM: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  SERVER_PUBLIC_KEY_PEM: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  PUBLIC_URL: 'https://apply.bank.example',
  SMTP_URL: 'smtp://mail.bank.example:587',
  SMS_HTTP_URL: 'https://sms.provider.example/send',
};

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof SettingsError) return error.problems;
    throw error;
  }
  return [];
}

describe('settings', () => {
  it('check the environment with a schema that is valid JSON Schema (the start does not check it)', () => {
    const ajv = createAjv({ ajv: { strict: false } });
    expect(ajv.validateSchema(settingsSchema), JSON.stringify(ajv.errors)).toBe(true);
    // Compiled with the schema checks on, including those of the keywords (errorMessage): they throw when it is wrong.
    expect(() => ajv.compile(settingsSchema)).not.toThrow();
    expect(() => createAjv({ ajv: { strict: false } }).compile({ ...settingsSchema, properties: { ...settingsSchema.properties, PORT: { type: 'number', errorMessage: 7 } } })).toThrow();
  });

  it('start in production with every required setting', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.production).toBe(true);
    expect(config.devOutbox).toBe(false);
    expect(config.apiDocs).toBe(false);
    expect(config.documentStore.kind).toBe('database');
    expect(config.sms?.url).toBe(PRODUCTION.SMS_HTTP_URL);
  });

  it.each(PRODUCTION_REQUIRED)('refuse a production start without %s, naming it', (name) => {
    const env: Record<string, string> = { ...PRODUCTION };
    delete env[name];
    expect(problems(env)).toEqual([`${name} is required with NODE_ENV=production`]);
    expect(problems({ ...env, [name]: '' }), 'empty counts as unset').toEqual([`${name} is required with NODE_ENV=production`]);
  });

  it('refuse development features in production', () => {
    expect(problems({ ...PRODUCTION, DEV_OUTBOX: 'on' })).toEqual(['DEV_OUTBOX=on is a development feature, refused with NODE_ENV=production']);
    expect(problems({ ...PRODUCTION, ENCRYPTION: 'off' })[0]).toMatch(/^ENCRYPTION=off .*refused with NODE_ENV=production/);
    expect(loadConfig({ ...PRODUCTION, API_DOCS: 'on' }).apiDocs).toBe(true);
  });

  it('keep development features off unless asked for', () => {
    const config = loadConfig({});
    expect(config.devOutbox).toBe(false);
    expect(config.apiDocs).toBe(true);
    expect(config.documentStore.kind).toBe('folder');
    expect(loadConfig({ DEV_OUTBOX: 'on' }).devOutbox).toBe(true);
  });

  it('name each malformed variable without echoing its value', () => {
    const found = problems({ PORT: '70000', JWT_SECRET: 'short-secret', DOCUMENT_STORE: 's3', LOG_LEVEL: 'loud', DEV_OUTBOX: 'yes' });
    expect(found).toEqual(
      expect.arrayContaining([
        'PORT must be a port number (0 to 65535)',
        'JWT_SECRET must have at least 32 characters',
        'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
        'DEV_OUTBOX must be "on" or "off"',
        'S3_BUCKET is required with DOCUMENT_STORE=s3',
      ]),
    );
    expect(found.join(' ')).not.toContain('short-secret');
  });
});
