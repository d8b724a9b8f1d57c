/** Reference lists (countries, dialling codes, industries, ...) as served by the config endpoint. */
export interface ListOption {
  value: string;
  label: string;
  children?: ListOption[];
  /** Retired by product staff: still a valid answer (saved applications keep it), no longer offered for a new choice. */
  retired?: boolean;
  /**
   * The countries (ISO codes) of a dialling code (the countryCode list only): added by the server when it serves the
   * lists (src/validation/dialCodes.ts), not stored with the content.
   */
  countries?: string[];
}

export interface ReferenceList {
  name: string;
  title: string;
  options: ListOption[];
}

export type ReferenceLists = Record<string, ReferenceList>;

/** The reference list of dialling codes ('971', '1-242', '44-1481'), whose options carry their countries. */
export const DIAL_CODE_LIST = 'countryCode';
