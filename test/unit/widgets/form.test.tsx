// @vitest-environment happy-dom
import { withTheme } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AnySchemaObject } from 'ajv';
import addErrors from 'ajv-errors';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundleSchema } from '../../../src/validation/bundle';
import { createAjv } from '../../../src/validation/createAjv';
import { ProjectValidator } from '../../../src/validation/rjsfValidator';
import { projectKeywords } from '../../../src/validation/keywords';
import type { ReferenceLists } from '../../../src/validation/lists';
import { createTheme, type FormContext, preloadWidgets, transformErrors } from '../../../widgets';
import { inFluent } from './renderWidget';

afterEach(() => {
  cleanup();
  validator = ajv8Validator;
});

const root = join(import.meta.dirname, '..', '..', '..', 'schemas');
const readJson = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as AnySchemaObject;
const common = readJson('defs/common.schema.json');
const registry = new Map([[common.$id as string, common]]);
const lists: ReferenceLists = { companyCategory: readJson('lists/companyCategory.json') as never };
const companyDetails = bundleSchema(readJson('steps/companyDetails.schema.json'), registry) as RJSFSchema;

// RJSF's own validator with the project's ajv setup (ajv-errors messages, custom keywords): required
// messages arrive on the parent object and transformErrors moves them onto the field.
const ajv8Validator = customizeValidator({
  ajvOptionsOverrides: { allErrors: true, strict: false },
  extenderFn: (ajv) => {
    addErrors(ajv);
    for (const keyword of projectKeywords(lists)) ajv.addKeyword(keyword);
    return ajv;
  },
});
// The validator the application uses (same errors as the server and the CLI).
const projectValidator = new ProjectValidator(createAjv({ lists }));
const ThemedForm = withTheme(createTheme());
let validator: typeof ajv8Validator | ProjectValidator = ajv8Validator;

function renderForm(schema: RJSFSchema, uiSchema: UiSchema = {}, formData: unknown = {}, formContext: Partial<FormContext> = {}) {
  const context: FormContext = { lists, ...formContext };
  return render(
    inFluent(
      <ThemedForm
        schema={schema}
        uiSchema={uiSchema}
        formData={formData}
        formContext={context}
        validator={validator}
        transformErrors={transformErrors}
        noHtml5Validate
        onError={() => {}}
        showErrorList="top"
      />,
    ),
  );
}

// Widgets loaded with the steps that show them: loaded before rendering, as StepForm does.
beforeAll(() => preloadWidgets({ a: { 'ui:widget': 'Upload' }, b: { 'ui:widget': 'textarea' } }));

describe('Form with the Fluent theme', () => {
  it('names each error and hint once in aria-describedby (radio group, input, select, checkbox: the Field and the widget both gave them)', async () => {
    const schema: RJSFSchema = {
      type: 'object',
      required: ['accountType', 'email', 'country', 'agree'],
      properties: {
        accountType: { type: 'string', title: 'Account type', enum: ['starter', 'current'] },
        email: { type: 'string', title: 'E-mail', minLength: 3 },
        country: { type: 'string', title: 'Country', enum: ['AE', 'IN'] },
        agree: { type: 'boolean', title: 'I agree', const: true },
      },
    };
    const uiSchema: UiSchema = {
      accountType: { 'ui:widget': 'radio', 'ui:help': 'The account the customer is invited to' },
      email: { 'ui:help': 'The link goes to this address' },
      country: { 'ui:help': 'Where the company is' },
      agree: { 'ui:help': 'Required to continue' },
      'ui:submitButtonOptions': { submitText: 'Send' },
    };
    renderForm(schema, uiSchema, { email: 'a' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(document.getElementById('root_accountType__error')).not.toBeNull());
    const described = [...document.querySelectorAll('[aria-describedby]')].map((el) => [el.id, el.getAttribute('aria-describedby')!.split(' ')] as const);
    expect(described.map(([id]) => id)).toEqual(expect.arrayContaining(['root_accountType', 'root_email', 'root_country', 'root_agree']));
    for (const [id, ids] of described) {
      expect([id, ids], `${id}: ${ids.join(' ')}`).toEqual([id, [...new Set(ids)]]);
      // Every id it names is on the page (the message and the hint of the field).
      expect(ids.filter((ref) => !document.getElementById(ref)), id).toEqual([]);
    }
    const radios = described.find(([id]) => id === 'root_accountType')![1];
    expect(radios).toEqual(expect.arrayContaining(['root_accountType__error', 'root_accountType__help']));
  });

  it.each([
    ['RJSF ajv8 validator', ajv8Validator],
    ['ProjectValidator', projectValidator],
  ])('renders companyDetails with labels, hint and inline errors (%s)', async (_name, chosen) => {
    validator = chosen;
    const uiSchema: UiSchema = {
      organizationInfo: {
        companyName: { 'ui:help': 'As on the trade licence' },
        corporateTaxIdRegDate: { 'ui:widget': 'DateInput' },
      },
      orgKYCDetails: { companyCategory: { 'ui:widget': 'ListSelect' } },
      'ui:submitButtonOptions': { submitText: 'Continue' },
    };
    renderForm(companyDetails, uiSchema, { organizationInfo: { companyName: 'Acme  LLC!' } });
    const name = screen.getByLabelText(/Company name/) as HTMLInputElement;
    expect(name.value).toBe('Acme  LLC!');
    // No native limit that would cut a pasted value: the schema's maximum-length message says what is wrong.
    expect(name.maxLength).toBe(-1);
    expect(screen.getByLabelText(/VAT registration number/)).toBeTruthy();
    expect(screen.getByText('As on the trade licence')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Company Details' })).toBeTruthy();
    const category = screen.getByLabelText(/Company category/) as HTMLSelectElement;
    expect(category.tagName).toBe('SELECT');
    expect(category.options.length).toBeGreaterThan(5);

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText("Company name may only contain Latin letters (A-Z), digits, spaces and . , @ # % * ( ) / & ' -: remove other characters")).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain('root_organizationInfo_companyName__error');
    expect(document.getElementById('root_organizationInfo_companyName__error')?.textContent).toBe("Company name may only contain Latin letters (A-Z), digits, spaces and . , @ # % * ( ) / & ' -: remove other characters");
    // Required messages from errorMessage.required land on the missing fields.
    expect(screen.getByText('Number of employees is not filled')).toBeTruthy();
    expect(screen.getByText('Company category is not filled')).toBeTruthy();
    expect(screen.getByTestId('error-summary').textContent).toMatch(/There are \d+ errors/);

    // No serious or critical accessibility problem with errors shown (layout-based rules need a browser).
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    fireEvent.change(name, { target: { value: 'Acme LLC' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByText("Company name may only contain Latin letters (A-Z), digits, spaces and . , @ # % * ( ) / & ' -: remove other characters")).toBeNull());
  });

  it('keeps a number as typed when no number holds it (99999999999999999999 is not shown as 100000000000000000000) and says the limit', async () => {
    validator = projectValidator;
    let latest: Record<string, unknown> = {};
    render(
      inFluent(
        <ThemedForm
          schema={companyDetails}
          formData={{ organizationInfo: { companyName: 'Acme LLC' }, orgKYCDetails: { companyCategory: 'LLC' } }}
          formContext={{ lists }}
          validator={projectValidator}
          transformErrors={transformErrors}
          noHtml5Validate
          onError={() => {}}
          onChange={(e) => {
            latest = (e.formData as { organizationInfo: Record<string, unknown> }).organizationInfo;
          }}
          uiSchema={{ 'ui:submitButtonOptions': { submitText: 'Continue' } }}
        />,
      ),
    );
    const employees = screen.getByLabelText(/Number of employees/) as HTMLInputElement;
    const typeIn = async (text: string) => {
      fireEvent.change(employees, { target: { value: text } });
      await waitFor(() => expect(latest.noOfEmployees).toBeDefined());
    };
    await typeIn('99999999999999999999');
    expect(employees.value).toBe('99999999999999999999');
    // The form holds the text (a number would be 1e20): saved and shown again as typed, refused by the type rule.
    expect(latest.noOfEmployees).toBe('99999999999999999999');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Number of employees must be a whole number from 0 to 999999, e.g. 12: remove decimals and other characters')).toBeTruthy();
    expect(employees.value).toBe('99999999999999999999');
    // Other texts no number holds exactly: a hexadecimal or exponent text was 16 and 1000.
    await typeIn('0x10');
    expect([employees.value, latest.noOfEmployees]).toEqual(['0x10', '0x10']);
    await typeIn('1e3');
    expect([employees.value, latest.noOfEmployees]).toEqual(['1e3', '1e3']);
    // A number in range is a number; leading zeros are shown as typed; above the maximum its own message.
    await typeIn('0012');
    expect([employees.value, latest.noOfEmployees]).toEqual(['0012', 12]);
    await typeIn('-0');
    expect([employees.value, latest.noOfEmployees]).toEqual(['-0', 0]);
    await typeIn('1000000');
    expect(latest.noOfEmployees).toBe(1000000);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Number of employees must be 999999 or less')).toBeTruthy();
    expect(employees.value).toBe('1000000');
  });

  it('disables Add at maxItems and while the last row is not filled; childOf reads the row', async () => {
    const schema = {
      type: 'object',
      properties: {
        rows: {
          type: 'array',
          title: 'Industries',
          maxItems: 2,
          items: {
            type: 'object',
            title: '',
            required: ['industry'],
            properties: {
              industry: { type: 'string', title: 'Industry', 'x-list': { list: 'industry', message: 'Industry is invalid' } },
              subCategory: { type: 'string', title: 'Sub-category', 'x-list': { list: 'industry', childOf: 'industry', message: 'x' } },
            },
          },
        },
      },
    } as RJSFSchema;
    const uiSchema: UiSchema = {
      rows: {
        'ui:options': { addButtonText: 'Add another industry' },
        'ui:logic': { array: { addWhenFilled: true } },
        items: { industry: { 'ui:widget': 'ListSelect' }, subCategory: { 'ui:widget': 'ListSelect' } },
      },
    };
    const industry = {
      name: 'industry',
      title: 'Industry',
      options: [{ value: 'AA', label: 'Agriculture', children: [{ value: '1', label: 'Cattle' }] }],
    };
    renderForm(schema, uiSchema, { rows: [{}] }, { lists: { ...lists, industry } });
    const add = () => screen.getByRole('button', { name: 'Add another industry' }) as HTMLButtonElement;
    expect(add().disabled).toBe(true);
    const sub = () => screen.getByLabelText('Sub-category') as HTMLSelectElement;
    expect(sub().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Industry/), { target: { value: 'AA' } });
    await waitFor(() => expect(sub().disabled).toBe(false));
    expect(Array.from(sub().options).map((o) => o.text)).toEqual(['Select', 'Cattle']);
    expect(add().disabled).toBe(false);
    fireEvent.click(add());
    await waitFor(() => expect(screen.getAllByLabelText(/^Industry/)).toHaveLength(2));
    expect(add().disabled).toBe(true); // maxItems 2 reached (and the new row is empty)
    expect(screen.getAllByRole('button', { name: /^Remove/ })).toHaveLength(2);
  });

  it('an uploaded file named by the page after the form rendered (the documents list answering later) is shown by its name', () => {
    const schema: RJSFSchema = { type: 'object', properties: { a: { type: ['string', 'null'], title: 'Proof of relationship' } } };
    const data = { a: 'ProofOfRelationship-c1' };
    const view = renderForm(schema, { a: { 'ui:widget': 'Upload' } }, data, { uploadedFileNames: new Map() });
    expect(screen.getByText('Proof of relationship (Uploaded)')).toBeTruthy();
    const context: FormContext = { lists, uploadedFileNames: new Map([['ProofOfRelationship-c1', 'share-certificate.pdf']]) };
    view.rerender(
      inFluent(
        <ThemedForm schema={schema} uiSchema={{ a: { 'ui:widget': 'Upload' } }} formData={data} formContext={context} validator={validator} transformErrors={transformErrors} noHtml5Validate onError={() => {}} showErrorList="top" />,
      ),
    );
    expect(screen.getByText('share-certificate.pdf (Uploaded)')).toBeTruthy();
  });

  it('labels custom widgets: radio group, checkbox group, checkbox, object widget (Upload)', () => {
    const schema = {
      type: 'object',
      properties: {
        hawala: { type: 'string', title: 'Do you use hawala services?', enum: ['Y', 'N'] },
        currencies: { type: 'array', title: 'Currencies', items: { type: 'string', 'x-list': { list: 'cur', message: 'x' } } },
        consent: { type: 'boolean', title: 'I agree' },
        licence: { type: 'object', title: 'Trade licence', properties: { fileName: { type: 'string' }, uploadStatus: { type: 'string' } } },
      },
    } as RJSFSchema;
    const uiSchema: UiSchema = {
      hawala: { 'ui:widget': 'YesNo' },
      currencies: { 'ui:widget': 'MultiListSelect' },
      consent: { 'ui:widget': 'Checkbox' },
      licence: { 'ui:widget': 'Upload' },
    };
    const cur = { name: 'cur', title: 'Currencies', options: [{ value: 'AED', label: 'UAE DIRHAM' }] };
    renderForm(schema, uiSchema, { licence: { fileName: 'tl.pdf', uploadStatus: 'Uploaded' } }, { lists: { cur } });
    expect(screen.getByRole('radiogroup', { name: 'Do you use hawala services?' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Currencies' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'UAE DIRHAM' })).toBeTruthy();
    expect(screen.getAllByText('I agree')).toHaveLength(1);
    expect(screen.getByRole('checkbox', { name: 'I agree' })).toBeTruthy();
    expect(screen.getByText('Trade licence')).toBeTruthy();
    expect(screen.getByText('tl.pdf (Uploaded)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace Trade licence' })).toBeTruthy();
  });

  it('shows two errors of one field as two messages, never run together into one sentence (the field\'s and the list\'s)', () => {
    const schema = { type: 'object', properties: { pct: { type: 'number', title: 'Percentage' }, group: { type: 'array', title: 'Rows', items: { type: 'string' } } } } as RJSFSchema;
    const own = 'Percentage must be 100 or less';
    const list = "Shareholders can't hold more than 100% of shares in total";
    const { container } = render(
      inFluent(
        <ThemedForm
          schema={schema}
          formData={{ pct: 150, group: [] }}
          formContext={{ lists }}
          validator={validator}
          noHtml5Validate
          extraErrors={{ pct: { __errors: [own, list, own] }, group: { __errors: ['One', 'Two'] } } as never}
          showErrorList={false}
        />,
      ),
    );
    const message = container.querySelector('#root_pct__error')!;
    expect(Array.from(message.querySelectorAll('li')).map((li) => li.textContent)).toEqual([own, list]);
    expect(message.textContent).not.toContain(`${own} ${list}`);
    expect(Array.from(container.querySelectorAll('#root_group__error li')).map((li) => li.textContent)).toEqual(['One', 'Two']);
    // one message stays plain text
    cleanup();
    const one = render(inFluent(<ThemedForm schema={schema} formData={{ pct: 150 }} formContext={{ lists }} validator={validator} noHtml5Validate extraErrors={{ pct: { __errors: [own] } } as never} showErrorList={false} />));
    expect(one.container.querySelector('#root_pct__error')!.textContent).toBe(own);
    expect(one.container.querySelector('#root_pct__error li')).toBeNull();
  });

  it('marks a required multiple choice once, on its question, not on every option (issue 14 item 13)', () => {
    const schema = {
      type: 'object',
      required: ['currencies'],
      properties: { currencies: { type: 'array', title: 'Currencies', minItems: 1, items: { type: 'string', 'x-list': { list: 'cur', message: 'x' } } } },
    } as RJSFSchema;
    const cur = { name: 'cur', title: 'Currencies', options: [{ value: 'AED', label: 'UAE DIRHAM' }, { value: 'USD', label: 'US DOLLAR' }] };
    const { container } = renderForm(schema, { currencies: { 'ui:widget': 'MultiListSelect' } }, {}, { lists: { cur } });
    const boxes = Array.from(container.querySelectorAll('.fui-Checkbox'));
    expect(boxes).toHaveLength(2);
    for (const box of boxes) expect(box.textContent).not.toContain('*');
    expect((screen.getByRole('checkbox', { name: 'US DOLLAR' }) as HTMLInputElement).required).toBe(false);
  });
});
