/**
 * One typed prospect: the document as it is filled in, typed from the schemas. `Prospect` (src/generated, from
 * schemas/prospect.schema.json by `npm run gen:types`) is the complete application at submit; while it is being
 * filled in every part may still be missing, and the server keeps sections of its own besides (generalInfo,
 * freeFieldsInfo, ...), so a draft is the generated type with every part optional, open to other sections.
 * The browser runtime, the form logic's callers and the server's prospect service read the known sections through
 * it instead of casting `Record<string, unknown>`.
 */
import type { Prospect as CompleteProspect } from '../generated';

/** Every property optional, at every depth (array items included). */
export type DeepPartial<T> = T extends readonly (infer U)[]
  ? DeepPartial<U>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

export type ProspectDraft = DeepPartial<CompleteProspect> & Record<string, unknown>;
