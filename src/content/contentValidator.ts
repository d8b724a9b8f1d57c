import type Ajv from 'ajv';
import type { AnySchemaObject, ValidateFunction } from 'ajv';
import { createAjv } from '../validation/createAjv';
import { type FieldError, toFieldErrors } from '../validation/errors';
import { type PrecompiledFunction, type PrecompiledValidators, STAKEHOLDER_LIST_MODULE } from '../validation/standalone';
import { schemaIdFor } from './buildContent';
import { buildConfigDocument } from './configDocument';
import { type BuiltContent, ROLES, type Role } from './contentTypes';
import { indexStandalone, keysOfRoots, pickExports, type StandaloneIndex } from './stepModules';
import { compileValidatorCode, GENERATOR_AJV_OPTIONS, generateValidatorCode, instantiateValidatorCode, type ValidatorCodeCache } from './validatorCode';

/** The ref of the stakeholder list's "complete" rules (the browser's Continue check on the stakeholders page). */
export const completeListRef = (listId: string) => `${listId}#/definitions/complete`;

/**
 * The definition of prospect.schema.json holding the prospect's fields that no step edits (the account chosen on
 * the products pages): checked on every create and save as well as at submit (src/server/prospects/prospectValidation.ts).
 */
export const PROSPECT_FIELDS = 'prospectFields';

/** Generated code of a content version, as stored beside it (migrations/020): what the server runs, and each role's browser module. */
export type ValidatorCodeKind = 'server' | Role;
export type StoredValidatorCode = Partial<Record<ValidatorCodeKind, string>>;

/**
 * Validators for one content version: every bundled step by `$id`, plus the raw definitions and prospect schema.
 * Compiled by ajv on first use; after `precompile()` (the content store does it for every version it serves),
 * the steps, the stakeholder list and the prospect run ajv's standalone code, the code the browser runs too.
 */
export class ContentValidator {
  private ajvInstance: Ajv | undefined;
  /** The validators asked for, by the name or `$id` they were asked by. */
  private readonly cache = new Map<string, ValidateFunction | PrecompiledFunction>();
  private precompiled: PrecompiledValidators | undefined;
  private serverBody: string | undefined;
  /** Whether V8 refused the code cache given to precompileInSlices (made from other code): the body was parsed instead. */
  codeCacheRejected: boolean | undefined;
  private readonly modules = new Map<Role, string>();
  /** Each role's module cut into statements, from which the steps' modules are taken (src/content/stepModules.ts). */
  private readonly indexes = new Map<Role, StandaloneIndex>();
  /** The `$id`s of each role's form schemas (its config's steps and the stakeholder list). */
  private readonly roleIds = new Map<Role, Set<string>>();
  /** Reads a role's stored browser code (the content store sets it: read at the first request, not at start). */
  private loadStored: ((role: Role) => Promise<string | undefined>) | undefined;

  /** `stored`: code generated earlier for this content by the same generator (read from the database): used as is. */
  constructor(
    readonly content: BuiltContent,
    private readonly stored: StoredValidatorCode = {},
  ) {
    for (const role of ROLES) if (stored[role] !== undefined) this.modules.set(role, stored[role]);
  }

  /** The content's ajv, created at first use: a server that read its generated code never needs it to validate. */
  get ajv(): Ajv {
    if (!this.ajvInstance) {
      const bundled = this.formRoots();
      const bundledIds = new Set(bundled.map((s) => s.$id as string));
      const schemas: AnySchemaObject[] = [
        ...bundled,
        ...[...this.content.registry.values()].filter((s) => !bundledIds.has(s.$id as string)),
      ];
      this.ajvInstance = createAjv({ schemas, lists: this.content.lists, ajv: GENERATOR_AJV_OPTIONS });
    }
    return this.ajvInstance;
  }

  /** The schemas the forms validate with: every bundled step and the stakeholder list. */
  private formRoots(role?: Role): AnySchemaObject[] {
    const steps = role ? Object.values(buildConfigDocument(this.content, { role, schemaVersion: 0 }).steps) : Object.values(this.content.steps);
    return [...steps.map((s) => s.schema), ...(this.content.stakeholderList ? [this.content.stakeholderList] : [])];
  }

  private formIds(role?: Role): string[] {
    const list = this.content.stakeholderList?.$id as string | undefined;
    return [...this.formRoots(role).map((s) => s.$id as string), ...(list ? [completeListRef(list)] : [])];
  }

  /** The ref of the prospect's fields no step edits, when the content's prospect schema defines them. */
  prospectFieldsRef(): string | undefined {
    const prospect = this.content.registry.get(this.content.prospectSchemaId) as { definitions?: Record<string, unknown> } | undefined;
    return prospect?.definitions?.[PROSPECT_FIELDS] ? `${this.content.prospectSchemaId}#/definitions/${PROSPECT_FIELDS}` : undefined;
  }

  /** The standalone code of every schema the server validates with, run from now on instead of ajv's functions. */
  precompile(): this {
    if (!this.precompiled) {
      const body = this.stored.server ?? generateValidatorCode(this.ajv, { ids: [...this.formIds(), this.content.prospectSchemaId, ...[this.prospectFieldsRef()].filter((id): id is string => id !== undefined)] });
      this.precompiled = instantiateValidatorCode(body, this.content.lists);
      this.serverBody = body;
      this.cache.clear();
    }
    return this;
  }

  /**
   * precompile() in slices, `turn` awaited between them: parsing the stored server code, then running it (each tens
   * of ms on the thread that serves requests). Without stored code it is precompile() (generating is the worker's
   * business: a server given no code has nothing to slice). `cache`: V8's code cache of the stored server code
   * (validatorCodeCache), which spares the parse.
   */
  async precompileInSlices(turn: () => Promise<void>, cache?: ValidatorCodeCache): Promise<this> {
    const body = this.stored.server;
    if (this.precompiled || body === undefined) return this.precompile();
    const compiled = compileValidatorCode(body, cache);
    this.codeCacheRejected = compiled.cacheRejected;
    await turn();
    if (!this.precompiled) {
      this.precompiled = compiled.run(this.content.lists);
      this.serverBody = body;
      this.cache.clear();
    }
    return this;
  }

  /** The generated code the server validates with (what a studio worker given it runs instead of generating it). */
  serverCode(): string {
    this.precompile();
    return this.serverBody!;
  }

  /** Every generated code of the version (generating what is missing), to store beside it. */
  generatedCode(): Record<ValidatorCodeKind, string> {
    this.precompile();
    return { server: this.serverBody!, customer: this.browserCode('customer'), agent: this.browserCode('agent') };
  }

  /**
   * The generated code (a CommonJS body, see src/validation/standalone.ts) of what one role's browser validates:
   * its steps, the stakeholder list and the sub-schemas RJSF checks while rendering them. Generated once per role.
   */
  browserCode(role: Role): string {
    let body = this.modules.get(role);
    if (body === undefined) {
      body = generateValidatorCode(this.ajv, { ids: this.formIds(role), formRoots: this.formRoots(role) });
      this.modules.set(role, body);
    }
    return body;
  }

  /**
   * Where a role's stored browser code can be read when a browser first asks for it (`load` answers undefined when
   * none is stored): each role's code is 1.2 to 1.5 MB, which a start need not read. The latest caller's wins (the
   * compiled content is shared by the apps of a process, e.g. the tests').
   */
  readStoredBrowserCode(load: (role: Role) => Promise<string | undefined>): void {
    this.loadStored = load;
  }

  /** browserCode, reading the stored code first when the content store said where (generating it when none is). */
  async browserModule(role: Role): Promise<string> {
    const known = this.modules.get(role);
    if (known !== undefined) return known;
    const stored = await this.loadStored?.(role).catch(() => undefined);
    if (stored !== undefined && !this.modules.has(role)) this.modules.set(role, stored);
    return this.browserCode(role);
  }

  /**
   * The schemas a browser module of a role covers, by its name: a step of the role's config (its `$id`), or
   * `stakeholderList` (the list's rules and its "complete" rules). Undefined for a name the role does not have.
   */
  moduleRoots(role: Role, name: string): string[] | undefined {
    const list = this.content.stakeholderList?.$id as string | undefined;
    if (name === STAKEHOLDER_LIST_MODULE) return list ? [list, completeListRef(list)] : undefined;
    let ids = this.roleIds.get(role);
    if (!ids) this.roleIds.set(role, (ids = new Set(this.formRoots(role).map((s) => s.$id as string))));
    const id = Object.hasOwn(this.content.steps, name) ? (this.content.steps[name]!.schema.$id as string) : undefined;
    return id !== undefined && ids.has(id) ? [id] : undefined;
  }

  /**
   * The browser module of one step (or of the stakeholder list) of a role: the role's code with only what that step's
   * exports need (src/content/stepModules.ts), undefined for a name the role does not have.
   */
  async stepModule(role: Role, name: string): Promise<string | undefined> {
    const roots = this.moduleRoots(role, name);
    if (!roots) return undefined;
    let index = this.indexes.get(role);
    if (!index) this.indexes.set(role, (index = indexStandalone(await this.browserModule(role))));
    return pickExports(index, keysOfRoots(roots));
  }

  /** The generated code of one step alone (the studio's preview of a draft step). */
  stepCode(step: string): string {
    const schema = this.content.steps[step]?.schema;
    if (!schema) throw new Error(`The draft has no step ${step}`);
    return generateValidatorCode(this.ajv, { ids: [schema.$id as string], formRoots: [schema] });
  }

  /** Validator for a schema by short name ("steps/companyDetails", "prospect") or `$id`. */
  validator(nameOrId: string): ValidateFunction | PrecompiledFunction {
    // By the name it was asked by (a save asks by the same few names every time: no id built for each call).
    let fn = this.cache.get(nameOrId);
    if (!fn) {
      const id = schemaIdFor(nameOrId);
      fn = this.precompiled?.[id] ?? this.ajv.getSchema(id);
      if (!fn) throw new Error(`Unknown schema ${nameOrId}`);
      this.cache.set(nameOrId, fn);
    }
    return fn;
  }

  validate(nameOrId: string, data: unknown): FieldError[] {
    const fn = this.validator(nameOrId);
    return fn(data) ? [] : toFieldErrors(fn.errors);
  }
}
