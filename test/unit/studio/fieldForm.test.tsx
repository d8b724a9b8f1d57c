// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FieldForm } from '../../../src/app/features/studio/FieldForm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inFluent } from '../widgets/renderWidget';

afterEach(cleanup);

const root = join(import.meta.dirname, '..', '..', '..', 'schemas');
const files: Record<string, unknown> = Object.fromEntries(
  ['steps/companyDetails.schema.json', 'steps/companyDetails.ui.json'].map((p) => [p, JSON.parse(readFileSync(join(root, p), 'utf8'))]),
);
const pretty = (v: unknown) => JSON.stringify(v, null, 2) + '\n';

/** FieldForm over a draft kept in state, as the editor page does; `latest` exposes the texts. */
function renderForm() {
  const latest = { schema: pretty(files['steps/companyDetails.schema.json']), ui: pretty(files['steps/companyDetails.ui.json']) };
  function Host() {
    const [texts, setTexts] = useState(latest);
    return (
      <FieldForm
        schemaText={texts.schema}
        uiText={texts.ui}
        onChange={(next) => {
          Object.assign(latest, next);
          setTexts(next);
        }}
      />
    );
  }
  render(inFluent(<Host />));
  return latest;
}

const companyName = (schemaText: string) =>
  (JSON.parse(schemaText) as { properties: { organizationInfo: { properties: Record<string, Record<string, unknown>> } } }).properties.organizationInfo.properties;

describe('studio form view', () => {
  it('edits the max length and its message of the chosen field in the draft; the help text follows the limit', () => {
    const draft = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Company name' }));
    expect((screen.getByLabelText('Label') as HTMLInputElement).value).toBe('Company name');
    fireEvent.change(screen.getByLabelText('Max length'), { target: { value: '40' } });
    expect(companyName(draft.schema).companyName).toMatchObject({ maxLength: 40, errorMessage: expect.objectContaining({ maxLength: 'Company name is too long: use at most 40 characters' }) });
    expect((JSON.parse(draft.ui) as { organizationInfo: { companyName: Record<string, string> } }).organizationInfo.companyName['ui:help']).toMatch(/^As on the trade license, up to 40 characters\./);
    fireEvent.change(screen.getByLabelText('Max length message'), { target: { value: 'Company name: at most 40 characters' } });
    expect(companyName(draft.schema).companyName!.errorMessage).toMatchObject({ maxLength: 'Company name: at most 40 characters' });
  });

  it('adds a field from the palette by its label at the chosen place, and refuses one without a label', () => {
    const draft = renderForm();
    fireEvent.change(screen.getByLabelText('Kind of field'), { target: { value: 'date' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    expect(screen.getByRole('alert').textContent).toMatch(/Label is not filled/);
    fireEvent.change(screen.getByLabelText('New field label'), { target: { value: 'Date of first trade' } });
    fireEvent.change(screen.getByLabelText('Place'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    expect(companyName(draft.schema).dateOfFirstTrade).toMatchObject({ type: 'string', format: 'date', title: 'Date of first trade' });
    expect((JSON.parse(draft.ui) as { organizationInfo: { 'ui:order': string[] } }).organizationInfo['ui:order'].slice(0, 2)).toEqual(['companyName', 'dateOfFirstTrade']);
  });

  it('moves a field with buttons and with Alt + arrow keys, and picks a named pattern', () => {
    const draft = renderForm();
    const order = () => (JSON.parse(draft.ui) as { organizationInfo: { 'ui:order': string[] } }).organizationInfo['ui:order'];
    fireEvent.click(screen.getByRole('button', { name: 'Move VAT registration number up' }));
    expect(order().slice(0, 2)).toEqual(['vatRegistrationNumber', 'companyName']);
    fireEvent.keyDown(screen.getByRole('button', { name: 'VAT registration number' }), { key: 'ArrowDown', altKey: true });
    expect(order().slice(0, 2)).toEqual(['companyName', 'vatRegistrationNumber']);
    fireEvent.click(screen.getByRole('button', { name: 'Corporate Tax ID' }));
    fireEvent.change(screen.getByLabelText('Allowed characters'), { target: { value: 'digits' } });
    expect(companyName(draft.schema).corporateTaxId).toMatchObject({ pattern: '^[0-9]*$', errorMessage: expect.objectContaining({ pattern: 'Corporate Tax ID may only contain digits: remove other characters' }) });
  });
});
