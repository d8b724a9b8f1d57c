import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import { MODULUS_BITS } from '../../src/server/security/keyPair';

/**
 * What every test server of one run shares, made once by the global setup (globalSetup.ts) instead of at
 * every start: a body-encryption key pair, a token secret and a migrated, content-imported PGlite database.
 * TEST ONLY: the key and secret are generated fresh for each run, live in memory and in the test processes'
 * environment, and are never written to the repository or used outside the tests.
 */
export interface TestFixtures {
  /** TEST ONLY RSA-3072 private key (PKCS#8 PEM), SERVER_PRIVATE_KEY_PEM of every test server. */
  testOnlyPrivateKeyPem: string;
  /** TEST ONLY token secret, JWT_SECRET of every test server. */
  testOnlyJwtSecret: string;
  /** A data folder whose `pglite/` is migrated and holds the imported schemas/ (pgliteTemplate.ts). */
  pgliteTemplateDir: string;
}

export type TestSecrets = Omit<TestFixtures, 'pgliteTemplateDir'>;

export function createTestSecrets(): TestSecrets {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: MODULUS_BITS, publicExponent: 0x10001 });
  return {
    testOnlyPrivateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    testOnlyJwtSecret: randomBytes(48).toString('base64url'),
  };
}

/** The configuration of an in-process test app on `dataDir`: quiet, API only, with the run's key and secret. */
export function testServerConfig(fixtures: TestSecrets, dataDir: string): ServerConfig {
  // Load shedding off: a busy test machine must not turn requests into 503s (test/api/operability.test.ts checks it).
  const config = loadConfig({ DEV_OUTBOX: 'on', MAX_EVENT_LOOP_DELAY_MS: '0' });
  return {
    ...config,
    dataDir,
    logLevel: 'silent',
    publicDir: undefined,
    serverPrivateKeyPem: fixtures.testOnlyPrivateKeyPem,
    identity: { ...config.identity, jwtSecret: fixtures.testOnlyJwtSecret },
  };
}
