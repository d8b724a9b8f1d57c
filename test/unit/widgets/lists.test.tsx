// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import compiledAr from 'virtual:app-messages/ar';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WidgetTextsProvider } from '../../../src/app/i18n/useT';
import type { ReferenceLists } from '../../../src/validation/lists';
import { preloadWidgets, widgets } from '../../../widgets';
import { filterOptions } from '../../../widgets/lib/filterOptions';
import { renderWidget } from './renderWidget';

afterEach(cleanup);

const many = Array.from({ length: 450 }, (_, i) => ({ value: `C${i}`, label: `Country ${i}` }));
const lists: ReferenceLists = {
  country: { name: 'country', title: 'Country', options: [{ value: 'AE', label: 'United Arab Emirates' }, { value: 'FR', label: 'France' }, ...many] },
  empty: { name: 'empty', title: 'Empty', options: [] },
  industry: {
    name: 'industry',
    title: 'Industry',
    options: [
      { value: 'AA', label: 'Agriculture', children: [{ value: '1', label: 'Cattle' }, { value: '2', label: 'Fishing' }] },
      { value: 'BB', label: 'Banking', children: [{ value: '3', label: 'Retail banking' }] },
    ],
  },
  industryIslamic: { name: 'industryIslamic', title: 'Industry', options: [{ value: 'IS', label: 'Islamic finance' }] },
  accountCurrencies: {
    name: 'accountCurrencies',
    title: 'Currencies',
    options: ['AED', 'EUR', 'USD', 'GBP'].map((v) => ({ value: v, label: v })),
  },
};

const combobox = () => screen.getByRole('combobox') as HTMLInputElement;
const search = (text: string) => {
  if (combobox().getAttribute('aria-expanded') !== 'true') fireEvent.click(combobox());
  fireEvent.change(combobox(), { target: { value: text } });
};

// First in the file: the searchable lists' code is not loaded yet.
describe('the searchable lists load with their step', () => {
  it('shows a read-only field in the list\'s place, with the answer, until the list\'s code is in', async () => {
    const schema = { type: 'string' as const, 'x-list': { list: 'country', message: 'x' } };
    renderWidget(widgets.LargeListSelect!, { schema, formContext: { lists }, value: 'FR' });
    const waiting = screen.getByRole('textbox') as HTMLInputElement;
    expect([waiting.id, waiting.value, waiting.readOnly, waiting.getAttribute('aria-busy')]).toEqual(['root_field', 'France', true, 'true']);
    expect((await screen.findByRole('combobox')).id).toBe('root_field');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('preloadWidgets loads the widgets a UI schema names, so they render at once', async () => {
    await preloadWidgets({ a: { 'ui:widget': 'TextWidget' }, b: { items: { 'ui:widget': 'MultiListSelect' } } });
    const schema = { type: 'array' as const, items: { type: 'string' as const, 'x-list': { list: 'country', message: 'x' } } };
    renderWidget(widgets.MultiListSelect!, { schema, formContext: { lists } });
    expect(screen.getByRole('combobox').id).toBe('root_field');
  });
});

describe('filterOptions', () => {
  it('needs 2 characters, caps at 200 and says when nothing matches', () => {
    expect(filterOptions(lists.country!.options, 'c').prompt).toBe('short');
    const found = filterOptions(lists.country!.options, 'co');
    expect(found.options).toHaveLength(200);
    expect(filterOptions(lists.country!.options, 'zzz')).toEqual({ options: [], prompt: 'none' });
    expect(filterOptions([], 'zzz').prompt).toBe('empty');
  });
});

describe('LargeListSelect', () => {
  beforeAll(() => preloadWidgets({ 'ui:widget': 'LargeListSelect' }));
  const schema = { type: 'string' as const, 'x-list': { list: 'country', message: 'x' } };

  it('asks for 2 characters before listing anything', () => {
    renderWidget(widgets.LargeListSelect!, { schema, formContext: { lists } });
    search('F');
    expect(screen.getByText('Type at least 2 characters to search')).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'France' })).toBeNull();
  });

  it('lists at most 200 matches and stores the chosen value', () => {
    const w = renderWidget(widgets.LargeListSelect!, { schema, formContext: { lists } });
    search('country');
    expect(screen.getAllByRole('option').filter((o) => o.textContent?.startsWith('Country'))).toHaveLength(200);
    search('fra');
    fireEvent.click(screen.getByRole('option', { name: 'France' }));
    expect(w.last()).toBe('FR');
    expect(combobox().value).toBe('France');
  });

  it("says 'No matches' and 'No options'", () => {
    renderWidget(widgets.LargeListSelect!, { schema, formContext: { lists } });
    search('qqq');
    expect(screen.getByText('No matches')).toBeTruthy();
    cleanup();
    renderWidget(widgets.LargeListSelect!, { schema: { type: 'string', 'x-list': { list: 'empty', message: 'x' } }, formContext: { lists } });
    search('qqq');
    expect(screen.getByText('No options')).toBeTruthy();
  });
});

describe('the searchable list (SearchList): the ARIA combobox and its keyboard', () => {
  beforeAll(() => preloadWidgets({ a: { 'ui:widget': 'LargeListSelect' }, b: { 'ui:widget': 'MultiListSelect' } }));
  const schema = { type: 'string' as const, 'x-list': { list: 'country', message: 'x' } };
  const key = (k: string, init: Record<string, unknown> = {}) => fireEvent.keyDown(combobox(), { key: k, ...init });
  const active = () => {
    const id = combobox().getAttribute('aria-activedescendant');
    return id ? document.getElementById(id)?.textContent : undefined;
  };

  it('names its list (aria-controls, the listbox labelled by the field) only while it is open', () => {
    renderWidget(widgets.LargeListSelect!, { schema, formContext: { lists } });
    expect([combobox().getAttribute('aria-expanded'), combobox().getAttribute('aria-controls'), combobox().getAttribute('aria-autocomplete')]).toEqual(['false', null, 'list']);
    expect(screen.queryByRole('listbox')).toBeNull();
    key('ArrowDown');
    const listbox = screen.getByRole('listbox');
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    expect(combobox().getAttribute('aria-controls')).toBe(listbox.id);
    expect(listbox.getAttribute('aria-labelledby')).toBe('root_field__label');
    key('Escape');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
  });

  it("an empty field takes the page's direction (the placeholder on the right in Arabic); typed text its own (dir auto)", async () => {
    renderWidget(widgets.LargeListSelect!, { schema, formContext: { lists } });
    expect(combobox().hasAttribute('dir')).toBe(false);
    search('Fr');
    expect(combobox().getAttribute('dir')).toBe('auto');
  });

  it('moves with the arrows, Home and End (the focus stays in the field) and Enter chooses', () => {
    const w = renderWidget(widgets.LargeListSelect!, { schema, formContext: { lists } });
    search('country 1');
    // Typing moves to the first option whose label starts with the text, as Fluent's Combobox did.
    expect(active()).toBe('Country 1');
    key('ArrowDown');
    expect(active()).toBe('Country 10');
    key('ArrowUp');
    key('ArrowUp');
    expect(active()).toBe('Country 1');
    key('End');
    const options = screen.getAllByRole('option');
    expect(active()).toBe(options[options.length - 1]!.textContent);
    key('Home');
    expect(active()).toBe('Country 1');
    key('ArrowDown');
    key('Enter');
    expect(w.last()).toBe('C10');
    expect(combobox().value).toBe('Country 10');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(combobox().getAttribute('aria-activedescendant')).toBeNull();
  });

  it('Tab chooses the option moved to; the prompt is a disabled option that nothing chooses', () => {
    const w = renderWidget(widgets.LargeListSelect!, { schema, formContext: { lists } });
    search('F');
    const prompt = screen.getByRole('option', { name: 'Type at least 2 characters to search' });
    expect(prompt.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(prompt);
    key('Enter');
    expect(w.changes).toEqual([]);
    search('fran');
    key('Tab');
    expect(w.last()).toBe('FR');
  });

  it('Escape or leaving the field without a choice drops the text typed: the field shows the answer (or nothing) and the next search starts fresh', () => {
    const none = renderWidget(widgets.LargeListSelect!, { schema, formContext: { lists } });
    search('uni');
    key('Escape');
    expect(combobox().value).toBe('');
    // The next typing is a new search ('uni', Escape, 'fra' is no 'unifra').
    search(combobox().value + 'fra');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['France']);
    fireEvent.blur(combobox());
    expect(combobox().value).toBe('');
    expect(none.changes).toEqual([]);
    cleanup();
    const chosen = renderWidget(widgets.LargeListSelect!, { schema, formContext: { lists }, value: 'FR' });
    search('uni');
    key('Escape');
    expect(combobox().value).toBe('France');
    search(combobox().value + 'unit');
    expect(screen.getByRole('option', { name: 'United Arab Emirates' })).toBeTruthy();
    key('Escape');
    expect(combobox().value).toBe('France');
    expect(chosen.changes).toEqual([]);
    cleanup();
    const arraySchema = { type: 'array' as const, items: { type: 'string' as const, 'x-list': { list: 'country', message: 'x' } } };
    renderWidget(widgets.MultiListSelect!, { schema: arraySchema, formContext: { lists }, value: ['FR'] });
    search('uni');
    key('Escape');
    expect(combobox().value).toBe('');
    expect(combobox().placeholder).toBe('France');
  });

  it('finds a dialling code by country name and ISO code from the countries the server gives each option', () => {
    const codes: ReferenceLists = {
      ...lists,
      country: { name: 'country', title: 'Country', options: [{ value: 'IN', label: 'India' }, { value: 'BS', label: 'Bahamas' }, { value: 'US', label: 'United States' }] },
      countryCode: {
        name: 'countryCode',
        title: 'Country code',
        options: [{ value: '1', label: '+1', countries: ['US'] }, { value: '1-242', label: '+1-242', countries: ['BS'] }, { value: '91', label: '+91', countries: ['IN'] }],
      },
    };
    const w = renderWidget(widgets.LargeListSelect!, { schema: { type: 'string', 'x-list': { list: 'countryCode', message: 'x' } }, formContext: { lists: codes } });
    search('india');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['+91 India']);
    search('usa');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['+1 United States']);
    search('bs');
    fireEvent.click(screen.getByRole('option', { name: '+1-242 Bahamas' }));
    expect(w.last()).toBe('1-242');
  });

  it('of several answers: Enter and a click toggle, the list stays open, the answers are marked selected', () => {
    const arraySchema = { type: 'array' as const, items: { type: 'string' as const, 'x-list': { list: 'country', message: 'x' } } };
    const w = renderWidget(widgets.MultiListSelect!, { schema: arraySchema, formContext: { lists } });
    search('fra');
    expect(screen.getByRole('listbox').getAttribute('aria-multiselectable')).toBe('true');
    key('Enter');
    expect(w.last()).toEqual(['FR']);
    search('unit');
    fireEvent.click(screen.getByRole('option', { name: 'United Arab Emirates' }));
    expect(w.last()).toEqual(['AE', 'FR']); // in the list's order
    expect(screen.getByRole('option', { name: 'United Arab Emirates' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: 'United Arab Emirates' }));
    expect(w.last()).toEqual(['FR']);
    expect(screen.getByRole('listbox')).toBeTruthy();
  });

  it('says its prompts and names its chevron in the page\'s language (Arabic)', () => {
    const arabic = (ui: ReactNode) => (
      <IntlProvider locale="ar" messages={compiledAr}>
        <WidgetTextsProvider>{ui}</WidgetTextsProvider>
      </IntlProvider>
    );
    renderWidget(widgets.LargeListSelect!, { schema, formContext: { lists }, wrapper: arabic });
    search('F');
    expect(screen.getByRole('option', { name: 'اكتب حرفين على الأقل للبحث' })).toBeTruthy();
    search('qqq');
    expect(screen.getByRole('option', { name: 'لا توجد نتائج مطابقة' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'عرض الخيارات' })).toBeTruthy();
  });

  it('the chevron opens and closes the list', () => {
    renderWidget(widgets.LargeListSelect!, { schema, formContext: { lists } });
    const open = screen.getByRole('button', { name: 'Show the options' });
    fireEvent.click(open);
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.click(open);
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('ListSelect', () => {
  const industry = { list: 'industry', variants: [{ when: { path: '/applicationInfo/islamicBanking', equals: true }, list: 'industryIslamic' }], message: 'x' };

  it('lists the x-list options and follows the Islamic variant', () => {
    renderWidget(widgets.ListSelect!, { schema: { type: 'string', 'x-list': industry }, formContext: { lists } });
    expect(screen.getByRole('option', { name: 'Agriculture' })).toBeTruthy();
    cleanup();
    renderWidget(widgets.ListSelect!, { schema: { type: 'string', 'x-list': industry }, formContext: { lists, islamic: true } });
    expect(screen.getByRole('option', { name: 'Islamic finance' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Agriculture' })).toBeNull();
  });

  it('with childOf lists the children of the sibling choice and is disabled until it is made', () => {
    const schema = { type: 'string' as const, 'x-list': { ...industry, childOf: 'industry' } };
    renderWidget(widgets.ListSelect!, { schema, formContext: { lists }, parent: {} });
    expect((screen.getByRole('combobox') as HTMLSelectElement).disabled).toBe(true);
    cleanup();
    const w = renderWidget(widgets.ListSelect!, { schema, formContext: { lists }, parent: { industry: 'AA' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Select', 'Cattle', 'Fishing']);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '2' } });
    expect(w.last()).toBe('2');
  });
});

describe('MultiListSelect', () => {
  it('stores the checked values in list order', () => {
    const schema = { type: 'array' as const, items: { type: 'string' as const, 'x-list': { list: 'accountCurrencies', message: 'x' } } };
    const w = renderWidget(widgets.MultiListSelect!, { schema, formContext: { lists } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'USD' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'AED' }));
    expect(w.last()).toEqual(['AED', 'USD']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'USD' }));
    expect(w.last()).toEqual(['AED']);
  });
});

describe('YesNo', () => {
  it('stores Y/N for strings and booleans for boolean fields', () => {
    const w = renderWidget(widgets.YesNo!, { schema: { type: 'string', enum: ['Y', 'N'] } });
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(w.last()).toBe('Y');
    cleanup();
    const b = renderWidget(widgets.YesNo!, { schema: { type: 'boolean' } });
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(b.last()).toBe(false);
  });

  it('stores booleans for an answer the form may clear (type ["boolean", "null"], e.g. isUSrelation)', () => {
    const w = renderWidget(widgets.YesNo!, { schema: { type: ['boolean', 'null'] } });
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(w.last()).toBe(false);
  });
});

describe('retired list options (studio list editor)', () => {
  const branches: ReferenceLists = {
    branches: { name: 'branches', title: 'Branches', options: [{ value: 'DXB', label: 'Dubai' }, { value: 'OLD', label: 'Old branch', retired: true }] },
  };
  const schema = { type: 'string', 'x-list': { list: 'branches' } } as never;
  it('are not offered for a new choice', () => {
    renderWidget(widgets.ListSelect!, { schema, formContext: { lists: branches } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Select', 'Dubai']);
  });
  it('stay shown, with their label, as the answer of a saved application', () => {
    renderWidget(widgets.ListSelect!, { schema, value: 'OLD', formContext: { lists: branches } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Select', 'Dubai', 'Old branch']);
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('OLD');
  });
});
