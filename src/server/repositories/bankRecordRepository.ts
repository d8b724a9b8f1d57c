import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';

type Db = Kysely<Database> | Transaction<Database>;

export interface StoredBankRecords {
  records: Record<string, unknown>;
  updatedBy: string;
  updatedAt: Date;
}

export interface DocumentVerification {
  documentId: string;
  verifiedBy: string;
  verifiedAt: Date;
}

/**
 * The bank's own records of an application (migrations/023, src/server/prospects/bankRecords.ts) and the agents'
 * verifications of its documents. Every function takes the database or a transaction.
 */
export function createBankRecordRepository() {
  return {
    async get(db: Db, prospectId: string): Promise<StoredBankRecords | undefined> {
      const r = await db.selectFrom('bank_records').select(['records', 'updated_by', 'updated_at']).where('prospect_id', '=', prospectId).executeTakeFirst();
      return r && { records: r.records as Record<string, unknown>, updatedBy: r.updated_by, updatedAt: new Date(r.updated_at) };
    },

    /** Replaces the application's bank records as a whole. */
    async put(db: Db, prospectId: string, records: Record<string, unknown>, updatedBy: string): Promise<void> {
      const values = { prospect_id: prospectId, records: JSON.stringify(records), updated_by: updatedBy, updated_at: new Date() };
      await db
        .insertInto('bank_records')
        .values(values)
        .onConflict((oc) => oc.column('prospect_id').doUpdateSet({ records: values.records, updated_by: updatedBy, updated_at: values.updated_at }))
        .execute();
    },

    async verifications(db: Db, prospectId: string): Promise<DocumentVerification[]> {
      const rows = await db.selectFrom('document_verifications').select(['document_id', 'verified_by', 'verified_at']).where('prospect_id', '=', prospectId).execute();
      return rows.map((r) => ({ documentId: r.document_id, verifiedBy: r.verified_by, verifiedAt: new Date(r.verified_at) }));
    },

    async verify(db: Db, prospectId: string, documentId: string, verifiedBy: string): Promise<void> {
      await db
        .insertInto('document_verifications')
        .values({ document_id: documentId, prospect_id: prospectId, verified_by: verifiedBy, verified_at: new Date() })
        .onConflict((oc) => oc.column('document_id').doUpdateSet({ verified_by: verifiedBy, verified_at: new Date() }))
        .execute();
    },

    async unverify(db: Db, documentId: string): Promise<boolean> {
      const r = await db.deleteFrom('document_verifications').where('document_id', '=', documentId).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}

export type BankRecordRepository = ReturnType<typeof createBankRecordRepository>;
