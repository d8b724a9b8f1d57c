import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, DocumentsTable } from '../db/tables';

type Db = Kysely<Database> | Transaction<Database>;

export interface DocumentRow {
  id: string;
  prospectId: string;
  documentKey: string;
  documentType: string;
  documentTitle: string | null;
  /** The section of prospect.documents it belongs to (companyDocuments, personalBankStatements, ...). */
  groupName: string;
  signatoryId: string | null;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  storageKey: string;
  uploadStatus: string;
  uploadedBy: string | null;
  createdAt: Date;
}

export type NewDocument = Omit<DocumentRow, 'uploadStatus' | 'createdAt'>;

type Raw = Selectable<DocumentsTable>;

/** Documents still shown (a deleted 'other' document is hidden but kept). */
function select(db: Db) {
  return db.selectFrom('documents').selectAll().where('deleted_at', 'is', null);
}

function toRow(r: Raw): DocumentRow {
  return {
    id: r.id,
    prospectId: r.prospect_id,
    documentKey: r.document_key,
    documentType: r.document_type,
    documentTitle: r.document_title,
    groupName: r.group_name,
    signatoryId: r.signatory_id,
    fileName: r.file_name,
    contentType: r.content_type,
    size: Number(r.size),
    sha256: r.sha256,
    storageKey: r.storage_key,
    uploadStatus: r.upload_status,
    uploadedBy: r.uploaded_by,
    createdAt: new Date(r.created_at),
  };
}

/** Uploaded documents: one row per upload; the newest row of a documentKey is the current document. */
export function createDocumentRepository() {
  return {
    /** Locks the prospect's row until the transaction ends, so that concurrent uploads are counted one by one. */
    async lockProspect(trx: Transaction<Database>, prospectId: string): Promise<boolean> {
      const { rows } = await sql<{ id: string }>`select id from prospects where id = ${prospectId} for update`.execute(trx);
      return rows.length > 0;
    },

    async countUploads(db: Db, prospectId: string): Promise<number> {
      const r = await db
        .selectFrom('documents')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('prospect_id', '=', prospectId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    async insert(db: Db, doc: NewDocument): Promise<DocumentRow> {
      const r = await db
        .insertInto('documents')
        .values({
          id: doc.id,
          prospect_id: doc.prospectId,
          document_key: doc.documentKey,
          document_type: doc.documentType,
          document_title: doc.documentTitle,
          group_name: doc.groupName,
          signatory_id: doc.signatoryId,
          file_name: doc.fileName,
          content_type: doc.contentType,
          size: doc.size,
          sha256: doc.sha256,
          storage_key: doc.storageKey,
          uploaded_by: doc.uploadedBy,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRow(r);
    },

    /** The current document of a key (the newest upload). */
    async findCurrent(db: Db, prospectId: string, documentKey: string): Promise<DocumentRow | undefined> {
      const r = await select(db)
        .where('prospect_id', '=', prospectId)
        .where('document_key', '=', documentKey)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r && toRow(r);
    },

    /**
     * Hides every upload of a key (the 'other' documents the applicant removes). The rows stay: they still count
     * towards the maximum number of uploads. Returns how many were hidden.
     */
    async markDeleted(db: Db, input: { prospectId: string; documentKey: string; deletedBy: string }): Promise<number> {
      const r = await db
        .updateTable('documents')
        .set({ deleted_at: new Date(), deleted_by: input.deletedBy })
        .where('prospect_id', '=', input.prospectId)
        .where('document_key', '=', input.documentKey)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /** Every upload of a prospect that is still shown, oldest first (the bank export's submitted and updated details). */
    async listUploads(db: Db, prospectId: string): Promise<DocumentRow[]> {
      const rows = await select(db).where('prospect_id', '=', prospectId).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
      return rows.map(toRow);
    },

    /** The current document of every key of a prospect, oldest key first. */
    async listCurrent(db: Db, prospectId: string): Promise<DocumentRow[]> {
      const rows = await select(db).where('prospect_id', '=', prospectId).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
      const byKey = new Map<string, DocumentRow>();
      for (const r of rows) {
        byKey.set(r.document_key, toRow(r)); // a Map keeps the first upload's position, the newest content
      }
      return [...byKey.values()];
    },
  };
}

export type DocumentRepository = ReturnType<typeof createDocumentRepository>;
