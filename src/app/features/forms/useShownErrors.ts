import { type ErrorSchema, mergeObjects, type RJSFSchema, type RJSFValidationError, toErrorSchema } from '@rjsf/utils';
import { useCallback, useMemo, useState } from 'react';
import { type FormValidator, toRjsfErrors } from '../../../validation/rjsfValidator';
import type { FieldError } from '../../../validation/errors';
import type { LogicResult } from '../../../validation/logic';
import { reportedStepErrors } from './formLogic';

/** RJSF's id of a field: "root" and its path joined by "_" (the Form's default idPrefix and idSeparator). */
const idOf = (path: string[]) => ['root', ...path].join('_');

/**
 * The errors a person should see: a copy of `errors` with only the nodes `visible(id)` allows. A container's
 * own errors (an array's "Maximum 12 industries") count as its id.
 */
export function filterErrors(errors: ErrorSchema, visible: (id: string) => boolean, path: string[] = []): ErrorSchema | undefined {
  let out: Record<string, unknown> | undefined;
  for (const [key, node] of Object.entries(errors as Record<string, unknown>)) {
    if (key === '__errors') {
      if (Array.isArray(node) && node.length > 0 && visible(idOf(path))) (out ??= {}).__errors = node;
      continue;
    }
    if (!node || typeof node !== 'object') continue;
    const sub = filterErrors(node as ErrorSchema, visible, [...path, key]);
    if (sub) (out ??= {})[key] = sub;
  }
  return out as ErrorSchema | undefined;
}

/** The form logic's state of the document (hidden, disabled, derived, excluded options) and where the step's data sits in it. */
export interface StepLogic {
  result: Pick<LogicResult, 'hidden' | 'disabled' | 'excludedOptions' | 'derivedFrom'>;
  base: string;
}

type Ui = Record<string, unknown> | undefined;

/**
 * An error inside a value one widget edits as a whole (an Upload's {uploadStatus}) goes on that widget's field:
 * there is no input for the inner part, so "Please upload BAIS Account Opening Checklist" would show nowhere.
 */
export function onWidgets(errors: FieldError[], uiSchema: Ui): FieldError[] {
  return errors.map((e) => {
    const parts = e.path.split('/').slice(1);
    let node = uiSchema;
    for (let i = 0; i < parts.length - 1 && node; i++) {
      node = (/^\d+$/.test(parts[i]!) ? node.items : node[parts[i]!]) as Ui;
      if (node && typeof node['ui:widget'] === 'string') return { ...e, path: `/${parts.slice(0, i + 1).join('/')}` };
    }
    return e;
  });
}

/**
 * The step's errors on what is visible (a hidden field is never validated), less a derived field's errors that an
 * input's error explains (as the server reports them), in RJSF's shapes.
 */
export function stepErrors(validator: FormValidator, schema: RJSFSchema, formData: unknown, logic?: StepLogic, uiSchema?: Ui): { errors: RJSFValidationError[]; errorSchema: ErrorSchema } {
  const found = onWidgets(validator.fieldErrors(schema, formData), uiSchema);
  const errors = toRjsfErrors(logic ? reportedStepErrors(found, logic.result, logic.base) : found);
  return { errors, errorSchema: toErrorSchema(errors) };
}

/**
 * Whether a press (mouse button, finger, pen) is under way, and what waits for its end. Leaving a field with a press
 * on a button (Send, Continue) shows that field's error at once: the message pushes the button down, so the release
 * lands beside it and the click never happens; the person then sees only that field's error, not the others the
 * press should have shown. A blur during a press is therefore applied once the press has ended (after its click).
 */
const press = { down: false, waiting: [] as (() => void)[] };
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => void (press.down = true), true);
  const release = () => {
    press.down = false;
    // A release's click is dispatched with it: what waits runs after that click.
    setTimeout(() => press.waiting.splice(0).forEach((run) => run()), 0);
  };
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}
const afterPress = (run: () => void) => (press.down ? press.waiting.push(run) : run());

export interface ShownErrors {
  /** The step's errors for what it holds now (all of them, shown or not). */
  errors: RJSFValidationError[];
  /** The part to show: fields left (blurred) or all after a Continue, never the one being typed in. */
  shown: ErrorSchema | undefined;
  onChange(id: string | undefined): void;
  onBlur(id: string): void;
  /** Continue was pressed: every error shows from now on. */
  attempt(): void;
}

/**
 * When a field's error is shown (spec issue 11, "errors where people see them"): once the field has been
 * left, or after Continue; while the applicant types in a field its error is hidden (an Emirates ID half typed
 * is not "invalid" yet), and it goes as soon as the value is fixed because the errors follow every change.
 */
export function useShownErrors(validator: FormValidator, schema: RJSFSchema, formData: unknown, logic?: StepLogic, uiSchema?: Ui): ShownErrors {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [editing, setEditing] = useState<string>();
  const [attempted, setAttempted] = useState(false);
  const { errors, errorSchema } = useMemo(() => stepErrors(validator, schema, formData, logic, uiSchema), [validator, schema, formData, logic, uiSchema]);
  const shown = useMemo(() => {
    const left = (id: string) => touched.has(id) || [...touched].some((t) => t.startsWith(`${id}_`));
    return filterErrors(errorSchema, (id) => id !== editing && (attempted || left(id)));
  }, [errorSchema, touched, editing, attempted]);
  const onChange = useCallback((id: string | undefined) => setEditing((e) => (id && id !== 'root' ? id : e)), []);
  const onBlur = useCallback((id: string) => {
    afterPress(() => {
      setEditing(undefined);
      setTouched((t) => (t.has(id) ? t : new Set(t).add(id)));
    });
  }, []);
  const attempt = useCallback(() => {
    setEditing(undefined);
    setAttempted(true);
  }, []);
  return { errors, shown, onChange, onBlur, attempt };
}

/** The shown errors and the server's (or the page's) errors for the same form, in one ErrorSchema. */
export function mergeErrors(a: ErrorSchema | undefined, b: ErrorSchema | undefined): ErrorSchema | undefined {
  if (!a || !b) return a ?? b;
  return mergeObjects(a, b, 'preventDuplicates') as ErrorSchema;
}
