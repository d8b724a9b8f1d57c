import { today } from './clock';

/**
 * Date expressions used by the `x-date` keyword, written in schemas by product staff:
 *   "2026-01-31"          an absolute date
 *   "today"               today in the bank's time zone
 *   "today-10y", "today+20y", "today+1d", "today-6m"
 *   "$passportIssueDate"  a sibling field of the date being checked
 *   "$passportIssueDate+10y"
 *   "startOfYear", "endOfYear"  (of today's year, with the same offsets)
 */
const EXPR = /^(today|startOfYear|endOfYear|\$[A-Za-z0-9_]+|\d{4}-\d{2}-\d{2})(?:([+-])(\d+)([dmy]))?$/;

export function isDateExpression(expr: string): boolean {
  return EXPR.test(expr);
}

/** A yyyy-MM-dd string that is a real calendar date. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function shift(iso: string, sign: string, amount: number, unit: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const k = sign === '-' ? -amount : amount;
  let date: Date;
  if (unit === 'd') {
    date = new Date(Date.UTC(y, m - 1, d + k));
  } else {
    const months = unit === 'y' ? k * 12 : k;
    const target = new Date(Date.UTC(y, m - 1 + months, 1));
    // Clamp the day so that 29 Feb + 1y is 28 Feb, not 1 Mar.
    const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
    date = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(d, lastDay)));
  }
  return date.toISOString().slice(0, 10);
}

/**
 * Resolves an expression to yyyy-MM-dd. Returns `undefined` when it names a sibling that is not filled
 * (or not a date), so the rule that uses it does not apply.
 */
const resolved = new Map<string, string>();
let resolvedFor = '';

export function resolveDate(expr: string, parent: unknown): string | undefined {
  // Expressions that do not name a sibling depend only on "today": computed once per day (or pinned date).
  if (expr.charCodeAt(0) !== 36 /* $ */) {
    const day = today();
    if (day !== resolvedFor) {
      resolved.clear();
      resolvedFor = day;
    }
    let value = resolved.get(expr);
    if (value === undefined) {
      value = resolveUncached(expr, parent)!;
      resolved.set(expr, value);
    }
    return value;
  }
  return resolveUncached(expr, parent);
}

function resolveUncached(expr: string, parent: unknown): string | undefined {
  const match = EXPR.exec(expr);
  if (!match) throw new Error(`Invalid date expression: ${expr}`);
  const [, base, sign, amount, unit] = match;
  let value: string | undefined;
  if (base === 'today') value = today();
  else if (base === 'startOfYear') value = `${today().slice(0, 4)}-01-01`;
  else if (base === 'endOfYear') value = `${today().slice(0, 4)}-12-31`;
  else if (base!.startsWith('$')) {
    const sibling = parent && typeof parent === 'object' ? (parent as Record<string, unknown>)[base!.slice(1)] : undefined;
    value = isIsoDate(sibling) ? sibling : undefined;
  } else value = base;
  if (value === undefined) return undefined;
  return sign ? shift(value, sign, Number(amount), unit!) : value;
}

/** Whole years between a date and today (years in business, age). */
export function yearsSince(iso: string, at: string = today()): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = at.split('-').map(Number) as [number, number, number];
  let years = ty - y;
  if (tm < m || (tm === m && td < d)) years -= 1;
  return years;
}
