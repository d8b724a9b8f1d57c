// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { readSchemas } from './readSchemas';
import { afterEach, describe, expect, it } from 'vitest';
import { StepForm } from '../../src/app/features/forms/StepForm';
import { preloadWidgets } from '../../widgets';
import { precompiledValidator } from './precompiled';
import type { AppConfig } from '../../src/app/features/config/useConfig';
import { buildContent } from '../../src/content/buildContent';
import { buildConfigDocument } from '../../src/content/configDocument';
import { compileLogic, evaluateUiLogic, readPath, resolvePath, toPointer, type LogicRule } from '../../src/validation/logic';
import { inFluent } from './widgets/renderWidget';

afterEach(cleanup);

const files = readSchemas();
const config = buildConfigDocument(buildContent(files), { role: 'agent', schemaVersion: 1 }) as unknown as AppConfig;
const validator = precompiledValidator(files, 'agent');

type Obj = Record<string, unknown>;
const OTHER = '__another_answer__';
const ANSWER = 'an answer';

/** Writes `value` at `segments`, making arrays for index segments (setIn keeps to what exists). */
function place(root: unknown, segments: readonly string[], value: unknown): Obj {
  const step = (node: unknown, i: number): unknown => {
    if (i === segments.length) return value;
    const key = segments[i]!;
    if (/^\d+$/.test(key)) {
      const list = Array.isArray(node) ? node.slice() : [];
      while (list.length <= Number(key)) list.push({});
      list[Number(key)] = step(list[Number(key)], i + 1);
      return list;
    }
    const obj: Obj = node && typeof node === 'object' && !Array.isArray(node) ? { ...(node as Obj) } : {};
    const next = step(obj[key], i + 1);
    if (next === undefined) delete obj[key];
    else obj[key] = next;
    return obj;
  };
  return step(root, 0) as Obj;
}

/** The var paths an expression reads and the literals it compares with (numbers with their neighbours). */
function readsOf(e: unknown, vars = new Set<string>(), literals = new Set<unknown>()): { vars: Set<string>; literals: Set<unknown> } {
  if (Array.isArray(e)) for (const x of e) readsOf(x, vars, literals);
  else if (e && typeof e === 'object') {
    for (const [op, arg] of Object.entries(e)) {
      if (op === 'var') vars.add(String(Array.isArray(arg) ? arg[0] : arg));
      else readsOf(arg, vars, literals);
    }
  } else if (typeof e === 'number') [e - 1, e, e + 1].forEach((n) => literals.add(n));
  else if (e !== null && e !== undefined) literals.add(e);
  return { vars, literals };
}

/** Answers tried for each field a condition reads: nothing, booleans, another answer, the literals alone and in a list. */
function candidates(literals: Set<unknown>): unknown[] {
  const out: unknown[] = [undefined, true, false, OTHER, [OTHER], []];
  for (const l of literals) out.push(l, [l]);
  return out;
}

interface Row {
  step: string;
  /** The rule's path with array items at index 0 ([] for a step's own condition). */
  field: string[];
  /** Answers (path -> value) under which the field shows, and under which it is hidden. */
  shown: [string[], unknown][];
  hidden: [string[], unknown][];
  keep: boolean;
}

const withAnswers = (answers: [string[], unknown][], field: string[] | undefined) => {
  let data: Obj = {};
  if (field && field.length) data = place(data, field, ANSWER);
  for (const [path, value] of answers) data = place(data, path, value);
  return data;
};
/** Whether the field (or the step, for a step's own condition) is hidden by its own condition. */
const isHidden = (ui: unknown, data: Obj, field: string[]) => {
  const result = evaluateUiLogic(ui, data);
  return field.length === 0 ? result.hiddenSteps.size > 0 : result.hidden.has(toPointer(field));
};
/** Whether the field shows: neither it nor anything holding it is hidden, and its answer is still there. */
const isShown = (ui: unknown, data: Obj, field: string[]) => {
  const result = evaluateUiLogic(ui, data);
  if (field.length === 0) return result.hiddenSteps.size === 0;
  return field.every((_, i) => !result.hidden.has(toPointer(field.slice(0, i + 1)))) && readPath(result.data, field) === ANSWER;
};

/**
 * Every field of schemas/ with a `ui:logic.visibleWhen` (array items and steps' own conditions included), with
 * answers found by trying values for every field its condition reads until one set shows it and one hides it. A new
 * condition is covered by adding it to a UI schema; one no answers can toggle fails the test.
 */
const rows: Row[] = [];
const untoggled: string[] = [];
const concrete = (path: readonly string[]) => path.map((p) => (p === '*' ? '0' : p));
const scopeOf = (rule: LogicRule) => (rule.path.length === 0 || rule.path.at(-1) === '*' ? concrete(rule.path) : concrete(rule.path).slice(0, -1));
const within = (inner: string[], outer: string[]) => outer.length <= inner.length && outer.every((p, i) => inner[i] === p);

/**
 * What a field's visibility depends on: its condition, and (to a fixed point) the conditions of the fields that
 * contain it or that the condition reads, and the derivations of derived fields it reads (a derived value is set
 * through its sources). Returns the answers to try (derived fields are left to their derivation) and the literals.
 */
function dependencies(rules: LogicRule[], rule: LogicRule): { paths: string[][]; literals: Set<unknown> } {
  const literals = new Set<unknown>();
  const read = new Map<string, string[]>();
  const derived = new Set(rules.filter((r) => r.logic.derive && r.logic.derive.when === undefined).map((r) => toPointer(concrete(r.path))));
  const done = new Set<LogicRule>();
  const take = (r: LogicRule, exprs: unknown[]) => {
    done.add(r);
    for (const e of exprs) {
      const found = readsOf(e);
      found.literals.forEach((l) => literals.add(l));
      for (const v of found.vars) {
        const path = resolvePath(scopeOf(r), v);
        if (!path.includes('*')) read.set(toPointer(path), path);
      }
    }
  };
  take(rule, [rule.logic.visibleWhen]);
  const field = concrete(rule.path);
  for (let changed = true; changed; ) {
    changed = false;
    for (const r of rules) {
      if (done.has(r)) continue;
      const target = concrete(r.path);
      const readsIt = [...read.values()].some((p) => within(p, target) || within(target, p));
      const contains = r.logic.visibleWhen !== undefined && target.length > 0 && within(field, target);
      if (!readsIt && !contains) continue;
      const exprs = [r.logic.visibleWhen, r.logic.derive?.value, r.logic.derive?.when].filter((e) => e !== undefined);
      if (exprs.length === 0) continue;
      take(r, exprs);
      changed = true;
    }
  }
  const paths = [...read.entries()].filter(([pointer]) => !derived.has(pointer) && pointer !== toPointer(field)).map(([, path]) => path);
  return { paths, literals };
}

/**
 * Every field of schemas/ with a `ui:logic.visibleWhen` (array items and steps' own conditions included), with
 * answers found by trying values for every field its condition depends on until one set shows it and one hides it.
 * A new condition is covered by adding it to a UI schema; one that no answers toggle fails the test.
 */
for (const [step, def] of Object.entries(config.steps)) {
  const rules = compileLogic(def.uiSchema);
  for (const rule of rules) {
    if (rule.logic.visibleWhen === undefined) continue;
    const field = concrete(rule.path);
    const { paths, literals } = dependencies(rules, rule);
    const values = candidates(literals);
    let shown: [string[], unknown][] | undefined;
    let hidden: [string[], unknown][] | undefined;
    const total = Math.min(values.length ** paths.length, 50_000);
    for (let n = 0; n < total && (!shown || !hidden); n++) {
      const answers = paths.map((p, i) => [p, values[Math.floor(n / values.length ** i) % values.length]] as [string[], unknown]);
      const data = withAnswers(answers, field);
      if (!hidden && isHidden(def.uiSchema, data, field)) hidden = answers;
      else if (!shown && isShown(def.uiSchema, data, field)) shown = answers;
    }
    if (!shown || !hidden) untoggled.push(`${step}${toPointer(rule.path)}`);
    else rows.push({ step, field, shown, hidden, keep: rule.logic.clear?.whenHidden === false });
  }
}

describe('every conditional field of schemas/', () => {
  it('finds answers that show and hide every conditional field and step', () => {
    expect(untoggled).toEqual([]);
    const all = Object.values(config.steps).flatMap((d) => compileLogic(d.uiSchema).filter((r) => r.logic.visibleWhen !== undefined));
    expect(rows.length).toBe(all.length);
    expect(rows.length).toBeGreaterThanOrEqual(35);
  });

  it.each(rows.map((r) => [`${r.step}${toPointer(r.field)}`, r] as const))('%s appears and disappears with its condition; its answer is dropped when hidden', async (_name, row) => {
    const ui = config.steps[row.step]!.uiSchema;
    const shown = withAnswers(row.shown, row.field);
    const hidden = withAnswers(row.hidden, row.field);
    const onShown = evaluateUiLogic(ui, shown);
    const onHidden = evaluateUiLogic(ui, hidden);
    if (row.field.length === 0) {
      // A step's own condition: the step is left out of the flow (its fields are not asked).
      expect(onShown.hiddenSteps.size).toBe(0);
      expect(onHidden.hiddenSteps.size).toBe(1);
      return;
    }
    expect(onShown.hidden.has(toPointer(row.field))).toBe(false);
    expect(onHidden.hidden.has(toPointer(row.field))).toBe(true);
    // Shown, the answer stays; hidden, it is dropped unless the field's policy keeps it (clear.whenHidden: false).
    expect(readPath(onShown.data, row.field)).toBe(ANSWER);
    expect(readPath(onHidden.data, row.field)).toBe(row.keep ? ANSWER : undefined);

    // The form shows the field while the condition holds, and not once it fails.
    const id = ['root', ...row.field].join('_');
    // The form renders once the step's lazily loaded widgets are in (StepForm): loaded first, as the pages prefetch them.
    await preloadWidgets(config.steps[row.step]!.uiSchema);
    const view = (data: Obj) =>
      render(
        inFluent(
          <StepForm
            id="s"
            step={config.steps[row.step]!}
            formData={data}
            validator={validator}
            formContext={{ lists: config.lists }}
            logic={{ result: evaluateUiLogic(ui, data), base: '' }}
            onChange={() => {}}
            onSubmit={() => {}}
          />,
        ),
      );
    const first = view(place(withAnswers(row.shown, undefined), row.field, undefined));
    expect(first.container.querySelector(`[id^="${id}"]`)).not.toBeNull();
    cleanup();
    const second = view(place(withAnswers(row.hidden, undefined), row.field, undefined));
    expect(second.container.querySelector(`[id="${id}"], [id^="${id}_"], [id^="${id}-"]`)).toBeNull();
  });
});

describe('the KYC annexure in the form runtime', () => {
  it('a site visit Yes then No leaves no visit entry, and a missing checklist upload shows its message on its field', async () => {
    const { applyLogic, logicOf } = await import('../../src/app/features/forms/formLogic');
    const { useState } = await import('react');
    let latest: Obj = {};
    function Host() {
      const [prospect, setProspect] = useState<Obj>({ kycAnnexure: {} });
      latest = prospect;
      return inFluent(
        <StepForm
          id="annexure"
          step={config.steps.kycAnnexure!}
          formData={prospect}
          validator={validator}
          formContext={{ lists: config.lists }}
          logic={{ result: logicOf(config, prospect), base: '' }}
          onChange={(data) => setProspect((prev) => applyLogic(config, data as Obj, prev))}
          onSubmit={() => {}}
        />,
      );
    }
    await preloadWidgets(config.steps.kycAnnexure!.uiSchema);
    const { container, findByText } = render(<Host />);
    const select = (id: string, value: string) => act(() => void fireEvent.change(container.querySelector(`#${id}`)!, { target: { value } }));
    select('root_kycAnnexure_isVisitConducted', 'Y');
    expect(container.querySelector('#root_kycAnnexure_visitDetails')).not.toBeNull();
    expect(Array.isArray((latest.kycAnnexure as Obj).visitDetails)).toBe(true);
    select('root_kycAnnexure_isVisitConducted', 'N');
    expect(container.querySelector('#root_kycAnnexure_visitDetails')).toBeNull();
    expect(container.querySelector('#root_kycAnnexure_reasonForNoVisit')).not.toBeNull();
    expect(latest.kycAnnexure).not.toHaveProperty('visitDetails');

    select('root_kycAnnexure_kycVerificationLocation', 'BUSINESS_PREMISES');
    act(() => void fireEvent.submit(container.querySelector('#annexure')!));
    // The message shows on the checklist's own field: its error element is the one the upload button points at.
    const message = await findByText('Please upload BAIS Account Opening Checklist');
    expect(message.id).toBe('root_kycAnnexure_dsaChecklist__error');
  });
});
