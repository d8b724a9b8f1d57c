import { createContext, useContext } from 'react';
import type { FormContext } from '../FormContext';

/**
 * The whole document (root form data) for the few widgets that look outside their own object: `x-list`
 * variants on other paths, PackageCards (account type, currencies). It is a context of its own rather than
 * `formContext.formData` because RJSF hands `formContext` to every field: a new one per keystroke would
 * re-render the whole form, while this one re-renders only the widgets that read it.
 */
export const RootDataContext = createContext<unknown>(undefined);

/** The form context with `formData` set to the root document (RootDataContext, else what the page passed). */
export function useRootContext<T extends Partial<FormContext> | undefined>(context: T): T {
  const root = useContext(RootDataContext);
  if (root === undefined || !context) return context;
  return { ...context, formData: root };
}
