/**
 * The validators the server generates per content version (ajv standalone code) give exactly the errors of the
 * validators ajv compiles at run time, for every fixture in fixtures/: on the server (ContentValidator after
 * precompile) and in the browser (the module of each role, through PrecompiledValidator), and RJSF finds every
 * sub-schema it checks while resolving a step (anyOf/oneOf, if/then) in the module.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createSchemaUtils, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { buildContent, schemaIdFor } from '../../src/content/buildContent';
import { buildConfigDocument } from '../../src/content/configDocument';
import { completeListRef, ContentValidator } from '../../src/content/contentValidator';
import type { Role } from '../../src/content/contentTypes';
import { DEFAULT_FIXTURE_TODAY, parseFixtures } from '../../src/content/fixtures';
import { readContentDir } from '../../src/content/readContentDir';
import { setToday } from '../../src/validation/clock';
import { toFieldErrors } from '../../src/validation/errors';
import { STAKEHOLDER_LIST_MODULE } from '../../src/validation/standalone';
import type { PrecompiledValidator } from '../../src/validation/precompiledValidator';
import { precompiledStepValidator, precompiledValidator } from './precompiled';

const root = join(import.meta.dirname, '..', '..');
const fixturesDir = join(root, 'fixtures');
const fixtureFiles = readdirSync(fixturesDir, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.json'))
  .map((e) => join(e.parentPath, e.name))
  .sort();

const files = await readContentDir();
const built = buildContent(files);
const runtime = new ContentValidator(built);
const server = new ContentValidator(built).precompile();
const roles: Role[] = ['customer', 'agent'];
const browser = Object.fromEntries(roles.map((role) => [role, precompiledValidator(files, role)]));
const roleSchemas = Object.fromEntries(
  roles.map((role) => [role, new Set(Object.values(buildConfigDocument(built, { role, schemaVersion: 1 }).steps).map((s) => s.schema.$id as string))]),
);
const listId = built.stakeholderList!.$id as string;
/** The module a form page imports for a schema: its step's (by step id), or the stakeholder list's. */
const moduleNameOf = (id: string) =>
  id === listId || id === completeListRef(listId) ? STAKEHOLDER_LIST_MODULE : Object.entries(built.steps).find(([, s]) => s.schema.$id === id)?.[0];
/** Each role's step modules (`/api/validators/{version}/{role}/{step}.js`), by step. */
const stepBrowser: Record<string, Record<string, PrecompiledValidator>> = {};
for (const role of roles) {
  const own: Record<string, PrecompiledValidator> = (stepBrowser[role] = {});
  for (const name of [...Object.keys(buildConfigDocument(built, { role, schemaVersion: 1 }).steps), STAKEHOLDER_LIST_MODULE]) {
    own[name] = await precompiledStepValidator(files, role, name);
  }
}

/** The schema the browser would validate a fixture's data with (a step by `$id`, the list, or its complete rules). */
function browserSchema(id: string): RJSFSchema | undefined {
  if (id === listId) return built.stakeholderList as RJSFSchema;
  if (id === completeListRef(listId)) return { $ref: id };
  return Object.values(built.steps).find((s) => s.schema.$id === id)?.schema as RJSFSchema | undefined;
}

/** RJSF resolving the step for some data as a form does: defaults, then the schema of every object and array level. */
function resolveAll(utils: ReturnType<typeof createSchemaUtils>, schema: RJSFSchema, data: unknown, depth = 0): void {
  if (depth > 12) return;
  const resolved = utils.retrieveSchema(schema, data);
  for (const [key, sub] of Object.entries(resolved.properties ?? {})) {
    if (sub && typeof sub === 'object') resolveAll(utils, sub as RJSFSchema, (data as Record<string, unknown> | undefined)?.[key], depth + 1);
  }
  if (resolved.items && typeof resolved.items === 'object' && !Array.isArray(resolved.items)) {
    const items = Array.isArray(data) ? data : [undefined];
    for (const item of items) resolveAll(utils, resolved.items as RJSFSchema, item, depth + 1);
  }
}

describe('precompiled validators', () => {
  it('cover every step of each role, the stakeholder list and the prospect', () => {
    for (const step of Object.values(built.steps)) expect(server.validator(step.schema.$id as string)).not.toBe(runtime.validator(step.schema.$id as string));
    expect(server.validate('prospect', {})).toEqual(runtime.validate('prospect', {}));
    for (const role of roles) for (const id of roleSchemas[role]!) expect(() => browser[role]!.fieldErrors(browserSchema(id)!, {})).not.toThrow();
    // Each step's module holds its step and no other (a page validates its own step only).
    for (const role of roles) {
      for (const id of roleSchemas[role]!) {
        const own = stepBrowser[role]![moduleNameOf(id)!]!;
        expect(() => own.fieldErrors(browserSchema(id)!, {})).not.toThrow();
        const other = [...roleSchemas[role]!].find((o) => o !== id)!;
        expect(() => own.fieldErrors(browserSchema(other)!, {})).toThrow(/No precompiled validator/);
      }
    }
  });

  for (const file of fixtureFiles) {
    const name = relative(root, file);
    const fixtures = parseFixtures(JSON.parse(readFileSync(file, 'utf8')));
    fixtures.forEach((fixture, i) => {
      it(`${name}${fixtures.length > 1 ? ` #${i}` : ''}: the same errors as ajv's run-time validators`, () => {
        const id = schemaIdFor(fixture.schema);
        setToday(fixture.today ?? DEFAULT_FIXTURE_TODAY);
        try {
          for (const data of [fixture.data, ...(fixture.after !== undefined ? [fixture.after] : [])]) {
            const expected = runtime.validate(id, data);
            const fn = runtime.validator(id);
            fn(data);
            const raw = fn.errors ?? null;
            // The server: the generated code, also ajv's raw errors (messages of ajv-errors, params, paths).
            const serverFn = server.validator(id);
            serverFn(data);
            expect(serverFn.errors ?? null).toEqual(raw);
            expect(toFieldErrors(serverFn.errors)).toEqual(expected);
            // The browser: each role's module that holds the schema.
            const schema = browserSchema(id);
            for (const role of roles) {
              if (!schema || !(roleSchemas[role]!.has(id) || id === listId || id === completeListRef(listId))) continue;
              // The role's whole module, and the step's own module (what a form page imports).
              for (const validator of [browser[role]!, stepBrowser[role]![moduleNameOf(id)!]!]) {
                expect(validator.fieldErrors(schema, data)).toEqual(expected);
                if (schema.$id) {
                  const utils = createSchemaUtils(validator, schema);
                  utils.getDefaultFormState(schema, data as never);
                  resolveAll(utils, schema, data);
                  expect(validator.missingKeys()).toEqual([]);
                }
              }
            }
          }
        } finally {
          setToday(null);
        }
      });
    });
  }
});
