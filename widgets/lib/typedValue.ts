import type { FieldPathList } from '@rjsf/utils';
import { type ChangeEvent, createContext, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Where the text fields of a form that opts in (StepForm with changesAfterPaint: the company and stakeholder steps)
 * keep what is typed until typing pauses, and through which the form hands it over on every way out. Without a
 * provider (the agent's search, the studio's preview, any RJSF form outside those steps) a widget hands each change
 * to RJSF at once, as RJSF's own widgets do.
 */
export interface TypedEdits {
  /** How long typing pauses before a field hands its value to the form. */
  readonly pauseMs: number;
  /** A key was typed into a field (the first of a burst tells the page that an edit is under way). */
  typing(): void;
  /**
   * The field `id` (at `path` of the form's data) holds `value`, not handed over yet; `handOver` hands it over
   * (`sync` false from React's own render or effects, where the change cannot be committed at once).
   */
  wait(id: string, path: FieldPathList | undefined, value: unknown, handOver: (sync?: boolean) => void): void;
  /** The field handed its value to the form (its RJSF change follows). */
  handed(id: string): void;
  /** The field went away holding `value`: the form puts it into its data itself should the form be going away too. */
  left(id: string, path: FieldPathList | undefined, value: unknown): void;
}

export const TypedEditsContext = createContext<TypedEdits | undefined>(undefined);

/** The path of the field being rendered in the form's data (FieldTemplate provides it). */
export const FieldPathContext = createContext<FieldPathList | undefined>(undefined);

/**
 * What a text field holds while it waits for typing to pause (under a TypedEditsContext): `type` keeps a typed value
 * (or, without a provider, hands it to `onChange` at once) and `keep` is told of it (the controlled widgets show it);
 * `handOver` hands a waiting value to `onChange` now, committed at once unless `sync` is false. The value is handed
 * over when typing pauses, when the form asks (a submit, the page hidden or gone, new data), and when the field goes
 * away.
 */
function useWaitingValue<V>(id: string, onChange: (value: V) => void, keep?: (typed: { value: V } | undefined) => void) {
  const edits = useContext(TypedEditsContext);
  const path = useContext(FieldPathContext);
  const waiting = useRef<{ value: V; timer: ReturnType<typeof setTimeout> } | undefined>(undefined);
  const latest = useRef({ onChange, edits, id, path, keep });
  latest.current = { onChange, edits, id, path, keep };
  // Committed at once (sync), outside React's render and effects: RJSF re-derives its data from its formData prop
  // when a render brings it any new prop (the errors of a field just left), and a change still queued in that render
  // would be lost to the old data. Committed, the change is RJSF's own and the step form's before any such render.
  const handOver = useCallback((sync = true) => {
    const w = waiting.current;
    if (!w) return;
    waiting.current = undefined;
    clearTimeout(w.timer);
    const { onChange: change, edits: to, id: field, keep: show } = latest.current;
    const give = () => {
      to?.handed(field);
      show?.(undefined);
      change(w.value);
    };
    if (sync) flushSync(give);
    else give();
  }, []);
  const type = useCallback(
    (next: V) => {
      const { onChange: change, edits: to, id: field, path: at, keep: show } = latest.current;
      if (!to) return change(next);
      if (waiting.current) clearTimeout(waiting.current.timer);
      waiting.current = { value: next, timer: setTimeout(() => handOver(), to.pauseMs) };
      show?.({ value: next });
      to.wait(field, at, next, handOver);
      to.typing();
    },
    [handOver],
  );
  // A field that goes away hands its value to the form (which keeps it when only the field went: hidden by the form
  // logic) and tells the provider, which puts it into the data itself when the whole form is going away.
  useEffect(
    () => () => {
      const w = waiting.current;
      if (!w) return;
      waiting.current = undefined;
      clearTimeout(w.timer);
      const { onChange: change, edits: to, id: field, path: at } = latest.current;
      to?.left(field, at, w.value);
      change(w.value);
    },
    [],
  );
  return { edits, type, handOver, holding: () => waiting.current !== undefined };
}

/**
 * A controlled field's value (the masked inputs, which format what is typed on every key): what was typed while it
 * waits for typing to pause, else the form's. A key re-renders the field (its state), not the form.
 */
export function useTypedValue<V>(id: string, value: V, onChange: (value: V) => void) {
  const [typed, setTyped] = useState<{ value: V } | undefined>(undefined);
  const { type, handOver } = useWaitingValue(id, onChange, setTyped);
  return { value: typed ? typed.value : value, type, handOver };
}

/** The element of a plain text field: an `<input>` or a `<textarea>`. */
export type TextElement = HTMLInputElement | HTMLTextAreaElement;

/**
 * A plain text field (text, e-mail, phone, number, a text area). Under a TypedEditsContext it is uncontrolled while
 * typed into: the element holds what is typed and a key only records it (no state, so React renders and commits
 * nothing); what `normalise` changes (Arabic-Indic digits to 0-9, typographic spaces) is written back into the
 * element with the caret kept (not during an IME composition: its text is written once the value is handed over).
 * The form's value (`shown`) is written into the element when it changes and the field holds no typed value not
 * handed over yet (the hand-over's own result, the server's data, an undo). Without a provider the field is
 * controlled and hands each change over at once, as RJSF's own widgets do.
 *
 * `control` goes to the widget's Input or Textarea (`UncontrolledInput`, `UncontrolledTextarea`): `value` or
 * `defaultValue`, `ref` and `onChange`.
 */
export function useTypedText<E extends TextElement>(id: string, value: unknown, shown: string, onChange: (value: unknown) => void, normalise: (text: string) => string, emptyValue: unknown) {
  const { edits, type, handOver, holding } = useWaitingValue(id, onChange);
  const element = useRef<E>(null);
  const seen = useRef(shown);
  useLayoutEffect(() => {
    if (seen.current === shown) return;
    seen.current = shown;
    const el = element.current;
    if (edits && el && !holding() && el.value !== shown) el.value = shown;
  });
  const change = (event: ChangeEvent<E>) => {
    const el = event.target;
    const text = normalise(el.value);
    if (edits && text !== el.value && !(event.nativeEvent as InputEvent).isComposing) rewrite(el, text);
    type(text === '' ? emptyValue : text);
  };
  const control = edits ? { defaultValue: shown, ref: element, onChange: change } : { value: shown, ref: element, onChange: change };
  return { control, handOver };
}

/** Writes `text` into `el` in place of its value, the caret as far from the end as it was (an e-mail input has none). */
function rewrite(el: TextElement, text: string) {
  const { selectionStart: start, selectionEnd: end, value: was } = el;
  el.value = text;
  if (start === null || end === null) return;
  const at = (n: number) => Math.max(0, text.length - (was.length - n));
  el.setSelectionRange(at(start), at(end));
}
