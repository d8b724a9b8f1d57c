/** Reference lists (countries, dialling codes, industries, ...) as served by the config endpoint. */
export interface ListOption {
  value: string;
  label: string;
  children?: ListOption[];
}

export interface ReferenceList {
  name: string;
  title: string;
  options: ListOption[];
}

export type ReferenceLists = Record<string, ReferenceList>;
