import type { AnySchemaObject, ValidateFunction } from 'ajv';
import { createAjv } from '../../validation/createAjv';
import { type FieldError, toFieldErrors } from '../../validation/errors';
import { type BuiltContent, SCHEMA_BASE } from '../../content/contentTypes';
import { schemaSections } from './stepSections';

/**
 * The protected core of a prospect, kept in code and not in the published content: the applicant's identity,
 * the prospect id and the stakeholder list rules. The server validates it on every save and submit besides
 * the published schemas, so no publication from the schema studio can switch these checks off (the studio
 * also refuses drafts that drop them, see src/server/studio/protectedCore.ts).
 *
 * One definition: the core says only WHICH rules must hold (identity present and text, at most
 * CORE_MAX_STAKEHOLDERS stakeholders, shares, a signatory at submit); their limits on length, format and pattern
 * are the content's alone (the basic information step runs on every save), and their messages are the content's
 * too, read from the published schemas in the request's language (`coreMessages`). A rule the content has no
 * message for is reported in ajv's own words, which the API words in the request's language
 * (src/shared/serverMessages.ts ajvDefaultMessage), and the few checks of server-written fields (the prospect id)
 * have their messages in serverMessages.ts.
 */

/** Identity fields every prospect has from its creation on (the applicant verified them with a one-time code). */
export const CORE_IDENTITY_FIELDS = {
  fullName: 'Full name',
  email: 'E-mail',
  countryCode: 'Country code',
  mobileNo: 'Mobile Number',
} as const;

export const CORE_MAX_STAKEHOLDERS = 50;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** Where the content keeps the message of each core rule: schema file and JSON pointer (unescaped keys). */
const STEP = 'steps/applicantInfo.schema.json';
const LIST = 'stakeholderList.schema.json';
const PROSPECT = 'prospect.schema.json';
type Where = readonly [file: string, ...keys: string[]];

/** The messages of the core's rules, as the content words them (in its language); undefined where it has none. */
export interface CoreMessages {
  applicantInfoRequired?: string;
  identity: Record<keyof typeof CORE_IDENTITY_FIELDS, { required?: string; minLength?: string; type?: string }>;
  listType?: string;
  listMaxItems?: string;
  shareMax?: string;
  shareMin?: string;
  submitListRequired?: string;
  submitListMinItems?: string;
  submitSignatory?: string;
  submitShareTotal?: string;
}

function messageAt(content: Pick<BuiltContent, 'registry'>, [file, ...keys]: Where): string | undefined {
  let node: unknown = content.registry.get(SCHEMA_BASE + file);
  for (const key of keys) node = isObj(node) || Array.isArray(node) ? (node as Obj)[key] : undefined;
  return typeof node === 'string' && node !== '' ? node : undefined;
}

const messagesCache = new WeakMap<object, CoreMessages>();

/** The core rules' messages from a content (English, or a localized content's translations). */
export function coreMessages(content: Pick<BuiltContent, 'registry'>): CoreMessages {
  let hit = messagesCache.get(content);
  if (hit) return hit;
  const m = (...where: Where) => messageAt(content, where);
  const field = (name: string) => [STEP, 'properties', 'applicantInfo', 'properties', name, 'errorMessage'] as const;
  hit = {
    applicantInfoRequired: m(STEP, 'errorMessage', 'required', 'applicantInfo'),
    identity: Object.fromEntries(
      Object.keys(CORE_IDENTITY_FIELDS).map((name) => [
        name,
        {
          required: m(STEP, 'properties', 'applicantInfo', 'errorMessage', 'required', name),
          minLength: m(...field(name), 'minLength'),
          type: m(...field(name), 'type'),
        },
      ]),
    ) as CoreMessages['identity'],
    listType: m(LIST, 'errorMessage', 'type'),
    listMaxItems: m(LIST, 'errorMessage', 'maxItems'),
    shareMax: m(LIST, 'x-arraySum', 'messageMax'),
    shareMin: m(LIST, 'x-arraySum', 'messageMin'),
    submitListRequired: m(PROSPECT, 'errorMessage', 'required', 'signatoryInfo'),
    submitListMinItems: m(LIST, 'definitions', 'complete', 'errorMessage', 'minItems'),
    submitSignatory: m(LIST, 'definitions', 'complete', 'errorMessage', 'not'),
    submitShareTotal: m(LIST, 'definitions', 'complete', 'x-arrayTotal', '0', 'message'),
  };
  messagesCache.set(content, hit);
  return hit;
}

/** An errorMessage of the keywords the content has a message for (none: ajv's own words). */
const said = (messages: Record<string, string | undefined>): { errorMessage?: Record<string, string> } => {
  const defined = Object.fromEntries(Object.entries(messages).filter((e): e is [string, string] => e[1] !== undefined));
  return Object.keys(defined).length ? { errorMessage: defined } : {};
};

/** Only the presence and type of an identity field: its length, format and pattern are the step's rules. */
const identityField = (m: { required?: string; minLength?: string; type?: string }): AnySchemaObject => ({
  type: 'string',
  minLength: 1,
  ...said({ type: m.type, minLength: m.minLength }),
});

const CORE_ID = 'https://quickapply.example/core/prospect.core.json';

function coreSchema(m: CoreMessages): AnySchemaObject {
  const required = Object.fromEntries(Object.keys(CORE_IDENTITY_FIELDS).map((k) => [k, m.identity[k as keyof CoreMessages['identity']].required]));
  return {
    $id: CORE_ID,
    type: 'object',
    required: ['applicantInfo', 'generalInfo'],
    ...(m.applicantInfoRequired ? { errorMessage: { required: { applicantInfo: m.applicantInfoRequired } } } : {}),
    properties: {
      applicantInfo: {
        type: 'object',
        required: Object.keys(CORE_IDENTITY_FIELDS),
        ...(Object.values(required).some(Boolean) ? { errorMessage: { required: Object.fromEntries(Object.entries(required).filter(([, v]) => v)) } } : {}),
        properties: Object.fromEntries(Object.keys(CORE_IDENTITY_FIELDS).map((k) => [k, identityField(m.identity[k as keyof CoreMessages['identity']])])),
      },
      // Written by the server alone (no client can change it: x-writer server), checked in case of a bug.
      generalInfo: {
        type: 'object',
        required: ['prospectId'],
        properties: { prospectId: { type: 'string', pattern: '^[A-Z0-9-]{4,40}$' } },
      },
      signatoryInfo: { $ref: '#/definitions/stakeholders' },
    },
    definitions: {
      stakeholders: {
        type: 'array',
        maxItems: CORE_MAX_STAKEHOLDERS,
        items: { type: 'object' },
        'x-arraySum': {
          field: 'kycDetails/shareHoldingPercentage',
          max: 100,
          min: 0,
          messageMax: m.shareMax ?? 'must hold at most 100 in total',
          messageMin: m.shareMin ?? 'must hold at least 0 in total',
        },
        ...said({ type: m.listType, maxItems: m.listMaxItems }),
      },
      /** At submit: at least one stakeholder, shares add up to 100 %, at least one person signs. */
      submit: {
        type: 'object',
        required: ['signatoryInfo'],
        ...(m.submitListRequired ? { errorMessage: { required: { signatoryInfo: m.submitListRequired } } } : {}),
        properties: {
          signatoryInfo: {
            minItems: 1,
            'x-arrayTotal': [{ field: 'kycDetails/shareHoldingPercentage', op: '==', value: 100, message: m.submitShareTotal ?? 'must hold 100 in total' }],
            not: {
              items: {
                not: {
                  type: 'object',
                  required: ['kycDetails'],
                  properties: {
                    kycDetails: {
                      type: 'object',
                      required: ['isSignatory'],
                      properties: { isSignatory: { const: true }, isShareholderACompany: { not: { const: true } } },
                    },
                  },
                },
              },
            },
            ...said({ minItems: m.submitListMinItems, not: m.submitSignatory }),
          },
        },
      },
    },
  };
}

/** The top-level sections the core reads on every save (its root keywords; the submit's rules run at every submit). */
export const CORE_SECTIONS: ReadonlySet<string> | undefined = schemaSections(coreSchema({ identity: { fullName: {}, email: {}, countryCode: {}, mobileNo: {} } }));

/** Compiled core validators by their messages (a few languages and content versions at a time). */
const compiled = new Map<string, { always: ValidateFunction; submit: ValidateFunction }>();

/** The same, by the messages object (coreMessages keeps one per content): no key to serialise on every save. */
const byMessages = new WeakMap<CoreMessages, { always: ValidateFunction; submit: ValidateFunction }>();

function validators(messages: CoreMessages) {
  const known = byMessages.get(messages);
  if (known) return known;
  const key = JSON.stringify(messages);
  let hit = compiled.get(key);
  if (!hit) {
    const schema = coreSchema(messages);
    const ajv = createAjv({ schemas: [schema] });
    hit = { always: ajv.getSchema(CORE_ID)!, submit: ajv.getSchema(`${CORE_ID}#/definitions/submit`)! };
    compiled.set(key, hit);
    if (compiled.size > 8) compiled.delete(compiled.keys().next().value!);
  }
  byMessages.set(messages, hit);
  return hit;
}

/**
 * The core rules: identity and stakeholder-list shape on every save (whatever the save type: these fields are
 * set when the prospect is created), plus the stakeholder rules of a complete application at submit. `content`:
 * the content whose messages are reported (the request's language); without it, no content message is known.
 */
export function validateCore(document: Record<string, unknown>, opts: { submit?: boolean; content?: Pick<BuiltContent, 'registry'> } = {}): FieldError[] {
  const { always, submit } = validators(opts.content ? coreMessages(opts.content) : { identity: { fullName: {}, email: {}, countryCode: {}, mobileNo: {} } });
  const errors = always(document) ? [] : toFieldErrors(always.errors);
  if (opts.submit && !submit(document)) errors.push(...toFieldErrors(submit.errors));
  return errors;
}
