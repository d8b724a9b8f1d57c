import type { BankMapping } from '../bankFormat';
import type { Lifecycle } from './lifecycle';
import type { AnySchemaObject } from 'ajv';
import type { ReferenceLists } from '../validation/lists';

/** Everything product staff can change without code: the JSON files of `schemas/`, keyed by relative path. */
export type ContentFiles = Record<string, unknown>;

export const SCHEMA_BASE = 'https://quickapply.example/schemas/';

export type Role = 'customer' | 'agent';
export const ROLES: readonly Role[] = ['customer', 'agent'];

export interface StepDefinition {
  /** Bundled, self-contained JSON Schema (local refs only). */
  schema: AnySchemaObject;
  uiSchema: Record<string, unknown>;
}

export interface FlowStep {
  step: string;
  title: string;
  roles?: Role[];
}

export interface Flow {
  title: string;
  /** Where the step data lives: "" for the prospect, "/signatoryInfo/*" for each stakeholder. */
  scope: string;
  roles?: Role[];
  steps: FlowStep[];
}

export interface Product {
  id: string;
  accountName: string;
  name: string;
  position: number;
  [key: string]: unknown;
}

/** The content, compiled: what the config endpoint serves and what the validators are built from. */
export interface BuiltContent {
  version: string;
  /** Inconsistencies that do not stop the content from loading (a flow naming a missing step, ...). */
  problems: string[];
  /** Every schema by `$id`, as written (unbundled). */
  registry: Map<string, AnySchemaObject>;
  steps: Record<string, StepDefinition>;
  /** stakeholderList.schema.json, bundled: rules across the signatoryInfo array. */
  stakeholderList?: AnySchemaObject;
  flows: Record<string, Flow>;
  lists: ReferenceLists;
  products: Record<string, unknown>;
  flags: Record<string, unknown>;
  prospectTemplate: Record<string, unknown>;
  documents: Record<string, unknown>;
  /** schemas/lifecycle.json, checked (src/content/lifecycle.ts). */
  lifecycle?: Lifecycle;
  /** The status pages' catalogue (schemas/outcomes.json): messages, images and buttons of screening outcomes and stop codes. */
  outcomes?: Record<string, unknown>;
  prospectSchemaId: string;
  /** The bank exchange format (schemas/bank/): the mapping of every bank/mapping*.json and the exchange document's JSON Schema. */
  bankFormat?: { mapping: BankMapping; schema: Record<string, unknown> };
}
