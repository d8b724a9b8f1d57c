import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import {
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
  ROOT_SCHEMA_PREFIX,
  createErrorHandler,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  withIdRefPrefix,
} from '@rjsf/utils';
import { type FieldError, toFieldErrors } from './errors';

/** "/a/b/0/c" -> ".a.b.0.c", RJSF's property notation. */
function toProperty(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => `.${s.replace(/~1/g, '/').replace(/~0/g, '~')}`)
    .join('');
}

export function toRjsfErrors(errors: FieldError[]): RJSFValidationError[] {
  return errors.map((e) => ({
    name: e.keyword,
    property: toProperty(e.path),
    message: e.message,
    stack: e.message,
  }));
}

/** What the forms validate with: RJSF's interface plus the project's field errors (precompiled in the browser). */
export interface FormValidator extends ValidatorType<unknown, RJSFSchema> {
  fieldErrors(schema: RJSFSchema, formData: unknown): FieldError[];
}

/** RJSF's validation result from the project's field errors (and the form's own customValidate, if any). */
export function validationData(
  fieldErrors: FieldError[],
  formData: unknown,
  customValidate?: CustomValidator<unknown, RJSFSchema>,
  transformErrors?: ErrorTransformer<unknown, RJSFSchema>,
  uiSchema?: UiSchema<unknown, RJSFSchema>,
): ValidationData<unknown> {
  let errors = toRjsfErrors(fieldErrors);
  if (transformErrors) errors = transformErrors(errors, uiSchema);
  const errorSchema = toErrorSchema<unknown>(errors);
  if (customValidate) {
    const handler = customValidate(formData, createErrorHandler<unknown>(formData), uiSchema);
    const userErrorSchema = unwrapErrorHandler<unknown>(handler);
    return validationDataMerge<unknown>({ errors, errorSchema }, userErrorSchema);
  }
  return { errors, errorSchema };
}

/** A validation function: ajv's compiled or standalone one (what both validators below call). */
type SchemaFunction = ((data: unknown) => boolean | Promise<unknown>) & { errors?: ValidateFunction['errors'] };

/**
 * What the project's two validators share: field errors, RJSF's validation data and raw validation from the function
 * of a schema. Subclasses say how a schema finds its function (compiled as met, or precompiled by the server).
 */
export abstract class SchemaFunctionValidator implements FormValidator {
  protected abstract functionFor(schema: RJSFSchema): SchemaFunction;

  abstract isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean;

  abstract reset(): void;

  fieldErrors(schema: RJSFSchema, formData: unknown): FieldError[] {
    const fn = this.functionFor(schema);
    return fn(formData) ? [] : toFieldErrors(fn.errors);
  }

  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator<unknown, RJSFSchema>,
    transformErrors?: ErrorTransformer<unknown, RJSFSchema>,
    uiSchema?: UiSchema<unknown, RJSFSchema>,
  ): ValidationData<unknown> {
    return validationData(this.fieldErrors(schema, formData), formData, customValidate, transformErrors, uiSchema);
  }

  rawValidation<Result = unknown>(schema: RJSFSchema, formData?: unknown): { errors?: Result[]; validationError?: Error } {
    try {
      const fn = this.functionFor(schema);
      fn(formData);
      return { errors: (fn.errors ?? undefined) as Result[] | undefined };
    } catch (error) {
      return { validationError: error as Error };
    }
  }
}

/**
 * RJSF's validator interface on top of the project's ajv (createAjv), compiling schemas as it meets them (tests
 * and tools; the browser runs the precompiled validators of precompiledValidator.ts instead, with the same
 * errors): the form shows exactly the field errors (paths and messages) that the server and the CLI report.
 */
export class ProjectValidator extends SchemaFunctionValidator {
  private readonly byObject = new WeakMap<object, ValidateFunction>();
  private rootAdded: RJSFSchema | undefined;

  constructor(private readonly ajv: Ajv) {
    super();
  }

  protected functionFor(schema: RJSFSchema): ValidateFunction {
    return this.compile(schema);
  }

  private compile(schema: RJSFSchema): ValidateFunction {
    let fn = this.byObject.get(schema);
    if (!fn) {
      const id = typeof schema.$id === 'string' ? schema.$id : undefined;
      fn = (id && this.ajv.getSchema(id)) || this.ajv.compile(schema);
      this.byObject.set(schema, fn);
    }
    return fn;
  }

  /**
   * Used by RJSF to pick anyOf/oneOf branches and resolve if/then; sub-schemas may hold local refs into the
   * root schema, which is registered once under RJSF's root prefix (without its $id, already registered).
   */
  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
    try {
      if (this.rootAdded !== rootSchema) {
        this.ajv.removeSchema(ROOT_SCHEMA_PREFIX);
        const { $id: _ignored, ...root } = rootSchema;
        this.ajv.addSchema(root, ROOT_SCHEMA_PREFIX);
        this.rootAdded = rootSchema;
      }
      const prefixed = withIdRefPrefix<RJSFSchema>(schema) as RJSFSchema;
      const { $id: _id, ...rest } = prefixed;
      return this.compile(rest as RJSFSchema)(formData) === true;
    } catch {
      return false;
    }
  }

  reset(): void {
    this.rootAdded = undefined;
  }
}
