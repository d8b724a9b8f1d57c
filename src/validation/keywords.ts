/**
 * The project's custom ajv keywords. Each is a *code* keyword: it generates code that calls a pure function of
 * `runtime.ts` through a scope value that also carries its module path, which is what ajv's standalone code
 * generation needs (no closures are serialised). Every keyword has a meta-schema, so a schema that misuses it
 * fails to compile with a clear message (the studio relies on that).
 *
 * Errors are pushed with a path relative to the data the keyword sits on, so a rule on an object can report
 * on the exact child field (e.g. x-compare reports on `nonCashAmount`, x-arraySum on
 * `/2/kycDetails/shareHoldingPercentage`).
 */
import { _, type Code, type KeywordCxt, type KeywordDefinition, Name } from 'ajv';
import { getProperty } from 'ajv/dist/compile/codegen/index.js';
import * as phone from './phone';
import type { ReferenceLists } from './lists';
import { keywordRuntime, LISTS_MODULE, RUNTIME_MODULE } from './standalone';


const message = { type: 'string', minLength: 1 } as const;
const path = { type: 'string' } as const;
const dateExpr = {
  type: 'string',
  pattern: '^(today|startOfYear|endOfYear|\\$[A-Za-z0-9_]+|\\d{4}-\\d{2}-\\d{2})([+-]\\d+[dmy])?$',
} as const;
/** A condition on one value (x-count where): equals, in (one of) and/or contains (arrays). */
const matchCondition = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { equals: {}, in: { type: 'array', minItems: 1 }, contains: {} },
} as const;
const operand = { anyOf: [{ type: 'number' }, path, { type: 'array', items: path, minItems: 1 }] } as const;

const runtime = keywordRuntime(phone);
type RuntimeFn = keyof typeof runtime;

/** Variables of ajv's generated validate functions (ajv/dist/compile/names), by name. */
const N = {
  vErrors: new Name('vErrors'),
  errors: new Name('errors'),
  instancePath: new Name('instancePath'),
  rootData: new Name('rootData'),
};

/** Emits: errs = fn(args); for each err push {instancePath: here + err.path, ...} into vErrors. */
function pushRuntimeErrors(cxt: KeywordCxt, fnName: RuntimeFn, args: (scope: { fn: Name }) => Code): void {
  const { gen, it, keyword } = cxt;
  const fn = gen.scopeValue('func', {
    ref: runtime[fnName],
    code: _`require(${RUNTIME_MODULE})${getProperty(fnName)}`,
  });
  const errs = gen.const('xErrs', args({ fn }));
  gen.if(_`${errs} !== null`, () => {
    gen.forOf('xe', errs, (e) => {
      const err = gen.const(
        'xErr',
        _`{instancePath: ${N.instancePath} + ${it.errorPath} + ${e}.path, schemaPath: ${it.errSchemaPath + '/' + keyword}, keyword: ${e}.keyword || ${keyword}, params: ${e}.params, message: ${e}.message}`,
      );
      gen.if(_`${N.vErrors} === null`, () => gen.assign(N.vErrors, _`[${err}]`), () => gen.code(_`${N.vErrors}.push(${err})`));
      gen.code(_`${N.errors}++`);
    });
  });
}

function simple(
  keyword: string,
  fnName: RuntimeFn,
  schemaType: KeywordDefinition['schemaType'],
  dataTypes: KeywordDefinition['type'] | undefined,
  metaSchema: object,
  withParent = false,
): KeywordDefinition {
  return {
    keyword,
    schemaType,
    ...(dataTypes ? { type: dataTypes } : {}),
    metaSchema,
    code(cxt) {
      const { data, schemaCode, it } = cxt;
      pushRuntimeErrors(cxt, fnName, ({ fn }) =>
        withParent ? _`${fn}(${data}, ${schemaCode}, ${it.parentData})` : _`${fn}(${data}, ${schemaCode})`,
      );
    },
  };
}

export function projectKeywords(lists: ReferenceLists): KeywordDefinition[] {
  const names = Object.keys(lists);
  const listName = names.length ? { type: 'string', enum: names } : { type: 'string' };
  return [
    simple('x-date', 'checkDate', ['array'], ['string'], {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['message'],
        properties: { min: dateExpr, max: dateExpr, after: dateExpr, before: dateExpr, requires: path, message },
        minProperties: 2,
        maxProperties: 2,
      },
    }, true),
    {
      // A required field (minLength 1 beside the keyword) of spaces only is not filled: one rule in the browser and on the server.
      keyword: 'x-trimmed',
      schemaType: ['string'],
      type: ['string'],
      metaSchema: message,
      code(cxt) {
        const { data, schemaCode, parentSchema } = cxt;
        const required = typeof parentSchema.minLength === 'number' && parentSchema.minLength >= 1;
        const blankRule = parentSchema.not !== undefined;
        pushRuntimeErrors(cxt, 'checkTrimmed', ({ fn }) => _`${fn}(${data}, ${schemaCode}, ${required}, ${blankRule})`);
      },
    },
    simple('x-emiratesId', 'checkEmiratesId', ['string'], ['string'], message),
    simple('x-emailDomain', 'checkEmailDomain', ['object'], ['string'], {
      type: 'object',
      additionalProperties: false,
      required: ['notIn', 'message'],
      properties: { notIn: { type: 'array', items: { type: 'string' }, minItems: 1 }, message },
    }),
    simple('x-compare', 'checkCompare', ['array'], ['object'], {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['left', 'op', 'right', 'message'],
        properties: { left: operand, right: operand, op: { enum: ['<', '<=', '==', '>=', '>', '!='] }, at: path, message },
      },
    }),
    simple('x-totalLength', 'checkTotalLength', ['object'], ['object'], {
      type: 'object',
      additionalProperties: false,
      required: ['fields', 'max', 'at', 'message'],
      properties: { fields: { type: 'array', items: path, minItems: 2 }, max: { type: 'integer', minimum: 1 }, at: path, message },
    }),
    simple('x-arraySum', 'checkArraySum', ['object'], ['array'], {
      type: 'object',
      additionalProperties: false,
      required: ['field'],
      properties: { field: path, max: { type: 'number' }, min: { type: 'number' }, messageMax: message, messageMin: message },
    }),
    simple('x-uniqueBy', 'checkUniqueBy', ['object'], ['array'], {
      type: 'object',
      additionalProperties: false,
      required: ['fields', 'message'],
      properties: { fields: { type: 'array', items: path, minItems: 1 }, at: path, message },
    }),
    simple('x-phone', 'checkPhone', ['object'], ['object'], {
      type: 'object',
      additionalProperties: false,
      required: ['code', 'number', 'kind', 'message'],
      properties: { code: path, number: path, kind: { enum: ['mobile', 'landline'] }, message, messageOther: message },
    }),
    {
      keyword: 'x-list',
      schemaType: ['object'],
      type: ['string', 'array'],
      metaSchema: {
        type: 'object',
        additionalProperties: false,
        required: ['list', 'message'],
        properties: {
          list: listName,
          childOf: path,
          variants: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['when', 'list'],
              properties: {
                when: { type: 'object', required: ['path', 'equals'], properties: { path, equals: {} } },
                list: listName,
              },
            },
          },
          message,
        },
      },
      code(cxt) {
        const { gen, data, schemaCode, it } = cxt;
        const listsRef = gen.scopeValue('keyword', { ref: lists, code: _`require(${LISTS_MODULE})` });
        pushRuntimeErrors(cxt, 'checkList', ({ fn }) => _`${fn}(${data}, ${schemaCode}, ${it.parentData}, ${N.rootData}, ${listsRef})`);
      },
    },
    simple('x-decimals', 'checkDecimals', ['object'], ['number'], {
      type: 'object',
      additionalProperties: false,
      required: ['max', 'message'],
      properties: { max: { type: 'integer', minimum: 0, maximum: 10 }, message },
    }),
    simple('x-arrayTotal', 'checkArrayTotal', ['array'], ['array'], {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['field', 'op', 'value', 'message'],
        properties: { field: path, op: { enum: ['<', '<=', '==', '>=', '>', '!='] }, value: { type: 'number' }, at: path, message },
      },
    }),
    simple('x-count', 'checkCount', ['array'], ['object'], {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['array', 'at', 'message'],
        anyOf: [{ required: ['min'] }, { required: ['max'] }],
        properties: {
          array: path,
          where: {
            type: 'object',
            additionalProperties: false,
            required: ['path'],
            minProperties: 2,
            properties: { path, ...matchCondition.properties },
          },
          min: { type: 'integer', minimum: 0 },
          max: { type: 'integer', minimum: 0 },
          at: path,
          message,
        },
      },
    }),
    // Annotations read by the form runtime and the studio, not by validation.
    { keyword: 'x-help', schemaType: 'string' },
    { keyword: 'x-label', schemaType: 'string' },
    // Who may write the field (src/content/fieldMap.ts; the server enforces it on every write).
    { keyword: 'x-writer', schemaType: 'string', metaSchema: { enum: ['applicant', 'agent', 'server'] } },
  ];
}
