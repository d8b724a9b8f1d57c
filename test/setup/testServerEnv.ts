import type { TestSecrets } from './testFixtures';

// Apart from testFixtures.ts, which loads the server's settings (and their ajv validator): e2e files need only this.

/** The environment of a test server process with the run's key and secret (tests may still override them). */
export function testServerEnv(fixtures: TestSecrets): Record<string, string> {
  return { SERVER_PRIVATE_KEY_PEM: fixtures.testOnlyPrivateKeyPem, JWT_SECRET: fixtures.testOnlyJwtSecret };
}
