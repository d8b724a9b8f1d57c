import { localeOf } from '../i18n/requestLocale';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError } from '../plugins/app/errors';
import { readCompletedSteps } from '../prospects/completedSteps';
import { hideAgentOnly, isAgent } from '../prospects/agentOnly';
import { canAccess } from '../prospects/prospectAccess';
import { createProspectCache } from '../prospects/prospectCache';
import { createProspectService } from '../prospects/prospectService';
import { authorizeSaveOf, type SaveInput, versionConflict } from '../prospects/saveProspect';
import { createProspectRepository, type ProspectRow, StaleRowError } from '../repositories/prospectRepository';
import { ReplayedNonceError } from '../repositories/replayNonceRepository';
import type { Principal } from '../security/principal';
import { applyPatch, PATCH_OPERATIONS, PatchError, type PatchOperation } from '../../shared/jsonPatch';
import { RETURN_MINIMAL, sectionChanges } from '../../shared/minimalAnswer';
import { applicantScreening } from '../screening/runScreening';

type Obj = Record<string, unknown>;

/** A save's body: the whole client document (`prospect`) or a JSON Patch against the stored `version`. */
type SaveBody = Omit<SaveInput, 'prospect'> & { prospect?: Obj; patch?: PatchOperation[] };
const isPlainObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

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

  /**
   * The save's whole client document: the one sent, or (a patch save) the patch applied to the caller's view of
   * the stored version the patch was made against. Its version must be the stored one (409 otherwise, as a full
   * save would get at its write); a patch that does not apply is a 400 naming the operation.
   */
  async function saveInputOf(body: SaveBody, row: ProspectRow, viewer: Principal): Promise<SaveInput> {
    const { patch, prospect, ...rest } = body;
    if (!patch) return { ...rest, prospect: prospect! };
    if (row.version !== body.version) {
      // A closed or submitted application says so first (as a whole-document save does), then the version.
      await authorizeSaveOf(app, viewer, row, body.saveType);
      throw versionConflict({ currentVersion: row.version });
    }
    let patched: unknown;
    try {
      patched = applyPatch(visibleTo(viewer, row.document), patch);
    } catch (error) {
      if (!(error instanceof PatchError)) throw error;
      throw new ApiError(400, 'FieldsValidation', [{ errorCode: 'INVALID_PATCH', message: error.message, field: `body.patch.${error.index}` }]);
    }
    if (!isPlainObject(patched) || Object.keys(patched).length > 40) {
      throw new ApiError(400, 'FieldsValidation', [{ errorCode: 'INVALID_PATCH', message: 'The patched prospect must be an object of at most 40 sections', field: 'body.patch' }]);
    }
    return { ...rest, prospect: patched };
  }

  app.put<{
    Params: { userType: string; prospectId: string };
    Body: SaveBody;
  }>(
    '/usertypes/:userType/prospects/:prospectId',
    {
      onRequest: [app.authenticate, app.requireRole('customer', 'agent')],
      // The save's statement claims the request's replay nonce with its write (one statement less per save); a
      // refusal claims it before it is answered (bodyEncryption.ts), so a replay is refused as before.
      config: { deferNonceClaim: true },
      schema: {
        params: prospectParams,
        body: {
          type: 'object',
          required: ['saveType', 'version'],
          additionalProperties: false,
          properties: {
            // Either the whole client document or a JSON Patch (RFC 6902) against the version named by `version`.
            prospect: { type: 'object', maxProperties: 40 },
            patch: {
              type: 'array',
              maxItems: 1000,
              items: {
                type: 'object',
                required: ['op', 'path'],
                additionalProperties: false,
                properties: {
                  op: { type: 'string', enum: PATCH_OPERATIONS },
                  path: { type: 'string', maxLength: 1000 },
                  value: {},
                },
              },
            },
            saveType: { type: 'string', enum: ['save', 'submit', 'auto'] },
            declaration: { type: 'boolean', description: "With a submit: the applicant confirmed that the information is true and complete (the submit page's checkbox). An applicant's submit without `true` is refused (400, field `declaration`); recorded as applicationInfo.declaration." },
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
      if ((request.body.prospect === undefined) === (request.body.patch === undefined)) {
        throw new ApiError(400, 'FieldsValidation', [{ errorCode: 'PROSPECT_OR_PATCH', message: 'Send either the whole prospect or a patch', field: 'body.prospect' }]);
      }
      let before: ProspectRow | undefined;
      let sent: Obj | undefined;
      const deferred = request.deferredNonce;
      const nonce = deferred ? { deferred, claim: () => request.claimDeferredNonce() } : undefined;
      const save = async () => {
        // The row this process wrote last, when the save names its version. If anything wrote the row since, the
        // write refuses it (StaleRowError), or a refusal (4xx) found it changed, and the save is made again from
        // the stored row: the answer is always the one the stored row gives.
        const cached = cache.at(id, request.body.version);
        if (cached && canAccess(request, cached.row)) {
          try {
            before = cached.row;
            const input = await saveInputOf(request.body, cached.row, principal);
            sent = input.prospect;
            return await service.save(principal, cached.row, input, { expectedXmin: cached.row.xmin, ...(cached.validated ? { validated: cached.validated } : {}) }, localeOf(request), nonce);
          } catch (error) {
            const stale = error instanceof StaleRowError || (error instanceof ApiError && (await repo.currentXmin(app.database.db, id)) !== cached.row.xmin);
            if (!stale) throw error;
            cache.forget(id);
          }
        }
        before = await load(request, id);
        const input = await saveInputOf(request.body, before, principal);
        sent = input.prospect;
        return service.save(principal, before, input, undefined, localeOf(request), nonce);
      };
      let saved;
      try {
        saved = await save();
      } catch (error) {
        if (error instanceof ReplayedNonceError) throw request.replayRefused();
        if (error instanceof ApiError && (error.statusCode === 409 || error.statusCode === 404)) cache.forget(id);
        throw error;
      }
      cache.remember(saved.row, saved.validated);
      const minimal = prefersMinimal(request) ? { sent: sent!, before: before!.document } : undefined;
      if (minimal) reply.header('preference-applied', RETURN_MINIMAL);
      const preScreening = saved.preScreening && (isAgent(principal) ? saved.preScreening : applicantScreening(saved.preScreening));
      return { ...present(saved.row, saved.contentNumber, principal, minimal), ...(preScreening ? { preScreening } : {}) };
    },
  );
};

export default prospectRoutes;
