import type { ErrorObject } from 'ajv';
import { createAjv } from '../../validation/createAjv';
import { settingsSchema } from './settingsSchema';

/** The settings refused at start, one message per variable, each naming it. */
export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`The server cannot start with these settings:\n  - ${problems.join('\n  - ')}\nSee README "Configuration" and .env.example.`);
    this.name = 'SettingsError';
  }
}

/** Why a requirement holds, by the branch of the schema that raised it. */
const WHEN: Record<string, string> = {
  '#/allOf/0/then/required': 'NODE_ENV=production',
  '#/allOf/1/then/required': 'DOCUMENT_STORE=s3',
};

function describe(error: ErrorObject): string | undefined {
  if (error.keyword === 'if') return undefined;
  if (error.keyword === 'required') {
    const name = (error.params as { missingProperty: string }).missingProperty;
    return `${name} is required with ${WHEN[error.schemaPath] ?? 'these settings'}`;
  }
  const name = error.instancePath.slice(1);
  // A development feature refused in production: name the value, which is not a secret.
  if (error.schemaPath.startsWith('#/allOf/0/then/properties/')) return `${name}=${name === 'DEV_OUTBOX' ? 'on' : 'off'} ${error.message}`;
  return `${name} ${error.message}`;
}

// The schema is a constant of the code, checked against ajv's meta-schema by a unit test (test/unit/settings.test.ts)
// rather than at every start (compiling the meta-schema costs about 0.1 s of CPU on the start path).
const validate = createAjv({ ajv: { strict: false, validateSchema: false } }).compile(settingsSchema);

/**
 * Checks the environment against the one schema of settings. Values are never echoed (secrets live here).
 * Returns the environment with empty values removed, so that "" means unset everywhere after.
 */
export function validateSettings(env: NodeJS.ProcessEnv): Record<string, string> {
  const given = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
  if (validate(given)) return given;
  const problems = [...new Set((validate.errors ?? []).map(describe).filter((m): m is string => m !== undefined))];
  throw new SettingsError(problems);
}
