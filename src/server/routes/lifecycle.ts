import type { FastifyPluginAsync } from 'fastify';
import { INVALID_PROSPECT } from '../../shared/stopCodes';
import { statusByBankOnlyMessage } from '../../shared/serverMessages';
import { localeOf } from '../i18n/requestLocale';
import { ApiError } from '../plugins/app/errors';
import { type MoveInput, moveProspect } from '../prospects/lifecycle';
import { canAccess } from '../prospects/prospectAccess';
import { createProspectRepository } from '../repositories/prospectRepository';

const moveBody = {
  type: 'object',
  additionalProperties: false,
  required: ['to'],
  properties: {
    to: { type: 'string', pattern: '^[A-Z][A-Z0-9_]{0,39}$' },
    note: { type: 'string', maxLength: 1000 },
    reason: { type: 'string', pattern: '^[A-Z][A-Z0-9_]{0,39}$' },
    documents: { type: 'array', maxItems: 100, items: { type: 'string', minLength: 1, maxLength: 120 } },
    version: { type: 'integer', minimum: 1, maximum: 2_147_483_646 },
  },
} as const;

/**
 * The application's status moves (schemas/lifecycle.json): an agent's decision (change the status with a note,
 * request documents, approve, decline with a reason). The server checks the move against the lifecycle for the
 * caller's role (409 with the reason when it is not allowed), writes prospectStatusInfo with the audit row, and
 * tells the applicant by e-mail and SMS. An applicant is refused every move (403): their one move, the submit, is
 * made by the save call (README); they are told so in their language before anything of the application is read.
 */
const lifecycleRoutes: FastifyPluginAsync = async (app) => {
  const repo = createProspectRepository();

  app.post<{ Params: { prospectId: string }; Body: MoveInput & { version?: number } }>(
    '/prospects/:prospectId/status',
    {
      onRequest: [app.authenticate, app.requireRole('customer', 'agent')],
      schema: {
        params: { type: 'object', required: ['prospectId'], properties: { prospectId: { type: 'string', pattern: '^[A-Z0-9-]{4,40}$' } } },
        body: moveBody,
        response: {
          200: {
            type: 'object',
            properties: {
              prospectId: { type: 'string' },
              version: { type: 'integer' },
              status: { type: 'string' },
              prospectStatusInfo: { type: 'object', additionalProperties: true },
              accountInfo: { type: 'array', items: { type: 'object', additionalProperties: true } },
            },
          },
        },
      },
    },
    async (request) => {
      if (request.principal!.kind === 'customer') throw new ApiError(403, 'Forbidden', [{ errorCode: 'FORBIDDEN', message: statusByBankOnlyMessage(localeOf(request)) }]);
      const row = await repo.findById(app.database.db, request.params.prospectId);
      if (!row || !canAccess(request, row)) throw new ApiError(404, 'ProspectError', [INVALID_PROSPECT]);
      const moved = await moveProspect(app, request.principal!, row, request.body);
      return {
        prospectId: moved.row.id,
        version: moved.row.version,
        status: moved.row.status,
        prospectStatusInfo: moved.row.document.prospectStatusInfo as Record<string, unknown>,
        accountInfo: (moved.row.document.accountInfo as Record<string, unknown>[] | undefined) ?? [],
      };
    },
  );
};

export default lifecycleRoutes;
