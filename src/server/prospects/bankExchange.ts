import Ajv, { type ValidateFunction } from 'ajv';
import { fromBank, toBank, type BankDocument } from '../../bankFormat';
import type { BuiltContent } from '../../content/contentTypes';
import type { ContentValidator } from '../../content/contentValidator';
import { pointerToDotted } from '../../validation/errors';
import { ApiError } from '../plugins/app/errors';
import type { DocumentRow } from '../repositories/documentRepository';
import type { DocumentVerification } from '../repositories/bankRecordRepository';
import type { SignatoryScreening } from '../screening/runScreening';
import type { InlineFile } from './bankFileEncryption';
import { auditActionType } from './auditFacts';
import { addBankRecords, type BankRecords, takeImportedRecords } from './bankRecords';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The bank exchange format at the API (issue 18): export a stored prospect, import a bank document as a new
 * prospect. The conversion itself is src/bankFormat (pure, driven by schemas/bank/mapping*.json).
 */

export const EXCHANGE_FORMATS = ['bank'] as const;

/** The exchange document's validator, compiled once per content version. */
const compiled = new WeakMap<BuiltContent, ValidateFunction>();

function bankValidator(content: BuiltContent): ValidateFunction {
  const hit = compiled.get(content);
  if (hit) return hit;
  // The bank's patterns are JavaScript expressions of its old form (`\@`, `\#`): not valid in unicode mode.
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  const validate = ajv.compile(content.bankFormat!.schema);
  compiled.set(content, validate);
  return validate;
}

function formatOf(content: BuiltContent) {
  if (!content.bankFormat) {
    throw new ApiError(400, 'FieldsValidation', [{ errorCode: 'UNSUPPORTED_FORMAT', field: 'querystring.format', message: 'The bank format is not configured in this content version' }]);
  }
  return content.bankFormat;
}

/** What the server keeps beside a prospect and the export adds to it (each optional: an export of less is still valid). */
export interface ExportRecord {
  screening?: { statusOverAll: string; screeningResults: unknown[]; signatories?: SignatoryScreening[] };
  /** The prospect's row: created and last written. */
  createdAt?: Date;
  updatedAt?: Date;
  /** Its audit trail, oldest first: who created it and who changed it last, how it was saved last. */
  audit?: { actor: string; action: string; changes?: unknown[] }[];
  /** Every upload that is still shown, oldest first (several uploads of one key: the newest is the current file). */
  uploads?: DocumentRow[];
  /** The bank's own records of the application (src/server/prospects/bankRecords.ts). */
  bankRecords?: BankRecords;
  /** Agents' verifications of uploads (by upload id). */
  verifications?: DocumentVerification[];
  /** The contents of current files by upload id (base64, encrypted for the bank when its key is configured): only with the export's files=inline. */
  fileData?: Map<string, InlineFile>;
}

/** The save actions of the audit trail (prospect.auto / save / submit): the last one's kind is the bank's saveType. */
const SAVE_ACTION = /^prospect\.(auto|save|submit)$/;

/** The bank segment of the documents API's addresses, as the app writes it (GET /api/banks/rak/prospects/{id}/documents/{key}). */
const DOCUMENTS_BANK = 'rak';

/**
 * Audit actions that do not change the application: reads, and what is kept beside it without a new version (the
 * bank's records, agents' document verifications). They do not make anyone its last modifier.
 */
const READ_ACTIONS = new Set(['prospect.export', 'document.download', 'agent.search', 'prospect.bankRecords', 'document.verify', 'document.unverify']);

/**
 * The application's documents as the bank's two lists: the current file of each document key, a stakeholder's
 * (signatoryId set) in stakeholdersDocuments, the company's in companyDocuments. filePath is the document key, url
 * the documents API's download address; submitted is the key's first upload, updated its newest (current) one.
 */
function documentLists(prospectId: string, uploads: DocumentRow[], record: ExportRecord) {
  const byKey = new Map<string, DocumentRow[]>();
  for (const u of uploads) byKey.set(u.documentKey, [...(byKey.get(u.documentKey) ?? []), u]);
  const companyDocuments: Obj[] = [];
  const stakeholdersDocuments: Obj[] = [];
  for (const [key, rows] of byKey) {
    const first = rows[0]!;
    const current = rows[rows.length - 1]!;
    const item: Obj = {
      documentType: current.documentType,
      ...(current.signatoryId ? { signatoryId: current.signatoryId } : {}),
      ...(current.documentTitle ? { documentTitle: current.documentTitle } : {}),
      fileName: current.fileName,
      filePath: key,
      url: `/api/banks/${DOCUMENTS_BANK}/prospects/${encodeURIComponent(prospectId)}/documents/${encodeURIComponent(key)}`,
      fileFormat: current.contentType,
      fileSize: current.size,
      fileDescription: current.groupName,
      ...(first.uploadedBy ? { submittedBy: first.uploadedBy } : {}),
      submittedDt: first.createdAt.toISOString(),
      ...(current.uploadedBy ? { updatedBy: current.uploadedBy } : {}),
      updatedDt: current.createdAt.toISOString(),
      uploadStatus: current.uploadStatus,
      ...documentState(current, record),
    };
    (current.signatoryId ? stakeholdersDocuments : companyDocuments).push(item);
  }
  return { ...(companyDocuments.length ? { companyDocuments } : {}), ...(stakeholdersDocuments.length ? { stakeholdersDocuments } : {}) };
}

/**
 * What the bank's back end and the agents recorded about a document's current file: an agent's verification
 * (verified is false until an agent verifies this upload; a new upload of the key is not verified), the bank's
 * anti-virus check of the file (bank records, when it checked this upload), and with files=inline its contents
 * (fileData, base64: encrypted for the bank with isEncrypted true and encryptionDetails when BANK_FILES_PUBLIC_KEY_PEM
 * is set, else the file's own bytes with isEncrypted false; prospects/bankFileEncryption.ts).
 */
function documentState(current: DocumentRow, record: ExportRecord): Obj {
  const verification = record.verifications?.find((v) => v.documentId === current.id);
  const check = record.bankRecords?.documents?.find((d) => d.documentId === current.id);
  const data = record.fileData?.get(current.id);
  return {
    verified: !!verification,
    ...(verification ? { verifiedBy: verification.verifiedBy } : {}),
    ...(check ? { avsCheck: check.avsCheck, avsCheckDt: check.avsCheckDt } : {}),
    ...(data ?? {}),
  };
}

/**
 * The stored prospect with what the server keeps beside it or derives from it, as the mapping's rows expect it
 * (schemas/bank/mapping*.json, docs/bank-format.md): the latest screening result (company and each stakeholder),
 * the row's dates and the audit trail's creator and last modifier, the documents, the application's API address, and the flags the bank keeps
 * derived (a PEP among the stakeholders, a company among them, a debit card for each signatory who has a name on
 * it). Pure. An import drops every one of them (SERVER_OWNED).
 */
export function withServerRecord(document: Obj, prospectId: string, record: ExportRecord = {}): Obj {
  const out: Obj = structuredClone(document);
  const { screening } = record;
  if (screening) out.screeningInfo = { statusOverAll: screening.statusOverAll, screeningResults: screening.screeningResults };
  const signatories = Array.isArray(out.signatoryInfo) ? out.signatoryInfo : undefined;
  if (screening?.signatories?.length && signatories) {
    // Each stakeholder's own results (matched by signatoryId, else by position), as the bank's signatoryInfo[].screeningInfo.
    signatories.forEach((s, index) => {
      if (!isObj(s)) return;
      const id = s.signatoryId === undefined ? undefined : String(s.signatoryId);
      const own = screening.signatories!.find((r) => (id !== undefined ? r.signatoryId === id : r.index === index));
      if (own) s.screeningInfo = { statusOverAll: own.statusOverAll, screeningResults: own.screeningResults };
    });
  }
  const section = (key: string): Obj => (isObj(out[key]) ? (out[key] as Obj) : (out[key] = {}) as Obj);
  // The application's own address in the API, as the bank's answers link themselves (generalInfo._links.self).
  section('generalInfo')._links = { self: { href: `/api/usertypes/sme/prospects/${encodeURIComponent(prospectId)}` } };
  if (record.createdAt) section('applicationInfo').createdDate = record.createdAt.toISOString();
  if (record.updatedAt) section('applicationInfo').lastModifiedDate = record.updatedAt.toISOString();
  const created = record.audit?.find((e) => e.action === 'prospect.create' || e.action === 'prospect.import');
  if (created) section('applicationInfo').createdBy = created.actor;
  const changed = record.audit?.filter((e) => !READ_ACTIONS.has(e.action)).at(-1);
  if (changed) section('applicationInfo').lastModifiedBy = changed.actor;
  // How it was saved last (the bank's saveType and actionType accompany each save: 000 "saveType and actionType accompany each update").
  const saved = record.audit?.filter((e) => SAVE_ACTION.test(e.action)).at(-1);
  if (saved) {
    section('applicationInfo').saveType = SAVE_ACTION.exec(saved.action)![1];
    const action = auditActionType(saved.changes);
    if (action) section('applicationInfo').actionType = action;
  }
  if (record.uploads?.length) out.documents = documentLists(prospectId, record.uploads, record);
  if (record.bankRecords) addBankRecords(out, record.bankRecords);
  if (signatories?.length) {
    const kyc = (s: unknown) => (isObj(s) && isObj(s.kycDetails) ? s.kycDetails : {});
    section('generalInfo').isPoliticallyExposed = signatories.some((s) => kyc(s).isPEP === true) ? 'Y' : 'N';
    section('orgKYCDetails').isShareholderACompany = signatories.some((s) => kyc(s).isShareholderACompany === true);
    const cards = Array.isArray(out.accountInfo) && out.accountInfo.some((a) => isObj(a) && a.debitCardApplied === true);
    // The agent's KYC verification (the KYC annexure's verification date, 001 "KYC verification date required")
    // covers the company and every stakeholder: the bank's kycVerified on each.
    const annexure = isObj(out.kycAnnexure) ? out.kycAnnexure : {};
    const kycVerified = typeof annexure.kycVerificationDate === 'string' && annexure.kycVerificationDate !== '';
    signatories.forEach((s) => {
      if (isObj(s)) s.kycVerified = kycVerified;
    });
    signatories.forEach((s) => {
      if (!isObj(s) || kyc(s).isSignatory !== true) return;
      const card = isObj(s.debitCardInfo) ? s.debitCardInfo : undefined;
      const named = isObj(card?.authSignatoryDetails) && typeof card.authSignatoryDetails.nameOnDebitCard === 'string' && card.authSignatoryDetails.nameOnDebitCard !== '';
      s.debitCardInfo = { ...(card ?? {}), issueDebitCard: cards && named };
    });
  }
  return out;
}

/** The stored prospect in the bank's format, with what the server keeps beside it (withServerRecord). */
export function exportToBank(content: BuiltContent, document: Obj, prospectId: string, record: ExportRecord = {}): BankDocument {
  return toBank(withServerRecord(document, prospectId, record), formatOf(content).mapping);
}

/**
 * Fields of a prospect only the server writes (schemas/serverFields.schema.json): an import never sets them; the
 * new application gets its own identity, status, screening and documents.
 */
const SERVER_OWNED: { pointer: string; drop(document: Obj): boolean }[] = [
  ...['generalInfo', 'prospectStatusInfo', 'screeningInfo', 'documents', 'freeFieldsInfo'].map((key) => ({
    pointer: `/${key}`,
    drop: (d: Obj) => key in d && delete d[key],
  })),
  ...(
    [
      ['applicationInfo', 'viewId'],
      ['applicantInfo', 'validRoCode'],
      ['applicantInfo', 'LeadSource'],
      ['orgKYCDetails', 'businessUnit'],
      ['orgKYCDetails', 'isShareholderACompany'],
      ['applicationInfo', 'declaration'],
      ['applicationInfo', 'createdDate'],
      ['applicationInfo', 'lastModifiedDate'],
      ['applicationInfo', 'createdBy'],
      ['applicationInfo', 'lastModifiedBy'],
      ['applicationInfo', 'saveType'],
      ['applicationInfo', 'actionType'],
    ] as const
  ).map(([section, key]) => ({
    pointer: `/${section}/${key}`,
    drop: (d: Obj) => isObj(d[section]) && key in (d[section] as Obj) && delete (d[section] as Obj)[key],
  })),
];

/**
 * A bank document → the prospect to create: checked against the exchange document's schema (400, fields named
 * `bank.<path>`), converted, the server's own fields dropped (listed in `notImported`), then checked against the
 * complete prospect schema (400, fields named `prospect.<path>`). Never throws anything but an ApiError.
 */
export function importFromBank(content: BuiltContent, validator: ContentValidator, body: unknown): { prospect: Obj; notImported: string[]; bankRecords: BankRecords; recordsTaken: string[] } {
  const format = formatOf(content);
  const validate = bankValidator(content);
  if (!validate(body)) {
    const errors = (validate.errors ?? []).slice(0, 50).map((e) => {
      const missing = e.keyword === 'required' ? `/${String((e.params as { missingProperty?: string }).missingProperty)}` : '';
      const extra = e.keyword === 'additionalProperties' ? `/${String((e.params as { additionalProperty?: string }).additionalProperty)}` : '';
      const path = e.instancePath + missing + extra;
      return {
        errorCode: e.keyword.toUpperCase(),
        field: `bank${path ? '.' + pointerToDotted(path) : ''}`,
        message: e.keyword === 'additionalProperties' ? 'The bank format has no such field' : `The bank format ${e.keyword === 'required' ? 'needs this field' : (e.message ?? 'refuses this value')}`,
      };
    });
    throw new ApiError(400, 'FieldsValidation', errors);
  }
  let prospect: Obj;
  try {
    prospect = fromBank(body as BankDocument, format.mapping);
  } catch (error) {
    throw new ApiError(400, 'FieldsValidation', [{ errorCode: 'INVALID', field: 'bank.extensions', message: (error as Error).message }]);
  }
  // The bank's own records (CIF number, account manager, risk score, its review codes) are kept, beside the new application.
  const { records: bankRecords, taken: recordsTaken } = takeImportedRecords(content, prospect);
  const notImported = SERVER_OWNED.filter((f) => f.drop(prospect)).map((f) => f.pointer);
  if (Array.isArray(prospect.signatoryInfo)) {
    // Per-signatory screening results are the server's (kept beside the prospect): the new application is screened itself.
    prospect.signatoryInfo.forEach((s, i) => {
      if (isObj(s) && 'screeningInfo' in s) {
        delete s.screeningInfo;
        notImported.push(`/signatoryInfo/${i}/screeningInfo`);
      }
      // Derived by the export from the KYC annexure: never stored.
      if (isObj(s) && 'kycVerified' in s) {
        delete s.kycVerified;
        notImported.push(`/signatoryInfo/${i}/kycVerified`);
      }
      // Derived by the export from the account's debit cards and the name on the card: never stored.
      if (isObj(s) && isObj(s.debitCardInfo) && 'issueDebitCard' in s.debitCardInfo) {
        delete s.debitCardInfo.issueDebitCard;
        if (Object.keys(s.debitCardInfo).length === 0) delete s.debitCardInfo;
        notImported.push(`/signatoryInfo/${i}/debitCardInfo/issueDebitCard`);
      }
    });
  }
  if (Array.isArray(prospect.accountInfo)) {
    prospect.accountInfo.forEach((account, i) => {
      for (const key of ['accountNo', 'accountNumbers']) {
        if (isObj(account) && key in account) {
          delete account[key];
          notImported.push(`/accountInfo/${i}/${key}`);
        }
      }
    });
  }
  const errors = validator.validate('prospect', prospect);
  if (errors.length) {
    throw new ApiError(
      400,
      'FieldsValidation',
      errors.slice(0, 50).map((e) => ({ errorCode: e.keyword.toUpperCase(), message: e.message, field: `prospect${e.path ? '.' + pointerToDotted(e.path) : ''}` })),
    );
  }
  return { prospect, notImported, bankRecords, recordsTaken };
}
