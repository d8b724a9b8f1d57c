import type { FastifyPluginAsync } from 'fastify';
import { createScreeningRepository } from '../repositories/screeningRepository';
import { tooManyRequests } from '../security/limits';
import { authorizedProspect } from './documents';
import { localeOf } from '../i18n/requestLocale';
import { duplicateLicenceMessage, tooManyLicenceChecksMessage } from '../../shared/serverMessages';

/** Checks per application within the window: enough for retyping, too few to walk through licence numbers. */
export const LICENCE_CHECKS_PER_WINDOW = 20;
const WINDOW_SECONDS = 600;

export const DUPLICATE_LICENCE_MESSAGE = duplicateLicenceMessage('en');

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
          // The number as the form takes it (at most 20 letters, digits, - and /); spaces around it are ignored, as case is.
          properties: { licenseNumber: { type: 'string', minLength: 1, maxLength: 40, pattern: '^\\s*[A-Za-z0-9/-]{1,20}\\s*$' } },
        },
        response: {
          200: { type: 'object', required: ['duplicate'], properties: { duplicate: { type: 'boolean' }, message: { type: 'string' } } },
        },
      },
    },
    async (request, reply) => {
      const prospect = await authorizedProspect(app, request, request.params.prospectId);
      const limit = await app.rateLimiter.hit(`licence-check:${prospect.id}`, LICENCE_CHECKS_PER_WINDOW, WINDOW_SECONDS);
      if (!limit.allowed) throw tooManyRequests(reply, limit.retryAfter, 'TOO_MANY_LICENCE_CHECKS', tooManyLicenceChecksMessage(localeOf(request)), localeOf(request));
      const others = await screening.sameTradeLicence(app.database.db, prospect.id, request.body.licenseNumber);
      return others.length ? { duplicate: true, message: duplicateLicenceMessage(localeOf(request)) } : { duplicate: false };
    },
  );
};

export default licenceCheckRoutes;
