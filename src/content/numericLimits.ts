/**
 * The values a schema's numeric constraints may take: one rule for the studio's editor (the field form refuses a
 * value outside it with a field error) and the server's draft check (a draft carrying one cannot be published).
 * Counts (lengths, items, properties) are whole numbers from 0 to a bound no form needs to pass (a save body is at
 * most 1 MB); bounds of a number (minimum, maximum...) are finite and within ±10^15, where every integer and every
 * amount with two decimals is exact. Without it `maxLength: 99999999999999999999` was accepted, and its message
 * read "at most 100000000000000000000 characters".
 */
export interface NumericLimit {
  min: number;
  max: number;
  /** Only whole numbers (safe integers). */
  whole: boolean;
  /** The bound itself is refused (multipleOf must be above 0). */
  minExclusive?: boolean;
}

const COUNT = (max: number): NumericLimit => ({ min: 0, max, whole: true });
const BOUND: NumericLimit = { min: -1e15, max: 1e15, whole: false };

export const NUMERIC_LIMITS = {
  maxLength: COUNT(100_000),
  minLength: COUNT(100_000),
  maxItems: COUNT(1_000),
  minItems: COUNT(1_000),
  maxProperties: COUNT(1_000),
  minProperties: COUNT(1_000),
  minimum: BOUND,
  maximum: BOUND,
  exclusiveMinimum: BOUND,
  exclusiveMaximum: BOUND,
  multipleOf: { min: 0, max: 1e15, whole: false, minExclusive: true },
} as const satisfies Record<string, NumericLimit>;

export type NumericKeyword = keyof typeof NUMERIC_LIMITS;

export const isNumericKeyword = (key: string): key is NumericKeyword => Object.hasOwn(NUMERIC_LIMITS, key);

/** Whether a value is allowed for the keyword. */
export function withinLimit(keyword: NumericKeyword, value: unknown): boolean {
  const limit: NumericLimit = NUMERIC_LIMITS[keyword];
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  if (limit.whole && !Number.isSafeInteger(value)) return false;
  return (limit.minExclusive ? value > limit.min : value >= limit.min) && value <= limit.max;
}

/** What is wrong with a keyword's value, in the words of the draft check (English, like its other problems). */
export function numericLimitMessage(keyword: NumericKeyword): string {
  const limit: NumericLimit = NUMERIC_LIMITS[keyword];
  const range = `${limit.minExclusive ? 'above' : 'from'} ${limit.min} ${limit.minExclusive ? 'and up to' : 'to'} ${limit.max}`;
  return `${keyword} must be ${limit.whole ? 'a whole number' : 'a number'} ${range}`;
}
