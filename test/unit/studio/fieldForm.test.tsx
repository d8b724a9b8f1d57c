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

/**
 * FieldForm over a draft kept in state, as the editor page does; `latest` exposes the texts. With `withArabic`, the
 * draft's Arabic catalogue is kept beside them and edited in the form view too.
 */
function renderForm(withArabic = false) {
  const catalogue = withArabic ? (JSON.parse(readFileSync(join(root, 'i18n/ar.json'), 'utf8')) as { texts: Record<string, Record<string, string>> }) : undefined;
  const latest = { schema: pretty(files['steps/companyDetails.schema.json']), ui: pretty(files['steps/companyDetails.ui.json']), arabic: catalogue ? JSON.stringify(catalogue) : '' };
  function Host() {
    const [texts, setTexts] = useState(latest);
    return (
      <FieldForm
        schemaText={texts.schema}
        uiText={texts.ui}
        onChange={(next) => setTexts((now) => ({ ...Object.assign(latest, { ...now, ...next }) }))}
        arabic={catalogue ? { step: 'companyDetails', text: texts.arabic, onChange: (arabic) => setTexts((now) => ({ ...Object.assign(latest, { ...now, arabic }) })) } : undefined}
      />
    );
  }
  render(inFluent(<Host />));
  return latest;
}

/** FieldForm with the Arabic beside the English. */
function renderFormWithArabic() {
  const latest = renderForm(true);
  return { catalogue: JSON.parse(latest.arabic) as { texts: Record<string, Record<string, string>> }, latest };
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

  it('keeps the Arabic of the limit\'s message and help in step with a changed max length (the check refuses the old number)', () => {
    const { catalogue, latest } = renderFormWithArabic();
    const arabicOf = (file: string, pointer: string) => (JSON.parse(latest.arabic) as typeof catalogue).texts[file]![pointer];
    const message = () => arabicOf('steps/companyDetails.schema.json', '/properties/organizationInfo/properties/companyName/errorMessage/maxLength');
    const help = () => arabicOf('steps/companyDetails.ui.json', '/organizationInfo/companyName/ui:help');
    fireEvent.click(screen.getByRole('button', { name: 'Company name' }));
    fireEvent.change(screen.getByLabelText('Max length'), { target: { value: '40' } });
    expect(message()).toBe('اسم الشركة أطول من المسموح: 40 حرفًا كحد أقصى');
    expect(help()).toMatch(/^كما هو مكتوب في الرخصة التجارية، حتى 40 حرفًا\./);
    expect((screen.getByLabelText('Max length message (Arabic)') as HTMLInputElement).value).toBe('اسم الشركة أطول من المسموح: 40 حرفًا كحد أقصى');
    // A limit of 3 to 10 counts its characters in the plural.
    fireEvent.change(screen.getByLabelText('Max length'), { target: { value: '8' } });
    expect(message()).toBe('اسم الشركة أطول من المسموح: 8 أحرف كحد أقصى');
    expect(help()).toMatch(/، حتى 8 أحرف\./);
    expect(companyName(latest.schema).companyName!.errorMessage).toMatchObject({ maxLength: 'Company name is too long: use at most 8 characters' });
    // Other fields' texts are left as they are.
    expect(arabicOf('steps/companyDetails.schema.json', '/properties/organizationInfo/properties/vatRegistrationNumber/errorMessage/maxLength')).toBe(
      catalogue.texts['steps/companyDetails.schema.json']!['/properties/organizationInfo/properties/vatRegistrationNumber/errorMessage/maxLength'],
    );
  });

  it('offers the Arabic of every message a renamed label rewrites, the allowed characters\' one included (the check asks for each)', () => {
    const { catalogue, latest } = renderFormWithArabic();
    fireEvent.click(screen.getByRole('button', { name: 'Company name' }));
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'Registered company name' } });
    const messages = companyName(latest.schema).companyName!.errorMessage as Record<string, string>;
    expect(messages.pattern).toMatch(/^Registered company name may only contain/);
    const arabic = screen.getByLabelText('Message when other characters are typed (Arabic)') as HTMLInputElement;
    expect(arabic.value).toBe(catalogue.texts['steps/companyDetails.schema.json']!['/properties/organizationInfo/properties/companyName/errorMessage/pattern']);
    fireEvent.change(arabic, { target: { value: 'اسم الشركة المسجل يقبل الأحرف اللاتينية فقط' } });
    expect((JSON.parse(latest.arabic) as typeof catalogue).texts['steps/companyDetails.schema.json']!['/properties/organizationInfo/properties/companyName/errorMessage/pattern']).toBe(
      'اسم الشركة المسجل يقبل الأحرف اللاتينية فقط',
    );
  });

  it("edits the English of a rule's own message beside its Arabic, named by the rule; a renamed label reaches it", () => {
    const { catalogue, latest } = renderFormWithArabic();
    fireEvent.click(screen.getByRole('button', { name: 'Company name' }));
    const english = () => screen.getByLabelText('Message when it starts or ends with a space') as HTMLInputElement;
    expect(english().value).toBe('Company name should not start or end with a space: remove the space');
    expect((screen.getByLabelText('Message when it starts or ends with a space (Arabic)') as HTMLInputElement).value).toBe(
      catalogue.texts['steps/companyDetails.schema.json']!['/properties/organizationInfo/properties/companyName/x-trimmed'],
    );
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'Registered company name' } });
    expect(english().value).toBe('Registered company name should not start or end with a space: remove the space');
    fireEvent.change(english(), { target: { value: 'Remove the spaces around the registered company name' } });
    expect(companyName(latest.schema).companyName!['x-trimmed']).toBe('Remove the spaces around the registered company name');
    // A keyword's setting that is not a message (x-writer, x-help) gets no input of its own.
    expect(screen.queryByLabelText(/^Message for x-/)).toBeNull();
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
