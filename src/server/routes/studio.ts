import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { buildContent } from '../../content/buildContent';
import { contentHash } from '../../content/contentHash';
import type { ContentFiles } from '../../content/contentTypes';
import { ContentValidator } from '../../content/contentValidator';
import { ApiError } from '../plugins/app/errors';
import { createSchemaVersionRepository } from '../repositories/schemaVersionRepository';
import { breakingChanges, type BreakingReport } from '../studio/breaking';
import { checkDraft } from '../studio/checkDraft';
import { diffContent } from '../studio/diff';
import { MAX_DRAFT_FILES, type Problem, touchedSteps } from '../studio/draft';
import { fixtureFileErrors, loadStepFixtures, runFixtures, type FixtureReport } from '../studio/fixtureRuns';
import { actorName, createStudioRepository } from '../studio/studioRepository';

/** The same lock as the import of schemas/ at start-up: one new version at a time. */
const PUBLISH_LOCK = 72_001;

const version = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
/** Paths and query strings are not coerced (coerceTypes is off): numbers come as digit strings. */
const versionQuery = { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } as const;
const files = { type: 'object', maxProperties: MAX_DRAFT_FILES, additionalProperties: { anyOf: [{ type: 'object' }, { type: 'null' }] } } as const;
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
 * The schema studio's API (product staff only): published versions, diffs, checking a draft (problems,
 * fixtures, saved prospects it would break), publishing, rolling back, running fixtures, and the audit trail.
 * A draft is the changed files laid over a published version; a publication is a new immutable version that
 * every server process serves at once (the content store reads the latest version on every call).
 */
const studioRoutes: FastifyPluginAsync = async (app) => {
  const versions = createSchemaVersionRepository();
  const studio = createStudioRepository();
  const { db } = app.database;
  const guard = { onRequest: [app.authenticate, app.requireRole('product')] };

  /** Validators of recent versions: compiling a version takes a few seconds, checks reuse them. */
  const compiled = new Map<number, ContentValidator>();
  async function loadVersion(n: number): Promise<{ files: ContentFiles; validator: () => Promise<ContentValidator> }> {
    const row = await versions.get(db, n);
    if (!row) throw notFound(n);
    return {
      files: row.content,
      async validator() {
        const current = await app.contentStore.current();
        if (current.number === n) return current.validator;
        let v = compiled.get(n);
        if (!v) {
          v = new ContentValidator(buildContent(row.content));
          compiled.set(n, v);
          if (compiled.size > 3) compiled.delete(compiled.keys().next().value!);
        }
        return v;
      },
    };
  }

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
      return { from, to, files: diffContent(a.content, b.content) };
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
      const base = await loadVersion(baseVersion);
      const draft = await checkDraft(base.files, changes);
      let fixtures: FixtureReport = { passed: 0, failed: 0, results: [] };
      let breaking: BreakingReport = { checked: 0, newlyFailing: 0, fields: [], prospects: [] };
      if (draft.validator) {
        const touched = touchedSteps(Object.keys(changes));
        const { items, broken } = await loadStepFixtures(app.config.studio.fixturesDir, step ? [step] : touched.all ? 'all' : touched.steps);
        fixtures = runFixtures(draft.validator, items);
        fixtures = { passed: fixtures.passed, failed: fixtures.failed + broken.length, results: [...fixtures.results, ...broken] };
        breaking = await breakingChanges(db, await base.validator(), draft.validator, sample);
      }
      await studio.record(db, request.principal!, 'check', {
        baseVersion,
        files: Object.keys(changes),
        problems: draft.problems.length,
        fixturesFailed: fixtures.failed,
        newlyFailing: breaking.newlyFailing,
      });
      // latestVersion lets the studio warn before publishing that the base is stale (publish would answer 409).
      const latest = await versions.latestHeader(db);
      return { problems: draft.problems, fixtures, breaking, latestVersion: latest?.version ?? baseVersion };
    },
  );

  app.post<{ Body: { baseVersion: number; files: Record<string, unknown>; message: string } }>(
    '/studio/publish',
    {
      ...guard,
      schema: {
        body: {
          type: 'object',
          required: ['baseVersion', 'files', 'message'],
          additionalProperties: false,
          properties: { baseVersion: version, files, message: { type: 'string', minLength: 1, maxLength: 500, pattern: '\\S' } },
        },
        response: { 201: { type: 'object', properties: { version: { type: 'integer' } } } },
      },
    },
    async (request, reply) => {
      const { baseVersion, files: changes, message } = request.body;
      const latest = await versions.latestHeader(db);
      const base = await loadVersion(baseVersion);
      if (latest && latest.version !== baseVersion) throw staleBase(baseVersion, latest.version);
      const draft = await checkDraft(base.files, changes);
      if (draft.problems.length) throw problemsError(draft.problems);
      const hash = contentHash(draft.files);
      if (hash === contentHash(base.files)) {
        throw new ApiError(400, 'FieldsValidation', [{ errorCode: 'NO_CHANGES', message: `The draft is the same as version ${baseVersion}: nothing to publish`, field: 'files' }]);
      }
      const principal = request.principal!;
      const published = await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${PUBLISH_LOCK})`.execute(trx);
        const now = await versions.latestHeader(trx);
        if (now && now.version !== baseVersion) throw staleBase(baseVersion, now.version);
        const n = await versions.append(trx, { content: draft.files, contentHash: hash, author: actorName(principal), message: message.trim() });
        await studio.record(trx, principal, 'publish', { version: n, baseVersion, message: message.trim(), files: Object.keys(changes).sort(), contentHash: hash });
        return n;
      });
      request.log.info({ version: published, baseVersion }, 'content version published');
      return reply.code(201).send({ version: published });
    },
  );

  app.post<{ Body: { toVersion: number; message?: string } }>(
    '/studio/rollback',
    {
      ...guard,
      schema: {
        body: { type: 'object', required: ['toVersion'], additionalProperties: false, properties: { toVersion: version, message: { type: 'string', maxLength: 500 } } },
        response: { 201: { type: 'object', properties: { version: { type: 'integer' } } } },
      },
    },
    async (request, reply) => {
      const { toVersion } = request.body;
      const target = await versions.get(db, toVersion);
      if (!target) throw notFound(toVersion);
      const principal = request.principal!;
      const message = request.body.message?.trim() || `Rollback to version ${toVersion}`;
      const published = await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${PUBLISH_LOCK})`.execute(trx);
        const latest = await versions.latestHeader(trx);
        if (latest?.version === toVersion) {
          throw new ApiError(400, 'FieldsValidation', [{ errorCode: 'ALREADY_LATEST', message: `Version ${toVersion} is already the latest version`, field: 'toVersion' }]);
        }
        const n = await versions.append(trx, { content: target.content, contentHash: target.contentHash, author: actorName(principal), message });
        await studio.record(trx, principal, 'rollback', { version: n, toVersion, fromVersion: latest?.version, message });
        return n;
      });
      request.log.info({ version: published, toVersion }, 'content rolled back');
      return reply.code(201).send({ version: published });
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
      let validator: ContentValidator;
      if (changes && Object.keys(changes).length > 0) {
        const base = await loadVersion(baseVersion ?? (await versions.latestHeader(db))!.version);
        const draft = await checkDraft(base.files, changes);
        if (!draft.validator) throw problemsError(draft.problems);
        validator = draft.validator;
      } else if (baseVersion !== undefined) {
        validator = await (await loadVersion(baseVersion)).validator();
      } else {
        validator = (await app.contentStore.current()).validator;
      }
      return runFixtures(validator, [{ file: fileName, fixtures }]);
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
};

export default studioRoutes;
