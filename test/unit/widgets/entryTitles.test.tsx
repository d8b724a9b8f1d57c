// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withTheme } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTheme, type FormContext } from '../../../widgets';
import { inFluent } from './renderWidget';

afterEach(cleanup);

const validator = customizeValidator({ ajvOptionsOverrides: { allErrors: true, strict: false } });
const ThemedForm = withTheme(createTheme());
const root = join(import.meta.dirname, '..', '..', '..');

// The KYC annexure's EID ping entries: one per stakeholder, not added or removed by the agent, so each heading
// names its stakeholder (a person by full name, a company by its name) instead of repeating "EID ping".
const kycUi = JSON.parse(readFileSync(join(root, 'schemas', 'steps', 'kycAnnexure.ui.json'), 'utf8')) as { signatoryInfo: UiSchema };
const schema = {
  type: 'object',
  properties: {
    signatoryInfo: {
      type: 'array',
      title: 'EID ping details',
      items: { type: 'object', title: 'EID ping', properties: { signatoryEIDPingDocRef: { type: 'string', title: 'EID ping document reference' } } },
    },
  },
} as RJSFSchema;

describe('an entry heading named by its data (ui:options.titleWith)', () => {
  it("names each EID ping entry by its stakeholder, isolated for an Arabic title, and keeps the plain title while it has no name", () => {
    const context: FormContext = { lists: {} };
    const formData = {
      signatoryInfo: [{ fullName: 'Layla Haddad' }, { signatoryCompanyInfo: { companyName: 'Gulf Holdings LLC' } }, { fullName: '  ' }],
    };
    render(inFluent(<ThemedForm schema={schema} uiSchema={{ signatoryInfo: { ...kycUi.signatoryInfo, 'ui:order': undefined } }} formData={formData} formContext={context} validator={validator} />));
    // (a required entry's heading ends with the required marker)
    const headings = screen.getAllByRole('heading').map((h) => h.textContent?.replace(/\*$/, ''));
    expect(headings).toContain('EID ping: \u2068Layla Haddad\u2069');
    expect(headings).toContain('EID ping: \u2068Gulf Holdings LLC\u2069');
    expect(headings.filter((h) => h === 'EID ping')).toHaveLength(1);
  });
});

describe('a blank title (ui:title " ", the mailing address entry)', () => {
  it('gives no heading and no lone required marker, for an object and for a list', () => {
    const addresses = {
      type: 'object',
      required: ['addressInfo'],
      properties: {
        addressInfo: {
          type: 'array',
          title: 'Mailing address',
          items: { type: 'object', title: '', required: ['addressDetails'], properties: { addressDetails: { type: 'object', title: 'Address', required: ['street'], properties: { street: { type: 'string', title: 'Street' } } } } },
        },
      },
    } as RJSFSchema;
    const ui = { addressInfo: { 'ui:title': ' ', items: { addressDetails: { 'ui:title': ' ' } } } };
    const { container } = render(inFluent(<ThemedForm schema={addresses} uiSchema={ui} formData={{ addressInfo: [{ addressDetails: { street: 'Al Wasl Road' } }] }} formContext={{ lists: {} }} validator={validator} />));
    expect(screen.queryAllByRole('heading')).toEqual([]);
    expect([...container.querySelectorAll('legend')].map((l) => l.textContent)).toEqual([]);
    expect(screen.getByLabelText(/^Street/)).toBeTruthy();
  });
});
