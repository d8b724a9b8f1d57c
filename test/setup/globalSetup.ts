import type { TestProject } from 'vitest/node';
import { pgliteTemplate } from './pgliteTemplate';
import { createTestSecrets, type TestFixtures, testServerConfig } from './testFixtures';

declare module 'vitest' {
  export interface ProvidedContext {
    testFixtures: TestFixtures;
  }
}

/**
 * Vitest global setup of the projects that start servers (api, e2e): runs once per run in the main process,
 * before any worker, and hands the fixtures to every test file (`inject('testFixtures')`).
 */
export default async function setup(project: TestProject): Promise<void> {
  const secrets = createTestSecrets();
  const pgliteTemplateDir = await pgliteTemplate((dataDir) => testServerConfig(secrets, dataDir));
  project.provide('testFixtures', { ...secrets, pgliteTemplateDir });
}
