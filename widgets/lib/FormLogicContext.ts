import { createContext, useContext } from 'react';

/**
 * The form-logic state of the form on screen, keyed by RJSF field id ("root_accountInfo_0_debitCardApplied"):
 * what the page's run of the shared evaluator (src/validation/logic) hides, disables and leaves out of a
 * field's options. Widgets only read it; without a provider (studio preview, widget tests) nothing applies and
 * `ui:logic.visibleWhen` is evaluated locally (showWhen.ts).
 */
export interface FieldLogicState {
  hidden: ReadonlySet<string>;
  disabled: ReadonlySet<string>;
  excluded: ReadonlyMap<string, readonly unknown[]>;
}

export const FormLogicContext = createContext<FieldLogicState | undefined>(undefined);

/** RJSF's id of a JSON pointer below the form's data: "/a/0/b" -> "root_a_0_b" (default idPrefix and separator). */
export function idOfPointer(pointer: string): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return ['root', ...parts].join('_');
}

/** Whether a field is disabled by the form logic, and the option values it must not offer. */
export function useFieldLogic(id: string): { disabled: boolean; excluded: readonly unknown[] } {
  const state = useContext(FormLogicContext);
  return { disabled: state?.disabled.has(id) ?? false, excluded: state?.excluded.get(id) ?? NONE };
}

const NONE: readonly unknown[] = [];
