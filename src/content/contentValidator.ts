import type Ajv from 'ajv';
import type { AnySchemaObject, ValidateFunction } from 'ajv';
import { createAjv } from '../validation/createAjv';
import { type FieldError, toFieldErrors } from '../validation/errors';
import { schemaIdFor } from './buildContent';
import type { BuiltContent } from './contentTypes';

/** Validators for one content version: every bundled step by `$id`, plus the raw definitions and prospect schema. */
export class ContentValidator {
  readonly ajv: Ajv;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(readonly content: BuiltContent) {
    const bundled = [...Object.values(content.steps).map((s) => s.schema), ...(content.stakeholderList ? [content.stakeholderList] : [])];
    const bundledIds = new Set(bundled.map((s) => s.$id as string));
    const schemas: AnySchemaObject[] = [
      ...bundled,
      ...[...content.registry.values()].filter((s) => !bundledIds.has(s.$id as string)),
    ];
    this.ajv = createAjv({ schemas, lists: content.lists });
  }

  /** Validator for a schema by short name ("steps/companyDetails", "prospect") or `$id`. */
  validator(nameOrId: string): ValidateFunction {
    const id = schemaIdFor(nameOrId);
    let fn = this.cache.get(id);
    if (!fn) {
      fn = this.ajv.getSchema(id);
      if (!fn) throw new Error(`Unknown schema ${nameOrId}`);
      this.cache.set(id, fn);
    }
    return fn;
  }

  validate(nameOrId: string, data: unknown): FieldError[] {
    const fn = this.validator(nameOrId);
    return fn(data) ? [] : toFieldErrors(fn.errors);
  }
}
