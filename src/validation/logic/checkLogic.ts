/**
 * Problems of the form logic of a content version, for the studio check and the unit test over schemas/: keys
 * outside the vocabulary, `ui:logic` blocks that break its meta-schema, malformed expressions, and paths (fields
 * with logic, vars, clear.onChange, exclusiveWith, sameAs, addWhenFilled) naming fields no step schema has.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { FlowShape } from '../../shared/stakeholderFlows';
import { compileLogic, toPointer } from './compileLogic';
import { checkExpression, referencesOf, resolvePath } from './expression';
import { UI_LOGIC_META_SCHEMA, unknownUiKeys, type UiLogic } from './vocabulary';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

export interface LogicProblem {
  /** Content file, e.g. steps/ssChannels.ui.json. */
  path: string;
  pointer?: string;
  message: string;
}

export interface CheckableContent {
  flows: Record<string, FlowShape>;
  steps: Record<string, { schema: unknown; uiSchema?: unknown } | undefined>;
}

/** The fields a document can have: property names and array items, merged over every step schema. */
interface Shape {
  props: Map<string, Shape>;
  items?: Shape;
}

const newShape = (): Shape => ({ props: new Map() });

function addSchema(shape: Shape, node: unknown, root: Obj, seen: Set<unknown>): void {
  if (!isObj(node) || seen.has(node)) return;
  seen.add(node);
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
    const target = node.$ref.slice(2).split('/').reduce<unknown>((cur, k) => (isObj(cur) ? cur[k.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), root);
    addSchema(shape, target, root, seen);
  }
  if (isObj(node.properties)) {
    for (const [name, sub] of Object.entries(node.properties)) {
      let child = shape.props.get(name);
      if (!child) shape.props.set(name, (child = newShape()));
      addSchema(child, sub, root, seen);
    }
  }
  if (isObj(node.items)) addSchema((shape.items ??= newShape()), node.items, root, seen);
  for (const key of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(node[key])) for (const sub of node[key] as unknown[]) addSchema(shape, sub, root, seen);
  for (const key of ['if', 'then', 'else']) addSchema(shape, node[key], root, seen);
  seen.delete(node);
}

function documentShape(content: CheckableContent): Shape {
  const shape = newShape();
  for (const flow of Object.values(content.flows)) {
    if (flow.scope === 'form') continue;
    let at = shape;
    if (flow.scope === '/signatoryInfo/*') {
      if (!at.props.has('signatoryInfo')) at.props.set('signatoryInfo', newShape());
      at = at.props.get('signatoryInfo')!;
      at = at.items ??= newShape();
    }
    for (const { step } of flow.steps) {
      const schema = content.steps[step]?.schema;
      if (isObj(schema)) addSchema(at, schema, schema, new Set());
    }
  }
  return shape;
}

/** Whether a path (segments; numbers or `*` for array items) names a field of the shape. */
function exists(shape: Shape, segments: readonly string[]): boolean {
  let at: Shape | undefined = shape;
  for (const s of segments) {
    if (!at) return false;
    at = s === '*' || /^\d+$/.test(s) ? at.items : at.props.get(s);
  }
  return !!at;
}

/**
 * The `ui:logic` meta-schema's validator, compiled on first use: this module reaches the browser with the logic
 * engine, and a compile there would be an eval, which the CSP refuses (only the studio check runs it, on the server).
 */
let logicBlockValidator: ValidateFunction | undefined;
const validateLogicBlock = (value: unknown): { ok: boolean; errors: ErrorObject[] } => {
  logicBlockValidator ??= new Ajv({ allErrors: true, strict: false }).compile(UI_LOGIC_META_SCHEMA);
  const ok = logicBlockValidator(value) === true;
  return { ok, errors: logicBlockValidator.errors ?? [] };
};

/** Expressions of a logic block with where they sit. */
function expressionsOf(logic: UiLogic): [string, unknown][] {
  const out: [string, unknown][] = [];
  if (logic.visibleWhen !== undefined) out.push(['visibleWhen', logic.visibleWhen]);
  if (logic.disabledWhen !== undefined) out.push(['disabledWhen', logic.disabledWhen]);
  if (logic.derive) {
    out.push(['derive/value', logic.derive.value]);
    if (logic.derive.when !== undefined) out.push(['derive/when', logic.derive.when]);
  }
  logic.options?.hideWhen?.forEach((h, i) => out.push([`options/hideWhen/${i}/when`, h.when]));
  if (logic.options?.exclude !== undefined) out.push(['options/exclude', logic.options.exclude]);
  return out;
}

/** Problems of the UI schemas' vocabulary and logic of the given steps (all when `steps` is not given). */
export function checkLogic(content: CheckableContent, steps?: string[]): LogicProblem[] {
  const problems: LogicProblem[] = [];
  const shape = documentShape(content);
  const scopeOf = new Map<string, string[]>();
  for (const flow of Object.values(content.flows)) {
    for (const { step } of flow.steps) if (!scopeOf.has(step)) scopeOf.set(step, flow.scope === 'form' ? ['#form'] : flow.scope.split('/').filter(Boolean));
  }
  for (const [step, def] of Object.entries(content.steps)) {
    if (!def || (steps && !steps.includes(step))) continue;
    const path = `steps/${step}.ui.json`;
    for (const pointer of unknownUiKeys(def.uiSchema)) {
      problems.push({ path, pointer, message: `Unknown UI schema key "${pointer.split('/').pop()}": not part of the vocabulary (schemas/README.md, "Form logic")` });
    }
    const base = scopeOf.get(step) ?? [];
    // A form-scoped step (agent login, search) validates its own object: its paths are checked against its schema.
    const own = newShape();
    if (base[0] === '#form' && isObj(def.schema)) addSchema(own, def.schema, def.schema, new Set());
    const known = base[0] === '#form' ? own : shape;
    const from = base[0] === '#form' ? [] : base;
    for (const rule of compileLogic(def.uiSchema)) {
      const at = `${toPointer(rule.path.map((s) => (s === '*' ? 'items' : s)))}/ui:logic`;
      const checked = validateLogicBlock(rule.logic);
      if (!checked.ok) {
        for (const e of checked.errors) problems.push({ path, pointer: `${at}${e.instancePath}`, message: `ui:logic ${e.message ?? 'is invalid'}` });
        continue;
      }
      const field = [...from, ...rule.path];
      if (!exists(known, field)) problems.push({ path, pointer: at, message: `ui:logic on "${rule.path.join('/')}", which is not a field of any step` });
      const scope = (rule.path.at(-1) === '*' || rule.path.length === 0 ? field : field.slice(0, -1)).map((s) => (s === '*' ? '0' : s));
      const refer = (where: string, p: string, within: string[] = scope) => {
        if (!exists(known, resolvePath(within, p))) problems.push({ path, pointer: `${at}/${where}`, message: `"${p}" is not a field of any step` });
      };
      for (const [where, expr] of expressionsOf(rule.logic)) {
        const malformed = checkExpression(expr, `${at}/${where}`);
        for (const m of malformed) problems.push({ path, pointer: at + '/' + where, message: `Malformed expression: ${m}` });
        if (malformed.length) continue;
        for (const ref of referencesOf(expr)) {
          if (ref.inItem && ref.itemOf !== undefined) refer(where, ref.path, [...resolvePath(scope, ref.itemOf), '0']);
          else if (!ref.inItem) refer(where, ref.path);
        }
      }
      rule.logic.clear?.onChange?.forEach((p, i) => refer(`clear/onChange/${i}`, p));
      if (rule.logic.exclusiveWith) refer('exclusiveWith', rule.logic.exclusiveWith);
      const item = [...field.map((s) => (s === '*' ? '0' : s)), '0'];
      const addWhenFilled = rule.logic.array?.addWhenFilled;
      if (Array.isArray(addWhenFilled)) addWhenFilled.forEach((p, i) => refer(`array/addWhenFilled/${i}`, p, item));
      const sameAs = rule.logic.options?.excludeChosen;
      if (isObj(sameAs)) (sameAs.sameAs as string[]).forEach((p, i) => refer(`options/excludeChosen/sameAs/${i}`, p, scope));
    }
  }
  return problems;
}
