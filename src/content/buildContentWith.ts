import type { AnySchemaObject } from 'ajv';
import { bundleSchema } from '../validation/bundle';
import type { ReferenceLists, ReferenceList } from '../validation/lists';
import { type BuiltContent, type ContentFiles, type Flow, SCHEMA_BASE, type StepDefinition } from './contentTypes';
import { contentHash } from './contentHash';
import type { Lifecycle } from './lifecycle';
import { loadMapping } from '../bankFormat';

const STEP_SCHEMA = /^steps\/([A-Za-z0-9]+)\.schema\.json$/;

function asObject(value: unknown, file: string): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${file} must hold a JSON object`);
  return value as Record<string, unknown>;
}

/** "steps/companyDetails" or a full `$id` -> the full `$id`. */
export function schemaIdFor(nameOrId: string): string {
  if (/^https?:\/\//.test(nameOrId)) return nameOrId;
  const path = nameOrId.endsWith('.json') ? nameOrId : `${nameOrId}.schema.json`;
  return SCHEMA_BASE + path;
}

/**
 * buildContent (buildContent.ts) without the check of lifecycle.json, which compiles a meta-schema with ajv: the
 * studio's preview in the browser builds the draft with this one, so the editor does not load ajv's compiler (an
 * eval the CSP refuses anyway). `parseLifecycle` given: the lifecycle is checked and built in. `hash`: the files'
 * contentHash when the caller has it (hashing the whole content costs 0.1 to 0.2 s).
 */
export function buildContentWith(files: ContentFiles, parseLifecycle?: (json: unknown) => Lifecycle, hash?: string): BuiltContent {
  const registry = new Map<string, AnySchemaObject>();
  for (const [path, value] of Object.entries(files)) {
    if (!path.endsWith('.schema.json')) continue;
    const schema = asObject(value, path) as AnySchemaObject;
    const expected = SCHEMA_BASE + path;
    if (schema.$id !== expected) throw new Error(`${path} must have "$id": "${expected}"`);
    registry.set(expected, schema);
  }

  const steps: Record<string, StepDefinition> = {};
  for (const path of Object.keys(files).sort()) {
    const match = STEP_SCHEMA.exec(path);
    if (!match) continue;
    const name = match[1]!;
    const uiPath = `steps/${name}.ui.json`;
    steps[name] = {
      schema: bundleSchema(registry.get(SCHEMA_BASE + path)!, registry),
      uiSchema: files[uiPath] === undefined ? {} : asObject(files[uiPath], uiPath),
    };
  }

  // Rules across stakeholders, bundled for the browser (the stakeholder wizard checks the whole list).
  const listId = SCHEMA_BASE + 'stakeholderList.schema.json';
  const stakeholderList = registry.has(listId) ? bundleSchema(registry.get(listId)!, registry) : undefined;

  const lists: ReferenceLists = {};
  for (const [path, value] of Object.entries(files)) {
    const match = /^lists\/([A-Za-z0-9]+)\.json$/.exec(path);
    if (match) lists[match[1]!] = asObject(value, path) as unknown as ReferenceList;
  }

  const flows = asObject(files['flows.json'] ?? {}, 'flows.json') as Record<string, Flow>;
  const problems: string[] = [];
  for (const [flowName, flow] of Object.entries(flows)) {
    for (const { step } of flow.steps) {
      if (!steps[step]) problems.push(`flows.json: flow ${flowName} names unknown step ${step}`);
    }
  }

  return {
    version: hash ?? contentHash(files),
    problems,
    registry,
    steps,
    stakeholderList,
    flows,
    lists,
    products: asObject(files['products.json'] ?? {}, 'products.json'),
    flags: asObject(files['flags.json'] ?? {}, 'flags.json'),
    prospectTemplate: asObject(files['prospectTemplate.json'] ?? {}, 'prospectTemplate.json'),
    documents: asObject(files['documents.json'] ?? {}, 'documents.json'),
    ...(files['outcomes.json'] !== undefined ? { outcomes: asObject(files['outcomes.json'], 'outcomes.json') } : {}),
    ...(files['lifecycle.json'] !== undefined && parseLifecycle ? { lifecycle: parseLifecycle(files['lifecycle.json']) } : {}),
    prospectSchemaId: SCHEMA_BASE + 'prospect.schema.json',
    ...(Object.keys(files).some((k) => k.startsWith('bank/mapping'))
      ? { bankFormat: { mapping: loadMapping(files), schema: asObject(files['bank/bankProspect.json'] ?? {}, 'bank/bankProspect.json') } }
      : {}),
  };
}
