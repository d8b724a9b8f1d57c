import { localeOf } from '../i18n/requestLocale';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError } from '../plugins/app/errors';
import { readCompletedSteps } from '../prospects/completedSteps';
import { hideAgentOnly, isAgent } from '../prospects/agentOnly';
import { canAccess } from '../prospects/prospectAccess';
import { createProspectCache } from '../prospects/prospectCache';
import { createProspectService } from '../prospects/prospectService';
import type { SaveInput } from '../prospects/saveProspect';
import { createProspectRepository, type ProspectRow, StaleRowError } from '../repositories/prospectRepository';
import type { Principal } from '../security/principal';
import { RETURN_MINIMAL, sectionChanges } from '../../shared/minimalAnswer';

type Obj = Record<string, unknown>;

const invalidProspect = () => new ApiError(404, 'ProspectError', [{ errorCode: '12002', message: 'Invalid Prospect ID' }]);

const prospectParams = {
  type: 'object',
  required: ['userType', 'prospectId'],
  properties: { userType: { type: 'string', enum: ['sme'] }, prospectId: { type: 'string', pattern: '^[A-Z0-9-]{4,40}$' } },
} as const;

const prospectAnswer = {
  type: 'object',
  properties: {
    prospectId: { type: 'string' },
    version: { type: 'integer' },
    status: { type: 'string' },
    validRoCode: { type: 'string' },
    schemaVersion: { type: 'integer' },
    prospect: { type: 'object', additionalProperties: true },
    removedSections: { type: 'array', items: { type: 'string' } },
    completedSteps: { type: 'array', items: { type: 'object', additionalProperties: true } },
    accountInfo: { type: 'array', items: { type: 'object', additionalProperties: true } },
    preScreening: { type: 'object', additionalProperties: true },
  },
} as const;

/**
 * Prospects (applications): create, read, update with saveType/actionType/step, and the applicant's own list.
 * The routes parse and answer; src/server/prospects/prospectService.ts decides (write policy, field ownership,
 * validation) and writes, one transaction per call with its audit row.
 */
const prospectRoutes: FastifyPluginAsync = async (app) => {
  const repo = createProspectRepository();
  const service = createProspectService(app);
  // The rows this process wrote last: a save of the version it names skips the read (prospectCache.ts).
  const cache = createProspectCache();

  async function load(request: FastifyRequest, id: string): Promise<ProspectRow> {
    const row = await repo.findById(app.database.db, id);
    if (!row || !canAccess(request, row)) throw invalidProspect();
    return row;
  }

  const visibleTo = (viewer: Principal | undefined, document: Obj) => (isAgent(viewer) ? document : hideAgentOnly(document));

  /**
   * The answer for one viewer: customers never see the agents' annexure and ping details. `minimal` (a save
   * asked for `Prefer: return=minimal`): only the sections that differ from the caller's copy (minimalAnswer.ts).
   */
  function present(row: ProspectRow, schemaVersion: number | undefined, viewer: Principal | undefined, minimal?: { sent: Obj; before: Obj }) {
    const visible = visibleTo(viewer, row.document);
    return {
      prospectId: row.id,
      version: row.version,
      status: row.status,
      ...(schemaVersion ? { schemaVersion } : {}),
      ...(minimal ? sectionChanges(visible, minimal.sent, visibleTo(viewer, minimal.before)) : { prospect: visible }),
      completedSteps: readCompletedSteps(row.document),
      accountInfo: (row.document.accountInfo as Obj[] | undefined) ?? [],
    };
  }

  /** Whether a request asked for the short answer (RFC 7240 Prefer, possibly among other preferences). */
  const prefersMinimal = (request: FastifyRequest) =>
    String(request.headers.prefer ?? '')
      .split(/[,;]/)
      .some((p) => p.trim().toLowerCase() === RETURN_MINIMAL);

  app.post<{ Params: { userType: string }; Body: Obj }>(
    '/usertypes/:userType/prospects',
    {
      onRequest: [app.authenticate, app.requireRole('customer', 'agent')],
      schema: {
        params: { type: 'object', required: ['userType'], properties: { userType: { type: 'string', enum: ['sme'] } } },
        body: { type: 'object', maxProperties: 40 },
        response: { 201: prospectAnswer },
      },
    },
    async (request, reply) => {
      const { row, validRoCode, contentNumber, validated } = await service.create(request.principal!, request.body, request.ip, undefined, localeOf(request));
      cache.remember(row, validated);
      return reply.code(201).send({ ...present(row, contentNumber, request.principal), validRoCode });
    },
  );

  app.get<{ Params: { userType: string; prospectId: string } }>(
    '/usertypes/:userType/prospects/:prospectId',
    { onRequest: [app.authenticate, app.requireRole('customer', 'agent')], schema: { params: prospectParams, response: { 200: prospectAnswer } } },
    async (request) => present(await load(request, request.params.prospectId), undefined, request.principal),
  );

  app.get(
    '/usertypes/sme/prospects',
    {
      onRequest: [app.authenticate, app.requireRole('customer')],
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { applications: { type: 'array', items: { type: 'object', additionalProperties: true } } },
          },
        },
      },
    },
    async (request) => {
      const p = request.principal!;
      const applications = await repo.listByOwner(app.database.db, { countryCode: p.countryCode!, mobile: p.mobile!, email: p.email! });
      return { applications };
    },
  );

  app.put<{
    Params: { userType: string; prospectId: string };
    Body: SaveInput;
  }>(
    '/usertypes/:userType/prospects/:prospectId',
    {
      onRequest: [app.authenticate, app.requireRole('customer', 'agent')],
      schema: {
        params: prospectParams,
        body: {
          type: 'object',
          required: ['prospect', 'saveType', 'version'],
          additionalProperties: false,
          properties: {
            prospect: { type: 'object', maxProperties: 40 },
            saveType: { type: 'string', enum: ['save', 'submit', 'auto'] },
            actionType: { type: 'string', enum: ['continue', 'next'] },
            step: { type: 'string', pattern: '^[A-Za-z0-9]{1,60}$' },
            signatoryIndex: { type: 'integer', minimum: 0, maximum: 49 },
            version: { type: 'integer', minimum: 1, maximum: 2_147_483_646 }, // the stored version is a 32-bit integer; a save writes version + 1
          },
        },
        response: { 200: prospectAnswer },
      },
    },
    async (request, reply) => {
      const id = request.params.prospectId;
      const principal = request.principal!;
      let before: ProspectRow | undefined;
      const save = async () => {
        // The row this process wrote last, when the save names its version. If anything wrote the row since, the
        // write refuses it (StaleRowError), or a refusal (4xx) found it changed, and the save is made again from
        // the stored row: the answer is always the one the stored row gives.
        const cached = cache.at(id, request.body.version);
        if (cached && canAccess(request, cached.row)) {
          try {
            before = cached.row;
            return await service.save(principal, cached.row, request.body, { expectedXmin: cached.row.xmin, ...(cached.validated ? { validated: cached.validated } : {}) }, localeOf(request));
          } catch (error) {
            const stale = error instanceof StaleRowError || (error instanceof ApiError && (await repo.currentXmin(app.database.db, id)) !== cached.row.xmin);
            if (!stale) throw error;
            cache.forget(id);
          }
        }
        before = await load(request, id);
        return service.save(principal, before, request.body, undefined, localeOf(request));
      };
      let saved;
      try {
        saved = await save();
      } catch (error) {
        if (error instanceof ApiError && (error.statusCode === 409 || error.statusCode === 404)) cache.forget(id);
        throw error;
      }
      cache.remember(saved.row, saved.validated);
      const minimal = prefersMinimal(request) ? { sent: request.body.prospect, before: before!.document } : undefined;
      if (minimal) reply.header('preference-applied', RETURN_MINIMAL);
      return { ...present(saved.row, saved.contentNumber, principal, minimal), ...(saved.preScreening ? { preScreening: saved.preScreening } : {}) };
    },
  );
};

export default prospectRoutes;
