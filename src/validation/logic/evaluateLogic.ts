/**
 * The one form-logic evaluator: the browser (render, save), the server (every save), the agent overview and
 * the studio run it. Pure: content and data in, a new document and the form state out.
 *
 * Order: fields cleared because another field changed (needs `previous`), derived values, then visibility
 * (hidden answers dropped per `clear.whenHidden`, repeated until nothing more is dropped), then the state of what
 * remains (disabled fields, excluded options, array gating). Pointers are JSON pointers into the data given.
 *
 * Disabled fields (`disabledWhen`) with `previous`: a value the writer sets on a field that is disabled under the
 * resulting data is not kept; the stored value stays (an answer only the logic removed, or an emptied field, is not
 * a value set). The browser never offers such an edit, so only a forged or stale save meets this; it is not refused.
 * A field that is disabled while it is derived (a copy of another answer) keeps the derived value, not the stored one.
 */
import { applicableSteps, type FlowShape } from '../../shared/stakeholderFlows';
import { type Expr, evaluate, isFilled, readPath, referencesOf, resolvePath, sameValue, truthy } from './expression';
import { compileLogic, expandPath, type LogicRule, setIn, toPointer } from './compileLogic';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** What the evaluator needs of the content: the built content (server) and the config document (browser) both fit. */
export interface LogicContent {
  flows: Record<string, FlowShape>;
  steps: Record<string, { uiSchema?: unknown } | undefined>;
}

export interface LogicOptions {
  /** The stored document before this edit: enables `clear.onChange` and `exclusiveWith`. */
  previous?: unknown;
  /**
   * false: leave out what only a form shows (disabled fields, excluded options, array gating: empty in the
   * result). The server's save sets it: it needs the document and what is hidden, not the form's state;
   * disabled fields are still worked out when `previous` is given, to keep their stored values.
   */
  formState?: boolean;
}

export interface LogicChange {
  pointer: string;
  /** derived: recomputed; hidden: dropped while hidden; cleared: made stale by another change; disabled: a value set on a disabled field, not kept. */
  reason: 'derived' | 'hidden' | 'cleared' | 'disabled';
}

export interface LogicResult {
  /** The document after evaluation (the input is never changed; unchanged when nothing applied). */
  data: Obj;
  /** Fields and array items hidden now (their answers are dropped unless their policy keeps them). */
  hidden: Set<string>;
  disabled: Set<string>;
  /** Fields whose value is computed now, with that value (read-only while listed). */
  derived: Map<string, unknown>;
  /** The fields each derived field is computed from (pointers of the vars its value reads), for `explainedErrors`. */
  derivedFrom: Map<string, string[]>;
  /** Option values not offered for a field. */
  excludedOptions: Map<string, unknown[]>;
  /** Array fields with gating: whether "Add" is enabled now, whether the list keeps one item. */
  arrays: Map<string, { canAdd: boolean; keepOne: boolean }>;
  /** Steps hidden by their root `ui:logic.visibleWhen`, as `step@at` (at = "" or "/signatoryInfo/<i>"). */
  hiddenSteps: Set<string>;
  /** What the evaluation changed in the data, for the audit trail. */
  changes: LogicChange[];
}

interface Bound {
  rule: LogicRule;
  base: string[];
  step: string;
  at: string;
  /** The one target of a rule without array items, with its pointer (computed once per binding). */
  fixed?: { segments: string[]; pointer: string };
}

function bind(rule: LogicRule, base: string[], step: string, at: string): Bound {
  if (rule.path.includes('*')) return { rule, base, step, at };
  const segments = [...base, ...rule.path];
  return { rule, base, step, at, fixed: { segments, pointer: toPointer(segments) } };
}

type Target = { segments: string[]; pointer: string };
/**
 * Targets of array rules by what they were expanded from: the document object (the same object has the same
 * items) or, for a rule with one `*`, the length of the array it names (the targets are its indexes, whatever
 * the items hold: expandPath keeps the segments after the `*` even where the item lacks them). A save's document
 * is a new object every time; its lists mostly keep their lengths.
 */
const expanded = new WeakMap<Bound, { data: Obj | undefined; length: number; targets: Target[] }>();

/** The length of the array a one-`*` rule path names in the data (-1: none there), or undefined for other paths. */
function starLength(b: Bound, data: Obj): number | undefined {
  const star = b.rule.path.indexOf('*');
  if (star < 0 || b.rule.path.indexOf('*', star + 1) >= 0) return undefined;
  let cur: unknown = data;
  for (const key of b.base) cur = isObj(cur) || Array.isArray(cur) ? (cur as Obj)[key] : undefined;
  for (let i = 0; i < star; i++) cur = isObj(cur) ? cur[b.rule.path[i]!] : undefined;
  return Array.isArray(cur) ? cur.length : -1;
}

/** The concrete targets of a bound rule in the data, each with its pointer. */
function targetsOf(b: Bound, data: Obj): Target[] {
  if (b.fixed) return [b.fixed];
  const known = expanded.get(b);
  if (known && known.data === data) return known.targets;
  const length = starLength(b, data);
  if (known && length !== undefined && known.length === length) return known.targets;
  const targets = expandPath(data, b.base, b.rule.path).map((segments) => ({ segments, pointer: toPointer(segments) }));
  expanded.set(b, { data: length === undefined ? data : undefined, length: length ?? -2, targets });
  return targets;
}

/** The object a rule's expressions are relative to: the object holding the field, or the item for an item rule. */
const scopeOf = (rule: LogicRule, target: string[]) => (rule.path.at(-1) === '*' || rule.path.length === 0 ? target : target.slice(0, -1));
const holds = (e: Expr | undefined, root: Obj, at: string[]) => e === undefined || truthy(evaluate(e, { root, at }));

/** Bindings per content and per list of applicable steps: most saves do not change which steps apply. */
const bindings = new WeakMap<object, Map<string, Bound[]>>();

/** The last bindings per content with the stakeholder list they were made for: an edit that keeps the list reuses them. */
const lastBinding = new WeakMap<object, { list: unknown; out: Bound[] }>();

function bindContent(content: LogicContent, data: Obj): Bound[] {
  const last = lastBinding.get(content);
  if (last && last.list === data.signatoryInfo) return last.out;
  const out = bindSteps(content, data);
  lastBinding.set(content, { list: data.signatoryInfo, out });
  return out;
}

function bindSteps(content: LogicContent, data: Obj): Bound[] {
  const steps = applicableSteps(content.flows, data);
  const key = steps.map((s) => `${s.step}@${s.at}`).join(',');
  let cache = bindings.get(content);
  if (!cache) bindings.set(content, (cache = new Map()));
  let out = cache.get(key);
  if (out) return out;
  out = [];
  for (const { step, at } of steps) {
    const base = at.split('/').filter(Boolean);
    for (const rule of compileLogic(content.steps[step]?.uiSchema)) out.push(bind(rule, base, step, at));
  }
  if (cache.size > 50) cache.clear();
  cache.set(key, out);
  return out;
}

/** Evaluates the logic of every step that applies to a prospect. */
export function evaluateLogic(content: LogicContent, data: Obj, opts: LogicOptions = {}): LogicResult {
  return run(bindContent(content, data), data, opts);
}

/** Evaluates one UI schema's logic with `data` as its root (a form-scoped step, a fixture of one step). */
export function evaluateUiLogic(uiSchema: unknown, data: Obj, opts: LogicOptions = {}): LogicResult {
  return run(compileLogic(uiSchema).map((rule) => bind(rule, [], '', '')), data, opts);
}

/** The bindings of each kind of rule, per list of bindings (cached with it: one split per content and set of steps). */
interface Kinds {
  clearing: Bound[];
  deriving: Bound[];
  showing: Bound[];
  disabling: Bound[];
  stating: Bound[];
}
const kindsOf = new WeakMap<Bound[], Kinds>();
function kinds(all: Bound[]): Kinds {
  let k = kindsOf.get(all);
  if (!k) {
    k = {
      clearing: all.filter((b) => b.rule.logic.clear?.onChange || b.rule.logic.exclusiveWith),
      deriving: all.filter((b) => b.rule.logic.derive),
      showing: all.filter((b) => b.rule.logic.visibleWhen !== undefined),
      disabling: all.filter((b) => b.rule.logic.disabledWhen !== undefined),
      stating: all.filter((b) => b.rule.logic.disabledWhen !== undefined || b.rule.logic.options || b.rule.logic.array),
    };
    kindsOf.set(all, k);
  }
  return k;
}

function run(all: Bound[], input: Obj, opts: LogicOptions): LogicResult {
  let data = input;
  const { clearing, deriving, showing, disabling, stating } = kinds(all);
  const changes: LogicChange[] = [];
  const change = (segments: string[], value: unknown, reason: LogicChange['reason']) => {
    data = setIn(data, segments, value);
    changes.push({ pointer: toPointer(segments), reason });
  };

  // 1. clearing on change of another field, exclusive pairs (only with the previous document to compare with)
  if (opts.previous !== undefined) {
    const prev = opts.previous;
    for (const b of clearing) {
      const { rule } = b;
      const { clear, exclusiveWith } = rule.logic;
      for (const { segments: target } of targetsOf(b, data)) {
        const value = readPath(data, target);
        const at = scopeOf(rule, target);
        if (clear?.onChange && value !== undefined && sameValue(value, readPath(prev, target))) {
          const moved = clear.onChange.some((p) => !sameValue(readPath(data, resolvePath(at, p)), readPath(prev, resolvePath(at, p))));
          if (moved) change(target, undefined, 'cleared');
        }
        if (exclusiveWith && value === true && readPath(prev, target) !== true) {
          const other = resolvePath(at, exclusiveWith);
          if (readPath(data, other) === true) change(other, false, 'cleared');
        }
      }
    }
  }

  // 2. derived values (a second time when the first changed something, so that a value derived from a derived value settles)
  const derived = new Map<string, unknown>();
  const derivedFrom = new Map<string, string[]>();
  for (let pass = 0; pass < 2; pass++) {
    const before = changes.length;
    for (const b of deriving) {
      const { rule } = b;
      const derive = rule.logic.derive!;
      for (const { segments: target, pointer } of targetsOf(b, data)) {
        const at = scopeOf(rule, target);
        if (!holds(derive.when, data, at)) continue;
        const value = evaluate(derive.value, { root: data, at });
        derived.set(pointer, value);
        derivedFrom.set(pointer, inputsOf(derive.value).map((path) => toPointer(resolvePath(at, path))));
        const current = readPath(data, target);
        if (sameValue(current, value) || (value === undefined && current === undefined)) continue;
        if (value === undefined && !hasParent(data, target)) continue;
        change(target, value, 'derived');
      }
    }
    if (changes.length === before) break;
  }

  // 3. visibility: hidden answers dropped until nothing more changes
  const hidden = new Set<string>();
  const hiddenSteps = new Set<string>();
  for (let pass = 0; pass < 4; pass++) {
    hidden.clear();
    const drops: string[][] = [];
    for (const b of showing) {
      const { rule, base, step, at: stepAt } = b;
      const { visibleWhen, clear } = rule.logic;
      if (rule.path.length === 0) {
        if (!holds(visibleWhen, data, base)) hiddenSteps.add(`${step}@${stepAt}`);
        continue;
      }
      for (const { segments: target, pointer } of targetsOf(b, data)) {
        if (holds(visibleWhen, data, scopeOf(rule, target))) continue;
        hidden.add(pointer);
        if (clear?.whenHidden !== false && readPath(data, target) !== undefined) drops.push(target);
      }
    }
    if (drops.length === 0) break;
    dropAll(drops, (segments, value) => change(segments, value, 'hidden'), () => data);
  }

  // 4. disabled fields keep their stored value: what the writer set on one is not kept. Without the form's state
  //    (a server save), only the disabled fields are worked out, and only when there is a previous document.
  const noState = () => ({ disabled: new Set<string>(), excludedOptions: new Map<string, unknown[]>(), arrays: new Map<string, { canAdd: boolean; keepOne: boolean }>() });
  const formless = opts.formState === false;
  const stateOf = () => (formless ? { ...noState(), disabled: disabledFields(disabling, data) } : formState(stating, data));
  const skipState = formless && (opts.previous === undefined || disabling.length === 0);
  let state = skipState ? noState() : stateOf();
  if (!skipState && opts.previous !== undefined && state.disabled.size > 0) {
    const prev = opts.previous;
    let reverted = false;
    for (const b of disabling) {
      for (const { segments, pointer } of targetsOf(b, data)) {
        // A derived value is the logic's own (recomputed above from the document), never a value the writer set.
        if (!state.disabled.has(pointer) || derived.has(pointer)) continue;
        const sent = readPath(input, segments);
        const before = readPath(prev, segments);
        if (!setsValue(sent) || sameValue(sent, before) || sameValue(readPath(data, segments), before)) continue;
        if (before === undefined && !hasParent(data, segments)) continue;
        change(segments, before, 'disabled');
        reverted = true;
      }
    }
    if (reverted) state = stateOf();
  }

  return { data, hidden, hiddenSteps, derived, derivedFrom, changes, ...state };
}

/** The var paths a derived value reads, once per expression; vars inside `count`'s item test are the array's (listed as well). */
const inputsCache = new WeakMap<object, string[]>();
function inputsOf(value: Expr): string[] {
  if (value === null || typeof value !== 'object') return [];
  let paths = inputsCache.get(value);
  if (!paths) {
    paths = [...new Set(referencesOf(value).filter((r) => !r.inItem).map((r) => r.path))];
    inputsCache.set(value, paths);
  }
  return paths;
}

/** Whether a writer's value sets something (not an emptied field: "", null, [], false or nothing). */
const setsValue = (v: unknown) => isFilled(v) && v !== false;

function hasParent(data: Obj, target: string[]): boolean {
  return isObj(readPath(data, target.slice(0, -1)));
}

/** Removes fields and array items; items of one array are removed together, from the last, so indexes stay right. */
function dropAll(drops: string[][], set: (segments: string[], value: unknown) => void, current: () => Obj): void {
  const items = new Map<string, { array: string[]; indexes: number[] }>();
  for (const target of drops) {
    const last = target.at(-1)!;
    const array = target.slice(0, -1);
    if (/^\d+$/.test(last) && Array.isArray(readPath(current(), array))) {
      const key = toPointer(array);
      const entry = items.get(key) ?? { array, indexes: [] };
      entry.indexes.push(Number(last));
      items.set(key, entry);
    } else set(target, undefined);
  }
  for (const { array, indexes } of items.values()) {
    const list = readPath(current(), array);
    if (!Array.isArray(list)) continue;
    const gone = new Set(indexes);
    set(array, list.filter((_, i) => !gone.has(i)));
  }
}

/** The fields disabled now (`ui:logic.disabledWhen`): the part of the form's state a server save needs. */
function disabledFields(disabling: Bound[], data: Obj): Set<string> {
  const disabled = new Set<string>();
  for (const b of disabling) {
    for (const { segments: target, pointer } of targetsOf(b, data)) if (holds(b.rule.logic.disabledWhen, data, scopeOf(b.rule, target))) disabled.add(pointer);
  }
  return disabled;
}

function formState(bound: Bound[], data: Obj): Pick<LogicResult, 'disabled' | 'excludedOptions' | 'arrays'> {
  const disabled = new Set<string>();
  const excludedOptions = new Map<string, unknown[]>();
  const arrays = new Map<string, { canAdd: boolean; keepOne: boolean }>();
  for (const b of bound) {
    const { rule } = b;
    const { disabledWhen, options, array } = rule.logic;
    if (disabledWhen === undefined && !options && !array) continue;
    for (const { segments: target, pointer } of targetsOf(b, data)) {
      const at = scopeOf(rule, target);
      if (disabledWhen !== undefined && holds(disabledWhen, data, at)) disabled.add(pointer);
      if (options) {
        const excluded = excludedValues(options, rule, data, target, at);
        if (excluded.length) excludedOptions.set(pointer, excluded);
      }
      if (array) arrays.set(pointer, { canAdd: lastItemFilled(readPath(data, target), array.addWhenFilled), keepOne: array.keepOne === true });
    }
  }
  return { disabled, excludedOptions, arrays };
}

function excludedValues(options: NonNullable<LogicRule['logic']['options']>, rule: LogicRule, data: Obj, target: string[], at: string[]): unknown[] {
  const out: unknown[] = [];
  for (const h of options.hideWhen ?? []) if (holds(h.when, data, at)) out.push(...h.values);
  if (options.exclude !== undefined) {
    const v = evaluate(options.exclude, { root: data, at });
    for (const x of Array.isArray(v) ? v : [v]) if (isFilled(x)) out.push(x);
  }
  const star = rule.path.lastIndexOf('*');
  if (options.excludeChosen && star >= 0) {
    // The array is where the last `*` of the rule path is; the field is the rest of the path inside each item.
    const depth = target.length - (rule.path.length - star);
    const array = target.slice(0, depth);
    const index = Number(target[depth]);
    const inItem = target.slice(depth + 1);
    const list = readPath(data, array);
    const sameAs = options.excludeChosen === true ? [] : options.excludeChosen.sameAs;
    const mine = list && Array.isArray(list) ? list[index] : undefined;
    if (Array.isArray(list)) {
      list.forEach((item, i) => {
        if (i === index || !sameAs.every((p) => sameValue(readPath(item, p.split('/')), readPath(mine, p.split('/'))))) return;
        const v = readPath(item, inItem);
        for (const x of Array.isArray(v) ? v : [v]) if (isFilled(x) && !out.some((o) => sameValue(o, x))) out.push(x);
      });
    }
  }
  return out;
}

function lastItemFilled(list: unknown, fields: string[] | true | undefined): boolean {
  if (!Array.isArray(list) || list.length === 0 || fields === undefined) return true;
  const last = list[list.length - 1];
  if (fields === true) return isObj(last) ? Object.values(last).some(isFilled) : isFilled(last);
  return fields.every((f) => isFilled(readPath(last, f.split('/'))));
}

/** Errors of fields that are hidden (or inside something hidden) are not shown and do not block: validation sees only what is visible. */
export function visibleErrors<E extends { path: string }>(errors: E[], hidden: ReadonlySet<string>): E[] {
  if (hidden.size === 0) return errors;
  return errors.filter((e) => {
    let p = e.path;
    while (p) {
      if (hidden.has(p)) return false;
      p = p.slice(0, p.lastIndexOf('/'));
    }
    return true;
  });
}

/**
 * Errors less the ones another error explains: an error on a derived field (read-only, computed by the form logic)
 * whose inputs, directly or through other derived fields, have an error of their own is not reported. The person
 * fixes the input they typed and the derived value follows ("Monthly cash credits should not be more than the total"
 * explains a cash percentage over 100 and a negative non-cash amount). A derived field's error with no input in error
 * is kept: nothing else would tell what is wrong. Pointers are those of `derivedFrom` (the same document); the
 * browser and the server apply this to one step's errors, so both report the same.
 */
export function explainedErrors<E extends { path: string }>(errors: E[], derivedFrom: ReadonlyMap<string, readonly string[]>): E[] {
  if (derivedFrom.size === 0 || errors.length < 2) return errors;
  const within = (path: string, field: string) => path === field || path.startsWith(field + '/');
  /** The derived field an error is on (the field itself or an object it is inside, e.g. a copied address). */
  const ownerOf = (path: string): string | undefined => {
    for (let p = path; p; p = p.slice(0, p.lastIndexOf('/'))) if (derivedFrom.has(p)) return p;
    return undefined;
  };
  /** Every field a derived field is computed from, directly or through other derived fields. */
  const upstream = new Map<string, Set<string>>();
  const closure = (field: string): Set<string> => {
    let found = upstream.get(field);
    if (found) return found;
    found = new Set<string>();
    upstream.set(field, found);
    const walk = (f: string) => {
      for (const input of derivedFrom.get(f) ?? []) {
        if (found!.has(input)) continue;
        found!.add(input);
        walk(input);
      }
    };
    walk(field);
    return found;
  };
  const memo = new Map<string, boolean>();
  // Whether an error is reported: not on a derived field, or on one that no reported error upstream explains.
  const kept = (e: E): boolean => {
    const owner = ownerOf(e.path);
    return owner === undefined || !explained(owner);
  };
  // Only errors strictly upstream count (fields that derive from each other do not explain each other), so this ends.
  const explained = (field: string): boolean => {
    const known = memo.get(field);
    if (known !== undefined) return known;
    const inputs = [...closure(field)].filter((input) => !within(field, input));
    const result = errors.some((e) => {
      if (within(e.path, field) || !inputs.some((input) => within(e.path, input))) return false;
      const owner = ownerOf(e.path);
      return owner === undefined || (owner !== field && !closure(owner).has(field) && kept(e));
    });
    memo.set(field, result);
    return result;
  };
  return errors.filter(kept);
}
