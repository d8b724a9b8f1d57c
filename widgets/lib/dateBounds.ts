import { resolveDate } from '../../src/validation/dates';

/** The part of an `x-date` rule that bounds the date picker. */
interface DateRuleBounds {
  min?: string;
  max?: string;
  after?: string;
  before?: string;
}

export interface DateBounds {
  /** Earliest allowed date, yyyy-MM-dd. */
  min?: string;
  /** Latest allowed date, yyyy-MM-dd. */
  max?: string;
  /** A rule says `max: "today"`: future dates are not offered. */
  futureDisabled: boolean;
}

const shiftDay = (iso: string, days: number): string => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/**
 * Bounds of a date field from its `x-date` rules, resolved with the same `resolveDate` as validation:
 * absolute dates, today±N and `$sibling` expressions (given the parent object). Strict bounds (`after`,
 * `before`) become inclusive ones a day inside. The tightest bound wins; validation still reports the message.
 */
export function dateBounds(rules: unknown, parent: unknown): DateBounds {
  const out: DateBounds = { futureDisabled: false };
  if (!Array.isArray(rules)) return out;
  const tighten = (key: 'min' | 'max', value: string | undefined) => {
    if (value === undefined) return;
    const current = out[key];
    if (current === undefined || (key === 'min' ? value > current : value < current)) out[key] = value;
  };
  const resolve = (expr: unknown) => {
    if (typeof expr !== 'string') return undefined;
    try {
      return resolveDate(expr, parent);
    } catch {
      return undefined; // a malformed expression is refused when the schema is compiled
    }
  };
  for (const rule of rules as DateRuleBounds[]) {
    if (rule.max === 'today') out.futureDisabled = true;
    tighten('min', resolve(rule.min));
    tighten('max', resolve(rule.max));
    const after = resolve(rule.after);
    tighten('min', after && shiftDay(after, 1));
    const before = resolve(rule.before);
    tighten('max', before && shiftDay(before, -1));
  }
  return out;
}
