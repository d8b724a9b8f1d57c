import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM_STATE } from '../../src/app/features/forms/StepForm';
import { buildContent } from '../../src/content/buildContent';
import { buildConfigDocument } from '../../src/content/configDocument';
import { readContentDir } from '../../src/content/readContentDir';
import { createAjv } from '../../src/validation/createAjv';
import { ProjectValidator } from '../../src/validation/rjsfValidator';

/**
 * What RJSF fills in by itself when a step opens or an answer changes (StepForm's DEFAULT_FORM_STATE). A `const`
 * in a step schema is a rule, never an answer: RJSF's default would copy a `then` branch's const into the data, which
 * ticked "I accept the terms and conditions" as soon as Express was chosen and claimed "Uploaded" for an annexure
 * document nobody uploaded. Fixed values that are answers are written as `default`.
 */
const content = buildContent(await readContentDir());
const config = buildConfigDocument(content, { role: 'agent', schemaVersion: 1 });
const schemas = Object.values(config.steps).map((s) => s.schema as RJSFSchema);
const validator = new ProjectValidator(createAjv({ lists: config.lists, schemas }));
const defaults = (step: string, data: unknown) => {
  const schema = config.steps[step]!.schema as RJSFSchema;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read into whatever RJSF filled in
  return getDefaultFormState(validator, schema, structuredClone(data), schema, false, DEFAULT_FORM_STATE) as Record<string, any>;
};

describe('defaults RJSF fills in', () => {
  it('choosing Express does not accept its terms for the applicant', () => {
    const filled = defaults('ssExpress', { accountInfo: [{ express: true }] });
    expect(filled.accountInfo[0]).not.toHaveProperty('expressTandC');
  });

  it('choosing Express does not pick the currencies (the offer sets them when accepted)', () => {
    const filled = defaults('ssAccountDetails', { accountInfo: [{ express: true }] });
    expect(filled.accountInfo[0].accountCurrencies ?? []).toEqual([]);
  });

  it('a site visit or a meeting elsewhere does not claim the annexure documents uploaded', () => {
    const filled = defaults('kycAnnexure', { kycAnnexure: { isVisitConducted: 'Y', kycVerificationLocation: 'BRANCH' } });
    expect(JSON.stringify(filled)).not.toContain('Uploaded');
  });

  it('fixed answers written as defaults are still filled in (the mailing address is the office, in the UAE, preferred)', () => {
    const filled = defaults('fqMailingAddress', {});
    expect(filled.organizationInfo.addressInfo[0]).toMatchObject({ typeOfAddress: 'Office', addressDetails: { country: 'AE', preferredAddress: 'Y' } });
  });
});
