import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { BuiltContent } from '../../content/contentTypes';
import { pointerToDotted } from '../../validation/errors';
import { ApiError, type ApiErrorItem } from '../plugins/app/errors';
import type { DocumentRow } from '../repositories/documentRepository';
import type { SignatoryScreening } from '../screening/runScreening';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The bank's own records of an application (issue 18, docs/bank-format.md "Bank records"): values the bank's back
 * end assigns after it receives the application. The project computes none of them; it keeps what the bank's
 * integration sends (PUT /api/agent/prospects/{id}/bank-records, or an import), shows them to agents read-only and
 * exports them under the bank's names. The applicant never reads or writes them. Stored beside the prospect
 * (table bank_records), so writing them never changes the application's version.
 *
 * The body has the bank's own section and field names:
 * `{ generalInfo: { cifId, accountManagerId, groupId, groupName, dsaId }, applicationInfo: { riskScore, srNumber },
 *    prospectStatusInfo: { statusType, statusFlag, reasonCode, reasonStatus },
 *    screeningResults: [{ signatoryId?, screeningType, reasonStatus }], documents: [{ filePath, avsCheck, avsCheckDt }] }`.
 */

/** The bank's fields of its records, by section of its prospect. */
export const RECORD_FIELDS = {
  generalInfo: ['cifId', 'accountManagerId', 'groupId', 'groupName', 'dsaId'],
  applicationInfo: ['riskScore', 'srNumber'],
  prospectStatusInfo: ['statusType', 'statusFlag', 'reasonCode', 'reasonStatus'],
} as const;
type Section = keyof typeof RECORD_FIELDS;
const SECTIONS = Object.keys(RECORD_FIELDS) as Section[];

/** Our limit for a text the bank's field configuration gives no maximum length (its review codes, risk score). */
export const OWN_MAX_LENGTH = 100;
/** The CIF number: a number in the bank's template (`cifId: 0`) of at most 7 digits (its field configuration's maxlength 7). */
export const CIF_DIGITS = 7;
/** No control characters in a text without the bank's own pattern. */
const PRINTABLE = '^[^\\u0000-\\u001f\\u007f]*$';

export interface ScreeningReasonStatus {
  /** A stakeholder's result (signatoryInfo[].signatoryId); absent: the company's. */
  signatoryId?: string;
  screeningType: string;
  reasonStatus: string;
}

export interface DocumentCheck {
  /** The document key (the export's filePath). */
  filePath: string;
  /** The upload the bank checked (the key's current file when the check was recorded). */
  documentId?: string;
  avsCheck: boolean;
  avsCheckDt: string;
}

export interface BankRecords {
  generalInfo?: Partial<Record<(typeof RECORD_FIELDS)['generalInfo'][number], string | number>>;
  applicationInfo?: Partial<Record<(typeof RECORD_FIELDS)['applicationInfo'][number], string>>;
  prospectStatusInfo?: Partial<Record<(typeof RECORD_FIELDS)['prospectStatusInfo'][number], string>>;
  screeningResults?: ScreeningReasonStatus[];
  documents?: DocumentCheck[];
}

/** The bank schema's node at a path under its prospect (`generalInfo.cifId`, `organizationInfo.screeningInfo.screeningResults[*].reasonStatus`). */
function bankNode(bankSchema: Obj, path: string): Obj {
  let node: unknown = isObj(bankSchema.properties) ? bankSchema.properties.prospect : undefined;
  for (const part of path.split('.')) {
    const list = part.endsWith('[*]');
    const key = list ? part.slice(0, -3) : part;
    node = isObj(node) && isObj(node.properties) ? node.properties[key] : undefined;
    if (list) node = isObj(node) ? node.items : undefined;
  }
  if (!isObj(node)) throw new Error(`bank schema: no field ${path}`);
  return node;
}

/** A value's rule: the bank's type, pattern and maximum length (bankProspect.json, from its field configuration), ours where it has none. */
function valueRule(bankSchema: Obj, path: string): Obj {
  const node = bankNode(bankSchema, path);
  if (node.type === 'number') return { type: 'integer', minimum: 0, maximum: 10 ** CIF_DIGITS - 1 };
  if (node.type === 'boolean') return { type: 'boolean' };
  return { type: 'string', minLength: 1, maxLength: typeof node.maxLength === 'number' ? node.maxLength : OWN_MAX_LENGTH, pattern: typeof node.pattern === 'string' ? node.pattern : PRINTABLE };
}

/** The JSON Schema of the bank records' body, built from the bank's schema of the content version. */
export function bankRecordsSchema(bankSchema: Obj): Obj {
  const section = (name: Section) => ({
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(RECORD_FIELDS[name].map((f) => [f, valueRule(bankSchema, `${name}.${f}`)])),
  });
  const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: PRINTABLE });
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...Object.fromEntries(SECTIONS.map((s) => [s, section(s)])),
      screeningResults: {
        type: 'array',
        maxItems: 1000,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['screeningType', 'reasonStatus'],
          properties: {
            signatoryId: text(50),
            screeningType: text(100),
            reasonStatus: valueRule(bankSchema, 'organizationInfo.screeningInfo.screeningResults[*].reasonStatus'),
          },
        },
      },
      documents: {
        type: 'array',
        maxItems: 500,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['filePath', 'avsCheck', 'avsCheckDt'],
          properties: {
            filePath: text(120),
            avsCheck: { type: 'boolean' },
            avsCheckDt: { type: 'string', maxLength: 40, pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})$' },
          },
        },
      },
    },
  };
}

const compiled = new WeakMap<BuiltContent, ValidateFunction>();

function validatorOf(content: BuiltContent): ValidateFunction {
  const hit = compiled.get(content);
  if (hit) return hit;
  if (!content.bankFormat) throw new ApiError(400, 'FieldsValidation', [{ errorCode: 'UNSUPPORTED_FORMAT', message: 'The bank format is not configured in this content version' }]);
  // The bank's patterns are JavaScript expressions of its old form: not valid in unicode mode (as the export's validator).
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  const validate = ajv.compile(bankRecordsSchema(content.bankFormat.schema));
  compiled.set(content, validate);
  return validate;
}

function message(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties':
      return "The bank's records have no such field";
    case 'required':
      return 'Needed';
    case 'maxLength':
      return `At most ${String(p.limit)} characters`;
    case 'minLength':
      return 'Leave the field out rather than empty';
    case 'pattern':
      return "Not in the bank's format for this field";
    case 'maximum':
      return `At most ${String(p.limit)} (${CIF_DIGITS} digits)`;
    case 'minimum':
      return `At least ${String(p.limit)}`;
    case 'maxItems':
      return `At most ${String(p.limit)} items`;
    case 'type':
      return `Must be ${String(p.type) === 'integer' ? 'a whole number' : `a ${String(p.type)}`}`;
    default:
      return e.message ?? 'Refused';
  }
}

/** Field errors of a records body against the bank's rules, named `<prefix>.<path>` (body., or bank. for an import). */
export function recordErrors(content: BuiltContent, body: unknown, prefix: string): ApiErrorItem[] {
  const validate = validatorOf(content);
  if (validate(body)) return [];
  return (validate.errors ?? []).slice(0, 50).map((e) => {
    const p = e.params as { missingProperty?: string; additionalProperty?: string };
    const path = e.instancePath + (e.keyword === 'required' ? `/${String(p.missingProperty)}` : '') + (e.keyword === 'additionalProperties' ? `/${String(p.additionalProperty)}` : '');
    return { errorCode: e.keyword === 'additionalProperties' ? 'UNKNOWN_FIELD' : e.keyword.toUpperCase(), field: `${prefix}${path ? '.' + pointerToDotted(path) : ''}`, message: message(e) };
  });
}

/** What the records refer to: the latest screening and the current uploads. */
export interface RecordContext {
  screening?: { screeningResults: unknown[]; signatories?: SignatoryScreening[] };
  /** The current upload of each document key. */
  current: DocumentRow[];
}

const typeOf = (r: unknown) => (isObj(r) && typeof r.screeningType === 'string' ? r.screeningType : undefined);

/**
 * A records body checked against the bank's rules and against the application (a screening reason status names a
 * check of the latest screening, a document check a document the application has, each once): the records to
 * store (each document check bound to the upload it is about), or a 400 with field errors.
 */
export function checkBankRecords(content: BuiltContent, body: unknown, context: RecordContext): BankRecords {
  const errors = recordErrors(content, body, 'body');
  if (errors.length) throw new ApiError(400, 'FieldsValidation', errors);
  const records = structuredClone(body) as BankRecords;
  const seen = new Set<string>();
  (records.screeningResults ?? []).forEach((r, i) => {
    const field = `body.screeningResults[${i}]`;
    const key = `${r.signatoryId ?? ''}\u0000${r.screeningType}`;
    if (seen.has(key)) errors.push({ errorCode: 'DUPLICATE', field: `${field}.screeningType`, message: 'This check has a reason status already' });
    seen.add(key);
    if (r.signatoryId === undefined) {
      if (!(context.screening?.screeningResults ?? []).some((x) => typeOf(x) === r.screeningType)) {
        errors.push({ errorCode: 'UNKNOWN_CHECK', field: `${field}.screeningType`, message: "The application's latest screening has no such check" });
      }
    } else {
      const own = context.screening?.signatories?.find((s) => s.signatoryId === r.signatoryId);
      if (!own) errors.push({ errorCode: 'UNKNOWN_STAKEHOLDER', field: `${field}.signatoryId`, message: "The application's latest screening has no such stakeholder" });
      else if (!own.screeningResults.some((x) => x.screeningType === r.screeningType)) {
        errors.push({ errorCode: 'UNKNOWN_CHECK', field: `${field}.screeningType`, message: "The stakeholder's latest screening has no such check" });
      }
    }
  });
  const keys = new Set<string>();
  (records.documents ?? []).forEach((d, i) => {
    const field = `body.documents[${i}].filePath`;
    if (keys.has(d.filePath)) errors.push({ errorCode: 'DUPLICATE', field, message: 'This document has a check already' });
    keys.add(d.filePath);
    const upload = context.current.find((u) => u.documentKey === d.filePath);
    if (!upload) errors.push({ errorCode: 'UNKNOWN_DOCUMENT', field, message: 'The application has no such document' });
    else d.documentId = upload.id;
  });
  if (errors.length) throw new ApiError(400, 'FieldsValidation', errors);
  for (const s of SECTIONS) if (records[s] && Object.keys(records[s]).length === 0) delete records[s];
  if (records.screeningResults?.length === 0) delete records.screeningResults;
  if (records.documents?.length === 0) delete records.documents;
  return records;
}

/** The records as an answer: without the upload ids (the document key names the document). */
export function publicRecords(records: BankRecords): BankRecords {
  const out = structuredClone(records);
  out.documents?.forEach((d) => delete d.documentId);
  return out;
}

/**
 * The bank's values of an imported document (after fromBank): taken out of the prospect (they are not fields of
 * it) and checked against the same rules, as `bank.prospect.<path>` field errors. Screening reason statuses and document
 * checks are not imported: the new application has its own screening and no files yet.
 */
export function takeImportedRecords(content: BuiltContent, prospect: Obj): { records: BankRecords; taken: string[] } {
  const records: Obj = {};
  const taken: string[] = [];
  for (const s of SECTIONS) {
    const from = prospect[s];
    if (!isObj(from)) continue;
    const values: Obj = {};
    for (const f of RECORD_FIELDS[s]) {
      if (f in from) {
        values[f] = from[f];
        delete from[f];
        taken.push(`/${s}/${f}`);
      }
    }
    if (Object.keys(values).length) records[s] = values;
  }
  const errors = recordErrors(content, records, 'bank.prospect');
  if (errors.length) throw new ApiError(400, 'FieldsValidation', errors);
  return { records: records as BankRecords, taken };
}

/**
 * The records as the mapping's rows read them (schemas/bank/mapping-bank-records.json), added to the export's
 * composed document `out` (src/server/prospects/bankExchange.ts withServerRecord): the sections' fields, each
 * screening result's reason status, each current document's anti-virus check.
 */
export function addBankRecords(out: Obj, records: BankRecords): void {
  for (const s of SECTIONS) {
    const values = records[s];
    if (!values || !Object.keys(values).length) continue;
    out[s] = { ...(isObj(out[s]) ? out[s] : {}), ...values };
  }
  const reasons = records.screeningResults ?? [];
  const stamp = (info: unknown, signatoryId: string | undefined) => {
    if (!isObj(info) || !Array.isArray(info.screeningResults)) return;
    for (const r of info.screeningResults) {
      const status = reasons.find((x) => x.signatoryId === signatoryId && x.screeningType === typeOf(r))?.reasonStatus;
      if (status !== undefined && isObj(r)) r.reasonStatus = status;
    }
  };
  stamp(out.screeningInfo, undefined);
  if (Array.isArray(out.signatoryInfo)) {
    for (const s of out.signatoryInfo) if (isObj(s) && s.signatoryId !== undefined) stamp(s.screeningInfo, String(s.signatoryId));
  }
}
