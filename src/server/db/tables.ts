import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ProspectsTable {
  id: string;
  user_type: string;
  document: ColumnType<Record<string, unknown>, string, string>;
  version: Generated<number>;
  status: Generated<string>;
  schema_version: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  owner_country_code: string | null;
  owner_mobile: string | null;
  owner_email: string | null;
  /** The applicant's language ('en', 'ar'): status messages are sent in it (migrations/021). */
  locale: ColumnType<string | null, string | null | undefined, string | null>;
  ro_code: string | null;
  applicant_name: string | null;
  company_name: string | null;
  trade_license_no: string | null;
  lead_number: string | null;
  eid_numbers: ColumnType<string[], string[] | undefined, string[]>;
  name_words: ColumnType<string[], string[] | undefined, string[]>;
  company_words: ColumnType<string[], string[] | undefined, string[]>;
}

export interface AuditLogTable {
  id: Generated<string>;
  prospect_id: string | null;
  actor_sub: string;
  actor_kind: string;
  action: string;
  changes: ColumnType<unknown[], string, string>;
  created_at: Timestamp;
}

export interface InvitesTable {
  id: string;
  token_hash: string;
  agent_sub: string;
  ro_code: string | null;
  email: string;
  country_code: string;
  mobile_no: string;
  full_name: string;
  account_type: string;
  islamic_banking: boolean;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  expires_at: Timestamp;
  created_at: Timestamp;
  opened_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  sent_count: Generated<number>;
  last_sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  prospect_id: string | null;
}

export interface SchemaVersionsTable {
  version: number;
  content_hash: string;
  /** migrations/026: the rows of schema_version_content holding the version's files. */
  content_id: string;
  author: string;
  message: string;
  created_at: Timestamp;
}

/** migrations/026: a version's files as JSON text, in parts (`part` of `parts`) of at most 256 kB. */
export interface SchemaVersionContentTable {
  content_id: string;
  part: number;
  parts: number;
  content: string;
  created_at: Timestamp;
}

/** migrations/020: generated validator code per content hash, generator fingerprint and kind. */
export interface ValidatorCodeTable {
  content_hash: string;
  generator: string;
  kind: 'server' | 'customer' | 'agent';
  /** migrations/025: the code in parts (`part` of `parts`), each a row of at most 256 kB. */
  part: Generated<number>;
  parts: Generated<number>;
  code: string;
  created_at: Generated<Timestamp>;
}

/** migrations/015: schema-studio drafts, shared by product staff, reviewed before publication. */
export interface StudioDraftsTable {
  id: string;
  name: string;
  kind: Generated<'edit' | 'rollback'>;
  rollback_to: number | null;
  base_version: number;
  files: ColumnType<Record<string, unknown>, string | undefined, string>;
  revision: Generated<number>;
  status: Generated<StudioDraftStatus>;
  author_sub: string;
  author_name: string;
  updated_by_name: string;
  approved_by_sub: string | null;
  approved_by_name: string | null;
  approved_revision: number | null;
  acknowledged_hash: string | null;
  published_version: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type StudioDraftStatus = 'draft' | 'in_review' | 'changes_requested' | 'approved' | 'published' | 'discarded';

export interface StudioDraftEventsTable {
  id: Generated<string>;
  draft_id: string;
  actor_sub: string;
  actor_name: string;
  action: string;
  comment: string | null;
  revision: number;
  created_at: Timestamp;
}

export interface UsersTable {
  id: string;
  username: string;
  password_hash: string;
  display_name: string;
  ro_code: string | null;
  roles: ColumnType<string[], string, string>;
  created_at: Timestamp;
}

export interface RefreshTokensTable {
  id: string;
  family_id: string;
  principal: ColumnType<Record<string, unknown>, string, string>;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface SessionFamiliesTable {
  id: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface OtpCodesTable {
  id: string;
  device_id: string;
  country_code: string;
  mobile_no: string;
  email: string;
  prospect_id: string | null;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  superseded_at: Timestamp | null;
  verified_at: Timestamp | null;
  consumed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  count: number;
}

export interface OutboxTable {
  id: string;
  channel: 'sms' | 'email';
  recipient: string;
  subject: Generated<string>;
  body: string;
  created_at: Timestamp;
}

/** Nonces of accepted encrypted bodies (migrations/002_replay_nonces.sql). */
export interface ReplayNoncesTable {
  nonce: string;
  seen_at: Timestamp;
}

export interface DocumentsTable {
  id: string;
  prospect_id: string;
  document_key: string;
  document_type: string;
  document_title: string | null;
  group_name: string;
  signatory_id: string | null;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  storage_key: string;
  upload_status: Generated<string>;
  uploaded_by: string | null;
  created_at: Timestamp;
  /** Set when an 'other' document was deleted (migration 010): hidden, still counted. */
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  deleted_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ScreeningResultsTable {
  id: Generated<string>;
  prospect_id: string;
  result: ColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
}

export interface BlacklistTable {
  id: Generated<string>;
  name: string | null;
  license_number: string | null;
  reason: string | null;
  name_key: Generated<string | null>;
  license_key: Generated<string | null>;
  created_at: Timestamp;
}

/** migrations/018: the negative list and the Firco sanctions list (Negative List Check, Company Firco Check). */
export interface ScreeningListEntriesTable {
  id: Generated<string>;
  list: 'negative' | 'firco';
  kind: 'name' | 'emiratesId' | 'passport' | 'license';
  value: string;
  reason: string | null;
  value_key: Generated<string | null>;
  created_at: Generated<Timestamp>;
}

/** migrations/017: the bytes of stored documents, in chunks (storage/databaseDocumentStore.ts). */
export interface DocumentChunksTable {
  storage_key: string;
  seq: number;
  data: Uint8Array;
}

/** migrations/013: account numbers (IBANs) given to applications, unique. */
export interface AccountNumbersTable {
  iban: string;
  prospect_id: string;
  currency: string;
  created_at: Timestamp;
}

/** migrations/023: the bank's own records of an application (src/server/prospects/bankRecords.ts). */
export interface BankRecordsTable {
  prospect_id: string;
  records: ColumnType<Record<string, unknown>, string, string>;
  updated_by: string;
  updated_at: Timestamp;
}

/** migrations/023: an agent's verification of one upload of a document. */
export interface DocumentVerificationsTable {
  document_id: string;
  prospect_id: string;
  verified_by: string;
  verified_at: Timestamp;
}

export interface Database {
  bank_records: BankRecordsTable;
  document_verifications: DocumentVerificationsTable;
  account_numbers: AccountNumbersTable;
  replay_nonces: ReplayNoncesTable;
  prospects: ProspectsTable;
  schema_versions: SchemaVersionsTable;
  schema_version_content: SchemaVersionContentTable;
  validator_code: ValidatorCodeTable;
  studio_drafts: StudioDraftsTable;
  studio_draft_events: StudioDraftEventsTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  session_families: SessionFamiliesTable;
  otp_codes: OtpCodesTable;
  rate_limits: RateLimitsTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  invites: InvitesTable;
  documents: DocumentsTable;
  document_chunks: DocumentChunksTable;
  screening_results: ScreeningResultsTable;
  blacklist: BlacklistTable;
  screening_list_entries: ScreeningListEntriesTable;
}
