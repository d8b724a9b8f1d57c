import type { AnySchemaObject, ValidateFunction } from 'ajv';
import { createAjv } from '../../validation/createAjv';
import { type FieldError, toFieldErrors } from '../../validation/errors';

/**
 * The protected core of a prospect, kept in code and not in the published content: the applicant's identity,
 * the prospect id and the stakeholder list rules. The server validates it on every save and submit besides
 * the published schemas, so no publication from the schema studio can switch these checks off (the studio
 * also refuses drafts that drop them, see src/server/studio/protectedCore.ts). Messages are the content's, so
 * an error reported by both is shown once.
 */

const identityField = (label: string, extra: AnySchemaObject = {}): AnySchemaObject => ({
  type: 'string',
  minLength: 1,
  ...extra,
  errorMessage: { type: `${label} is invalid`, minLength: `${label} is not filled`, ...((extra.errorMessage as object) ?? {}) },
});

/** Identity fields every prospect has from its creation on (the applicant verified them with a one-time code). */
export const CORE_IDENTITY_FIELDS = {
  fullName: 'Full name',
  email: 'E-mail',
  countryCode: 'Country code',
  mobileNo: 'Mobile Number',
} as const;

export const CORE_MAX_STAKEHOLDERS = 50;

const coreSchema: AnySchemaObject = {
  $id: 'https://quickapply.example/core/prospect.core.json',
  type: 'object',
  required: ['applicantInfo', 'generalInfo'],
  errorMessage: { required: { applicantInfo: 'Basic information is not filled', generalInfo: 'Prospect ID is not filled' } },
  properties: {
    applicantInfo: {
      type: 'object',
      required: Object.keys(CORE_IDENTITY_FIELDS),
      errorMessage: {
        type: 'Basic information is invalid',
        required: Object.fromEntries(Object.entries(CORE_IDENTITY_FIELDS).map(([k, label]) => [k, `${label} is not filled`])),
      },
      properties: {
        fullName: identityField('Full name', { maxLength: 100, errorMessage: { maxLength: 'Maximum 100 characters allowed' } }),
        email: identityField('E-mail', {
          maxLength: 50,
          if: { minLength: 1 },
          then: { format: 'email', errorMessage: { format: 'E-mail is invalid' } },
          errorMessage: { maxLength: 'Maximum 50 characters allowed' },
        }),
        countryCode: identityField('Country code', { pattern: '^[0-9]{1,4}(-[0-9]{1,4})?$', errorMessage: { pattern: 'Country code is invalid' } }),
        mobileNo: identityField('Mobile Number', { pattern: '^[0-9]*$', maxLength: 15, errorMessage: { pattern: 'Only numbers without spaces are allowed', maxLength: 'Mobile Number is invalid' } }),
      },
    },
    generalInfo: {
      type: 'object',
      required: ['prospectId'],
      errorMessage: { type: 'Prospect ID is invalid', required: { prospectId: 'Prospect ID is not filled' } },
      properties: { prospectId: identityField('Prospect ID', { pattern: '^[A-Z0-9-]{4,40}$', errorMessage: { pattern: 'Prospect ID is invalid' } }) },
    },
    signatoryInfo: { $ref: '#/definitions/stakeholders' },
  },
  definitions: {
    stakeholders: {
      type: 'array',
      maxItems: CORE_MAX_STAKEHOLDERS,
      items: { type: 'object', errorMessage: { type: 'Company stakeholders are invalid' } },
      'x-arraySum': {
        field: 'kycDetails/shareHoldingPercentage',
        max: 100,
        min: 0,
        messageMax: "Shareholders can't hold more than 100% of shares in total",
        messageMin: "Shareholders can't hold less than 0% of shares in total",
      },
      errorMessage: { type: 'Company stakeholders are invalid', maxItems: `Maximum ${CORE_MAX_STAKEHOLDERS} stakeholders allowed` },
    },
    /** At submit: at least one stakeholder, shares add up to 100 %, at least one person signs. */
    submit: {
      type: 'object',
      required: ['signatoryInfo'],
      errorMessage: { required: { signatoryInfo: 'Company stakeholders are not filled' } },
      properties: {
        signatoryInfo: {
          minItems: 1,
          'x-arrayTotal': [{ field: 'kycDetails/shareHoldingPercentage', op: '==', value: 100, message: 'Shareholders must hold 100% of shares in total' }],
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
          errorMessage: { minItems: 'Company stakeholders are not filled', not: 'At least one stakeholder must be a signatory' },
        },
      },
    },
  },
};

let compiled: { always: ValidateFunction; submit: ValidateFunction } | undefined;

function validators() {
  if (!compiled) {
    const ajv = createAjv({ schemas: [coreSchema] });
    compiled = {
      always: ajv.getSchema(coreSchema.$id as string)!,
      submit: ajv.getSchema(`${coreSchema.$id as string}#/definitions/submit`)!,
    };
  }
  return compiled;
}

/**
 * The core rules: identity and stakeholder-list shape on every save (whatever the save type: these fields are
 * set when the prospect is created), plus the stakeholder rules of a complete application at submit.
 */
export function validateCore(document: Record<string, unknown>, opts: { submit?: boolean } = {}): FieldError[] {
  const { always, submit } = validators();
  const errors = always(document) ? [] : toFieldErrors(always.errors);
  if (opts.submit && !submit(document)) errors.push(...toFieldErrors(submit.errors));
  return errors;
}
