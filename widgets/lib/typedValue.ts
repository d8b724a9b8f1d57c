import type { FieldPathList } from '@rjsf/utils';
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
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
 * A text field's value: what was typed while it waits for typing to pause (under a TypedEditsContext), else the
 * form's. `type` keeps a typed value (or, without a provider, hands it to `onChange` at once); `handOver` hands a
 * waiting value to `onChange` now (the field is left), committed at once unless `sync` is false. The value is handed over when typing pauses, when the form
 * asks (a submit, the page hidden or gone, new data), and when the field goes away.
 */
export function useTypedValue<V>(id: string, value: V, onChange: (value: V) => void) {
  const edits = useContext(TypedEditsContext);
  const path = useContext(FieldPathContext);
  const [typed, setTyped] = useState<{ value: V } | undefined>(undefined);
  const waiting = useRef<{ value: V; timer: ReturnType<typeof setTimeout> } | undefined>(undefined);
  const latest = useRef({ onChange, edits, id, path });
  latest.current = { onChange, edits, id, path };
  // Committed at once (sync), outside React's render and effects: RJSF re-derives its data from its formData prop
  // when a render brings it any new prop (the errors of a field just left), and a change still queued in that render
  // would be lost to the old data. Committed, the change is RJSF's own and the step form's before any such render.
  const handOver = useCallback((sync = true) => {
    const w = waiting.current;
    if (!w) return;
    waiting.current = undefined;
    clearTimeout(w.timer);
    const { onChange: change, edits: to, id: field } = latest.current;
    const give = () => {
      to?.handed(field);
      setTyped(undefined);
      change(w.value);
    };
    if (sync) flushSync(give);
    else give();
  }, []);
  const type = useCallback(
    (next: V) => {
      const { onChange: change, edits: to, id: field, path: at } = latest.current;
        if (!to) return change(next);
      if (waiting.current) clearTimeout(waiting.current.timer);
      waiting.current = { value: next, timer: setTimeout(() => handOver(), to.pauseMs) };
      setTyped({ value: next });
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
  return { value: typed ? typed.value : value, type, handOver };
}
