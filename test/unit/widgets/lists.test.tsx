// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
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

// First in the file: the searchable lists' code (Fluent's Combobox) is not loaded yet.
describe('the searchable lists load with their step', () => {
  it('shows a read-only field in the Combobox\'s place, with the answer, until the Combobox is in', async () => {
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
    expect(filterOptions(lists.country!.options, 'c').prompt).toBe('Type at least 2 characters to search');
    const found = filterOptions(lists.country!.options, 'co');
    expect(found.options).toHaveLength(200);
    expect(filterOptions(lists.country!.options, 'zzz')).toEqual({ options: [], prompt: 'No matches' });
    expect(filterOptions([], 'zzz').prompt).toBe('No options');
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
