import { createContext, useContext } from 'react';

/**
 * The data of the object that directly contains a field (its siblings). RJSF v6 gives a widget only its own
 * value, so ObjectFieldTemplate provides its `formData` here; every object level (also each array row)
 * provides its own. This is the same "parent" that the validation keywords see (`x-list` childOf, `$sibling`
 * in `x-date`), so a widget and its rule agree without parsing ids.
 */
export const ParentDataContext = createContext<Record<string, unknown> | undefined>(undefined);

export const useParentData = (): Record<string, unknown> | undefined => useContext(ParentDataContext);
