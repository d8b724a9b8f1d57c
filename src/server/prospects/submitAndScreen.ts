import type { FastifyInstance } from 'fastify';
import { ApiError } from '../plugins/app/errors';
import { createProspectRepository, ProspectNotFoundError, type ProspectRow, type SavedProspect, StaleRowError, VersionConflictError } from '../repositories/prospectRepository';
import { createScreeningRepository } from '../repositories/screeningRepository';
import type { ScreeningOutcome } from '../screening/runScreening';
import { decideMove, isSubmittedStatus } from '../../content/lifecycle';
import type { DocumentsConfig } from '../../content/requiredDocuments';
import { currentLifecycle, moveInTransaction, notifyApplicant, roleOf, SYSTEM, withStatus } from './lifecycle';
import { screeningRules, screenRow } from '../screening/screenProspect';
import type { Principal } from '../security/principal';

type Obj = Record<string, unknown>;

/** The answer when screening could not run: nothing was stored, the application is still a draft. */
const screeningUnavailable = () =>
  new ApiError(503, 'ScreeningError', [
    { errorCode: 'SCREENING_UNAVAILABLE', message: 'We could not check your application just now, so it was not submitted. Please try again in a moment.' },
  ]);

/**
 * Submit (observation 7 of issue 12): the SUBMITTED status, the screening result and the audit row are written
 * in one transaction, so an application is never SUBMITTED without a screening result, and a screening failure
 * rolls everything back and is answered before anything was committed. The rules are read before the transaction
 * opens (PGlite has one connection, which the transaction holds).
 */
export async function submitAndScreen(
  app: FastifyInstance,
  write: { id: string; expectedVersion: number; document: Obj; schemaVersion: string; expectedXmin?: string },
  audited: { prospectId: string; principal: Principal; action: string; changes: unknown[] },
): Promise<{ row: SavedProspect; outcome: ScreeningOutcome }> {
  const rules = await screeningRules(app);
  const lifecycle = await currentLifecycle(app);
  const documents = (await app.contentStore.current()).built.documents as unknown as DocumentsConfig;
  const role = roleOf(audited.principal);
  const to = 'SUBMITTED';
  const allowed = decideMove(lifecycle, lifecycle.initial, to, role, true);
  if (!allowed.allowed) throw new ApiError(409, 'TransitionError', [{ errorCode: allowed.errorCode, message: allowed.message }]);
  const document = withStatus(lifecycle, write.document, { from: lifecycle.initial, to, by: role });
  try {
    const done = await app.database.db.transaction().execute(async (trx) => {
      const { prospectId: _id, ...audit } = audited;
      const row = await createProspectRepository().save(trx, { ...write, document, status: to, audit });
      const outcome = await screenRow(app, row, { db: trx, rules });
      await createScreeningRepository().save(trx, row.id, outcome);
      // The screening outcome feeds the application's state (lifecycle.json afterScreening): the system's move.
      const follow = lifecycle.afterScreening?.[outcome.statusOverAll];
      if (!follow) return { row, outcome, moved: undefined };
      const matched = outcome.screeningResults.filter((r) => r.screeningFlag).map((r) => r.screeningType);
      const note = matched.length ? `Screening: ${matched.join(', ')}` : undefined;
      const moved = await moveInTransaction(trx, { lifecycle, documents }, row, SYSTEM, { to: follow.to, ...(follow.reason ? { reason: follow.reason } : {}), ...(note ? { note } : {}) });
      return { row: moved.row, outcome, moved };
    });
    if (done.moved) await notifyApplicant(app, lifecycle, done.moved);
    return { row: done.row, outcome: done.outcome };
  } catch (error) {
    if (error instanceof VersionConflictError || error instanceof ProspectNotFoundError || error instanceof StaleRowError || error instanceof ApiError) throw error;
    app.log.error({ err: error, prospectId: write.id }, 'screening failed at submit; the submit was rolled back');
    throw screeningUnavailable();
  }
}

/**
 * The screening call: a draft is screened afresh (pre-screening) and the result stored; a submitted application
 * keeps the result of its submit (the applicant cannot screen it again), and one without a result (submitted
 * before submits screened atomically) gets it now, once.
 */
export async function screenForCaller(app: FastifyInstance, row: ProspectRow): Promise<ScreeningOutcome> {
  if (isSubmittedStatus(row.status)) {
    const stored = await createScreeningRepository().latest(app.database.db, row.id);
    if (stored) return { statusOverAll: stored.statusOverAll, screeningResults: stored.screeningResults };
  }
  const rules = await screeningRules(app);
  try {
    const outcome = await screenRow(app, row, { rules });
    await createScreeningRepository().save(app.database.db, row.id, outcome);
    return outcome;
  } catch (error) {
    app.log.error({ err: error, prospectId: row.id }, 'screening failed');
    throw new ApiError(503, 'ScreeningError', [{ errorCode: 'SCREENING_UNAVAILABLE', message: 'We could not check the application just now. Please try again in a moment.' }]);
  }
}
