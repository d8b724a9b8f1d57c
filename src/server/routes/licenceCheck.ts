import type { FastifyPluginAsync } from 'fastify';
import { createScreeningRepository } from '../repositories/screeningRepository';
import { tooManyRequests } from '../security/limits';
import { authorizedProspect } from './documents';

/** Checks per application within the window: enough for retyping, too few to walk through licence numbers. */
export const LICENCE_CHECKS_PER_WINDOW = 20;
const WINDOW_SECONDS = 600;

export const DUPLICATE_LICENCE_MESSAGE =
  'An application for this trade license number already exists. Check the number on your license, or continue the existing application through "Already applied? Continue your application".';

/**
 * Whether another application has the trade licence number (the screening's dedupe check, 001 §4), asked
 * when the applicant enters it instead of only at submit, where screening checks it again. Only the
 * application's own applicant or an agent may ask; each application has a few checks per window (429 after).
 */
const licenceCheckRoutes: FastifyPluginAsync = async (app) => {
  const screening = createScreeningRepository();
  app.post<{ Params: { prospectId: string }; Body: { licenseNumber: string } }>(
    '/prospects/:prospectId/licence-check',
    {
      onRequest: app.authenticate,
      schema: {
        params: { type: 'object', required: ['prospectId'], properties: { prospectId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } } },
        body: {
          type: 'object',
          required: ['licenseNumber'],
          additionalProperties: false,
          properties: { licenseNumber: { type: 'string', minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9/-]+$' } },
        },
        response: {
          200: { type: 'object', required: ['duplicate'], properties: { duplicate: { type: 'boolean' }, message: { type: 'string' } } },
        },
      },
    },
    async (request, reply) => {
      const prospect = await authorizedProspect(app, request, request.params.prospectId);
      const limit = await app.rateLimiter.hit(`licence-check:${prospect.id}`, LICENCE_CHECKS_PER_WINDOW, WINDOW_SECONDS);
      if (!limit.allowed) throw tooManyRequests(reply, limit.retryAfter, 'TOO_MANY_LICENCE_CHECKS', 'Too many license number checks.');
      const others = await screening.sameTradeLicence(app.database.db, prospect.id, request.body.licenseNumber);
      return others.length ? { duplicate: true, message: DUPLICATE_LICENCE_MESSAGE } : { duplicate: false };
    },
  );
};

export default licenceCheckRoutes;
