/** jotai, re-exported from one module of our own (atoms sit beside the component that owns them). */
export { atom, useAtom, useAtomValue, useSetAtom, Provider as JotaiProvider } from 'jotai';
export { atomWithStorage, createJSONStorage } from 'jotai/utils';
