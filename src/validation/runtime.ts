/**
 * Runtime of the project's custom keywords. The ajv keywords in `keywords.ts` generate code that calls these
 * pure functions (referenced by module path), so ajv's standalone code generation can compile schemas that use
 * them. Each function returns `null` when the data meets the rule, or the errors with a path relative to the
 * data the keyword sits on, so cross-field errors land on the field that is wrong. The x-phone rule is in
 * `phoneRule.ts` (it needs libphonenumber and its metadata: phone.ts on the server, phoneBrowser.ts in the browser);
 * standalone.ts's `keywordRuntime` puts the two together.
 */
import { isIsoDate, resolveDate } from './dates';
import { getAt, toPointer } from './pointer';
import type { ReferenceLists } from './lists';

export interface RuleError {
  path: string;
  message: string;
  params: Record<string, unknown>;
  /** Reported as this keyword instead of the rule's own (its message then comes from the field's errorMessage for it). */
  keyword?: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const filled = (v: unknown) => v !== undefined && v !== null && v !== '';
const one = (path: string, message: string, params: Obj = {}): RuleError[] => [{ path, message, params }];

// ---------------------------------------------------------------- x-date
export interface DateRule {
  min?: string;
  max?: string;
  after?: string;
  before?: string;
  requires?: string;
  message: string;
}

/** Checks a yyyy-MM-dd value against its rules in order; reports the first that fails. */
export function checkDate(value: unknown, rules: DateRule[], parent: unknown): RuleError[] | null {
  if (!isIsoDate(value)) return null; // "format": "date" reports malformed dates
  for (const rule of rules) {
    if (rule.requires !== undefined) {
      if (!isObj(parent) || !filled(parent[rule.requires])) return one('', rule.message, { requires: rule.requires });
      continue;
    }
    const op = rule.min !== undefined ? 'min' : rule.max !== undefined ? 'max' : rule.after !== undefined ? 'after' : rule.before !== undefined ? 'before' : undefined;
    const expr = op && rule[op];
    if (!op || !expr) continue;
    const bound = resolveDate(expr, parent);
    if (bound === undefined) continue;
    const ok =
      op === 'min' ? value >= bound : op === 'max' ? value <= bound : op === 'after' ? value > bound : value < bound;
    if (!ok) return one('', rule.message, { [op]: bound });
  }
  return null;
}

// ---------------------------------------------------------------- x-trimmed
/**
 * `required`: the field must be filled (its schema has minLength 1). A value of spaces only is then not filled,
 * reported as minLength (the field's "is not filled" message, and an automatic save may keep it like an empty
 * field), rather than as a value with spaces around it. A field whose schema has its own rule for a blank value
 * (`not`, "is blank: type letters or digits") gets that message alone.
 */
export function checkTrimmed(value: unknown, message: string, required = false, blankRule = false): RuleError[] | null {
  if (typeof value !== 'string' || value === value.trim()) return null;
  if (value.trim() === '') {
    // Spaces only: the field's own rule for a blank value says so when it has one (`not`), else "not filled".
    if (blankRule) return null;
    if (required) return [{ path: '', message, params: { limit: 1 }, keyword: 'minLength' }];
  }
  return one('', message);
}

// ---------------------------------------------------------------- x-compare
type Operand = number | string | string[];
export interface CompareRule {
  left: Operand;
  op: '<' | '<=' | '==' | '>=' | '>' | '!=';
  right: Operand;
  at?: string;
  message: string;
}

function operand(data: Obj, o: Operand): number | undefined {
  if (typeof o === 'number') return o;
  const paths = Array.isArray(o) ? o : [o];
  let sum = 0;
  for (const p of paths) {
    const v = getAt(data, p);
    if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) sum += Number(v);
    else if (isNum(v)) sum += v;
    else return undefined;
  }
  return Math.round(sum * 100) / 100;
}

/** Numeric comparisons between fields (or sums of fields) of one object; skipped while an operand is empty. */
export function checkCompare(data: unknown, rules: CompareRule[]): RuleError[] | null {
  if (!isObj(data)) return null;
  const errors: RuleError[] = [];
  for (const rule of rules) {
    const l = operand(data, rule.left);
    const r = operand(data, rule.right);
    if (l === undefined || r === undefined) continue;
    const ok =
      rule.op === '<' ? l < r : rule.op === '<=' ? l <= r : rule.op === '==' ? l === r
        : rule.op === '>=' ? l >= r : rule.op === '>' ? l > r : l !== r;
    if (!ok) {
      const at = rule.at ?? (typeof rule.left === 'string' ? rule.left : Array.isArray(rule.left) ? rule.left[rule.left.length - 1]! : '');
      errors.push({ path: toPointer(at), message: rule.message, params: { left: l, right: r, op: rule.op } });
    }
  }
  return errors.length ? errors : null;
}

// ---------------------------------------------------------------- x-totalLength
export interface TotalLengthRule {
  fields: string[];
  max: number;
  at: string;
  message: string;
}

export function checkTotalLength(data: unknown, rule: TotalLengthRule): RuleError[] | null {
  if (!isObj(data)) return null;
  const total = rule.fields.reduce((n, f) => {
    const v = getAt(data, f);
    return n + (typeof v === 'string' ? v.length : 0);
  }, 0);
  return total > rule.max ? one(toPointer(rule.at), rule.message, { limit: rule.max, total }) : null;
}

// ---------------------------------------------------------------- x-arraySum
export interface ArraySumRule {
  field: string;
  max?: number;
  min?: number;
  messageMax?: string;
  messageMin?: string;
}

/**
 * A value shared across the items of an array (shareholding): each item may hold at most `max` minus what the
 * other items hold, and not less than `min`. The error lands on the item's field.
 */
export function checkArraySum(items: unknown, rule: ArraySumRule): RuleError[] | null {
  if (!Array.isArray(items)) return null;
  const values = items.map((item) => {
    const v = getAt(item, rule.field);
    return isNum(v) ? v : undefined;
  });
  const total = values.reduce<number>((n, v) => n + (v ?? 0), 0);
  const errors: RuleError[] = [];
  values.forEach((v, i) => {
    if (v === undefined) return;
    const path = `/${i}${toPointer(rule.field)}`;
    if (rule.min !== undefined && v < rule.min && rule.messageMin) {
      errors.push({ path, message: rule.messageMin, params: { limit: rule.min } });
    } else if (rule.max !== undefined && rule.messageMax) {
      const available = Math.round((rule.max - (total - v)) * 100) / 100;
      if (v > available) errors.push({ path, message: rule.messageMax, params: { limit: available } });
    }
  });
  return errors.length ? errors : null;
}

// ---------------------------------------------------------------- x-uniqueBy
export interface UniqueByRule {
  fields: string[];
  at?: string;
  message: string;
}

/** No two items share the same values in `fields`; each later duplicate gets the error. */
export function checkUniqueBy(items: unknown, rule: UniqueByRule): RuleError[] | null {
  if (!Array.isArray(items)) return null;
  const seen = new Set<string>();
  const errors: RuleError[] = [];
  items.forEach((item, i) => {
    const values = rule.fields.map((f) => getAt(item, f));
    if (values.some((v) => !filled(v))) return;
    const key = JSON.stringify(values);
    if (seen.has(key)) {
      errors.push({ path: `/${i}${toPointer(rule.at ?? rule.fields[0]!)}`, message: rule.message, params: {} });
    }
    seen.add(key);
  });
  return errors.length ? errors : null;
}

// ---------------------------------------------------------------- x-emiratesId
export function checkEmiratesId(value: unknown, message: string): RuleError[] | null {
  if (typeof value !== 'string' || value === '') return null;
  return /^784\d{12}$/.test(value.replace(/-/g, '')) ? null : one('', message);
}

// ---------------------------------------------------------------- x-emailDomain
export interface EmailDomainRule {
  notIn: string[];
  message: string;
}

export function checkEmailDomain(value: unknown, rule: EmailDomainRule): RuleError[] | null {
  if (typeof value !== 'string' || !value.includes('@')) return null;
  const domain = value.slice(value.lastIndexOf('@') + 1).toLowerCase();
  const banned = rule.notIn.some((d) => domain === d.toLowerCase() || domain.endsWith('.' + d.toLowerCase()));
  return banned ? one('', rule.message, { domain }) : null;
}

// ---------------------------------------------------------------- x-list
export interface ListRule {
  list: string;
  /** The value must be a child of the option chosen in this sibling field (sub-category of industry). */
  childOf?: string;
  /** Use another list when a condition on the whole document holds (Islamic banking lists). */
  variants?: { when: { path: string; equals: unknown }; list: string }[];
  message: string;
}

export function listNameFor(rule: ListRule, root: unknown): string {
  const variant = rule.variants?.find((v) => getAt(root, v.when.path) === v.when.equals);
  return variant ? variant.list : rule.list;
}

const valueSets = new WeakMap<object, Set<unknown>>();
function valueSet(options: { value: string }[]): Set<unknown> {
  let set = valueSets.get(options);
  if (!set) {
    set = new Set(options.map((o) => o.value));
    valueSets.set(options, set);
  }
  return set;
}

export function checkList(
  value: unknown,
  rule: ListRule,
  parent: unknown,
  root: unknown,
  lists: ReferenceLists,
): RuleError[] | null {
  if (value === undefined || value === null || value === '') return null;
  const list = lists[listNameFor(rule, root)];
  if (!list) return one('', rule.message, { list: rule.list });
  let options = list.options;
  if (rule.childOf !== undefined) {
    const parentValue = isObj(parent) ? parent[rule.childOf] : undefined;
    if (!filled(parentValue)) return null;
    options = options.find((o) => o.value === parentValue)?.children ?? [];
  }
  const allowed = valueSet(options);
  if (!Array.isArray(value)) return allowed.has(value) ? null : one('', rule.message, { allowedList: listNameFor(rule, root), invalid: [value] });
  const values = value;
  const bad = values.filter((v) => !allowed.has(v));
  return bad.length ? one('', rule.message, { allowedList: listNameFor(rule, root), invalid: bad }) : null;
}

// ---------------------------------------------------------------- x-decimals
export interface DecimalsRule {
  max: number;
  message: string;
}

/** Number of digits after the decimal point of a number as written (shortest round-trip form, so 0.29 -> 2). */
export function decimalPlaces(value: number): number {
  // Integers (most amounts and shares) have none; String() of a large one is exponential, with none either.
  if (Number.isInteger(value)) return 0;
  const [mantissa = '', exp = '0'] = String(Math.abs(value)).toLowerCase().split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exp));
}

/**
 * At most `max` decimals (amounts in fils, percentages with 2 decimals). Exact, unlike `multipleOf: 0.01`,
 * which ajv evaluates in floating point (0.29 / 0.01 is not an integer there).
 */
export function checkDecimals(value: unknown, rule: DecimalsRule): RuleError[] | null {
  if (!isNum(value)) return null;
  return decimalPlaces(value) > rule.max ? one('', rule.message, { limit: rule.max }) : null;
}

// ---------------------------------------------------------------- x-arrayTotal
export interface ArrayTotalRule {
  field: string;
  op: '<' | '<=' | '==' | '>=' | '>' | '!=';
  value: number;
  /** Where the error lands, relative to the array ("" = the array itself). */
  at?: string;
  message: string;
}

/**
 * The total of one numeric field over all items of an array compared with a number (shares held by all
 * stakeholders must be exactly 100 at submit). Items without a number count 0; the total is rounded to 2 decimals.
 */
export function checkArrayTotal(items: unknown, rules: ArrayTotalRule[]): RuleError[] | null {
  if (!Array.isArray(items)) return null;
  const errors: RuleError[] = [];
  for (const rule of rules) {
    const sum = items.reduce<number>((n, item) => {
      const v = getAt(item, rule.field);
      return n + (isNum(v) ? v : 0);
    }, 0);
    const total = Math.round(sum * 100) / 100;
    const r = rule.value;
    const ok =
      rule.op === '<' ? total < r : rule.op === '<=' ? total <= r : rule.op === '==' ? total === r
        : rule.op === '>=' ? total >= r : rule.op === '>' ? total > r : total !== r;
    if (!ok) errors.push({ path: toPointer(rule.at ?? ''), message: rule.message, params: { total, op: rule.op, value: r } });
  }
  return errors.length ? errors : null;
}

// ---------------------------------------------------------------- conditions (x-count)
/** One condition on a value: equal to, one of, or (for arrays) containing a value. */
export interface Match {
  equals?: unknown;
  in?: unknown[];
  contains?: unknown;
}

export function matches(value: unknown, m: Match): boolean {
  if ('equals' in m && value !== m.equals) return false;
  if (m.in !== undefined && !m.in.includes(value)) return false;
  if ('contains' in m && !(Array.isArray(value) && value.includes(m.contains))) return false;
  return true;
}

// ---------------------------------------------------------------- x-count
export interface CountRule {
  /** Path of the array, relative to the object the keyword sits on. */
  array: string;
  /** Only items whose value at `path` meets the condition count (all items without it). */
  where?: Match & { path: string };
  min?: number;
  max?: number;
  /** Where the error lands, relative to the object. */
  at: string;
  message: string;
}

/** The number of items of an array (that meet a condition) is within bounds; the error lands on `at`. */
export function checkCount(data: unknown, rules: CountRule[]): RuleError[] | null {
  if (!isObj(data)) return null;
  const errors: RuleError[] = [];
  for (const rule of rules) {
    const items = getAt(data, rule.array);
    const list = Array.isArray(items) ? items : [];
    const where = rule.where;
    const count = where ? list.filter((item) => matches(getAt(item, where.path), where)).length : list.length;
    if ((rule.min !== undefined && count < rule.min) || (rule.max !== undefined && count > rule.max)) {
      errors.push({ path: toPointer(rule.at), message: rule.message, params: { count, min: rule.min, max: rule.max } });
    }
  }
  return errors.length ? errors : null;
}
