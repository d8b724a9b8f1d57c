import type { AnySchemaObject } from 'ajv';
import { isSubmittedStatus } from '../../content/lifecycle';
import type { Kysely } from 'kysely';
import type { BuiltContent } from '../../content/contentTypes';
import { SCHEMA_BASE } from '../../content/contentTypes';
import type { ContentValidator } from '../../content/contentValidator';
import { fieldMap, type FieldNode, NON_PROSPECT_FLOWS } from '../../content/fieldMap';
import { pointerToDotted } from '../../validation/errors';
import type { Database } from '../db/tables';
import { readCompletedSteps } from '../prospects/completedSteps';
import { validateProspect } from '../prospects/prospectValidation';

/** A saved application a draft affects, as listed to the reviewer (and opened in the agent's read-only view). */
export interface AffectedApplication {
  id: string;
  company: string | null;
  status: string;
  /** Why: it would newly fail the draft's rules, and / or it holds data in fields the draft removes. */
  newlyFailing: boolean;
  holds: string[];
}

/** A field the base version has and the draft does not. */
export interface RemovedField {
  field: string;
  label: string;
  /** Required in the base version (every completed application has it). */
  required: boolean;
  /** Sampled applications that hold a value in it (kept in their data, readable to agents). */
  held: number;
}

export interface BreakingReport {
  checked: number;
  newlyFailing: number;
  fields: { field: string; label?: string; count: number }[];
  prospects: string[];
  removedFields: RemovedField[];
  /** Every affected application (newly failing or holding removed fields), with company and status. */
  applications: AffectedApplication[];
}

export const emptyBreaking = (): BreakingReport => ({ checked: 0, newlyFailing: 0, fields: [], prospects: [], removedFields: [], applications: [] });

/** A breaking change: applications would newly fail, or a required field or one that applications hold goes. */
export const isBreaking = (b: BreakingReport) => b.newlyFailing > 0 || b.removedFields.some((f) => f.required || f.held > 0);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** The steps a saved prospect has completed, as the save call marks them (stakeholders by signatoryId or index). */
function completedAt(document: Obj): { step: string; at: string }[] {
  const stakeholders = Array.isArray(document.signatoryInfo) ? (document.signatoryInfo as unknown[]) : [];
  const out: { step: string; at: string }[] = [];
  for (const done of readCompletedSteps(document)) {
    if (done.status !== 'COMPLETED') continue;
    if (done.signatoryId === undefined) {
      out.push({ step: done.step, at: '' });
      continue;
    }
    const index = stakeholders.findIndex((s, i) => String(((s ?? {}) as Obj).signatoryId ?? i) === done.signatoryId);
    if (index >= 0) out.push({ step: done.step, at: `/signatoryInfo/${index}` });
  }
  return out;
}

/** Field names without stakeholder indexes, so one rule counts once however many stakeholders break it. */
const fieldName = (path: string) => `prospect.${pointerToDotted(path)}`.replace(/\.$/, '').replace(/^prospect\.signatoryInfo\[\d+\]/, 'prospect.signatoryInfo[*]');

/** "/signatoryInfo/*\/name" -> "prospect.signatoryInfo[*].name" (the names `fields` uses). */
const patternName = (parts: string[]) => `prospect.${parts.map((p, i) => (p === '*' ? '[*]' : i === 0 ? p : `.${p}`)).join('')}`.replace(/\.\[/g, '[');

/** The node of a field map at a path ("*" for array items). */
function nodeAt(root: FieldNode, parts: string[]): FieldNode | undefined {
  let node: FieldNode | undefined = root;
  for (const part of parts) node = part === '*' ? node?.items : node?.props.get(part);
  return node;
}

/** The plain-language label of a field: its title, else its parent's title and the key. */
export function fieldLabel(content: BuiltContent, parts: string[]): string {
  const root = fieldMap(content).root;
  const own = nodeAt(root, parts)?.label;
  if (own) return own;
  const key = parts.filter((p) => p !== '*').at(-1) ?? '';
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Pointers ("*" for items) of the fields a step lists in `required` (direct, not conditional), per flow scope. */
function requiredFields(content: BuiltContent): Set<string> {
  const out = new Set<string>();
  const walk = (schema: unknown, at: string[]) => {
    if (!isObj(schema)) return;
    const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : [];
    if (isObj(schema.properties)) {
      for (const [key, sub] of Object.entries(schema.properties)) {
        if (required.includes(key)) out.add([...at, key].join('/'));
        walk(sub, [...at, key]);
      }
    }
    if (isObj(schema.items)) walk(schema.items, [...at, '*']);
    if (Array.isArray(schema.allOf)) for (const sub of schema.allOf) walk(sub, at);
  };
  for (const [name, flow] of Object.entries(content.flows)) {
    if (NON_PROSPECT_FLOWS.includes(name) || (flow.scope !== '' && flow.scope !== '/signatoryInfo/*')) continue;
    for (const { step } of flow.steps) walk(content.registry.get(`${SCHEMA_BASE}steps/${step}.schema.json`) as AnySchemaObject | undefined, flow.scope === '' ? [] : ['signatoryInfo', '*']);
  }
  return out;
}

/** The topmost fields of the base version's field map that the draft's no longer has. */
function removedPaths(base: BuiltContent, draft: BuiltContent): string[][] {
  const out: string[][] = [];
  const visit = (before: FieldNode, after: FieldNode | undefined, at: string[]) => {
    for (const [key, child] of before.props) {
      const next = after?.props.get(key);
      if (!next && !after?.open) out.push([...at, key]);
      else if (next) visit(child, next, [...at, key]);
    }
    if (before.items && after?.items) visit(before.items, after.items, [...at, '*']);
  };
  visit(fieldMap(base).root, fieldMap(draft).root, []);
  return out;
}

/** Whether a document holds a value (not null, not "") at a path ("*" for every array item). */
function holds(value: unknown, parts: string[]): boolean {
  if (parts.length === 0) return value !== undefined && value !== null && value !== '';
  const [head, ...rest] = parts;
  if (head === '*') return Array.isArray(value) && value.some((item) => holds(item, rest));
  return isObj(value) && Object.prototype.hasOwnProperty.call(value, head!) && holds(value[head!], rest);
}

const companyOf = (document: Obj, column: string | null): string | null => {
  const org = document.organizationInfo;
  const name = isObj(org) && typeof org.companyName === 'string' ? org.companyName : null;
  return column ?? name;
};

/**
 * Which saved prospects a draft would break: the most recently updated ones are validated as the save call
 * does (their completed steps complete, submitted ones as at submit) under the base version and under the
 * draft. A prospect valid under the base but not under the draft is newly failing. Fields the draft removes
 * are listed too, with the applications that hold data in them: removing a required field, or one that
 * saved applications hold, is a breaking change even when no rule fails.
 */
export async function breakingChanges(db: Kysely<Database>, base: ContentValidator, draft: ContentValidator, sample: number): Promise<BreakingReport> {
  return compareProspects(await sampleProspects(db, sample), base, draft);
}

/** A saved prospect as the breaking-change check reads it. */
export interface SampledProspect {
  id: string;
  document: unknown;
  status: string;
  company_name: string | null;
}

/** The `sample` most recently updated saved prospects (read on the main thread, compared in the studio's worker). */
export async function sampleProspects(db: Kysely<Database>, sample: number): Promise<SampledProspect[]> {
  return db.selectFrom('prospects').select(['id', 'document', 'status', 'company_name']).orderBy('updated_at', 'desc').orderBy('id').limit(sample).execute();
}

/** The breaking-change report of a draft over sampled prospects (see breakingChanges). */
export async function compareProspects(rows: SampledProspect[], base: ContentValidator, draft: ContentValidator): Promise<BreakingReport> {
  const removed = removedPaths(base.content, draft.content);
  const required = requiredFields(base.content);
  const heldCounts = new Map<string, number>();
  const counts = new Map<string, number>();
  const prospects: string[] = [];
  const applications: AffectedApplication[] = [];
  for (const [i, row] of rows.entries()) {
    if (i % 20 === 19) await new Promise<void>((resolve) => setImmediate(resolve));
    const document = row.document as Obj;
    const held = removed.filter((parts) => holds(document, parts)).map((parts) => patternName(parts));
    for (const name of held) heldCounts.set(name, (heldCounts.get(name) ?? 0) + 1);
    const opts = { completeSteps: completedAt(document), submit: isSubmittedStatus(row.status) };
    let failing = false;
    if (validateProspect(base, document, opts).length === 0) {
      const errors = validateProspect(draft, document, opts);
      if (errors.length > 0) {
        failing = true;
        prospects.push(row.id);
        for (const field of new Set(errors.map((e) => fieldName(e.path)))) counts.set(field, (counts.get(field) ?? 0) + 1);
      }
    }
    if (failing || held.length) applications.push({ id: row.id, company: companyOf(document, row.company_name), status: row.status, newlyFailing: failing, holds: held });
  }
  const labelOf = (field: string) => {
    const parts = field.replace(/^prospect\./, '').replace(/\[\*\]/g, '.*').replace(/\[\d+\]/g, '.*').split('.').filter(Boolean);
    return fieldLabel(base.content, parts);
  };
  const fields = [...counts]
    .map(([field, count]) => ({ field, label: labelOf(field), count }))
    .sort((a, b) => b.count - a.count || a.field.localeCompare(b.field));
  const removedFields = removed.map((parts) => {
    const field = patternName(parts);
    return { field, label: fieldLabel(base.content, parts), required: required.has(parts.join('/')), held: heldCounts.get(field) ?? 0 };
  });
  return { checked: rows.length, newlyFailing: prospects.length, fields, prospects, removedFields, applications };
}
