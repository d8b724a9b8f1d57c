import Ajv, { type AnySchemaObject, type ValidateFunction } from 'ajv';
import { isNumericKeyword, numericLimitMessage, withinLimit } from '../../content/numericLimits';
import { SCHEMA_BASE, type ContentFiles } from '../../content/contentTypes';
import { createAjv } from '../../validation/createAjv';
import { projectKeywords } from '../../validation/keywords';
import type { ReferenceLists } from '../../validation/lists';
import type { Problem } from './draft';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const esc = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Where JSON Schema nests sub-schemas (draft-07), so the walk finds keywords only where ajv would apply them. */
const SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies'];
const SCHEMA_ONE = ['additionalItems', 'additionalProperties', 'contains', 'propertyNames', 'if', 'then', 'else', 'not', 'items'];
const SCHEMA_LIST = ['allOf', 'anyOf', 'oneOf', 'items'];

/** Calls `visit` for every (sub-)schema object with its JSON pointer. */
export function walkSchema(schema: unknown, visit: (node: Obj, pointer: string) => void, pointer = ''): void {
  if (!isObj(schema)) return;
  visit(schema, pointer);
  for (const key of SCHEMA_MAPS) {
    const map = schema[key];
    if (isObj(map)) for (const [name, sub] of Object.entries(map)) walkSchema(sub, visit, `${pointer}/${key}/${esc(name)}`);
  }
  for (const key of SCHEMA_ONE) walkSchema(schema[key], visit, `${pointer}/${key}`);
  for (const key of SCHEMA_LIST) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((sub, i) => walkSchema(sub, visit, `${pointer}/${key}/${i}`));
  }
}

function describe(errors: ValidateFunction['errors']): string {
  return (errors ?? []).map((e) => `${e.instancePath || 'value'} ${e.message ?? 'is invalid'}`.trim()).join('; ');
}

/** Reference lists of a draft, for the x-list meta-schema (a list name must exist). */
export function draftLists(files: ContentFiles): ReferenceLists {
  const lists: ReferenceLists = {};
  for (const [path, value] of Object.entries(files)) {
    const name = /^lists\/([A-Za-z0-9]+)\.json$/.exec(path)?.[1];
    if (name && isObj(value)) lists[name] = value as never;
  }
  return lists;
}

/**
 * Each custom keyword checked against its own meta-schema, wherever it is used, so that the message names
 * the keyword and its location (ajv would only name the first misuse, at compile time).
 */
function keywordProblems(path: string, schema: Obj, lists: ReferenceLists): Problem[] {
  const meta = new Ajv({ allErrors: true, strict: false });
  const checks = new Map<string, (value: unknown) => string | undefined>();
  for (const def of projectKeywords(lists)) {
    const keyword = def.keyword as string;
    const types = def.schemaType ? ([] as string[]).concat(def.schemaType) : [];
    const fn = def.metaSchema ? meta.compile(def.metaSchema) : undefined;
    checks.set(keyword, (value) => {
      const actual = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
      if (types.length && !types.includes(actual)) return `must be ${types.join(' or ')}`;
      if (fn && !fn(value)) return describe(fn.errors);
      return undefined;
    });
  }
  const problems: Problem[] = [];
  walkSchema(schema, (node, pointer) => {
    for (const [key, value] of Object.entries(node)) {
      const check = checks.get(key);
      const wrong = check?.(value);
      if (wrong) problems.push({ path, pointer: `${pointer}/${esc(key)}`, message: `Custom keyword "${key}" is misused: ${wrong}` });
    }
  });
  return problems;
}

/** "/a/b" of an ajv meta-schema error, plus the keyword it complains about. */
function metaProblems(path: string, schema: Obj, ajv: Ajv): Problem[] {
  if (ajv.validateSchema(schema)) return [];
  return (ajv.errors ?? []).map((e) => ({
    path,
    pointer: e.instancePath,
    message: `Not a valid JSON Schema (draft-07): ${e.instancePath || 'the schema'} ${e.message ?? 'is invalid'}`,
  }));
}

/**
 * Per-file checks of every schema file of a draft: a JSON object with the right `$id`, valid against the
 * draft-07 meta-schema, and every custom keyword used as its meta-schema says. Only changed files are
 * checked (the base version was checked when it was published).
 */
export function schemaFileProblems(files: ContentFiles, changed: string[]): Problem[] {
  const lists = draftLists(files);
  const ajv = createAjv({ lists });
  const problems: Problem[] = [];
  for (const path of changed) {
    const schema = files[path];
    if (!path.endsWith('.schema.json') || schema === undefined) continue;
    if (!isObj(schema)) {
      problems.push({ path, message: 'A schema file must hold a JSON object' });
      continue;
    }
    const expected = SCHEMA_BASE + path;
    if (schema.$id !== expected) problems.push({ path, pointer: '/$id', message: `The schema must have "$id": "${expected}"` });
    problems.push(...metaProblems(path, schema, ajv), ...keywordProblems(path, schema, lists), ...numericProblems(path, schema));
  }
  return problems;
}

/** Numeric constraints outside what a form can use (src/content/numericLimits.ts: the studio's editor refuses the same). */
export function numericProblems(path: string, schema: Obj): Problem[] {
  const problems: Problem[] = [];
  walkSchema(schema, (node, pointer) => {
    for (const [key, value] of Object.entries(node)) {
      if (isNumericKeyword(key) && typeof value === 'number' && !withinLimit(key, value)) {
        problems.push({ path, pointer: `${pointer}/${key}`, message: `${numericLimitMessage(key)} (it is ${value})` });
      }
    }
  });
  return problems;
}

/** A compile failure of ajv (strict mode, unresolved $ref, keyword misuse), with the pointer when it names one. */
export function compileProblem(path: string, error: unknown): Problem {
  const message = (error as Error).message ?? String(error);
  const pointer = /at path "#([^"]*)"/.exec(message)?.[1];
  return { path, ...(pointer !== undefined ? { pointer } : {}), message: `The schema does not compile: ${message}` };
}

/** Files other than schemas that the server and the forms read: reference lists and flows must keep their shape. */
const LIST_SHAPE: AnySchemaObject = {
  type: 'object',
  required: ['name', 'options'],
  properties: {
    name: { type: 'string' },
    title: { type: 'string' },
    options: { type: 'array', items: { type: 'object', required: ['value', 'label'], properties: { value: { type: ['string', 'number', 'boolean'] }, label: { type: 'string' }, retired: { type: 'boolean' } } } },
  },
};
const FLOWS_SHAPE: AnySchemaObject = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    required: ['title', 'scope', 'steps'],
    properties: {
      title: { type: 'string' },
      scope: { type: 'string' },
      roles: { type: 'array', items: { enum: ['customer', 'agent'] } },
      steps: {
        type: 'array',
        items: {
          type: 'object',
          required: ['step', 'title'],
          properties: { step: { type: 'string', pattern: '^[A-Za-z0-9]+$' }, title: { type: 'string' }, roles: { type: 'array', items: { enum: ['customer', 'agent'] } } },
        },
      },
    },
  },
};

export function dataFileProblems(files: ContentFiles, changed: string[]): Problem[] {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const list = ajv.compile(LIST_SHAPE);
  const flows = ajv.compile(FLOWS_SHAPE);
  const problems: Problem[] = [];
  for (const path of changed) {
    const value = files[path];
    if (value === undefined) continue;
    const fn = path === 'flows.json' ? flows : /^lists\/[A-Za-z0-9]+\.json$/.test(path) ? list : undefined;
    if (fn && !fn(value)) {
      for (const e of fn.errors ?? []) problems.push({ path, pointer: e.instancePath, message: `${e.instancePath || 'The file'} ${e.message ?? 'is invalid'}` });
    }
    if (fn === list && isObj(value) && value.name !== path.slice(6, -5)) {
      problems.push({ path, pointer: '/name', message: `The list's name must be its file name (${path.slice(6, -5)})` });
    }
  }
  return problems;
}
