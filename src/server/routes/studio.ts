import { localeOf } from '../i18n/requestLocale';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { compiledByHash, handOverValidatorCode } from '../../content/compiledContent';
import { canonicalJson, contentHash } from '../../content/contentHash';
import type { ContentFiles } from '../../content/contentTypes';
import { localizeFiles } from '../../content/i18n/catalogue';
import { LOCALES, type Locale } from '../../content/i18n/locales';
import { ApiError } from '../plugins/app/errors';
import type { Principal } from '../security/principal';
import { createSchemaVersionRepository } from '../repositories/schemaVersionRepository';
import { describeDiff } from '../studio/describe';
import { diffContent } from '../studio/diff';
import { createDraftRepository, view } from '../studio/draftRepository';
import { conflictKey, rebaseDraft } from '../studio/rebase';
import { CONTENT_PATH, MAX_DRAFT_FILES, mergeDraft, type Problem } from '../studio/draft';
import { requireAcknowledgement } from '../studio/draftGate';
import { fixtureFileErrors } from '../studio/fixtureRuns';
import { actorName, createStudioRepository } from '../studio/studioRepository';
import { validatorModule } from '../content/validatorModules';
import { parseJson } from '../../app/features/studio/lint';
import { generatorFingerprint } from '../../content/generatorFingerprint';
import { createValidatorCodeRepository } from '../repositories/validatorCodeRepository';
import { sampleProspects } from '../studio/breaking';
import type { BaseVersion } from '../studio/studioTasks';
import { createStudioWorkerPool } from '../studio/studioWorkerPool';

/** The same lock as the import of schemas/ at start-up: one new version at a time. */
const PUBLISH_LOCK = 72_001;

const version = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
/** Paths and query strings are not coerced (coerceTypes is off): numbers come as digit strings. */
const versionQuery = { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } as const;
const files = { type: 'object', maxProperties: MAX_DRAFT_FILES, additionalProperties: { anyOf: [{ type: 'object' }, { type: 'null' }] } } as const;
/** The checkHash of the check the author reviewed (POST studio/check), when it found failing fixtures or breaking changes. */
const acknowledge = { type: 'string', pattern: '^[0-9a-f]{64}$' } as const;
const versionHeader = {
  type: 'object',
  properties: { version: { type: 'integer' }, author: { type: 'string' }, message: { type: 'string' }, createdAt: { type: 'string', format: 'date-time' }, contentHash: { type: 'string' } },
} as const;
const fixtureReport = {
  type: 'object',
  properties: {
    passed: { type: 'integer' },
    failed: { type: 'integer' },
    results: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
} as const;

const notFound = (n: number) => new ApiError(404, 'NotFound', [{ errorCode: 'VERSION_NOT_FOUND', message: `There is no published version ${n}`, field: 'version' }]);
const staleBase = (base: number, latest: number) =>
  new ApiError(409, 'VersionConflict', [
    { errorCode: 'STALE_BASE_VERSION', message: `Version ${latest} was published after version ${base}, which this draft is based on. Reload, re-apply your changes and check again.`, field: 'baseVersion' },
  ]);
const problemsError = (problems: Problem[]) =>
  new ApiError(
    400,
    'FieldsValidation',
    problems.map((p) => ({ errorCode: 'SCHEMA_PROBLEM', message: p.message, field: `files.${p.path}${p.pointer ? `#${p.pointer}` : ''}` })),
  );

/**
 * 409 of a submission or an approval of a draft the check refuses: one item per problem, naming the file and where
 * (as the check does).
 */
const blockingProblems = (problems: Problem[], action: 'submit' | 'approve') =>
  new ApiError(
    409,
    'DraftHasProblems',
    problems.map((p) => ({
      errorCode: 'BLOCKING_PROBLEM',
      message:
        action === 'submit'
          ? `Cannot submit for review while the check finds this problem (fix it first): ${p.message}`
          : `Cannot approve while the check finds this problem (the author fixes it first): ${p.message}`,
      field: `files.${p.path}${p.pointer ? `#${p.pointer}` : ''}`,
    })),
  );

/**
 * The schema studio's API (product staff only): published versions, diffs, checking a draft (problems,
 * fixtures, saved prospects it would break), publishing, rolling back, running fixtures, and the audit trail.
 * A draft is the changed files laid over a published version; a publication is a new immutable version that
 * every server process serves at once (the content store reads the latest version on every call).
 */
const studioRoutes: FastifyPluginAsync = async (app) => {
  const versions = createSchemaVersionRepository();
  const studio = createStudioRepository();
  const drafts = createDraftRepository();
  const { db } = app.database;
  // The CPU work (compiling drafts, running fixtures, generating code, linting) runs in a worker thread.
  const worker = createStudioWorkerPool(app.log);
  app.addHook('onClose', () => worker.close());
  // The worker thread starts with a product user's first studio call, so their first check does not wait for it.
  const warmWorker = async () => worker.warm();
  const guard = { onRequest: [app.authenticate, app.requireRole('product'), warmWorker] };

  const codeRepo = createValidatorCodeRepository();

  async function loadVersion(n: number): Promise<{ files: ContentFiles; base: () => Promise<BaseVersion> }> {
    const row = await versions.get(db, n);
    if (!row) throw notFound(n);
    return {
      files: row.content,
      // The version as the worker needs it: with the server's generated code when this process or the database has
      // it (the worker then compiles nothing for it).
      async base() {
        const current = await app.contentStore.current();
        if (current.number === n) return { files: row.content, serverCode: current.validator.serverCode() };
        const cached = compiledByHash(row.contentHash);
        if (cached) return { files: row.content, serverCode: cached.validator.serverCode() };
        const { server } = await codeRepo.get(db, row.contentHash, generatorFingerprint(), ['server']);
        return server === undefined ? { files: row.content } : { files: row.content, serverCode: server };
      },
    };
  }

  const gate = async (baseVersion: number, changes: Record<string, unknown>, sample: number, step?: string, withCode = false) => {
    const base = await loadVersion(baseVersion);
    const rows = await sampleProspects(db, sample);
    return worker.run({ kind: 'gate', baseVersion, base: await base.base(), changes, sample, rows, fixturesDir: app.config.studio.fixturesDir, withCode, ...(step ? { step } : {}) });
  };

  app.get('/studio/versions', { ...guard, schema: { response: { 200: { type: 'object', properties: { versions: { type: 'array', items: versionHeader } } } } } }, async () => ({
    versions: await studio.listVersions(db),
  }));

  app.get<{ Params: { version: string } }>(
    '/studio/versions/:version',
    {
      ...guard,
      schema: {
        params: { type: 'object', required: ['version'], properties: { version: versionQuery } },
        response: { 200: { ...versionHeader, properties: { ...versionHeader.properties, files: { type: 'object', additionalProperties: true } } } },
      },
    },
    async (request) => {
      const n = Number(request.params.version);
      const row = await versions.get(db, n);
      if (!row) throw notFound(n);
      const { content, ...header } = row;
      return { ...header, files: content };
    },
  );

  app.get<{ Querystring: { from: string; to: string } }>(
    '/studio/diff',
    { ...guard, schema: { querystring: { type: 'object', required: ['from', 'to'], additionalProperties: false, properties: { from: versionQuery, to: versionQuery } } } },
    async (request) => {
      const [from, to] = [Number(request.query.from), Number(request.query.to)];
      const [a, b] = await Promise.all([versions.get(db, from), versions.get(db, to)]);
      if (!a) throw notFound(from);
      if (!b) throw notFound(to);
      const files = diffContent(a.content, b.content);
      return { from, to, files, changes: describeDiff(a.content, b.content, files, localeOf(request)) };
    },
  );

  app.post<{ Body: { baseVersion: number; files: Record<string, unknown>; sample?: number; step?: string } }>(
    '/studio/check',
    {
      ...guard,
      schema: {
        body: {
          type: 'object',
          required: ['baseVersion', 'files'],
          additionalProperties: false,
          properties: { baseVersion: version, files, sample: { type: 'integer', minimum: 1, maximum: 10_000 }, step: { type: 'string', pattern: '^[A-Za-z0-9]{1,60}$' } },
        },
      },
    },
    async (request) => {
      const { baseVersion, files: changes, sample = app.config.studio.sampleSize, step } = request.body;
      const report = await gate(baseVersion, changes, sample, step);
      await studio.record(db, request.principal!, 'check', {
        baseVersion,
        files: Object.keys(changes),
        problems: report.problems.length,
        fixturesFailed: report.fixtures.failed,
        newlyFailing: report.breaking.newlyFailing,
      });
      // latestVersion lets the studio warn before publishing that the base is stale (publish would answer 409).
      const latest = await versions.latestHeader(db);
      const { draft: _draft, code: _code, localizedCode: _localizedCode, serverCodeCache: _serverCodeCache, draftHash: _draftHash, baseHash: _baseHash, ...answer } = report;
      return { ...answer, latestVersion: latest?.version ?? baseVersion };
    },
  );

  // ---- Drafts on the server, review (four eyes), publication of an approved draft, rollback as a draft. ----

  const draftNotFound = () => new ApiError(404, 'NotFound', [{ errorCode: 'DRAFT_NOT_FOUND', message: 'There is no such draft', field: 'id' }]);
  const draftChanged = (row: { revision: number; updated_by_name: string }) =>
    new ApiError(409, 'DraftConflict', [
      { errorCode: 'DRAFT_CHANGED', message: `${row.updated_by_name} saved this draft meanwhile (revision ${row.revision}). Reload it to see their changes, then edit again.`, field: 'revision' },
    ]);
  const closed = (status: string) => new ApiError(409, 'DraftClosed', [{ errorCode: 'DRAFT_CLOSED', message: `The draft is ${status}: it can no longer change`, field: 'id' }]);
  const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } } as const;
  const revision = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
  const comment = { type: 'string', maxLength: 2000 } as const;
  const draftName = { type: 'string', minLength: 1, maxLength: 120, pattern: '\\S' } as const;

  async function loadDraft(id: string) {
    const row = await drafts.get(db, id);
    if (!row) throw draftNotFound();
    return row;
  }
  /** What in a stored draft blocks its publication (the check's problems), checked by the worker. */
  async function blockingProblemsOf(row: { base_version: number; files: Record<string, unknown> }): Promise<Problem[]> {
    const base = await (await loadVersion(row.base_version)).base();
    return worker.run({ kind: 'problems', base, changes: row.files });
  }
  const openDraft = (row: { status: string }) => {
    if (row.status === 'published' || row.status === 'discarded') throw closed(row.status);
  };
  const sameRevision = (row: { revision: number; updated_by_name: string }, expected: number) => {
    if (row.revision !== expected) throw draftChanged(row);
  };
  /** The draft against its base version in plain language (what the reviewer reads). */
  async function readableChanges(baseVersion: number, changes: Record<string, unknown>, locale: Locale = 'en') {
    const base = await loadVersion(baseVersion);
    const { files: merged } = mergeDraft(base.files, changes);
    const files = diffContent(base.files, merged);
    return { files, changes: describeDiff(base.files, merged, files, locale) };
  }
  async function draftAnswer(row: Parameters<typeof view>[0], principal: Principal) {
    const latest = await versions.latestHeader(db);
    return { ...view(row, principal.sub), files: row.files, events: await drafts.events(db, row.id), latestVersion: latest?.version ?? row.base_version };
  }

  app.get<{ Querystring: { all?: string } }>(
    '/studio/drafts',
    { ...guard, schema: { querystring: { type: 'object', additionalProperties: false, properties: { all: { type: 'string', enum: ['true', 'false'] } } } } },
    async (request) => ({ drafts: (await drafts.list(db, request.query.all === 'true')).map((r) => view(r, request.principal!.sub)) }),
  );

  app.post<{ Body: { name: string; baseVersion?: number; files?: Record<string, unknown> } }>(
    '/studio/drafts',
    { ...guard, schema: { body: { type: 'object', required: ['name'], additionalProperties: false, properties: { name: draftName, baseVersion: version, files } } } },
    async (request, reply) => {
      const baseVersion = request.body.baseVersion ?? (await versions.latestHeader(db))!.version;
      await loadVersion(baseVersion);
      const row = await drafts.create(db, request.principal!, { name: request.body.name.trim(), baseVersion, files: request.body.files ?? {} });
      await studio.record(db, request.principal!, 'draft.create', { draft: row.id, name: row.name, baseVersion });
      return reply.code(201).send(await draftAnswer(row, request.principal!));
    },
  );

  app.get<{ Params: { id: string } }>('/studio/drafts/:id', { ...guard, schema: { params: idParams } }, async (request) => draftAnswer(await loadDraft(request.params.id), request.principal!));

  app.get<{ Params: { id: string } }>('/studio/drafts/:id/diff', { ...guard, schema: { params: idParams } }, async (request) => {
    const row = await loadDraft(request.params.id);
    return { baseVersion: row.base_version, ...(await readableChanges(row.base_version, row.files, localeOf(request))) };
  });

  // Autosave: the draft's changed files (and name), refused with 409 when a colleague saved since `revision`.
  // Any edit voids a review or an approval: the draft goes back to "draft".
  app.put<{ Params: { id: string }; Body: { revision: number; files?: Record<string, unknown>; name?: string } }>(
    '/studio/drafts/:id',
    { ...guard, schema: { params: idParams, body: { type: 'object', required: ['revision'], additionalProperties: false, properties: { revision, files, name: draftName } } } },
    async (request) => {
      const row = await loadDraft(request.params.id);
      openDraft(row);
      sameRevision(row, request.body.revision);
      const saved = await drafts.save(db, row.id, row.revision, request.principal!, { ...(request.body.files ? { files: request.body.files } : {}), ...(request.body.name ? { name: request.body.name.trim() } : {}), status: 'draft' });
      if (!saved) throw draftChanged((await loadDraft(row.id)));
      if (row.status === 'approved' || row.status === 'in_review') await drafts.event(db, row.id, request.principal!, row.status === 'approved' ? 'approval voided by an edit' : 'review withdrawn by an edit', null, saved.revision);
      return draftAnswer(saved, request.principal!);
    },
  );

  app.post<{ Params: { id: string }; Body: { revision: number } }>(
    '/studio/drafts/:id/discard',
    { ...guard, schema: { params: idParams, body: { type: 'object', required: ['revision'], additionalProperties: false, properties: { revision } } } },
    async (request) => {
      const row = await loadDraft(request.params.id);
      openDraft(row);
      sameRevision(row, request.body.revision);
      const done = await drafts.setStatus(db, row.id, 'discarded');
      await drafts.event(db, row.id, request.principal!, 'discarded', null, row.revision);
      await studio.record(db, request.principal!, 'draft.discard', { draft: row.id, name: row.name });
      return draftAnswer(done, request.principal!);
    },
  );

  /** The whole server check of a draft as stored (what the reviewer confirms by its checkHash). */
  async function checkStoredDraft(row: { base_version: number; files: Record<string, unknown> }, withCode = false) {
    const report = await gate(row.base_version, row.files, app.config.studio.sampleSize, undefined, withCode);
    const { draft: _draft, code: _code, localizedCode: _localizedCode, draftHash: _draftHash, baseHash: _baseHash, ...answer } = report;
    return { report, answer };
  }

  app.post<{ Params: { id: string } }>('/studio/drafts/:id/check', { ...guard, schema: { params: idParams } }, async (request) => {
    const row = await loadDraft(request.params.id);
    const { answer } = await checkStoredDraft(row);
    await studio.record(db, request.principal!, 'check', { draft: row.id, baseVersion: row.base_version, files: Object.keys(row.files), problems: answer.problems.length, fixturesFailed: answer.fixtures.failed, newlyFailing: answer.breaking.newlyFailing });
    const latest = await versions.latestHeader(db);
    return { ...answer, revision: row.revision, latestVersion: latest?.version ?? row.base_version, diff: (await readableChanges(row.base_version, row.files, localeOf(request))).changes };
  });

  app.post<{ Params: { id: string }; Body: { revision: number; comment?: string } }>(
    '/studio/drafts/:id/submit',
    { ...guard, schema: { params: idParams, body: { type: 'object', required: ['revision'], additionalProperties: false, properties: { revision, comment } } } },
    async (request) => {
      const row = await loadDraft(request.params.id);
      openDraft(row);
      sameRevision(row, request.body.revision);
      if (row.status !== 'draft' && row.status !== 'changes_requested') {
        throw new ApiError(409, 'ReviewState', [{ errorCode: 'ALREADY_SUBMITTED', message: `The draft is already ${row.status === 'approved' ? 'approved' : 'waiting for review'}`, field: 'id' }]);
      }
      if (Object.keys(row.files).length === 0) throw new ApiError(400, 'FieldsValidation', [{ errorCode: 'NO_CHANGES', message: 'The draft has no changes: nothing to review', field: 'files' }]);
      // What blocks an approval blocks the submission: a reviewer is not asked to review what cannot be approved.
      const problems = await blockingProblemsOf(row);
      if (problems.length) throw blockingProblems(problems, 'submit');
      const done = await drafts.setStatus(db, row.id, 'in_review');
      await drafts.event(db, row.id, request.principal!, 'submitted for review', request.body.comment?.trim() || null, row.revision);
      await studio.record(db, request.principal!, 'draft.submit', { draft: row.id, name: row.name, revision: row.revision });
      return draftAnswer(done, request.principal!);
    },
  );

  // Four eyes: another product user approves the draft (as it is at `revision`) or asks for changes with a
  // comment. An approval of a draft whose check needs acknowledging carries that check's hash.
  app.post<{ Params: { id: string }; Body: { revision: number; decision: 'approve' | 'request_changes'; comment?: string; acknowledge?: string } }>(
    '/studio/drafts/:id/review',
    {
      ...guard,
      schema: {
        params: idParams,
        body: { type: 'object', required: ['revision', 'decision'], additionalProperties: false, properties: { revision, decision: { type: 'string', enum: ['approve', 'request_changes'] }, comment, acknowledge } },
      },
    },
    async (request) => {
      const principal = request.principal!;
      const { decision, acknowledge: acknowledged } = request.body;
      const text = request.body.comment?.trim() || null;
      const row = await loadDraft(request.params.id);
      openDraft(row);
      if (row.author_sub === principal.sub) {
        throw new ApiError(403, 'Forbidden', [{ errorCode: 'OWN_DRAFT', message: 'You wrote this draft: another product user must review it', field: 'id' }]);
      }
      sameRevision(row, request.body.revision);
      // An approved draft can be reviewed again (to confirm a newer check result, or to take the approval back).
      if (row.status !== 'in_review' && row.status !== 'approved') {
        throw new ApiError(409, 'ReviewState', [{ errorCode: 'NOT_IN_REVIEW', message: 'The draft is not waiting for review: its author submits it first', field: 'id' }]);
      }
      if (decision === 'request_changes' && !text) throw new ApiError(400, 'FieldsValidation', [{ errorCode: 'COMMENT_REQUIRED', message: 'Say what should change', field: 'comment' }]);
      // A draft the publication would refuse cannot be approved: the server checks the draft as stored for what
      // blocks a publication (the revision is checked again under the lock below, so the approval is of this very
      // content; failing fixtures and broken applications are the acknowledgement's business, not a refusal).
      if (decision === 'approve') {
        const problems = await blockingProblemsOf(row);
        if (problems.length) throw blockingProblems(problems, 'approve');
      }
      const done = await db.transaction().execute(async (trx) => {
        const locked = await drafts.lock(trx, row.id);
        if (!locked || locked.revision !== row.revision || locked.status !== row.status) throw draftChanged(locked ?? row);
        const next =
          decision === 'approve'
            ? await drafts.setStatus(trx, row.id, 'approved', { approved_by_sub: principal.sub, approved_by_name: actorName(principal), approved_revision: row.revision, acknowledged_hash: acknowledged ?? null })
            : await drafts.setStatus(trx, row.id, 'changes_requested');
        await drafts.event(trx, row.id, principal, decision === 'approve' ? (acknowledged ? 'approved, confirming the check result' : 'approved') : 'requested changes', text, row.revision);
        return next;
      });
      await studio.record(db, principal, decision === 'approve' ? 'draft.approve' : 'draft.request_changes', { draft: row.id, name: row.name, revision: row.revision, ...(text ? { comment: text } : {}) });
      return draftAnswer(done, request.principal!);
    },
  );

  // Publication: only an approved draft, unchanged since, by someone other than its author, on the latest
  // version; the server runs the whole check again and refuses problems, and breaking changes or failing
  // fixtures unless the approver confirmed this very check result.
  app.post<{ Params: { id: string }; Body: { message?: string } }>(
    '/studio/drafts/:id/publish',
    {
      ...guard,
      schema: {
        params: idParams,
        body: { type: 'object', additionalProperties: false, properties: { message: { type: 'string', maxLength: 500 } } },
        response: { 201: { type: 'object', properties: { version: { type: 'integer' }, draft: { type: 'object', additionalProperties: true } } } },
      },
    },
    async (request, reply) => {
      const principal = request.principal!;
      const row = await loadDraft(request.params.id);
      openDraft(row);
      if (row.status !== 'approved' || row.approved_revision !== row.revision) {
        throw new ApiError(409, 'NotApproved', [{ errorCode: 'NOT_APPROVED', message: 'Only an approved draft can be published: submit it for review and have another product user approve it', field: 'id' }]);
      }
      if (row.author_sub === principal.sub) {
        throw new ApiError(403, 'Forbidden', [{ errorCode: 'OWN_DRAFT', message: 'You wrote this draft: the colleague who reviewed it publishes it', field: 'id' }]);
      }
      const latest = await versions.latestHeader(db);
      if (latest && latest.version !== row.base_version) throw staleBase(row.base_version, latest.version);
      // The check also answers the draft's generated validator code, stored with the version below, so that no
      // server (this one included) generates it on the event loop when it loads the new version.
      const { report } = await checkStoredDraft(row, true);
      if (report.draft.problems.length) throw problemsError(report.draft.problems);
      requireAcknowledgement(report, row.acknowledged_hash ?? undefined);
      const hash = report.draftHash;
      if (hash === report.baseHash) {
        throw new ApiError(400, 'FieldsValidation', [{ errorCode: 'NO_CHANGES', message: `The draft is the same as version ${row.base_version}: nothing to publish`, field: 'files' }]);
      }
      const message = request.body.message?.trim() || (row.kind === 'rollback' ? `Rollback to version ${row.rollback_to}` : row.name);
      // The draft's generated code, stored by content hash before the version (outside its transaction, which
      // other requests' statements would wait for): every server loading the version reads it instead of generating
      // it. Should the publication then fail, the rows serve the next attempt at the same content.
      if (report.code) await codeRepo.put(db, hash, generatorFingerprint(), report.code);
      // The version's files too, in parts (migrations/026): the transaction then holds only short statements. A
      // refused or failed transaction leaves them to no version; they are removed.
      const content = await versions.storeContent(db, report.draft.files);
      const published = await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${PUBLISH_LOCK})`.execute(trx);
        const locked = await drafts.lock(trx, row.id);
        if (!locked || locked.revision !== row.revision || locked.status !== 'approved') throw draftChanged(locked ?? row);
        const now = await versions.latestHeader(trx);
        if (now && now.version !== row.base_version) throw staleBase(row.base_version, now.version);
        const n = await versions.append(trx, { content, contentHash: hash, author: row.author_name, message });
        const done = await drafts.setStatus(trx, row.id, 'published', { published_version: n });
        await drafts.event(trx, row.id, principal, `published as version ${n}`, null, row.revision);
        const detail = { version: n, baseVersion: row.base_version, message, files: Object.keys(row.files).sort(), contentHash: hash, draft: row.id, author: row.author_name, approvedBy: row.approved_by_name };
        if (row.kind === 'rollback') await studio.record(trx, principal, 'rollback', { ...detail, toVersion: row.rollback_to, fromVersion: row.base_version });
        else await studio.record(trx, principal, 'publish', detail);
        return { n, done };
      }).catch(async (error: unknown) => {
        await versions.discardContent(db, content).catch((failure: unknown) => request.log.warn({ err: failure }, 'could not remove the files of a failed publication'));
        throw error;
      });
      // This process at once (with the code just generated), the others on the notification (reading it stored).
      for (const variant of report.localizedCode ?? []) handOverValidatorCode(variant.contentHash, variant.code);
      await app.contentStore.refresh(report.code ? { contentHash: hash, code: report.code, files: report.draft.files, ...(report.serverCodeCache ? { serverCodeCache: report.serverCodeCache } : {}) } : undefined);
      request.log.info({ version: published.n, baseVersion: row.base_version, draft: row.id }, 'content version published');
      return reply.code(201).send({ version: published.n, draft: await draftAnswer(published.done, request.principal!) });
    },
  );

  // Rebase: the draft's own changes merged onto the latest version per JSON value (three-way); conflicting
  // values are reported per field until `resolve` says which side to keep ("file#pointer": draft | latest).
  app.post<{ Params: { id: string }; Body: { revision: number; resolve?: Record<string, 'draft' | 'latest'> } }>(
    '/studio/drafts/:id/rebase',
    {
      ...guard,
      schema: {
        params: idParams,
        body: { type: 'object', required: ['revision'], additionalProperties: false, properties: { revision, resolve: { type: 'object', maxProperties: 500, additionalProperties: { type: 'string', enum: ['draft', 'latest'] } } } },
      },
    },
    async (request, reply) => {
      const row = await loadDraft(request.params.id);
      openDraft(row);
      sameRevision(row, request.body.revision);
      const latest = (await versions.latestHeader(db))!;
      if (latest.version === row.base_version) return reply.send(await draftAnswer(row, request.principal!));
      const [base, now] = await Promise.all([loadVersion(row.base_version), loadVersion(latest.version)]);
      const merged = rebaseDraft(base.files, now.files, row.files, request.body.resolve ?? {});
      if (merged.conflicts.length) {
        // The one error shape; each conflict's item carries where it is and the three values.
        return reply.code(409).send({
          errorType: 'RebaseConflict',
          errors: merged.conflicts.map((c) => ({ errorCode: 'MERGE_CONFLICT', message: `${c.label}: changed in this draft and in version ${latest.version}`, field: conflictKey(c.path, c.pointer), ...c })),
        });
      }
      const saved = await drafts.save(db, row.id, row.revision, request.principal!, { files: merged.files, baseVersion: latest.version, status: 'draft' });
      if (!saved) throw draftChanged(await loadDraft(row.id));
      await drafts.event(db, row.id, request.principal!, `rebased from version ${row.base_version} onto version ${latest.version}`, null, saved.revision);
      return reply.send(await draftAnswer(saved, request.principal!));
    },
  );

  // A rollback is a publication like any other: a draft whose content is the old version, laid over the
  // latest, checked against saved applications (which would fail, which hold fields the old version lacks)
  // and reviewed. `check: true` only reports that check.
  app.post<{ Body: { toVersion: number; name?: string; check?: boolean } }>(
    '/studio/rollback',
    {
      ...guard,
      schema: {
        body: { type: 'object', required: ['toVersion'], additionalProperties: false, properties: { toVersion: version, name: draftName, check: { type: 'boolean' } } },
      },
    },
    async (request, reply) => {
      const { toVersion } = request.body;
      const target = await versions.get(db, toVersion);
      if (!target) throw notFound(toVersion);
      const latestNow = (await versions.latestHeader(db))!;
      if (latestNow.version === toVersion) {
        throw new ApiError(400, 'FieldsValidation', [{ errorCode: 'ALREADY_LATEST', message: `Version ${toVersion} is already the latest version`, field: 'toVersion' }]);
      }
      const current = await loadVersion(latestNow.version);
      const changes: Record<string, unknown> = {};
      for (const [path, value] of Object.entries(target.content)) if (canonicalJson(current.files[path]) !== canonicalJson(value)) changes[path] = value;
      for (const path of Object.keys(current.files)) if (!(path in target.content)) changes[path] = null;
      const report = await gate(latestNow.version, changes, app.config.studio.sampleSize);
      const { draft: _draft, code: _code, localizedCode: _localizedCode, draftHash: _draftHash, baseHash: _baseHash, ...answer } = report;
      if (request.body.check) return reply.code(200).send({ ...answer, latestVersion: latestNow.version });
      const row = await drafts.create(db, request.principal!, { name: request.body.name?.trim() || `Rollback to version ${toVersion}`, baseVersion: latestNow.version, files: changes, kind: 'rollback', rollbackTo: toVersion });
      await studio.record(db, request.principal!, 'draft.create', { draft: row.id, name: row.name, baseVersion: latestNow.version, rollbackTo: toVersion });
      return reply.code(201).send({ draft: await draftAnswer(row, request.principal!), check: { ...answer, latestVersion: latestNow.version } });
    },
  );

  app.post<{ Body: { fixtures: unknown; baseVersion?: number; files?: Record<string, unknown>; fileName?: string } }>(
    '/studio/fixtures/run',
    {
      ...guard,
      schema: {
        body: {
          type: 'object',
          required: ['fixtures'],
          additionalProperties: false,
          properties: {
            fixtures: {},
            baseVersion: version,
            files,
            fileName: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_./-]+$' },
          },
        },
        response: { 200: fixtureReport },
      },
    },
    async (request) => {
      const { fixtures: json, baseVersion, files: changes, fileName = 'fixture.json' } = request.body;
      const { fixtures, errors } = fixtureFileErrors(json);
      if (errors.length) throw new ApiError(400, 'FieldsValidation', errors.map((e) => ({ errorCode: 'INVALID_FIXTURE', ...e })));
      const edited = changes !== undefined && Object.keys(changes).length > 0;
      const version = baseVersion ?? (edited ? (await versions.latestHeader(db))!.version : (await app.contentStore.current()).number);
      const base = await (await loadVersion(version)).base();
      const answer = await worker.run({ kind: 'fixtures', base, ...(edited ? { changes } : {}), file: fileName, fixtures });
      if ('problems' in answer) throw problemsError(answer.problems);
      return answer.report;
    },
  );

  app.get<{ Querystring: { limit?: string } }>(
    '/studio/audit',
    {
      ...guard,
      schema: {
        querystring: { type: 'object', additionalProperties: false, properties: { limit: { type: 'string', pattern: '^([1-9][0-9]?|[1-4][0-9]{2}|500)$' } } },
        response: {
          200: {
            type: 'object',
            properties: {
              entries: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { at: { type: 'string', format: 'date-time' }, actor: { type: 'string' }, action: { type: 'string' }, detail: { type: 'object', additionalProperties: true } },
                },
              },
            },
          },
        },
      },
    },
    async (request) => ({ entries: await studio.audit(db, Number(request.query.limit ?? 50)) }),
  );

  // ---- What the editor needs from the server: the browser compiles no schema (the CSP has no 'unsafe-eval'). ----

  const stepName = { type: 'string', pattern: '^[A-Za-z0-9]{1,60}$' } as const;
  const contentPath = { type: 'string', maxLength: 200, pattern: CONTENT_PATH.source } as const;

  /**
   * POST /api/studio/preview { baseVersion, files, step, locale? }: the validators of one step of a draft (the
   * published version with the changed files laid over it), generated like a published version's and served as a
   * module at the returned address (GET /api/validators/drafts/{token}.js), which the preview imports. In a locale
   * other than English, the draft's catalogue (its i18n/<locale>.json) is laid over the files first, as the config
   * endpoint does for a request in that language (localizeFiles): the messages are the applicant's in that
   * language. 400 with the reason when the draft does not build or the step's schema does not compile.
   */
  const previewTokens = new Map<string, string>();
  app.post<{ Body: { baseVersion: number; files: Record<string, unknown>; step: string; locale?: Locale } }>(
    '/studio/preview',
    {
      ...guard,
      schema: {
        body: { type: 'object', required: ['baseVersion', 'files', 'step'], additionalProperties: false, properties: { baseVersion: version, files, step: stepName, locale: { type: 'string', enum: [...LOCALES] } } },
      },
    },
    async (request) => {
      const { baseVersion, files: changes, step, locale = 'en' } = request.body;
      const base = await loadVersion(baseVersion);
      const { files: draftFiles, problems } = mergeDraft(base.files, changes);
      if (problems.length) throw problemsError(problems);
      const merged = localizeFiles(draftFiles, locale);
      const key = `${contentHash(merged)}/${step}`;
      const known = previewTokens.get(key);
      if (known && app.previewModules.get(known)) return { module: `/api/validators/drafts/${known}.js` };
      const generated = await worker.run({ kind: 'stepCode', files: merged, step });
      if ('error' in generated) throw new ApiError(400, 'FieldsValidation', [{ errorCode: 'SCHEMA_PROBLEM', message: generated.error, field: 'files' }]);
      const token = app.previewModules.add(await validatorModule(generated.code));
      if (previewTokens.size >= 200) previewTokens.clear();
      previewTokens.set(key, token);
      return { module: `/api/validators/drafts/${token}.js` };
    },
  );

  /**
   * POST /api/studio/lint { baseVersion, files, path, text }: the editor's lint of one schema file as typed (JSON
   * syntax, the draft-07 meta-schema, the project's keywords, a compile), with the other changed files laid over the
   * base version, by the same function the editor used to run itself (lintContentFile).
   */
  app.post<{ Body: { baseVersion: number; files: Record<string, unknown>; path: string; text: string } }>(
    '/studio/lint',
    {
      ...guard,
      schema: { body: { type: 'object', required: ['baseVersion', 'files', 'path', 'text'], additionalProperties: false, properties: { baseVersion: version, files, path: contentPath, text: { type: 'string', maxLength: 1_000_000 } } } },
    },
    async (request) => {
      const { baseVersion, files: changes, path, text } = request.body;
      const base = await loadVersion(baseVersion);
      const { files: merged } = mergeDraft(base.files, changes);
      const parsed = parseJson(text).value;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) merged[path] = parsed;
      return { diagnostics: await worker.run({ kind: 'lint', path, text, files: merged }) };
    },
  );
};

export default studioRoutes;
