import { type RJSFSchema, hashForSchema } from '@rjsf/utils';

/** RJSF's id of the placeholder option it never selects (@rjsf/utils constants, not exported by its index). */
const JUNK_OPTION_ID = '_$junk_option_schema_id$_';
import { SchemaFunctionValidator } from './rjsfValidator';
import { type PrecompiledFunction, type PrecompiledValidators, subSchemaKey } from './standalone';

/**
 * RJSF's validator interface on the validators the server generated for a content version (ajv standalone code,
 * src/content/validatorCode.ts): the browser compiles nothing. Schemas are found by `$id` (a step, the stakeholder
 * list), by a lone `$ref` (`stakeholderList#/definitions/complete`), and the sub-schemas RJSF checks with
 * `isValid` by their root and RJSF's hash, as the server found them with RJSF's own schema parser.
 */
export class PrecompiledValidator extends SchemaFunctionValidator {
  private readonly missing = new Set<string>();
  /** RJSF's hash of a sub-schema object (a sorted stringify): RJSF asks about the same objects on every render. */
  private readonly hashes = new WeakMap<object, string>();

  constructor(private readonly fns: PrecompiledValidators) {
    super();
  }

  protected functionFor(schema: RJSFSchema): PrecompiledFunction {
    const id = typeof schema.$id === 'string' ? schema.$id : undefined;
    const ref = !id && typeof schema.$ref === 'string' && Object.keys(schema).length === 1 ? schema.$ref : undefined;
    const fn = (id && this.fns[id]) || (ref && this.fns[ref]);
    if (!fn) throw new Error(`No precompiled validator for ${id ?? ref ?? 'a schema without $id'}`);
    return fn;
  }

  /** Used by RJSF to pick anyOf/oneOf options and resolve if/then: the sub-schema's precompiled function. */
  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
    if (schema.$id === JUNK_OPTION_ID) return false;
    const rootId = String(rootSchema.$id ?? '');
    const own = typeof schema.$id === 'string' ? schema.$id : undefined;
    let hash = own;
    if (hash === undefined) {
      hash = this.hashes.get(schema);
      if (hash === undefined) this.hashes.set(schema, (hash = hashForSchema(schema)));
    }
    const key = own === rootId ? rootId : subSchemaKey(rootId, hash);
    const fn = this.fns[key];
    if (!fn) {
      // Not generated for this version: the option or condition counts as not met (reported once).
      if (!this.missing.has(key)) {
        this.missing.add(key);
        console.error(`No precompiled validator for a sub-schema of ${rootId}: ${JSON.stringify(schema).slice(0, 200)}`);
      }
      return false;
    }
    return fn(formData) === true;
  }

  reset(): void {
    this.missing.clear();
  }

  /** Keys RJSF asked for that the version's module does not have (tests check there are none). */
  missingKeys(): string[] {
    return [...this.missing];
  }
}
