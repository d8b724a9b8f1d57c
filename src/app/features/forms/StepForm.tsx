import { type default as Form, withTheme } from "@rjsf/core";
import { deepEquals, type ErrorSchema, type Experimental_DefaultFormStateBehavior, type FieldPathList, type RJSFSchema, type UiSchema } from "@rjsf/utils";
import { type ReactNode, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Spinner } from "@fluentui/react-components";
import {
  createTheme,
  type FieldLogicState,
  type FormContext,
  FormLogicContext,
  idOfPointer,
  preloadWidgets,
  widgetsLoaded,
  RootDataContext,
  type TypedEdits,
  TypedEditsContext,
} from "../../../../widgets";
import type { StepDefinition } from "../../../content/contentTypes";
import type { FormValidator } from "../../../validation/rjsfValidator";
import {
  type StepLogic,
  mergeErrors,
  stepErrors,
  useShownErrors,
} from "./useShownErrors";
import { useT } from '../../i18n/useT';
import { TYPING_PAUSE_MS } from "./typingPause";

const ThemedForm = withTheme(createTheme());
/**
 * How RJSF fills defaults: the schema's own `default`s; never `false` for a required boolean (it would answer a
 * Yes/No question for the applicant); and a list of plain values with `minItems` (ticked choices) stays empty
 * instead of getting a `null` entry, while a list of objects still shows its first, empty item. A `const` is a rule,
 * never an answer (RJSF would copy a `then` branch's const into the data: Express ticked its own terms); fixed
 * answers are written as `default` in the schemas.
 */
export const DEFAULT_FORM_STATE: Experimental_DefaultFormStateBehavior = {
  requiredBooleanDefault: "skip",
  constAsDefaults: "never",
  arrayMinItems: {
    populate: "all",
    computeSkipPopulate: (_validator, schema) => {
      const items = (schema as RJSFSchema).items;
      const type = items && typeof items === "object" && !Array.isArray(items) ? (items as RJSFSchema).type : undefined;
      return typeof type === "string" && ["string", "number", "integer", "boolean"].includes(type);
    },
  },
};

export interface StepFormProps {
  id: string;
  step: StepDefinition;
  formData: unknown;
  /** The whole document, for widgets that look outside the step's data (list variants, packages); default formData. */
  rootData?: unknown;
  /** The content version's validators; undefined while their module loads (the form shows that it is loading). */
  validator: FormValidator | undefined;
  formContext: FormContext;
  /** Every change; `field` is the RJSF id of the field the person changed (absent for RJSF's own defaults). */
  onChange(data: unknown, field?: string): void;
  /**
   * Hand changes to `onChange` later, the latest of the changes made meanwhile: typing into a text field once typing
   * pauses (TYPING_PAUSE_MS), any other change (a choice, a date picked) once the frame showing it is painted
   * (afterPaint). A page whose onChange runs the form logic over the whole application and re-renders (the company
   * and stakeholder steps) then costs nothing between a key press and its character on the screen, nor between two
   * keys. The text fields keep what is typed themselves (through TypedEditsContext), so a key does not even render
   * RJSF's form: a plain text field (useTypedText) renders nothing at all, the element holding what is typed; a masked
   * one (useTypedValue) renders only its input. A pending change is handed over before a submit or a blur, when RJSF is
   * given a new prop, when the page is hidden or goes away, when the window comes back to the front (before the page
   * loads the server's copy), and when the form goes away (what a field holds is then put into the form's last data).
   */
  changesAfterPaint?: boolean;
  /** A typed change waits for typing to pause (changesAfterPaint): called once the first key of the burst is painted. */
  onTyping?(): void;
  /**
   * The typed change the page was told of (onTyping) has been handed to onChange: called after it, so a page that
   * found nothing changed (a value typed and changed back) ends its typing state too.
   */
  onTyped?(): void;
  onSubmit(data: unknown): void;
  /** A field lost the focus (RJSF's id of the field and its value). */
  onBlur?(id: string, value: unknown): void;
  /** Server field errors (FieldsValidation) shown on their inputs: toExtraErrors() of the runtime. */
  extraErrors?: ErrorSchema;
  /** Fields the form logic hides now (never validated); `base` is where formData sits in the document. */
  logic?: StepLogic;
  children?: ReactNode;
}

/**
 * The property names a schema's root can have (its properties and those of its allOf / anyOf / oneOf / if / then /
 * else branches), or undefined when they cannot be told (a $ref, additional or pattern properties).
 */
function rootProperties(schema: RJSFSchema, into = new Set<string>()): Set<string> | undefined {
  if (schema.$ref || schema.additionalProperties || schema.patternProperties || schema.dependencies) return undefined;
  for (const key of Object.keys(schema.properties ?? {})) into.add(key);
  const branches = [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), schema.if, schema.then, schema.else];
  for (const branch of branches) if (branch && typeof branch === "object" && !rootProperties(branch as RJSFSchema, into)) return undefined;
  return into;
}

/**
 * The logic state of the step's fields by RJSF id: the document's pointers below `base`, made relative to it. Only
 * pointers into the step's own properties are kept (the company step's base is the document's root, whose 50
 * stakeholders' fields the step does not show).
 */
function fieldLogicOf({ result, base }: StepLogic, schema: RJSFSchema): FieldLogicState {
  const own = rootProperties(schema);
  const local = (pointer: string) => {
    if (!pointer.startsWith(`${base}/`)) return undefined;
    const rest = pointer.slice(base.length);
    if (own && !own.has(rest.slice(1).split("/", 1)[0]!.replace(/~1/g, "/").replace(/~0/g, "~"))) return undefined;
    return idOfPointer(rest);
  };
  const ids = (pointers: ReadonlySet<string>) =>
    new Set(
      [...pointers].map(local).filter((id): id is string => id !== undefined),
    );
  const excluded = new Map<string, readonly unknown[]>();
  for (const [pointer, values] of result.excludedOptions) {
    const id = local(pointer);
    if (id) excluded.set(id, values);
  }
  return {
    hidden: ids(result.hidden),
    disabled: ids(result.disabled),
    excluded,
  };
}

/**
 * After a failed Continue: the focus goes to the first field in error, in the order of the page, that the person
 * can change: a select or a group of radios as well as a text field, never a read-only calculated field. RJSF's own focusOnError takes the first error of the list,
 * which may be a read-only field or a path it finds no control for, and then leaves the focus on Continue.
 */
function focusFirstEditable(form: Form | null, errors: readonly { property?: string }[]): void {
  const root = (form as unknown as { formElement?: { current: HTMLFormElement | null } } | null)?.formElement?.current;
  if (!root) return;
  const editable = (el: Element): el is HTMLElement =>
    el instanceof HTMLElement &&
    !(el as HTMLInputElement).readOnly &&
    !(el as HTMLInputElement).disabled &&
    el.getAttribute('aria-readonly') !== 'true' &&
    el.getAttribute('aria-disabled') !== 'true' &&
    el.getClientRects().length > 0;
  const controls: HTMLElement[] = [];
  for (const error of errors) {
    const id = ['root', ...(error.property ?? '').split(/[.[\]]+/).filter(Boolean)].join('_');
    const exact = root.querySelector(`[id="${CSS.escape(id)}"]`);
    const candidates = [
      ...(exact && exact.matches('input, select, textarea, button, [role="combobox"]') ? [exact] : []),
      ...Array.from(root.querySelectorAll(`:is(input, select, textarea, button, [role="combobox"])[id^="${CSS.escape(id)}_"], :is(input, select, textarea, button, [role="combobox"])[id^="${CSS.escape(id)}-"]`)),
    ];
    const control = candidates.find(editable);
    if (control) controls.push(control);
  }
  controls.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  const first = controls[0];
  if (first) first.focus();
  else if (errors[0]) form?.focusOnError(errors[0] as Parameters<Form['focusOnError']>[0]);
}

/**
 * The previous form context while the page passes one with the same entries (an inline literal): RJSF puts
 * it in the registry every field gets, so a new object per keystroke would re-render the whole form.
 */
function useStableContext(context: FormContext): FormContext {
  const kept = useRef(context);
  const prev = kept.current;
  const keys = Object.keys(context) as (keyof FormContext)[];
  if (
    keys.length !== Object.keys(prev).length ||
    keys.some((k) => prev[k] !== context[k])
  )
    kept.current = context;
  return kept.current;
}

/**
 * Runs `run` once the next frame is painted (a task queued from requestAnimationFrame runs after that frame), or
 * after 100 ms in a tab that paints no frames. Returns a cancel function.
 */
export function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    clearTimeout(fallback);
    timer = setTimeout(run, 0);
  });
  const fallback = setTimeout(() => {
    cancelAnimationFrame(frame);
    run();
  }, 100);
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    clearTimeout(timer);
  };
}


const TEXT_INPUTS = new Set(["text", "email", "tel", "number", "search", "url", "password"]);

/**
 * Whether the change of `field` (RJSF's id) is typing: the focused element is that field's own text input or text
 * area. A searchable list's combobox is not (its change is a choice), nor a change made with the focus elsewhere.
 */
function typedInto(field: string | undefined): boolean {
  const el = typeof document === "undefined" ? null : document.activeElement;
  if (!field || !el || el.id !== field || el.getAttribute("role") === "combobox") return false;
  return el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && TEXT_INPUTS.has(el.type));
}

interface PendingChange {
  data: unknown;
  field?: string;
  cancel(): void;
}

/** Runs `run` once TYPING_PAUSE_MS have passed (without a new change: the caller cancels and asks again). */
function afterPause(run: () => void): () => void {
  const timer = setTimeout(run, TYPING_PAUSE_MS);
  return () => clearTimeout(timer);
}

interface WaitingEdit {
  path: FieldPathList | undefined;
  value: unknown;
  /** Hands the value to RJSF (absent once the field has gone: only the form's own data can take it then). */
  handOver?: (sync?: boolean) => void;
}

/**
 * The text fields' typed values not handed to RJSF yet (changesAfterPaint): a key renders at most its input, not
 * RJSF's form, and the value goes to RJSF when typing pauses. `flush` makes every field hand its value over (a way
 * out: a submit, the page hidden or gone, the window back in front, new props); `take` gives what fields still hold
 * when the form goes away (RJSF cannot take a change then).
 */
class TypedEditsOfForm implements TypedEdits {
  readonly pauseMs = TYPING_PAUSE_MS;
  private readonly waiting = new Map<string, WaitingEdit>();
  private readonly handedOver = new Set<string>();
  constructor(private readonly onTyping: () => void) {}
  typing(): void {
    this.onTyping();
  }
  wait(id: string, path: FieldPathList | undefined, value: unknown, handOver: (sync?: boolean) => void): void {
    this.waiting.set(id, { path, value, handOver });
  }
  handed(id: string): void {
    this.waiting.delete(id);
    this.handedOver.add(id);
  }
  left(id: string, path: FieldPathList | undefined, value: unknown): void {
    this.waiting.set(id, { path, value });
    this.handedOver.add(id);
  }
  /**
   * Every field hands its typed value to RJSF: committed at once, or (`sync` false, from React's effects) queued, so
   * RJSF applies it in the render that follows.
   */
  flush(sync = true): void {
    for (const edit of [...this.waiting.values()]) edit.handOver?.(sync);
  }
  /** Whether RJSF's change of `id` is a field's typed value handed over (not a key): and forgets it. */
  reported(id: string | undefined): boolean {
    if (id === undefined || !this.handedOver.delete(id)) return false;
    if (this.waiting.get(id)?.handOver === undefined) this.waiting.delete(id);
    return true;
  }
  /** Whether a field holds a typed value not handed to RJSF yet. */
  get holding(): boolean {
    return this.waiting.size > 0;
  }
  /** What the fields still hold (the form is going away), forgotten. */
  take(): WaitingEdit[] {
    const all = [...this.waiting.values()];
    this.waiting.clear();
    this.handedOver.clear();
    return all;
  }
}

/** `data` with `value` at `path` (a copy: objects and arrays on the way are new). */
export function withEdit(data: unknown, path: FieldPathList, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const base: unknown = data && typeof data === "object" ? data : typeof head === "number" ? [] : {};
  const copy = (Array.isArray(base) ? [...base] : { ...(base as object) }) as Record<string | number, unknown>;
  const next = withEdit(copy[head!], rest, value);
  if (next === undefined && rest.length === 0 && !Array.isArray(copy)) delete copy[head!];
  else copy[head!] = next;
  return copy;
}

/**
 * The form's onChange, or (changesAfterPaint) a hand-over of the latest change later (typing once it pauses, any
 * other change after the next paint), with `flush` to hand a pending change over now (before a submit or a blur;
 * and when the form unmounts).
 */
function useChangeHandOver(
  onChange: StepFormProps["onChange"],
  later: boolean,
  watched: readonly unknown[],
  dataNow: () => unknown,
  onTyping?: () => void,
  onTyped?: () => void,
) {
  const latest = useRef(onChange);
  latest.current = onChange;
  const handlers = useRef({ onTyping, onTyped, dataNow });
  handlers.current = { onTyping, onTyped, dataNow };
  const pending = useRef<PendingChange>(undefined);
  // The page is told that typing is under way once the first key of a burst is painted (cancelled if not run yet).
  const told = useRef<() => void>(undefined);
  const tell = useCallback(() => {
    told.current ??= afterPaint(() => handlers.current.onTyping?.());
  }, []);
  // The text fields keep what is typed until typing pauses (useTypedText, useTypedValue): a key renders at most its input.
  const edits = useMemo(() => (later ? new TypedEditsOfForm(tell) : undefined), [later, tell]);
  const flush = useCallback(() => {
    const change = pending.current;
    if (!change) return;
    pending.current = undefined;
    change.cancel();
    // The typed edit comes now (unless a field still holds one): the page's typing state ends, with an edit or, when
    // the page found nothing changed (typed and changed back), without one.
    const wasTold = edits?.holding ? undefined : told.current;
    if (wasTold) {
      told.current = undefined;
      wasTold();
    }
    latest.current(change.data, change.field);
    if (wasTold) handlers.current.onTyped?.();
  }, [edits]);
  // The form going away: RJSF can no longer take what a field still holds, so it is put into the form's last data.
  useEffect(
    () => () => {
      const left = edits?.take() ?? [];
      if (left.some((e) => e.path)) {
        let data = pending.current ? pending.current.data : handlers.current.dataNow();
        for (const edit of left) if (edit.path) data = withEdit(data, edit.path, edit.value);
        pending.current?.cancel();
        pending.current = { data, field: undefined, cancel() {} };
      }
      flush();
    },
    [flush, edits],
  );
  // Every field hands its typed value to RJSF, committed at once, and the change goes to the page.
  const handOverAll = useCallback(() => {
    edits?.flush();
    flush();
  }, [edits, flush]);
  // A page going away (reload, close, another app in front on a phone) takes the pending change with it first:
  // in the capture phase, so it reaches the application store before the store writes its copy for the reload.
  useEffect(() => {
    if (!later) return;
    const leaving = () => handOverAll();
    const hidden = () => document.visibilityState === "hidden" && handOverAll();
    // The window back in front: the page loads the server's copy and rebases its edits (useRefreshOnFocus), so the
    // typed change is one of them. Capture on the window runs first; a field's focus passes here too (not a Node's).
    const front = (e: Event) => !(e.target instanceof Node) && handOverAll();
    window.addEventListener("pagehide", leaving, { capture: true });
    window.addEventListener("focus", front, { capture: true });
    document.addEventListener("visibilitychange", hidden, { capture: true });
    return () => {
      window.removeEventListener("pagehide", leaving, { capture: true });
      window.removeEventListener("focus", front, { capture: true });
      document.removeEventListener("visibilitychange", hidden, { capture: true });
    };
  }, [later, handOverAll]);
  const change = useCallback(
    (data: unknown, field?: string) => {
      if (!later) return latest.current(data, field);
      pending.current?.cancel();
      // A field's typed value handed over (typing paused, the field left, a way out) is not a key: it goes to the page
      // after the paint, or at once when the field was left.
      const handed = edits?.reported(field) ?? false;
      const focused = typedInto(field);
      const typed = !handed && focused;
      if (typed) tell();
      pending.current = { data, field, cancel: typed ? afterPause(flush) : afterPaint(flush) };
      if (handed && !focused) flush();
    },
    [later, flush, edits, tell],
  );
  // RJSF given any new prop while a change waits for the paint (the page's data after a save's answer, the errors
  // shown once the value is fixed, the step's validator module arriving) takes its state from the formData prop,
  // which lacks that change: the change is handed over at once, before that paint, so the screen never shows a click
  // undone (nor a key typed meanwhile put on the old value). A field's typed value goes to RJSF then too.
  // Compared as RJSF compares its props (deeply): the errors are a new object after every key, mostly the same.
  const seen = useRef(watched);
  useLayoutEffect(() => {
    const before = seen.current;
    seen.current = watched;
    if ((!pending.current && !edits?.holding) || watched.every((v, i) => v === before[i] || deepEquals(v, before[i]))) return;
    edits?.flush(false);
    flush();
  });
  const isPending = useCallback(() => pending.current !== undefined, []);
  return { change, flush, isPending, edits };
}

/**
 * One step rendered by RJSF (the page shows the step title as its heading, so the form's root title is hidden)
 * from its schema and UI schema. The step validates itself (useShownErrors) and hands RJSF only the errors to
 * show, with the server's: a field's error appears when it is left or on Continue and goes as soon as the
 * value is fixed. The document reaches the few widgets that need it through RootDataContext, not
 * formContext, so a keystroke re-renders only the fields it touches.
 */
export function StepForm(props: StepFormProps) {
  const t = useT();
  // The step's lazily loaded widgets (the searchable lists, the text area, the upload...) load while its
  // validators do, and the form renders once both are there: no widget's stand-in shows and is then replaced.
  const uiSchema = props.step.uiSchema;
  const [loadedFor, setLoadedFor] = useState<unknown>(undefined);
  const widgetsReady = loadedFor === uiSchema || widgetsLoaded(uiSchema);
  useEffect(() => {
    let current = true;
    void preloadWidgets(uiSchema).then(() => {
      if (current) setLoadedFor(uiSchema);
    });
    return () => {
      current = false;
    };
  }, [uiSchema]);
  if (!props.validator || !widgetsReady) return <Spinner label={t('flow.loadingForm')} />;
  return <LoadedStepForm {...props} validator={props.validator} />;
}

function LoadedStepForm({
  id,
  step,
  formData,
  rootData,
  validator,
  formContext,
  onChange,
  changesAfterPaint = false,
  onTyping,
  onTyped,
  onSubmit,
  onBlur,
  extraErrors,
  logic,
  children,
}: StepFormProps & { validator: FormValidator }) {
  const form = useRef<Form>(null);
  const schema = step.schema as RJSFSchema;
  // What RJSF holds: the page's data, or RJSF's own when the page kept none of its changes (defaults filled in).
  const [live, setLive] = useState<{ from: unknown; data: unknown }>({
    from: formData,
    data: formData,
  });
  const current = live.from === formData ? live.data : formData;
  // The step's errors follow its data in a render of their own after the keystroke's (an error never shows on the
  // field being typed in, and a submit checks the data it submits itself).
  const checked = useDeferredValue(current);
  const errors = useShownErrors(validator, schema, checked, logic, step.uiSchema);
  const shown = useMemo(
    () => mergeErrors(errors.shown, extraErrors),
    [errors.shown, extraErrors],
  );
  const context = useStableContext(formContext);
  const fieldLogic = useMemo(() => logic && fieldLogicOf(logic, schema), [logic, schema]);
  // One uiSchema object per step: a new one on every keystroke makes RJSF recompute the whole form's state.
  const uiSchema = useMemo<UiSchema>(
    () => ({
      ...(step.uiSchema as UiSchema),
      "ui:options": {
        ...(step.uiSchema["ui:options"] as object),
        hideTitle: true,
      },
    }),
    [step.uiSchema],
  );
  // What RJSF is given besides its onChange (any of them new makes it take its state from formData again).
  // What RJSF holds now (the form's data should the form go away while a field holds a typed value).
  const held = useRef<unknown>(undefined);
  const handOver = useChangeHandOver(onChange, changesAfterPaint, [formData, shown, validator, schema, uiSchema, context], () => held.current, onTyping, onTyped);
  held.current = handOver.isPending() ? live.data : current;
  // A submit (Continue, Enter, the express offer's requestSubmit) takes what the fields hold: queued to RJSF in the
  // capture phase, before RJSF's own submit, which RJSF applies after it, so the typed value is what is checked.
  const { edits } = handOver;
  useEffect(() => {
    const element = (form.current as unknown as { formElement?: { current: HTMLFormElement | null } } | null)?.formElement?.current;
    if (!edits || !element) return;
    const submit = () => edits.flush();
    element.addEventListener("submit", submit, { capture: true });
    return () => element.removeEventListener("submit", submit, { capture: true });
  }, [edits]);
  return (
    <TypedEditsContext.Provider value={edits}>
      <FormLogicContext.Provider value={fieldLogic}>
        <RootDataContext.Provider value={rootData ?? formData}>
          <ThemedForm
            id={id}
            ref={form}
            schema={schema}
            uiSchema={uiSchema}
            // While a change waits for its hand-over, RJSF keeps its own data: given the page's (which lacks the change)
            // with any new prop, RJSF would put the old value back on screen and, where it fills in defaults the page
            // does not keep (an address item's country), report that old value as a change of its own, which would
            // then be handed over in place of the user's (a fixed answer reverted after Continue, or after a save's answer).
            formData={handOver.isPending() ? live.data : current}
            validator={validator}
            formContext={context}
            // A required Yes/No starts unanswered (spec: the bank needs an explicit answer, "... is not filled"):
            // RJSF 6 would otherwise fill every required boolean with false, which preselects "No".
            experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE}
            // RJSF shows what it is given; the step decides what that is (validation happens above, on every change).
            noValidate
            extraErrors={shown}
            showErrorList={false}
            noHtml5Validate
            onChange={(e, changed) => {
              errors.onChange(changed);
              setLive({ from: formData, data: e.formData });
              handOver.change(e.formData, changed);
            }}
            onBlur={(field, value) => {
              handOver.flush();
              errors.onBlur(field);
              onBlur?.(field, value);
            }}
            onSubmit={(e) => {
              handOver.flush();
              const found = stepErrors(
                validator,
                schema,
                e.formData,
                logic,
              ).errors;
              if (found.length === 0) return onSubmit(e.formData);
              setLive({ from: formData, data: e.formData });
              errors.attempt();
              focusFirstEditable(form.current, found);
            }}
          >
            {children}
          </ThemedForm>
        </RootDataContext.Provider>
      </FormLogicContext.Provider>
    </TypedEditsContext.Provider>
  );
}
