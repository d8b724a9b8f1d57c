// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { setToday } from '../../../src/validation/clock';
import { widgets } from '../../../widgets';
import { dateBounds } from '../../../widgets/lib/dateBounds';
import { displayToStored, formatEmiratesId, formatGiin, isoToDisplay, maskDate } from '../../../widgets/lib/masks';
import { renderWidget } from './renderWidget';

afterEach(() => {
  cleanup();
  setToday(null);
});

const input = () => screen.getByRole('textbox') as HTMLInputElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

describe('mask helpers', () => {
  it('groups Emirates ID digits as 784-XXXX-XXXXXXX-X', () => {
    expect(formatEmiratesId('784199012345671')).toBe('784-1990-1234567-1');
    expect(formatEmiratesId('7841990')).toBe('784-1990');
  });
  it('formats a GIIN in upper case with dashes', () => {
    expect(formatGiin('a1b2c3d4e5f6g7h8')).toBe('A1B2C3-D4E5F-6G-7H8');
  });
  it('converts dates between dd/MM/yyyy and yyyy-MM-dd', () => {
    expect(isoToDisplay('2026-01-15')).toBe('15/01/2026');
    expect(maskDate('15012026')).toBe('15/01/2026');
    expect(displayToStored('15/01/2026')).toBe('2026-01-15');
    expect(displayToStored('15/01')).toBe('15/01');
    expect(displayToStored('')).toBeUndefined();
  });
});

describe('EmiratesId', () => {
  it('shows the mask and stores the 15 digits without dashes', () => {
    const w = renderWidget(widgets.EmiratesId!);
    type('784 1990 1234567 1');
    expect(input().value).toBe('784-1990-1234567-1');
    expect(w.last()).toBe('784199012345671');
    type('784-1990-1234567-19999');
    expect(w.last()).toBe('784199012345671');
  });
  it('formats a stored value', () => {
    renderWidget(widgets.EmiratesId!, { value: '784199012345671' });
    expect(input().value).toBe('784-1990-1234567-1');
  });
});

describe('Giin', () => {
  it('upper-cases, drops other characters and stores with dashes', () => {
    const w = renderWidget(widgets.Giin!);
    type('abc123 de456-78xyz');
    expect(input().value).toBe('ABC123-DE456-78-XYZ');
    expect(w.last()).toBe('ABC123-DE456-78-XYZ');
  });
});

describe('Percentage', () => {
  it('stores a number and never changes what is typed (the rules report too many decimals or a minus)', () => {
    const w = renderWidget(widgets.Percentage!, { schema: { type: 'number' } });
    type('12.');
    expect(input().value).toBe('12.');
    expect(w.last()).toBe(12);
    type('12.5');
    expect(w.last()).toBe(12.5);
    type('12.555');
    expect(input().value).toBe('12.555');
    expect(w.last()).toBe(12.555);
    type('-5');
    expect(input().value).toBe('-5');
    expect(w.last()).toBe(-5);
    type('5%x');
    expect(w.last()).toBe('5%x');
    type('');
    expect(w.last()).toBeUndefined();
  });
});

describe('DateInput', () => {
  it('shows dd/MM/yyyy while typing and stores yyyy-MM-dd', () => {
    const w = renderWidget(widgets.DateInput!);
    type('1501');
    expect(input().value).toBe('15/01');
    expect(w.last()).toBe('15/01');
    type('15012026');
    expect(input().value).toBe('15/01/2026');
    expect(w.last()).toBe('2026-01-15');
  });
  it('gives the hidden native date input only a real date (31/02/2025 flooded the console with warnings)', () => {
    const given: string[] = [];
    const native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
    Object.defineProperty(HTMLInputElement.prototype, 'value', {
      configurable: true,
      get: native.get,
      set(this: HTMLInputElement, v: string) {
        if (this.type === 'date') given.push(v);
        native.set!.call(this, v);
      },
    });
    try {
      const w = renderWidget(widgets.DateInput!);
      type('31022025');
      expect(w.last()).toBe('2025-02-31');
      const picker = document.querySelector<HTMLInputElement>('input[type=date]')!;
      expect(picker.getAttribute('value') ?? '').toBe('');
      expect(given.filter((v) => v !== '')).toEqual([]);
      type('28022025');
      expect(picker.getAttribute('value')).toBe('2025-02-28');
    } finally {
      Object.defineProperty(HTMLInputElement.prototype, 'value', native);
    }
  });
  it('shows a stored date as dd/MM/yyyy', () => {
    renderWidget(widgets.DateInput!, { value: '2025-12-31' });
    expect(input().value).toBe('31/12/2025');
  });
  it('takes its bounds from x-date rules and disables the future when max is today', () => {
    setToday('2026-01-15');
    const schema = {
      type: 'string' as const,
      'x-date': [
        { min: '1900-01-01', message: 'm' },
        { max: 'today', message: 'f' },
      ],
    };
    renderWidget(widgets.DateInput!, { schema });
    expect(input().dataset.min).toBe('1900-01-01');
    expect(input().dataset.max).toBe('2026-01-15');
    expect(input().dataset.futureDisabled).toBe('true');
  });
  it('resolves today±N and sibling expressions, strict bounds a day inside', () => {
    setToday('2026-01-15');
    expect(dateBounds([{ after: '$issueDate', message: 'a' }, { max: '$issueDate+1y', message: 'b' }], { issueDate: '2025-03-01' })).toEqual({
      min: '2025-03-02',
      max: '2026-03-01',
      futureDisabled: false,
    });
    expect(dateBounds([{ min: 'today-10y', message: 'a' }, { max: 'today+20y', message: 'b' }], {})).toEqual({
      min: '2016-01-15',
      max: '2046-01-15',
      futureDisabled: false,
    });
  });
});
