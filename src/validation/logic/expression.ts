/**
 * The one expression language of form logic: JSON-Logic-like data, never code. An expression is a literal
 * (string, number, boolean, null), a list of expressions, or an object with exactly one operator key:
 *
 *   {"var": "path"}                       a value; path relative to the object holding the field ("a/b"),
 *                                         absolute from the prospect ("/a/b"), or from the parent object ("../a")
 *   {"==": [a, b]} {"!=": [a, b]}         equality (deep for lists and objects)
 *   {"<": [a, b]} ("<=", ">", ">=")       numbers (or yyyy-MM-dd strings)
 *   {"and": [..]} {"or": [..]} {"!": a}   logic (truthiness as in JSON Logic: "", 0, [], null are false)
 *   {"if": [cond, then, else]}            choice
 *   {"in": [x, list]}                     x is an element of list (or a substring of a string)
 *   {"filled": a}                         not undefined, null, "" or []
 *   {"count": [list, cond]}               items of list for which cond holds (vars inside cond: relative to the item)
 *   {"yearsSince": date}                  whole years from a yyyy-MM-dd date to the bank's today (undefined if not a date)
 *   {"+": [a, b, ..]} {"-": [a, b]}       arithmetic on numbers (undefined when an operand is not a number, or on
 *   {"*": [a, b, ..]} {"/": [a, b]}       division by 0): amounts and percentages derived one from the other
 *   {"round": [a, decimals]}              a rounded to that many decimals (0 to 6)
 *
 * Nothing else is accepted: `checkExpression` reports an unknown operator or a malformed argument list, and
 * `referencesOf` lists the paths an expression reads so the studio can refuse references to missing fields.
 */
import { isIsoDate, yearsSince } from '../dates';

export type Expr = null | boolean | number | string | Expr[] | { [op: string]: Expr };

/** Where an expression is evaluated: the prospect and the path (segments) of the object its relative vars start from. */
export interface Scope {
  root: unknown;
  at: readonly string[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Operators and their argument counts ([min, max]; max -1 = any). */
export const OPERATORS: Record<string, [number, number]> = {
  var: [1, 1], '==': [2, 2], '!=': [2, 2], '<': [2, 2], '<=': [2, 2], '>': [2, 2], '>=': [2, 2],
  and: [1, -1], or: [1, -1], '!': [1, 1], if: [3, 3], in: [2, 2], filled: [1, 1], count: [2, 2], yearsSince: [1, 1],
  '+': [2, -1], '-': [2, 2], '*': [2, -1], '/': [2, 2], round: [2, 2],
};

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Arithmetic of the derive vocabulary: a number, or undefined when an operand is missing or the result is not finite. */
function arithmetic(op: string, values: unknown[]): number | undefined {
  if (!values.every(num)) return undefined;
  const n = values as number[];
  let r: number;
  switch (op) {
    case '+': r = n.reduce((a, b) => a + b, 0); break;
    case '-': r = n[0]! - n[1]!; break;
    case '*': r = n.reduce((a, b) => a * b, 1); break;
    case '/': r = n[1] === 0 ? NaN : n[0]! / n[1]!; break;
    default: {
      const d = Math.min(6, Math.max(0, Math.trunc(n[1]!)));
      const f = 10 ** d;
      // Rounded as the figures read (1.005 -> 1.01), not as their binary approximation.
      r = Math.round((n[0]! + Math.sign(n[0]!) * Number.EPSILON * Math.abs(n[0]!)) * f) / f;
    }
  }
  return Number.isFinite(r) ? r : undefined;
}

const isIndex = (s: string) => /^\d+$/.test(s);

/** Resolves a var path against a scope into absolute segments. */
const parts = new Map<string, string[]>();
/** A path's parts, cached: paths come from the content, a small fixed set evaluated many times. */
function partsOf(path: string): string[] {
  let p = parts.get(path);
  if (!p) {
    p = path.split('/').filter((s) => s !== '' && s !== '.');
    if (parts.size < 10_000) parts.set(path, p);
  }
  return p;
}

export function resolvePath(at: readonly string[], path: string): string[] {
  if (path.startsWith('/')) return partsOf(path).slice();
  const out = [...at];
  for (const part of partsOf(path)) {
    if (part === '..') {
      // The parent object: an array item's parent is the object holding the array.
      const popped = out.pop();
      if (popped !== undefined && isIndex(popped)) out.pop();
    } else out.push(part);
  }
  return out;
}

export function readPath(root: unknown, segments: readonly string[]): unknown {
  let cur = root;
  for (const key of segments) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Obj)[key];
  }
  return cur;
}

export const isFilled = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
export const truthy = (v: unknown) => (Array.isArray(v) ? v.length > 0 : !!v);

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

const args = (e: Expr): Expr[] => (Array.isArray(e) ? e : [e]);

function compare(op: string, a: unknown, b: unknown): boolean {
  const ok = (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string');
  if (!ok) return false;
  const [x, y] = [a as number, b as number];
  return op === '<' ? x < y : op === '<=' ? x <= y : op === '>' ? x > y : x >= y;
}

/** An expression compiled once into a function of the document and the scope's path (see `compileExpr`). */
type Compiled = (root: unknown, at: readonly string[]) => unknown;
const compiledExprs = new WeakMap<object, Compiled>();

/** Reads `parts` below the object at `at` without building the joined path (the common relative var). */
function readBelow(root: unknown, at: readonly string[], parts: readonly string[]): unknown {
  let cur = root;
  for (const key of at) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Obj)[key];
  }
  for (const key of parts) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Obj)[key];
  }
  return cur;
}

/**
 * Compiles an expression into a function, once per expression object (expressions come from the content, which
 * is built once per version and evaluated on every save and every edit): operators are looked up and var paths
 * split at compile time, so an evaluation only reads the document.
 */
export function compileExpr(expr: Expr): Compiled {
  if (expr === null || typeof expr !== 'object') return () => expr;
  let fn = compiledExprs.get(expr);
  if (fn) return fn;
  fn = build(expr);
  compiledExprs.set(expr, fn);
  return fn;
}

const isLiteral = (e: Expr): boolean => e === null || typeof e !== 'object' || (Array.isArray(e) && e.every(isLiteral));

function build(expr: Expr & object): Compiled {
  if (Array.isArray(expr)) {
    if (expr.every(isLiteral)) return () => expr;
    const items = expr.map(compileExpr);
    return (root, at) => items.map((f) => f(root, at));
  }
  const op = Object.keys(expr)[0]!;
  const raw = args(expr[op]!);
  const a = raw.map(compileExpr);
  const [x, y, z] = a as [Compiled, Compiled, Compiled];
  switch (op) {
    case 'var': {
      const path = String(raw[0]);
      const p = partsOf(path);
      if (path.startsWith('/')) return (root) => readPath(root, p);
      if (!p.includes('..')) return (root, at) => readBelow(root, at, p);
      return (root, at) => readPath(root, resolvePath(at, path));
    }
    case '==':
      return (root, at) => sameValue(x(root, at), y(root, at));
    case '!=':
      return (root, at) => !sameValue(x(root, at), y(root, at));
    case '<': case '<=': case '>': case '>=':
      return (root, at) => compare(op, x(root, at), y(root, at));
    case 'and':
      return (root, at) => a.every((f) => truthy(f(root, at)));
    case 'or':
      return (root, at) => a.some((f) => truthy(f(root, at)));
    case '!':
      return (root, at) => !truthy(x(root, at));
    case 'if':
      return (root, at) => (truthy(x(root, at)) ? y(root, at) : z(root, at));
    case 'in':
      return (root, at) => {
        const v = x(root, at);
        const list = y(root, at);
        if (Array.isArray(list)) return list.some((item) => sameValue(item, v));
        return typeof list === 'string' && typeof v === 'string' && list.includes(v);
      };
    case 'filled':
      return (root, at) => isFilled(x(root, at));
    case 'count': {
      const listVar = isObj(raw[0]) && 'var' in raw[0] ? String(raw[0].var) : undefined;
      return (root, at) => {
        const list = x(root, at);
        if (!Array.isArray(list)) return 0;
        // Inside the condition, vars are relative to the item (an item of a literal list: to the prospect root).
        const listPath = listVar === undefined ? undefined : resolvePath(at, listVar);
        let n = 0;
        for (let i = 0; i < list.length; i++) if (truthy(y(root, listPath ? [...listPath, String(i)] : []))) n++;
        return n;
      };
    }
    case 'yearsSince':
      return (root, at) => {
        const d = x(root, at);
        return isIsoDate(d) ? Math.max(0, yearsSince(d)) : undefined;
      };
    case '+': case '-': case '*': case '/': case 'round':
      return (root, at) => arithmetic(op, a.map((f) => f(root, at)));
    default:
      return () => undefined;
  }
}

/** Evaluates an expression (already checked by `checkExpression`; an unknown operator yields undefined). */
export function evaluate(expr: Expr, scope: Scope): unknown {
  return compileExpr(expr)(scope.root, scope.at);
}

/** Problems of an expression's shape (unknown operator, wrong number of arguments, a var that is not a string). */
export function checkExpression(expr: unknown, where = ''): string[] {
  if (expr === null || ['string', 'number', 'boolean'].includes(typeof expr)) return [];
  if (Array.isArray(expr)) return expr.flatMap((e, i) => checkExpression(e, `${where}/${i}`));
  if (!isObj(expr)) return [`${where || '/'}: not an expression`];
  const keys = Object.keys(expr);
  if (keys.length !== 1) return [`${where || '/'}: an expression object has exactly one operator, found ${keys.length}`];
  const op = keys[0]!;
  const arity = OPERATORS[op];
  if (!arity) return [`${where || '/'}: unknown operator "${op}" (use one of ${Object.keys(OPERATORS).join(', ')})`];
  const list = args(expr[op] as Expr);
  if (list.length < arity[0] || (arity[1] >= 0 && list.length > arity[1])) {
    return [`${where}/${op}: "${op}" takes ${arity[0] === arity[1] ? arity[0] : `${arity[0]} or more`} argument(s), found ${list.length}`];
  }
  if (op === 'var' && typeof list[0] !== 'string') return [`${where}/var: a path must be a string`];
  return list.flatMap((e, i) => checkExpression(e, `${where}/${op}/${i}`));
}

/** Var paths an expression reads, each with whether it is read inside a `count` condition (relative to an item). */
export function referencesOf(expr: unknown, inItem = false): { path: string; inItem: boolean; itemOf?: string }[] {
  if (Array.isArray(expr)) return expr.flatMap((e) => referencesOf(e, inItem));
  if (!isObj(expr)) return [];
  const [op] = Object.keys(expr);
  if (!op) return [];
  const list = args(expr[op] as Expr);
  if (op === 'var') return typeof list[0] === 'string' ? [{ path: list[0], inItem }] : [];
  if (op === 'count') {
    const of = isObj(list[0]) && typeof list[0].var === 'string' ? list[0].var : undefined;
    return [...referencesOf(list[0], inItem), ...referencesOf(list[1], true).map((r) => ({ ...r, ...(of ? { itemOf: of } : {}) }))];
  }
  return list.flatMap((e) => referencesOf(e, inItem));
}
