import { createRequire } from 'node:module';
import standaloneCode from 'ajv/dist/standalone/index.js';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { setToday } from '../../src/validation/clock';
import { createAjv } from '../../src/validation/createAjv';
import { resolveDate, yearsSince } from '../../src/validation/dates';
import { toFieldErrors } from '../../src/validation/errors';
import * as phone from '../../src/validation/phone';
import { keywordRuntime } from '../../src/validation/standalone';

const lists = { country: { name: 'country', title: 'Country', options: [{ value: 'AE', label: 'United Arab Emirates' }, { value: 'IN', label: 'India' }] } };

afterEach(() => setToday(null));

describe('custom keywords', () => {
  it('refuse a schema that misuses them (meta-schema), naming the keyword', () => {
    const ajv = createAjv({ lists });
    expect(() => ajv.compile({ type: 'string', 'x-date': [{ min: 'yesterday', message: 'x' }] })).toThrow(/x-date/);
    expect(() => ajv.compile({ type: 'object', 'x-phone': { code: 'c', number: 'n' } })).toThrow(/x-phone/);
    expect(() => ajv.compile({ type: 'string', 'x-list': { list: 'planets', message: 'x' } })).toThrow(/x-list/);
  });

  it('report cross-field errors on the field that is wrong, not on the parent', () => {
    const ajv = createAjv({ lists });
    const validate = ajv.compile({
      type: 'object',
      properties: { items: { type: 'array', 'x-arraySum': { field: 'p', max: 100, messageMax: 'too much' } } },
      'x-compare': [{ left: ['cash', 'nonCash'], op: '==', right: 'total', at: 'nonCash', message: 'must add up' }],
    });
    validate({ cash: 10, nonCash: 20, total: 40, items: [{ p: 60 }, { p: 50 }] });
    expect(toFieldErrors(validate.errors)).toEqual([
      { path: '/items/0/p', message: 'too much', keyword: 'x-arraySum' },
      { path: '/items/1/p', message: 'too much', keyword: 'x-arraySum' },
      { path: '/nonCash', message: 'must add up', keyword: 'x-compare' },
    ]);
  });

  it('take "today" from the one injectable clock', () => {
    const ajv = createAjv();
    const validate = ajv.compile({ type: 'string', format: 'date', 'x-date': [{ max: 'today', message: 'future' }] });
    setToday('2026-01-15');
    expect(validate('2026-01-16')).toBe(false);
    setToday('2026-01-16');
    expect(validate('2026-01-16')).toBe(true);
  });

  it('compile with ajv standalone code generation (no closures)', () => {
    const ajv = createAjv({ lists, ajv: { code: { source: true } } });
    const schema = {
      $id: 'https://quickapply.example/test/standalone.json',
      type: 'object',
      properties: {
        d: { type: 'string', 'x-date': [{ min: '1900-01-01', message: 'too old' }] },
        c: { type: 'string', 'x-list': { list: 'country', message: 'bad country' } },
      },
      'x-phone': { code: 'cc', number: 'n', kind: 'mobile', message: 'bad phone' },
    };
    ajv.addSchema(schema);
    const source = standaloneCode(ajv, ajv.getSchema(schema.$id)!);
    expect(source).toContain('require("./runtime.js")');
    const module = { exports: {} as Record<string, unknown> };
    const fakeRequire = (id: string) => {
      if (id === './runtime.js') return keywordRuntime(phone);
      if (id === './lists.json') return lists;
      throw new Error(`unexpected require ${id}`);
    };
    const nodeRequire = createRequire(import.meta.url);
    new Function('module', 'exports', 'require', source)(module, module.exports, (id: string) => {
      try {
        return fakeRequire(id);
      } catch {
        return nodeRequire(id);
      }
    });
    const validate = (module.exports.default ?? module.exports) as ((d: unknown) => boolean) & { errors?: unknown[] };
    expect(validate({ d: '1899-12-31', c: 'XX', cc: '971', n: '5012345' })).toBe(false);
    expect((validate.errors as { message: string }[]).map((e) => e.message).sort()).toEqual(['bad country', 'bad phone', 'too old']);
    expect(validate({ d: '1990-01-01', c: 'AE', cc: '971', n: '501234567' })).toBe(true);
  });
});

describe('date expressions (property-based)', () => {
  const isoDate = fc.date({ min: new Date('1950-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));

  it('"+Ny" then "-Ny" returns to the same date except when clamping 29 February', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: 1, max: 30 }), (date, years) => {
        const there = resolveDate(`$d+${years}y`, { d: date })!;
        const back = resolveDate(`$d-${years}y`, { d: there })!;
        expect(back === date || date.endsWith('-02-29')).toBe(true);
      }),
    );
  });

  it('yearsSince is never negative for past dates and counts whole years', () => {
    fc.assert(
      fc.property(isoDate, isoDate, (a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const years = yearsSince(from, to);
        expect(years).toBeGreaterThanOrEqual(0);
        expect(resolveDate(`$d+${years}y`, { d: from })! <= to || from.endsWith('-02-29')).toBe(true);
      }),
    );
  });
});

describe('phone numbers by country code', () => {
  it('UAE: mobile 9 digits, landline 8 digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,12}$/), (digits) => {
        expect(phone.isPhoneNumberValid('971', digits, 'mobile')).toBe(digits.length === 9);
        expect(phone.isPhoneNumberValid('971', digits, 'landline')).toBe(digits.length === 8);
      }),
    );
  });

  it('elsewhere: 4 to 10 digits and possible for the country', () => {
    expect(phone.isPhoneNumberValid('91', '9876543210', 'mobile')).toBe(true);
    expect(phone.isPhoneNumberValid('91', '987', 'mobile')).toBe(false);
    expect(phone.isPhoneNumberValid('44', '12345678901', 'mobile')).toBe(false);
    expect(phone.isPhoneNumberValid('1-242', '3591234', 'mobile')).toBe(true);
    expect(phone.isPhoneNumberValid('91', '98765 43210', 'mobile')).toBe(false);
  });
});
