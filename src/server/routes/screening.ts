import type { FastifyPluginAsync } from 'fastify';
import { OUTCOMES } from '../screening/screeningRules';
import { currentLifecycle } from '../prospects/lifecycle';
import { screenForCaller } from '../prospects/submitAndScreen';
import { actorOf, authorize, stateOf } from '../prospects/writePolicy';
import { authorizedProspect } from './documents';

const outcome = { type: 'string', enum: [...OUTCOMES] } as const;

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
              screeningResults: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['screeningType', 'screeningStatus', 'screeningReason', 'screeningFlag'],
                  properties: {
                    screeningType: { type: 'string' },
                    screeningStatus: outcome,
                    screeningReason: { type: 'string' },
                    screeningFlag: { type: 'boolean' },
                    screeningNotes: { type: 'string' },
                  },
                },
              },
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
};

export default screeningRoutes;
