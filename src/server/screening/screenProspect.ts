import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { today } from '../../validation/clock';
import type { Database } from '../db/tables';
import { createDocumentRepository } from '../repositories/documentRepository';
import { createProspectRepository, type ProspectRow } from '../repositories/prospectRepository';
import { createSchemaVersionRepository } from '../repositories/schemaVersionRepository';
import { createScreeningRepository } from '../repositories/screeningRepository';
import { blacklistCandidates, runScreening, screeningListCandidates, type ScreeningOutcome } from './runScreening';
import { bundledScreeningRules, parseScreeningRules, type ScreeningRules } from './screeningRules';

type Db = Kysely<Database> | Transaction<Database>;

const cache = new WeakMap<FastifyInstance, { number: number; rules: ScreeningRules }>();

/**
 * The screening rules of the published content (screening.json of the latest schema version), so that a
 * publication changes them in every process; the repository's schemas/screening.json when the content has none
 * or holds invalid rules (logged).
 */
export async function screeningRules(app: FastifyInstance): Promise<ScreeningRules> {
  const { number } = await app.contentStore.current();
  const hit = cache.get(app);
  if (hit?.number === number) return hit.rules;
  const version = await createSchemaVersionRepository().get(app.database.db, number);
  const raw = (version?.content as Record<string, unknown> | undefined)?.['screening.json'];
  let rules = bundledScreeningRules();
  if (raw !== undefined) {
    try {
      rules = parseScreeningRules(raw);
    } catch (error) {
      app.log.error({ err: error, contentVersion: number }, 'invalid screening rules in the published content; using schemas/screening.json');
    }
  }
  cache.set(app, { number, rules });
  return rules;
}

/** Uploads allowed per application: DOCUMENT_MAX_UPLOADS, else the rules' maxDocuments. */
export function maxUploads(app: FastifyInstance, rules: ScreeningRules): number {
  return app.config.documents.maxUploads ?? rules.checks.documentsCount.maxDocuments;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

/** Runs the checks on a prospect row with the lookups of this database; stores nothing. */
export async function screenRow(
  app: FastifyInstance,
  row: ProspectRow,
  options: { db?: Db; today?: string; rules?: ScreeningRules } = {},
): Promise<ScreeningOutcome> {
  const db = options.db ?? app.database.db;
  // Inside a transaction the caller passes the rules: reading them would need a second connection.
  const rules = options.rules ?? (await screeningRules(app));
  const repo = createScreeningRepository();
  const doc = row.document;
  const applicant = (doc.applicantInfo ?? {}) as Record<string, unknown>;
  const organization = (doc.organizationInfo ?? {}) as Record<string, unknown>;
  const owner = row.owner ?? { countryCode: str(applicant.countryCode), mobile: str(applicant.mobileNo), email: str(applicant.email) };
  const candidates = blacklistCandidates(doc);
  // One after the other: inside a transaction they share one connection.
  const sameTradeLicence = await repo.sameTradeLicence(db, row.id, str(organization.licenseNumber));
  const sameApplicant = owner.mobile && owner.email ? await repo.sameApplicant(db, row.id, owner) : [];
  const blacklist = await repo.blacklistMatches(db, candidates.names, candidates.licences);
  const documentsUploaded = await createDocumentRepository().countUploads(db, row.id);
  const listed = screeningListCandidates(doc);
  const negativeList = await repo.negativeListMatches(db, listed.ids);
  const firco = await repo.fircoCandidates(db, listed.names);
  return runScreening(doc, {
    rules,
    today: options.today ?? today(),
    sameTradeLicence,
    sameApplicant,
    blacklist,
    documentsUploaded,
    maxDocuments: maxUploads(app, rules),
    negativeList,
    firco,
  });
}

/**
 * Screens a prospect and stores the result (screening_results); undefined when the prospect does not exist.
 * The update route calls it for preScreening; pass `db` to run inside a transaction.
 */
export async function screenProspect(
  app: FastifyInstance,
  prospectId: string,
  options: { db?: Db; today?: string } = {},
): Promise<ScreeningOutcome | undefined> {
  const db = options.db ?? app.database.db;
  const row = await createProspectRepository().findById(db, prospectId);
  if (!row) return undefined;
  const outcome = await screenRow(app, row, { ...options, db });
  await createScreeningRepository().save(db, prospectId, outcome);
  app.metrics.screeningOutcome(outcome.statusOverAll);
  return outcome;
}
