import type { FastifyPluginAsync } from 'fastify';
import { INVALID_PROSPECT } from '../../shared/stopCodes';
import { ApiError } from '../plugins/app/errors';
import { EXCHANGE_FORMATS, exportToBank, importFromBank } from '../prospects/bankExchange';
import { markAllApplicableCompleted } from '../prospects/completedSteps';
import { createProspectService } from '../prospects/prospectService';
import { createAuditRepository } from '../repositories/auditRepository';
import { createDocumentRepository } from '../repositories/documentRepository';
import { createProspectRepository, type ProspectRow } from '../repositories/prospectRepository';
import { applicationUploads } from '../../content/requiredDocuments';
import { createScreeningRepository } from '../repositories/screeningRepository';
import { createBankRecordRepository } from '../repositories/bankRecordRepository';
import { type BankRecords, checkBankRecords, publicRecords } from '../prospects/bankRecords';
import { DocumentNotFoundError } from '../storage/documentStore';
import type { DocumentRow } from '../repositories/documentRepository';
import { fileEncryptor, type InlineFile, plainFile } from '../prospects/bankFileEncryption';

/** The most file bytes one export with files=inline carries (before base64): beyond it, the bank fetches each file at its url. */
export const INLINE_FILES_LIMIT = 20 * 1024 * 1024;

const prospectIdParam = { type: 'object', required: ['prospectId'], properties: { prospectId: { type: 'string', pattern: '^[A-Z0-9-]{4,40}$' } } } as const;

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
  const records = createBankRecordRepository();
  // The bank's key, when configured: the files of an export with files=inline are encrypted for it (a bad key stops the start).
  const sealFile = app.config.bankFilesPublicKeyPem ? fileEncryptor(app.config.bankFilesPublicKeyPem) : plainFile;
  const guard = [app.authenticate, app.requireRole('agent')];

  /** The current files' contents, base64 by upload id; 400 when together they pass INLINE_FILES_LIMIT. */
  const inlineFiles = async (current: DocumentRow[]) => {
    const total = current.reduce((sum, d) => sum + d.size, 0);
    if (total > INLINE_FILES_LIMIT) {
      throw new ApiError(400, 'FieldsValidation', [
        { errorCode: 'TOO_LARGE', field: 'querystring.files', message: `The documents together have ${Math.ceil(total / 1048576)} MB, more than the ${INLINE_FILES_LIMIT / 1048576} MB an export carries: leave files out and fetch each document at its url` },
      ]);
    }
    const out = new Map<string, InlineFile>();
    for (const d of current) {
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of await app.documentStore.get(d.storageKey)) chunks.push(Buffer.from(chunk as Uint8Array));
      } catch (error) {
        if (!(error instanceof DocumentNotFoundError)) throw error;
        throw new ApiError(409, 'DocumentError', [{ errorCode: 'DOCUMENT_CONTENT_MISSING', message: `The content of ${d.documentKey} is missing: export without files`, field: 'querystring.files' }]);
      }
      out.set(d.id, sealFile(Buffer.concat(chunks)));
    }
    return out;
  };

  app.get<{ Params: { prospectId: string }; Querystring: { format: (typeof EXCHANGE_FORMATS)[number]; files?: 'inline' } }>(
    '/agent/prospects/:prospectId/export',
    {
      onRequest: guard,
      schema: {
        description: "The application in the bank's prospect format (the bank's field names and codes; prospect values it has no field for in `extensions`), with what the server keeps beside it: the latest screening, the record's dates and actors, the documents with their download addresses. Agents only; audited.",
        params: { type: 'object', required: ['prospectId'], properties: { prospectId: { type: 'string', pattern: '^[A-Z0-9-]{4,40}$' } } },
        querystring: {
          type: 'object',
          required: ['format'],
          additionalProperties: false,
          properties: {
            format: { type: 'string', enum: [...EXCHANGE_FORMATS] },
            files: { type: 'string', enum: ['inline'], description: `inline: each current document's contents in documents[].fileData (base64; encrypted for the bank, isEncrypted true with encryptionDetails, when BANK_FILES_PUBLIC_KEY_PEM is set, else isEncrypted false), at most ${INLINE_FILES_LIMIT / 1048576} MB of files together (else 400); audited with the files it carried` },
          },
        },
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
      // A removed stakeholder's documents are not sent to the bank (applicationUploads).
      const uploads = applicationUploads(row.document, await documents.listUploads(db, prospectId));
      const current = [...new Map(uploads.map((u) => [u.documentKey, u])).values()];
      const fileData = request.query.files === 'inline' ? await inlineFiles(current) : undefined;
      const exported = exportToBank(content.built, row.document, prospectId, {
        screening: await screening.latest(db, prospectId),
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
        audit: await audit.forProspect(db, prospectId),
        uploads,
        bankRecords: (await records.get(db, prospectId))?.records as BankRecords | undefined,
        verifications: await records.verifications(db, prospectId),
        ...(fileData ? { fileData } : {}),
      });
      const carried = fileData ? ['files=inline', ...current.map((d) => ({ documentKey: d.documentKey, documentTitle: d.documentTitle ?? undefined, fileName: d.fileName }))] : [];
      await audit.record(app.database.db, { prospectId, principal: request.principal!, action: 'prospect.export', changes: [`format=${request.query.format}`, ...carried] });
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
      const { prospect, notImported, bankRecords, recordsTaken } = importFromBank(content.built, content.validator, request.body);
      // It passed the complete prospect schema: every step that applies to it is done, as if filled in the browser.
      const completed = (document: Record<string, unknown>) => markAllApplicableCompleted(content.built, document);
      const { row } = await service.create(request.principal!, prospect, request.ip, { action: 'prospect.import', changes: ['format=bank', ...recordsTaken] }, undefined, completed);
      // The bank's own records of the migrated application stay with it (its CIF number, account manager, review codes).
      if (recordsTaken.length) await records.put(app.database.db, row.id, bankRecords as Record<string, unknown>, request.principal!.sub);
      return reply.code(201).send({ prospectId: row.id, version: row.version, status: row.status, notImported });
    },
  );

  const recordsAnswer = {
    type: 'object',
    required: ['records', 'documents'],
    properties: {
      records: { type: 'object', additionalProperties: true, description: 'The bank records as last written (the PUT body), {} before any' },
      updatedBy: { type: 'string' },
      updatedByName: { type: 'string', description: "The staff member's name, for display" },
      updatedAt: { type: 'string', format: 'date-time' },
      documents: {
        type: 'array',
        description: "Each current document's verification by an agent and the bank's anti-virus check of it",
        items: {
          type: 'object',
          required: ['documentKey', 'verified'],
          properties: {
            documentKey: { type: 'string' },
            verified: { type: 'boolean' },
            verifiedBy: { type: 'string' },
            verifiedByName: { type: 'string' },
            verifiedAt: { type: 'string', format: 'date-time' },
            avsCheck: { type: 'boolean' },
            avsCheckDt: { type: 'string' },
          },
        },
      },
    },
  } as const;

  const recordsOf = async (row: ProspectRow) => {
    const prospectId = row.id;
    const db = app.database.db;
    const stored = await records.get(db, prospectId);
    const verifications = await records.verifications(db, prospectId);
    const current = applicationUploads(row.document, await documents.listCurrent(db, prospectId));
    const kept = (stored?.records ?? {}) as BankRecords;
    // Staff appear by name (their subject is user:<id>), as in the audit trail.
    const staffIds = [...new Set([stored?.updatedBy, ...verifications.map((v) => v.verifiedBy)].map((a) => /^user:(.+)$/.exec(a ?? '')?.[1]).filter((x): x is string => !!x))];
    const names = new Map<string, string>();
    if (staffIds.length) for (const r of await db.selectFrom('users').select(['id', 'display_name']).where('id', 'in', staffIds).execute()) names.set(`user:${r.id}`, r.display_name);
    const named = (actor: string, key: string) => (names.has(actor) ? { [key]: names.get(actor)! } : {});
    return {
      records: publicRecords(kept),
      ...(stored ? { updatedBy: stored.updatedBy, ...named(stored.updatedBy, 'updatedByName'), updatedAt: stored.updatedAt.toISOString() } : {}),
      documents: current.map((d) => {
        const v = verifications.find((x) => x.documentId === d.id);
        const check = kept.documents?.find((c) => c.documentId === d.id);
        return {
          documentKey: d.documentKey,
          verified: !!v,
          ...(v ? { verifiedBy: v.verifiedBy, ...named(v.verifiedBy, 'verifiedByName'), verifiedAt: v.verifiedAt.toISOString() } : {}),
          ...(check ? { avsCheck: check.avsCheck, avsCheckDt: check.avsCheckDt } : {}),
        };
      }),
    };
  };

  const existing = async (prospectId: string) => {
    const row = await repo.findById(app.database.db, prospectId);
    if (!row) throw new ApiError(404, 'ProspectError', [INVALID_PROSPECT]);
    return row;
  };

  app.get<{ Params: { prospectId: string } }>(
    '/agent/prospects/:prospectId/bank-records',
    {
      onRequest: guard,
      schema: {
        description: "The bank's own records of the application (docs/bank-format.md \"Bank records\") and each current document's verification. Agents only.",
        params: prospectIdParam,
        response: { 200: recordsAnswer },
      },
    },
    async (request) => {
      return recordsOf(await existing(request.params.prospectId));
    },
  );

  app.put<{ Params: { prospectId: string }; Body: Record<string, unknown> }>(
    '/agent/prospects/:prospectId/bank-records',
    {
      onRequest: guard,
      schema: {
        description:
          "Records what the bank's back end assigned to the application, in the bank's names: generalInfo (cifId, accountManagerId, groupId, groupName, dsaId), applicationInfo (riskScore, srNumber), prospectStatusInfo (statusType, statusFlag, reasonCode, reasonStatus), screeningResults [{ signatoryId?, screeningType, reasonStatus }] of the latest screening, documents [{ filePath, avsCheck, avsCheckDt }] (its anti-virus check of a current file). Replaces the records as a whole; checked against the bank's patterns and maximum lengths (400 with body. field errors); audited. Agents and integrations with an agent's token only.",
        params: prospectIdParam,
        body: { type: 'object' },
        response: { 200: recordsAnswer },
      },
    },
    async (request) => {
      const { prospectId } = request.params;
      const row = await existing(prospectId);
      const content = await app.contentStore.current();
      const db = app.database.db;
      const current = applicationUploads(row.document, await documents.listCurrent(db, prospectId));
      const checked = checkBankRecords(content.built, request.body, { screening: await screening.latest(db, prospectId), current });
      const before = ((await records.get(db, prospectId))?.records ?? {}) as Record<string, unknown>;
      const changed = recordChanges(before, checked as Record<string, unknown>);
      await db.transaction().execute(async (trx) => {
        await records.put(trx, prospectId, checked as Record<string, unknown>, request.principal!.sub);
        await audit.record(trx, { prospectId, principal: request.principal!, action: 'prospect.bankRecords', changes: changed });
      });
      return recordsOf(row);
    },
  );

  app.put<{ Params: { prospectId: string; documentKey: string }; Body: { verified: boolean } }>(
    '/agent/prospects/:prospectId/documents/:documentKey/verification',
    {
      onRequest: guard,
      schema: {
        description: "An agent marks the current file of a document verified ({ verified: true }) or takes the mark back (false). A new upload of the document is not verified. Audited (document.verify / document.unverify); exported as the bank's documents[].verified and verifiedBy.",
        params: { type: 'object', required: ['prospectId', 'documentKey'], properties: { ...prospectIdParam.properties, documentKey: { type: 'string', minLength: 1, maxLength: 120 } } },
        body: { type: 'object', required: ['verified'], additionalProperties: false, properties: { verified: { type: 'boolean' } } },
        response: { 200: recordsAnswer },
      },
    },
    async (request) => {
      const { prospectId, documentKey } = request.params;
      const row = await existing(prospectId);
      const db = app.database.db;
      const doc = await documents.findCurrent(db, prospectId, documentKey);
      if (!doc || applicationUploads(row.document, [doc]).length === 0) throw new ApiError(404, 'NotFound', [{ errorCode: 'DOCUMENT_NOT_FOUND', message: 'The document was not found', field: 'params.documentKey' }]);
      const changes = [{ documentKey, documentTitle: doc.documentTitle ?? undefined, fileName: doc.fileName }];
      await db.transaction().execute(async (trx) => {
        if (request.body.verified) {
          await records.verify(trx, prospectId, doc.id, request.principal!.sub);
          await audit.record(trx, { prospectId, principal: request.principal!, action: 'document.verify', changes });
        } else if (await records.unverify(trx, doc.id)) {
          await audit.record(trx, { prospectId, principal: request.principal!, action: 'document.unverify', changes });
        }
      });
      return recordsOf(row);
    },
  );
};

/** The audit's words of a records change: each bank field that changed, by its bank path ("generalInfo.cifId"). */
function recordChanges(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const flat = (o: Record<string, unknown>) => {
    const out = new Map<string, string>();
    for (const [section, value] of Object.entries(o)) {
      if (Array.isArray(value)) out.set(section, JSON.stringify(value));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.set(`${section}.${k}`, JSON.stringify(v));
    }
    return out;
  };
  const a = flat(before);
  const b = flat(after);
  const keys = [...new Set([...a.keys(), ...b.keys()])].sort();
  return keys.filter((k) => a.get(k) !== b.get(k)).map((k) => `bank:${k}`);
}

export default bankExchangeRoutes;
