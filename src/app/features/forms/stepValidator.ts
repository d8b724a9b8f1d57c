import { createAjv } from '../../../validation/createAjv';
import { ProjectValidator } from '../../../validation/rjsfValidator';
import type { AppConfig } from '../config/useConfig';

const byVersion = new Map<string, ProjectValidator>();

/**
 * One validator per content version, from the same factory as the server and the CLI; step schemas are
 * compiled on first use only.
 */
export function stepValidatorFor(config: AppConfig): ProjectValidator {
  let validator = byVersion.get(config.version);
  if (!validator) {
    const schemas = Object.values(config.steps).map((s) => s.schema);
    if (config.stakeholderList) schemas.push(config.stakeholderList);
    const ajv = createAjv({ lists: config.lists, schemas });
    validator = new ProjectValidator(ajv);
    byVersion.clear();
    byVersion.set(config.version, validator);
  }
  return validator;
}
