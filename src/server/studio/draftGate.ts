import { createHash } from 'node:crypto';
import { canonicalJson, contentHash } from '../../content/contentHash';
import type { ContentFiles } from '../../content/contentTypes';
import type { ContentValidator } from '../../content/contentValidator';
import { ApiError } from '../plugins/app/errors';
import { type BreakingReport, compareProspects, emptyBreaking, isBreaking, type SampledProspect } from './breaking';
import { checkDraft, type DraftCheck } from './checkDraft';
import { touchedSteps } from './draft';
import { loadStepFixtures, runFixtures, type FixtureReport } from './fixtureRuns';

/** A hash that cannot be forged to match another check (contentHash is a short FNV id, fine for versions only). */
const sha256 = (value: unknown) => createHash('sha256').update(canonicalJson(value)).digest('hex');

export interface GateReport {
  problems: DraftCheck['problems'];
  fixtures: FixtureReport;
  breaking: BreakingReport;
  /** sha256 of what a publication must be acknowledged for: the draft, its failing fixtures, the applications it breaks. */
  checkHash: string;
  /** Failing fixtures or newly failing applications: publishing needs `acknowledge: checkHash`. */
  needsAcknowledgement: boolean;
  draft: DraftCheck;
}

/**
 * The whole check of a draft, the one the studio's check call shows and the one publish and rollback run
 * again themselves (the server is the gate, not the browser). `step` limits the fixtures to one step; its
 * hash then never matches a publication's, which always runs every touched step's fixtures. Pure computation
 * over the prospects sampled beforehand (`rows`, sampleProspects): it runs in the studio's worker thread
 * (studioTasks.ts), so compiling a draft never blocks the server's other requests.
 */
export async function gateCheck(input: {
  fixturesDir: string;
  baseVersion: number;
  baseFiles: ContentFiles;
  baseValidator: () => Promise<ContentValidator>;
  changes: Record<string, unknown>;
  sample: number;
  rows: SampledProspect[];
  step?: string;
}): Promise<GateReport> {
  const draft = await checkDraft(input.baseFiles, input.changes);
  let fixtures: FixtureReport = { passed: 0, failed: 0, results: [] };
  let breaking: BreakingReport = emptyBreaking();
  if (draft.validator) {
    const touched = touchedSteps(Object.keys(input.changes));
    const { items, broken } = await loadStepFixtures(input.fixturesDir, input.step ? [input.step] : touched.all ? 'all' : touched.steps);
    const run = runFixtures(draft.validator, items);
    fixtures = { passed: run.passed, failed: run.failed + broken.length, results: [...run.results, ...broken] };
    breaking = await compareProspects(input.rows, await input.baseValidator(), draft.validator);
  }
  const checkHash = sha256({
    baseVersion: input.baseVersion,
    draft: contentHash(draft.files),
    step: input.step ?? null,
    sample: input.sample,
    problems: draft.problems,
    failingFixtures: fixtures.results.filter((r) => !r.ok).map((r) => [r.file, r.name]),
    breaking: { newlyFailing: breaking.newlyFailing, fields: breaking.fields, prospects: breaking.prospects, removedFields: breaking.removedFields },
  });
  const needsAcknowledgement = draft.problems.length === 0 && (fixtures.failed > 0 || isBreaking(breaking));
  return { problems: draft.problems, fixtures, breaking, checkHash, needsAcknowledgement, draft };
}

/** Refuses a publication whose failing fixtures or broken applications were not acknowledged for this very check. */
export function requireAcknowledgement(report: GateReport, acknowledge: string | undefined): void {
  if (!report.needsAcknowledgement || acknowledge === report.checkHash) return;
  const removed = report.breaking.removedFields.filter((f) => f.required || f.held > 0).map((f) => f.label);
  const what = `${report.fixtures.failed} failing fixture(s) and ${report.breaking.newlyFailing} saved application(s) that would newly fail${removed.length ? `, and the removal of ${removed.join(', ')}` : ''}`;
  throw new ApiError(409, 'CheckNotAcknowledged', [
    acknowledge === undefined
      ? { errorCode: 'ACKNOWLEDGEMENT_REQUIRED', message: `Check the draft and confirm the ${what} before publishing.`, field: 'acknowledge' }
      : { errorCode: 'ACKNOWLEDGEMENT_STALE', message: `The check you confirmed is out of date (now ${what}). Check again and confirm.`, field: 'acknowledge' },
  ]);
}
