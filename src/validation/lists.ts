/** Reference lists (countries, dialling codes, industries, ...) as served by the config endpoint. */
export interface ListOption {
  value: string;
  label: string;
  children?: ListOption[];
  /** Retired by product staff: still a valid answer (saved applications keep it), no longer offered for a new choice. */
  retired?: boolean;
}

export interface ReferenceList {
  name: string;
  title: string;
  options: ListOption[];
}

export type ReferenceLists = Record<string, ReferenceList>;
