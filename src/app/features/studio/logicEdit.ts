/**
 * The logic editor's model: "Show <field> when <other field> is <value>" (and "read-only when") built from
 * pickers and written as the form-logic engine's `ui:logic` (src/validation/logic, schemas/README.md): a
 * `visibleWhen` / `disabledWhen` expression `{"==": [{"var": <path>}, <value>]}` with the var path relative to the
 * object holding the field ("name", "../section/name"), as the engine resolves it. A rule the pickers cannot
 * express (and/or, counts, ...) is shown as such and left to the UI schema tab.
 */
import type { Expr } from '../../../validation/logic/expression';
import { type FieldPath, uiNodeOf } from './fields';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

export type LogicKey = 'visibleWhen' | 'disabledWhen';
export type Operator = 'is' | 'isNot' | 'filled' | 'empty';

export interface SimpleCondition {
  /** The field the condition reads, from the step's root. */
  source: FieldPath;
  op: Operator;
  value?: string | number | boolean;
}

/** The var path from the object holding `target` to `source` ("../" pops an object; an array item and its array pop together). */
export function relativeVar(target: FieldPath, source: FieldPath): string | undefined {
  const from = target.slice(0, -1);
  let k = 0;
  while (k < from.length && k < source.length - 1 && from[k] === source[k]) k++;
  const rest = source.slice(k);
  if (rest.includes('*')) return undefined; // a field of other array items: not one value
  const ups = from.slice(k).filter((s) => s !== '*').length;
  return '../'.repeat(ups) + rest.join('/');
}

/** The inverse of relativeVar: the source field of a var path read from `target`'s object. */
export function resolveVar(target: FieldPath, path: string): FieldPath | undefined {
  if (path.startsWith('/')) return undefined;
  const out = target.slice(0, -1);
  for (const part of path.split('/').filter((s) => s && s !== '.')) {
    if (part === '..') {
      const popped = out.pop();
      if (popped === '*') out.pop();
      if (popped === undefined) return undefined;
    } else out.push(part);
  }
  return out;
}

export function conditionExpr(target: FieldPath, c: SimpleCondition): Expr {
  const path = relativeVar(target, c.source);
  if (path === undefined) throw new Error('That field cannot be used in a condition of this field');
  const v = { var: path };
  switch (c.op) {
    case 'is':
      return { '==': [v, c.value ?? null] } as Expr;
    case 'isNot':
      return { '!=': [v, c.value ?? null] } as Expr;
    case 'filled':
      return { filled: v } as Expr;
    case 'empty':
      return { '!': { filled: v } } as Expr;
  }
}

/** Reads an expression the pickers can show (undefined: none; 'custom': a rule for the UI schema tab). */
export function readCondition(target: FieldPath, expr: unknown): SimpleCondition | 'custom' | undefined {
  if (expr === undefined) return undefined;
  if (!isObject(expr)) return 'custom';
  const op = Object.keys(expr)[0];
  const args = expr[op!];
  const source = (v: unknown) => (isObject(v) && typeof v.var === 'string' ? resolveVar(target, v.var) : undefined);
  if ((op === '==' || op === '!=') && Array.isArray(args) && args.length === 2 && ['string', 'number', 'boolean'].includes(typeof args[1])) {
    const s = source(args[0]);
    if (s)
      return {
        source: s,
        op: op === '==' ? 'is' : 'isNot',
        value: args[1] as string | number | boolean,
      };
  }
  if (op === 'filled') {
    const s = source(Array.isArray(args) ? args[0] : args);
    if (s) return { source: s, op: 'filled' };
  }
  if (op === '!' && isObject(args) && Object.keys(args)[0] === 'filled') {
    const inner = (args as Json).filled;
    const s = source(Array.isArray(inner) ? inner[0] : inner);
    if (s) return { source: s, op: 'empty' };
  }
  return 'custom';
}

export function readLogic(ui: Json, target: FieldPath, key: LogicKey): SimpleCondition | 'custom' | undefined {
  const logic = uiNodeOf(ui, target)?.['ui:logic'];
  return readCondition(target, isObject(logic) ? logic[key] : undefined);
}

/** Writes (or with null removes) a field's condition; other parts of its `ui:logic` stay. */
export function writeLogic(ui: Json, target: FieldPath, key: LogicKey, condition: SimpleCondition | null): Json {
  const u = structuredClone(ui);
  let node: Json = u;
  for (const segment of target) {
    const k = segment === '*' ? 'items' : segment;
    if (!isObject(node[k])) node[k] = {};
    node = node[k] as Json;
  }
  const logic: Json = isObject(node['ui:logic']) ? { ...node['ui:logic'] } : {};
  if (condition) logic[key] = conditionExpr(target, condition);
  else delete logic[key];
  if (Object.keys(logic).length) node['ui:logic'] = logic;
  else delete node['ui:logic'];
  return u;
}
