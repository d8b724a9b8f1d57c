import { createAjv } from '../../../validation/createAjv';
import { ProjectValidator } from '../../../validation/rjsfValidator';
import type { AppConfig } from '../config/useConfig';

const byVersion = new Map<string, ProjectValidator>();

/**
 * One validator per content version, from the same factory as the server and the CLI; step schemas are
 * compiled on first use only.
 */
export function stepValidatorFor(config: AppConfig): ProjectValidator {
  // The customer and agent documents share a version but not their steps (the agent's has the KYC annexure).
  const key = `${config.version}/${config.role}`;
  let validator = byVersion.get(key);
  if (!validator) {
    const schemas = Object.values(config.steps).map((s) => s.schema);
    if (config.stakeholderList) schemas.push(config.stakeholderList);
    const ajv = createAjv({ lists: config.lists, schemas });
    validator = new ProjectValidator(ajv);
    for (const k of byVersion.keys()) if (!k.startsWith(`${config.version}/`)) byVersion.delete(k);
    byVersion.set(key, validator);
  }
  return validator;
}
