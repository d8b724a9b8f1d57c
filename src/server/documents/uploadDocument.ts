import { createAuditRepository } from '../repositories/auditRepository';
import type { Principal } from '../security/principal';
import { randomUUID } from 'node:crypto';
import { INVALID_PROSPECT } from '../../shared/stopCodes';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { type DocumentsConfig, requiredDocuments } from '../../content/requiredDocuments';
import { ApiError, type ApiErrorItem } from '../plugins/app/errors';
import { createDocumentRepository } from '../repositories/documentRepository';
import type { ProspectRow } from '../repositories/prospectRepository';
import { maxUploads, screenProspect, screeningRules } from '../screening/screenProspect';
import { detectType, safeFileName, SNIFF_BYTES } from './documentFiles';
import { uploadMessages } from '../../shared/uploadMessages';
import { DEFAULT_LOCALE, type Locale } from '../../content/i18n/locales';
import { endsWithZip, keepTail } from './archiveTail';
import { placeDocument } from './documentList';
import { OTHER_DOCUMENT_KEY, OTHER_DOCUMENT_TYPE } from '../../shared/documentsAnswer';

export const MAX_DOCUMENTS_MESSAGE =
  "Oops! you have reached the maximum no. of documents uploads. Let's have someone call you back within one day to help you out.";

const FIELDS: Record<string, { pattern: RegExp; required: boolean }> = {
  documentKey: { pattern: /^[A-Za-z0-9][A-Za-z0-9 _.()&-]{0,119}$/, required: true },
  documentType: { pattern: /^[A-Za-z0-9][A-Za-z0-9 _./()&-]{0,79}$/, required: true },
  // eslint-disable-next-line no-control-regex
  documentTitle: { pattern: /^[^\u0000-\u001f\u007f]{1,200}$/, required: false },
  signatoryId: { pattern: /^[A-Za-z0-9_-]{1,64}$/, required: false },
};

/** Where the annexure's documents live (documents.json, group kycAnnexure). */
const ANNEXURE_DOCUMENTS = 'kycAnnexureDocuments';

/** The document types of the annexure's section, whatever the annexure's answers (their 'when' aside). */
function annexureDocumentTypes(config: DocumentsConfig): Set<string> {
  return new Set((config.groups ?? []).flatMap((g) => g.sections.filter((s) => s.section === ANNEXURE_DOCUMENTS).flatMap((s) => s.documents.map((d) => d.documentType))));
}

const documentError = (status: number, errorCode: string, message: string) =>
  new ApiError(status, 'DocumentValidation', [{ errorCode, message, field: 'file' }]);

/** The first `want` bytes of a stream (fewer when it ends), and an iterator over the rest. */
async function peek(file: MultipartFile['file'], want: number) {
  const it = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < want) {
    const r = await it.next();
    if (r.done) {
      ended = true;
      break;
    }
    chunks.push(r.value);
    length += r.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* all() {
    yield head;
    if (ended) return;
    for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
  }
  async function drain() {
    if (!ended) for (let r = await it.next(); !r.done; r = await it.next());
  }
  return { head, ended, all, drain };
}

/** What busboy throws for a body that is not multipart as announced: no boundary, cut short, malformed headers. */
const MALFORMED_MULTIPART = /^(Multipart: |Unexpected end of|Malformed |Part terminated early|Unsupported content type)/;

/** Multipart's own limit errors (FST_*) and the parser's refusals of a malformed body as the API's errors. */
export function multipartError(error: unknown, limits: { maxBytes: number; minBytes: number }, locale: Locale = DEFAULT_LOCALE): unknown {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return documentError(413, 'FILE_TOO_LARGE', uploadMessages(locale, limits).tooLarge);
  if (code.startsWith('FST_') || (error instanceof Error && MALFORMED_MULTIPART.test(error.message))) {
    return new ApiError(400, 'DocumentValidation', [{ errorCode: 'INVALID_UPLOAD', message: 'Send one file with the fields documentKey and documentType as multipart/form-data' }]);
  }
  return error;
}

export interface UploadResult {
  fileName: string;
  documentKey: string;
  uploadStatus: string;
}

/**
 * Streams one multipart upload into the document store and records it. The fields may come before or after
 * the file. The type is read from the content; the size is checked while streaming; the count of uploads is
 * checked again under a lock on the prospect, so concurrent uploads cannot pass the maximum together.
 */
export async function uploadDocument(
  app: FastifyInstance,
  input: {
    prospect: ProspectRow;
    parts: AsyncIterable<Multipart>;
    uploadedBy: string | null;
    agent: boolean;
    /** Only these documents may be uploaded (an applicant after submission: the documents the bank asked for). */
    onlyKeys?: ReadonlySet<string>;
    /** Who uploads (for the audit trail). */
    principal?: Principal;
    /** The request's language: the refusals' messages. */
    locale?: Locale;
  },
): Promise<UploadResult> {
  const { prospect } = input;
  const limits = app.config.documents;
  // What a refused file says, in the applicant's language (the browser checked the same before sending).
  const said = uploadMessages(input.locale ?? DEFAULT_LOCALE, limits);
  const repo = createDocumentRepository();
  const db = app.database.db;
  const max = maxUploads(app, await screeningRules(app));
  const refuseMaximum = async () => {
    await screenProspect(app, prospect.id).catch((error: unknown) => app.log.error({ err: error }, 'documents screening failed'));
    return new ApiError(400, 'DocumentValidation', [{ errorCode: 'MAX_DOCUMENTS', message: MAX_DOCUMENTS_MESSAGE }]);
  };
  if ((await repo.countUploads(db, prospect.id)) >= max) throw await refuseMaximum();

  const fields: Record<string, string> = {};
  const errors: ApiErrorItem[] = [];
  let stored: { storageKey: string; size: number; sha256: string; fileName: string; contentType: string } | undefined;
  const storageKey = `${prospect.id}/${randomUUID()}`;
  const discard = () => app.documentStore.delete(storageKey).catch(() => {});
  try {
    for await (const part of input.parts) {
      if (part.type === 'field') {
        if (!Object.hasOwn(FIELDS, part.fieldname)) errors.push({ errorCode: 'INVALID', message: `${part.fieldname} is not expected`, field: part.fieldname });
        else fields[part.fieldname] = part.valueTruncated ? '\u0000' : String(part.value);
        continue;
      }
      const { head, ended, all, drain } = await peek(part.file, Math.max(SNIFF_BYTES, limits.minBytes));
      const type = await detectType(head);
      if (!type) {
        await drain();
        throw documentError(400, 'UNSUPPORTED_FILE_TYPE', said.badType);
      }
      if (ended && head.length < limits.minBytes) {
        throw documentError(400, 'FILE_TOO_SMALL', said.tooSmall);
      }
      const content = keepTail(all());
      const { size, sha256 } = await app.documentStore.put(storageKey, content.chunks);
      if (part.file.truncated || size > limits.maxBytes) {
        await discard();
        throw documentError(413, 'FILE_TOO_LARGE', said.tooLarge);
      }
      if (endsWithZip(content.tail())) throw documentError(400, 'UNSUPPORTED_FILE_TYPE', said.archive);
      stored = { storageKey, size, sha256, fileName: safeFileName(part.filename, type.ext), contentType: type.mime };
    }
  } catch (error) {
    await discard();
    throw multipartError(error, limits, input.locale);
  }

  for (const [name, rule] of Object.entries(FIELDS)) {
    const value = fields[name];
    if (value === undefined || value.trim() === '') {
      if (rule.required) errors.push({ errorCode: 'REQUIRED', message: `${name} is not filled`, field: name });
    } else if (!rule.pattern.test(value)) errors.push({ errorCode: 'INVALID', message: `${name} is invalid`, field: name });
  }
  if (!stored) errors.push({ errorCode: 'REQUIRED', message: 'File is not filled', field: 'file' });
  const config = (await app.contentStore.current()).built.documents as unknown as DocumentsConfig;
  const placement = placeDocument(requiredDocuments(prospect.document, config), config, fields.documentKey ?? '', fields.signatoryId);
  // The annexure's documents (DSA checklist, site-visit report) are the relationship officer's, like the annexure:
  // by their key or type, whether the application lists them yet or not (an annexure filled later would count them).
  const annexureTypes = annexureDocumentTypes(config);
  const annexureDocument =
    placement.groupName === ANNEXURE_DOCUMENTS ||
    annexureTypes.has(fields.documentType ?? '') ||
    [...annexureTypes].some((type) => (fields.documentKey ?? '').startsWith(`${type}-`));
  if (annexureDocument && !input.agent) {
    await discard();
    throw new ApiError(403, 'Forbidden', [{ errorCode: 'FORBIDDEN', message: 'Only the bank can upload KYC annexure documents', field: 'documentKey' }]);
  }
  // A key the bank's list does not name is an "other document" of the applicant's ('Other-1'), or an annexure
  // document of the agent's; any other key is refused (it would show up under a name the bank never gave).
  const otherDocument = fields.documentType === OTHER_DOCUMENT_TYPE && OTHER_DOCUMENT_KEY.test(fields.documentKey ?? '');
  if (!placement.listed && fields.documentKey && !otherDocument && !(annexureDocument && input.agent)) {
    errors.push({ errorCode: 'NOT_REQUESTED', message: 'The bank did not ask for this document', field: 'documentKey' });
  }
  if (input.onlyKeys && fields.documentKey && !input.onlyKeys.has(fields.documentKey)) {
    errors.push({ errorCode: 'NOT_REQUESTED', message: 'The bank did not ask for this document', field: 'documentKey' });
  }
  if (placement.required && fields.documentType && placement.required.documentType !== fields.documentType) {
    errors.push({ errorCode: 'INVALID', message: `documentType must be ${placement.required.documentType} for ${placement.required.documentKey}`, field: 'documentType' });
  }
  if (errors.length || !stored) {
    await discard();
    throw new ApiError(400, 'FieldsValidation', errors);
  }

  const file = stored;
  const inserted = await db.transaction().execute(async (trx) => {
    if (!(await repo.lockProspect(trx, prospect.id))) return 'gone' as const;
    if ((await repo.countUploads(trx, prospect.id)) >= max) return 'full' as const;
    const row = await repo.insert(trx, {
      id: randomUUID(),
      prospectId: prospect.id,
      documentKey: fields.documentKey!,
      documentType: fields.documentType!,
      // A required document's title is the bank's (its content, in the bank's language), whatever the caller sent;
      // the caller names only a document the bank did not list (another document, a proof of relationship).
      documentTitle: placement.required?.documentTitle ?? fields.documentTitle ?? null,
      groupName: placement.groupName,
      signatoryId: placement.signatoryId,
      fileName: file.fileName,
      contentType: file.contentType,
      size: file.size,
      sha256: file.sha256,
      storageKey: file.storageKey,
      uploadedBy: input.uploadedBy,
    });
    // Who uploaded which document, in the same transaction as the upload.
    if (input.principal) {
      await createAuditRepository().record(trx, {
        prospectId: prospect.id,
        principal: input.principal,
        action: 'document.upload',
        changes: [{ documentKey: row.documentKey, documentType: fields.documentType, documentTitle: row.documentTitle ?? undefined, fileName: row.fileName, size: file.size }],
      });
    }
    return row;
  });
  if (inserted === 'gone' || inserted === 'full') {
    await discard();
    if (inserted === 'full') throw await refuseMaximum();
    throw new ApiError(404, 'ProspectError', [INVALID_PROSPECT]);
  }
  return { fileName: inserted.fileName, documentKey: inserted.documentKey, uploadStatus: inserted.uploadStatus };
}
