import multipart from '@fastify/multipart';
import { INVALID_PROSPECT } from '../../shared/stopCodes';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { localizedContent } from '../../content/compiledContent';
import { applicationUploads, type DocumentsConfig } from '../../content/requiredDocuments';
import { localeOf } from '../i18n/requestLocale';
import { contentDisposition } from '../documents/documentFiles';
import { groupDocuments } from '../documents/documentList';
import { uploadDocument } from '../documents/uploadDocument';
import { ApiError } from '../plugins/app/errors';
import { createAuditRepository } from '../repositories/auditRepository';
import { createDocumentRepository } from '../repositories/documentRepository';
import { createProspectRepository, type ProspectRow } from '../repositories/prospectRepository';
import { DocumentNotFoundError } from '../storage/documentStore';
import { afterUpload, currentLifecycle } from '../prospects/lifecycle';
import { actorOf, authorize, stateOf } from '../prospects/writePolicy';

const prospectId = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } as const;
const bank = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,32}$' } as const;
const errorBody = {
  type: 'object',
  properties: {
    errorType: { type: 'string' },
    errors: {
      type: 'array',
      items: { type: 'object', properties: { errorCode: { type: 'string' }, message: { type: 'string' }, field: { type: 'string' } } },
    },
  },
} as const;
const entry = {
  type: 'object',
  properties: {
    documentKey: { type: 'string' },
    documentType: { type: 'string' },
    documentTitle: { type: 'string' },
    required: { type: 'boolean' },
    uploadStatus: { type: 'string' },
    signatoryId: { type: 'string' },
    fileName: { type: 'string' },
    contentType: { type: 'string' },
    size: { type: 'integer' },
    uploadedAt: { type: 'string', format: 'date-time' },
  },
} as const;
const section = {
  type: 'object',
  properties: { documents: { type: 'array', items: entry }, isDocUpdate: { type: 'boolean' }, limit: { type: 'integer' } },
} as const;
const documentsBody = {
  type: 'object',
  properties: {
    companyDocuments: section,
    companyBankStatements: section,
    companyAddressProof: section,
    companyInvoices: section,
    stakeholdersDocuments: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        properties: { signatoryId: { type: 'string' }, signatoryName: { type: 'string' }, documents: { type: 'array', items: entry } },
        additionalProperties: section,
      },
    },
    kycAnnexureDocuments: { type: 'array', items: entry },
    otherDocuments: { type: 'array', items: entry },
    isCompanyDocUpdate: { type: 'boolean' },
    isKycDocUpdate: { type: 'boolean' },
    readyForSubmit: { type: 'boolean' },
  },
} as const;

export const invalidProspect = () => new ApiError(404, 'ProspectError', [INVALID_PROSPECT]);

/**
 * The prospect, if app.prospectAccess lets the caller reach it. A prospect the caller may not reach is answered
 * as if it did not exist (12002 Invalid Prospect ID), as the prospect routes do.
 */
export async function authorizedProspect(app: FastifyInstance, request: FastifyRequest, id: string): Promise<ProspectRow> {
  if (!(await app.prospectAccess(request, id))) throw invalidProspect();
  const prospect = await createProspectRepository().findById(app.database.db, id);
  if (!prospect) throw invalidProspect();
  return prospect;
}

/**
 * Documents (000 §7, 001 §7): upload (multipart, streamed to the document store), download, and the list of
 * required and uploaded documents grouped as the specification lists them.
 */
const documentRoutes: FastifyPluginAsync = async (app) => {
  const { maxBytes } = app.config.documents;
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 8, fieldSize: 400, parts: 10, headerPairs: 50 },
    throwFileSizeLimit: true,
  });
  const documents = createDocumentRepository();
  const audit = createAuditRepository();

  app.post<{ Params: { bank: string; prospectId: string } }>(
    '/rest/v1/banks/:bank/prospectId/:prospectId/documents',
    {
      // Multipart bodies are not encrypted; the token is checked before the body is read.
      config: { encryption: false },
      onRequest: app.authenticate,
      schema: {
        params: { type: 'object', required: ['bank', 'prospectId'], properties: { bank, prospectId } },
        response: {
          200: {
            type: 'object',
            required: ['fileName', 'documentKey', 'uploadStatus'],
            properties: { fileName: { type: 'string' }, documentKey: { type: 'string' }, uploadStatus: { type: 'string' } },
          },
          400: errorBody,
          413: errorBody,
        },
      },
    },
    async (request) => {
      const prospect = await authorizedProspect(app, request, request.params.prospectId);
      const actor = actorOf(request.principal);
      const state = stateOf(prospect, await currentLifecycle(app));
      authorize(actor, 'upload', state);
      if (!request.isMultipart()) {
        throw new ApiError(400, 'DocumentValidation', [{ errorCode: 'INVALID_UPLOAD', message: 'Send the document as multipart/form-data' }]);
      }
      const onlyKeys = actor === 'applicant' && state.submitted ? new Set(state.requestedDocuments ?? []) : undefined;
      const result = await uploadDocument(app, { prospect, parts: request.parts(), uploadedBy: request.principal?.sub ?? null, agent: actor === 'agent', principal: request.principal ?? undefined, locale: localeOf(request), ...(onlyKeys ? { onlyKeys } : {}) });
      // The last document the bank asked for moves the application back to its assessment (schemas/lifecycle.json).
      if (state.submitted) await afterUpload(app, prospect.id);
      return result;
    },
  );

  app.get<{ Params: { bank: string; prospectId: string; documentKey: string } }>(
    '/banks/:bank/prospects/:prospectId/documents/:documentKey',
    {
      onRequest: app.authenticate,
      schema: {
        params: {
          type: 'object',
          required: ['bank', 'prospectId', 'documentKey'],
          properties: { bank, prospectId, documentKey: { type: 'string', minLength: 1, maxLength: 120 } },
        },
        response: { 404: errorBody },
      },
    },
    async (request, reply) => {
      const prospect = await authorizedProspect(app, request, request.params.prospectId);
      const doc = await documents.findCurrent(app.database.db, prospect.id, request.params.documentKey);
      const missing = new ApiError(404, 'NotFound', [{ errorCode: 'DOCUMENT_NOT_FOUND', message: 'The document was not found' }]);
      // A removed stakeholder's document is no longer the application's (it stays stored for the audit trail).
      if (!doc || applicationUploads(prospect.document, [doc]).length === 0) throw missing;
      const stream = await app.documentStore.get(doc.storageKey).catch((error: unknown) => {
        if (error instanceof DocumentNotFoundError) {
          request.log.error({ storageKey: doc.storageKey }, 'document row without stored content');
          throw missing;
        }
        throw error;
      });
      await audit.record(app.database.db, {
        prospectId: prospect.id,
        principal: request.principal!,
        action: 'document.download',
        changes: [{ documentKey: doc.documentKey, documentType: doc.documentType, documentTitle: doc.documentTitle ?? undefined, fileName: doc.fileName }],
      });
      return reply
        .type(doc.contentType)
        .header('content-length', doc.size)
        .header('content-disposition', contentDisposition(doc.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );

  // 001 §4 'delete other document': only the applicant who owns the application or an agent, only documents of
  // the 'other' group (required ones are replaced by a new upload instead), never a customer after submission.
  app.delete<{ Params: { bank: string; prospectId: string; documentKey: string } }>(
    '/banks/:bank/prospects/:prospectId/documents/:documentKey',
    {
      onRequest: [app.authenticate, app.requireRole('customer', 'agent')],
      schema: {
        params: {
          type: 'object',
          required: ['bank', 'prospectId', 'documentKey'],
          properties: { bank, prospectId, documentKey: { type: 'string', minLength: 1, maxLength: 120 } },
        },
        response: { 204: { type: 'null' }, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const principal = request.principal!;
      const prospect = await authorizedProspect(app, request, request.params.prospectId);
      const { documentKey } = request.params;
      const doc = await documents.findCurrent(app.database.db, prospect.id, documentKey);
      if (!doc) throw new ApiError(404, 'NotFound', [{ errorCode: 'DOCUMENT_NOT_FOUND', message: 'The document was not found' }]);
      if (doc.groupName !== 'otherDocuments') {
        throw new ApiError(400, 'DocumentValidation', [
          { errorCode: 'NOT_DELETABLE', message: 'Only other documents can be deleted; upload a new file to replace this one', field: 'documentKey' },
        ]);
      }
      authorize(actorOf(principal), 'deleteDocument', stateOf(prospect, await currentLifecycle(app)));
      await app.database.db.transaction().execute(async (trx) => {
        await documents.markDeleted(trx, { prospectId: prospect.id, documentKey, deletedBy: principal.sub });
        await audit.record(trx, { prospectId: prospect.id, principal, action: 'document.delete', changes: [{ documentKey, fileName: doc.fileName }] });
      });
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { prospectId: string } }>(
    '/prospects/:prospectId/documents',
    {
      onRequest: app.authenticate,
      schema: {
        params: { type: 'object', required: ['prospectId'], properties: { prospectId } },
        response: { 200: documentsBody, 404: errorBody },
      },
    },
    async (request) => {
      const prospect = await authorizedProspect(app, request, request.params.prospectId);
      // The document names in the page's language (schemas/i18n): the keys and the rules are the same in every language.
      const config = localizedContent(await app.contentStore.current(), localeOf(request)).built.documents as unknown as DocumentsConfig;
      const uploads = await documents.listCurrent(app.database.db, prospect.id);
      return groupDocuments(prospect.document, config, uploads);
    },
  );
};

export default documentRoutes;
