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
  it('edits the max length and its message of the chosen field in the draft', () => {
    const draft = renderForm();
    fireEvent.change(screen.getByLabelText('Field'), { target: { value: 'organizationInfo.companyName' } });
    expect((screen.getByLabelText('Label') as HTMLInputElement).value).toBe('Company name');
    fireEvent.change(screen.getByLabelText('Max length'), { target: { value: '40' } });
    expect(companyName(draft.schema).companyName).toMatchObject({ maxLength: 40, errorMessage: expect.objectContaining({ maxLength: 'Maximum 40 characters allowed' }) });
    fireEvent.change(screen.getByLabelText('Max length message'), { target: { value: 'Company name: at most 40 characters' } });
    expect(companyName(draft.schema).companyName!.errorMessage).toMatchObject({ maxLength: 'Company name: at most 40 characters' });
  });

  it('adds an optional field and refuses a bad name with a message', () => {
    const draft = renderForm();
    fireEvent.change(screen.getByLabelText('Add to section'), { target: { value: 'organizationInfo' } });
    fireEvent.change(screen.getByLabelText('Field name'), { target: { value: '9bad' } });
    fireEvent.change(screen.getByLabelText('New field label'), { target: { value: 'Trade name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    expect(screen.getByRole('alert').textContent).toMatch(/letters and digits/);
    fireEvent.change(screen.getByLabelText('Field name'), { target: { value: 'tradeName' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    expect(companyName(draft.schema).tradeName).toEqual({ type: 'string', title: 'Trade name' });
    expect((JSON.parse(draft.ui) as { organizationInfo: { 'ui:order': string[] } }).organizationInfo['ui:order']).toContain('tradeName');
  });
});
