import type { FastifyPluginAsync } from 'fastify';
import { INVALID_PROSPECT } from '../../shared/stopCodes';
import { ApiError } from '../plugins/app/errors';
import { createProspectRepository } from '../repositories/prospectRepository';
import { createScreeningRepository } from '../repositories/screeningRepository';
import { OUTCOMES } from '../screening/screeningRules';
import { currentLifecycle } from '../prospects/lifecycle';
import { screenForCaller } from '../prospects/submitAndScreen';
import { actorOf, authorize, stateOf } from '../prospects/writePolicy';
import { authorizedProspect } from './documents';

const outcome = { type: 'string', enum: [...OUTCOMES] } as const;

/** One check's result; the reason code and notes only in the agents' answer. */
const result = (withReasons: boolean) =>
  ({
    type: 'object',
    required: ['screeningType', 'screeningStatus', 'screeningReason', 'screeningFlag'],
    properties: {
      screeningType: { type: 'string' },
      screeningStatus: outcome,
      screeningReason: { type: 'string' },
      screeningFlag: { type: 'boolean' },
      screeningNotes: { type: 'string' },
      ...(withReasons ? { reasonCode: { type: 'string' }, reasonNotes: { type: 'string' } } : {}),
    },
  }) as const;

/** The latest stored screening of an application, for agents: company-level and per-signatory results with reason codes. */
const agentScreeningAnswer = {
  type: 'object',
  required: ['screened'],
  properties: {
    screened: { type: 'boolean', description: 'false when the application was never screened (the other fields are then absent)' },
    at: { type: 'string', format: 'date-time' },
    statusOverAll: outcome,
    screeningResults: { type: 'array', items: result(true) },
    signatories: {
      type: 'array',
      items: {
        type: 'object',
        required: ['index', 'name', 'statusOverAll', 'screeningResults'],
        properties: {
          signatoryId: { type: 'string' },
          index: { type: 'integer' },
          name: { type: 'string' },
          statusOverAll: outcome,
          screeningResults: { type: 'array', items: result(true) },
        },
      },
    },
  },
} as const;

/** The screening of 001 §4: runs every check on a draft and stores the result; a submitted application's result is the one of its submit. */
const screeningRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Params: { prospectId: string } }>(
    '/prospects/:prospectId/screening',
    {
      onRequest: app.authenticate,
      schema: {
        params: { type: 'object', required: ['prospectId'], properties: { prospectId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } } },
        response: {
          200: {
            type: 'object',
            required: ['statusOverAll', 'screeningResults'],
            properties: {
              statusOverAll: outcome,
              screeningResults: { type: 'array', items: result(false) },
            },
          },
        },
      },
    },
    async (request) => {
      const prospect = await authorizedProspect(app, request, request.params.prospectId);
      authorize(actorOf(request.principal), 'screen', stateOf(prospect, await currentLifecycle(app)));
      return screenForCaller(app, prospect);
    },
  );

  app.get<{ Params: { prospectId: string } }>(
    '/agent/prospects/:prospectId/screening',
    {
      onRequest: [app.authenticate, app.requireRole('agent')],
      schema: {
        description:
          "The application's latest screening result as stored (a draft's last pre-screening, or its submit's): the company-level checks and, per signatory, the Negative List, Company Firco and PEP checks, with reason codes (lists/screeningReasonCode.json) and notes. Agents only; screens nothing.",
        params: { type: 'object', required: ['prospectId'], properties: { prospectId: { type: 'string', pattern: '^[A-Z0-9-]{4,40}$' } } },
        response: { 200: agentScreeningAnswer },
      },
    },
    async (request) => {
      const { prospectId } = request.params;
      if (!(await createProspectRepository().findById(app.database.db, prospectId))) throw new ApiError(404, 'ProspectError', [INVALID_PROSPECT]);
      const stored = await createScreeningRepository().latest(app.database.db, prospectId);
      if (!stored) return { screened: false };
      return {
        screened: true,
        at: stored.createdAt.toISOString(),
        statusOverAll: stored.statusOverAll,
        screeningResults: stored.screeningResults,
        signatories: stored.signatories ?? [],
      };
    },
  );
};

export default screeningRoutes;
