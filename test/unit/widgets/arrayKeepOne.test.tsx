// @vitest-environment happy-dom
import { withTheme } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import compiledAr from 'virtual:app-messages/ar';
import { afterEach, describe, expect, it } from 'vitest';
import { WidgetTextsProvider } from '../../../src/app/i18n/useT';
import { createTheme, type FormContext } from '../../../widgets';
import { inFluent } from './renderWidget';

afterEach(cleanup);

const validator = customizeValidator({ ajvOptionsOverrides: { allErrors: true, strict: false } });
const ThemedForm = withTheme(createTheme());

// The KYC annexure's site visits (001 §4): up to the limit, 'add another' disabled until the key fields of the
// current visit are filled, deleting the last visit resets the list to one empty entry.
const schema = {
  type: 'object',
  properties: {
    visits: {
      type: 'array',
      title: 'Visit details',
      maxItems: 2,
      items: { type: 'object', title: 'Visit', properties: { by: { type: 'string', title: 'Conducted by' }, at: { type: 'string', title: 'Conducted at' } } },
    },
  },
} as RJSFSchema;
const uiSchema: UiSchema = { visits: { 'ui:options': { addButtonText: 'Add another visit' }, 'ui:logic': { array: { addWhenFilled: ['by', 'at'], keepOne: true } } } };

function renderVisits(formData: unknown) {
  const context: FormContext = { lists: {} };
  let latest: unknown = formData;
  render(inFluent(<ThemedForm schema={schema} uiSchema={uiSchema} formData={formData} formContext={context} validator={validator} onChange={(e) => (latest = e.formData)} />));
  return () => latest as { visits?: Record<string, unknown>[] };
}

describe('array template: ui:logic.array keepOne and addWhenFilled', () => {
  it('starts an empty list with one empty entry', async () => {
    const data = renderVisits({ visits: [] });
    await waitFor(() => expect(screen.getAllByLabelText('Conducted by')).toHaveLength(1));
    expect(data().visits).toHaveLength(1);
  });

  it("keeps 'add another' disabled until the current entry's key fields are filled, up to maxItems", async () => {
    renderVisits({ visits: [{ by: 'Khalid' }] });
    const add = () => screen.getByRole('button', { name: 'Add another visit' }) as HTMLButtonElement;
    expect(add().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Conducted at'), { target: { value: 'Office 12' } });
    await waitFor(() => expect(add().disabled).toBe(false));
    fireEvent.click(add());
    await waitFor(() => expect(screen.getAllByLabelText('Conducted by')).toHaveLength(2));
    expect(add().disabled).toBe(true);
  });

  it('lets the last entry be deleted and puts one empty entry back', async () => {
    const data = renderVisits({ visits: [{ by: 'Khalid', at: 'Office 12' }] });
    const remove = screen.getByRole('button', { name: 'Remove visit 1' });
    fireEvent.click(remove);
    await waitFor(() => expect(data().visits).toEqual([{}]));
    expect((screen.getByLabelText('Conducted by') as HTMLInputElement).value).toBe('');
  });
});

describe('array template: remove buttons name the row they remove', () => {
  const lists = {
    type: 'object',
    properties: {
      passports: { type: 'array', title: 'Passports', items: { type: 'object', title: 'Passport', properties: { number: { type: 'string', title: 'Passport number' } } } },
      addresses: { type: 'array', title: 'Mailing address', items: { type: 'object', title: '', properties: { street: { type: 'string', title: 'Street' } } } },
      contacts: { type: 'array', title: 'RO contact history', items: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } } },
    },
  } as RJSFSchema;
  const formData = { passports: [{ number: 'A1' }, { number: 'B2' }], addresses: [{ street: 'a' }, { street: 'b' }], contacts: [{ name: 'x' }, { name: 'y' }] };
  const removeNames = () => screen.getAllByRole('button').map((b) => b.getAttribute('aria-label')).filter((n): n is string => !!n);

  it("by the item's title, or the list's when items have none (English, an acronym kept)", () => {
    render(inFluent(<ThemedForm schema={lists} formData={formData} formContext={{ lists: {} }} validator={validator} />));
    expect(removeNames()).toEqual(['Remove passport 1', 'Remove passport 2', 'Remove mailing address 1', 'Remove mailing address 2', 'Remove RO contact history 1', 'Remove RO contact history 2']);
  });

  it('in Arabic', () => {
    const arabic = { ...lists, properties: { passports: { ...(lists.properties!.passports as object), items: { type: 'object', title: 'جواز السفر', properties: { number: { type: 'string' } } } } } } as RJSFSchema;
    render(
      <IntlProvider locale="ar" messages={compiledAr}>
        <WidgetTextsProvider>{inFluent(<ThemedForm schema={arabic} formData={{ passports: [{}, {}] }} formContext={{ lists: {} }} validator={validator} />)}</WidgetTextsProvider>
      </IntlProvider>,
    );
    expect(removeNames()).toEqual(['حذف جواز السفر 1', 'حذف جواز السفر 2']);
  });
});
