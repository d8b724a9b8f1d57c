import type { FastifyPluginAsync } from 'fastify';
import { OUTCOMES } from '../screening/screeningRules';
import { screenProspect } from '../screening/screenProspect';
import { authorizedProspect, invalidProspect } from './documents';

const outcome = { type: 'string', enum: [...OUTCOMES] } as const;

/** The screening of 001 §4: runs every check on the stored prospect, stores and returns the result. */
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
      const result = await screenProspect(app, prospect.id);
      if (!result) throw invalidProspect();
      return result;
    },
  );
};

export default screeningRoutes;
