import type { Kysely } from 'kysely';
import type { ContentValidator } from '../../content/contentValidator';
import { pointerToDotted } from '../../validation/errors';
import type { Database } from '../db/tables';
import { readCompletedSteps } from '../prospects/completedSteps';
import { validateProspect } from '../prospects/prospectValidation';

export interface BreakingReport {
  checked: number;
  newlyFailing: number;
  fields: { field: string; count: number }[];
  prospects: string[];
}

type Obj = Record<string, unknown>;

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

/**
 * Which saved prospects a draft would break: the most recently updated ones are validated as the save call
 * does (their completed steps complete, submitted ones as at submit) under the base version and under the
 * draft. A prospect valid under the base but not under the draft is newly failing.
 */
export async function breakingChanges(db: Kysely<Database>, base: ContentValidator, draft: ContentValidator, sample: number): Promise<BreakingReport> {
  const rows = await db.selectFrom('prospects').select(['id', 'document', 'status']).orderBy('updated_at', 'desc').orderBy('id').limit(sample).execute();
  const counts = new Map<string, number>();
  const prospects: string[] = [];
  for (const [i, row] of rows.entries()) {
    if (i % 20 === 19) await new Promise<void>((resolve) => setImmediate(resolve));
    const document = row.document as Obj;
    const opts = { completeSteps: completedAt(document), submit: row.status === 'SUBMITTED' };
    if (validateProspect(base, document, opts).length > 0) continue;
    const errors = validateProspect(draft, document, opts);
    if (errors.length === 0) continue;
    prospects.push(row.id);
    for (const field of new Set(errors.map((e) => fieldName(e.path)))) counts.set(field, (counts.get(field) ?? 0) + 1);
  }
  const fields = [...counts].map(([field, count]) => ({ field, count })).sort((a, b) => b.count - a.count || a.field.localeCompare(b.field));
  return { checked: rows.length, newlyFailing: prospects.length, fields, prospects };
}
