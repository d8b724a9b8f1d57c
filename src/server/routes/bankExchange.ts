import type { FastifyPluginAsync } from 'fastify';
import { INVALID_PROSPECT } from '../../shared/stopCodes';
import { ApiError } from '../plugins/app/errors';
import { EXCHANGE_FORMATS, exportToBank, importFromBank } from '../prospects/bankExchange';
import { createProspectService } from '../prospects/prospectService';
import { createAuditRepository } from '../repositories/auditRepository';
import { createDocumentRepository } from '../repositories/documentRepository';
import { createProspectRepository } from '../repositories/prospectRepository';
import { createScreeningRepository } from '../repositories/screeningRepository';

/**
 * The bank exchange format (issue 18, docs/bank-format.md), agents only and audited: export an application in the
 * bank's prospect format, import one (a migration) as a new application.
 */
const bankExchangeRoutes: FastifyPluginAsync = async (app) => {
  const repo = createProspectRepository();
  const audit = createAuditRepository();
  const screening = createScreeningRepository();
  const documents = createDocumentRepository();
  const service = createProspectService(app);
  const guard = [app.authenticate, app.requireRole('agent')];

  app.get<{ Params: { prospectId: string }; Querystring: { format: (typeof EXCHANGE_FORMATS)[number] } }>(
    '/agent/prospects/:prospectId/export',
    {
      onRequest: guard,
      schema: {
        description: "The application in the bank's prospect format (the bank's field names and codes; prospect values it has no field for in `extensions`), with what the server keeps beside it: the latest screening, the record's dates and actors, the documents with their download addresses. Agents only; audited.",
        params: { type: 'object', required: ['prospectId'], properties: { prospectId: { type: 'string', pattern: '^[A-Z0-9-]{4,40}$' } } },
        querystring: { type: 'object', required: ['format'], additionalProperties: false, properties: { format: { type: 'string', enum: [...EXCHANGE_FORMATS] } } },
        response: {
          200: {
            type: 'object',
            required: ['format', 'mappingVersions', 'prospect', 'extensions'],
            properties: {
              format: { type: 'string' },
              mappingVersions: { type: 'object', additionalProperties: { type: 'string' } },
              prospect: { type: 'object', additionalProperties: true },
              extensions: { type: 'object', additionalProperties: true },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { prospectId } = request.params;
      const row = await repo.findById(app.database.db, prospectId);
      if (!row) throw new ApiError(404, 'ProspectError', [INVALID_PROSPECT]);
      const content = await app.contentStore.current();
      const db = app.database.db;
      const exported = exportToBank(content.built, row.document, prospectId, {
        screening: await screening.latest(db, prospectId),
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        audit: await audit.forProspect(db, prospectId),
        uploads: await documents.listUploads(db, prospectId),
      });
      await audit.record(app.database.db, { prospectId, principal: request.principal!, action: 'prospect.export', changes: [`format=${request.query.format}`] });
      reply.header('content-disposition', `attachment; filename="${prospectId}-bank.json"`);
      return exported;
    },
  );

  app.post<{ Body: Record<string, unknown> }>(
    '/agent/prospects/import',
    {
      onRequest: guard,
      schema: {
        description:
          "Creates an application from a document in the bank's prospect format (as the export gives it): checked against the bank format's schema, then against the complete prospect schema. The server's own fields (identity, status, screening, documents, the record's dates and actors, derived flags, completed steps) are not taken: listed in `notImported`. Agents only; audited.",
        body: { type: 'object' },
        response: {
          201: {
            type: 'object',
            properties: { prospectId: { type: 'string' }, version: { type: 'integer' }, status: { type: 'string' }, notImported: { type: 'array', items: { type: 'string' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const content = await app.contentStore.current();
      const { prospect, notImported } = importFromBank(content.built, content.validator, request.body);
      const { row } = await service.create(request.principal!, prospect, request.ip, { action: 'prospect.import', changes: ['format=bank'] });
      return reply.code(201).send({ prospectId: row.id, version: row.version, status: row.status, notImported });
    },
  );
};

export default bankExchangeRoutes;
