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

/** The digit at `i` of `s`, or -1. */
function digitAt(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1;
}

/**
 * A yyyy-MM-dd string that is a real calendar date (years before 100 are not: JavaScript's dates read them as
 * 19xx). Read digit by digit, with no Date and no substrings: every date of every stakeholder is checked on each save.
 */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return false;
  let y = 0;
  for (let i = 0; i < 4; i++) {
    const d = digitAt(value, i);
    if (d < 0) return false;
    y = y * 10 + d;
  }
  const m1 = digitAt(value, 5), m2 = digitAt(value, 6), d1 = digitAt(value, 8), d2 = digitAt(value, 9);
  if (m1 < 0 || m2 < 0 || d1 < 0 || d2 < 0) return false;
  const m = m1 * 10 + m2;
  const d = d1 * 10 + d2;
  if (y < 100 || m < 1 || m > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = m === 2 ? (leap ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
  return d <= days;
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

/** An expression parsed once, with what it gave for each sibling value (`$issueDate+10y`: the pure part). */
interface ParsedExpression {
  base: string;
  sign: string | undefined;
  amount: number;
  unit: string | undefined;
  bySibling: Map<string, string>;
}
const parsed = new Map<string, ParsedExpression>();

function parse(expr: string): ParsedExpression {
  let p = parsed.get(expr);
  if (!p) {
    const match = EXPR.exec(expr);
    if (!match) throw new Error(`Invalid date expression: ${expr}`);
    const [, base, sign, amount, unit] = match;
    p = { base: base!, sign, amount: Number(amount), unit, bySibling: new Map() };
    if (parsed.size < 10_000) parsed.set(expr, p);
  }
  return p;
}

function resolveUncached(expr: string, parent: unknown): string | undefined {
  const { base, sign, amount, unit, bySibling } = parse(expr);
  if (base.charCodeAt(0) === 36 /* $ */) {
    const sibling = parent && typeof parent === 'object' ? (parent as Record<string, unknown>)[base.slice(1)] : undefined;
    if (!isIsoDate(sibling)) return undefined;
    if (!sign) return sibling;
    let value = bySibling.get(sibling);
    if (value === undefined) {
      if (bySibling.size >= 10_000) bySibling.clear();
      value = shift(sibling, sign, amount, unit!);
      bySibling.set(sibling, value);
    }
    return value;
  }
  let value: string;
  if (base === 'today') value = today();
  else if (base === 'startOfYear') value = `${today().slice(0, 4)}-01-01`;
  else if (base === 'endOfYear') value = `${today().slice(0, 4)}-12-31`;
  else value = base;
  return sign ? shift(value, sign, amount, unit!) : value;
}

/** Whole years between a date and today (years in business, age). */
export function yearsSince(iso: string, at: string = today()): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = at.split('-').map(Number) as [number, number, number];
  let years = ty - y;
  if (tm < m || (tm === m && td < d)) years -= 1;
  return years;
}
