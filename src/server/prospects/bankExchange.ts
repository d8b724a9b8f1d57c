import Ajv, { type ValidateFunction } from 'ajv';
import { fromBank, toBank, type BankDocument } from '../../bankFormat';
import type { BuiltContent } from '../../content/contentTypes';
import type { ContentValidator } from '../../content/contentValidator';
import { pointerToDotted } from '../../validation/errors';
import { ApiError } from '../plugins/app/errors';
import type { SignatoryScreening } from '../screening/runScreening';

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

/**
 * The stored prospect in the bank's format, with its latest screening result (kept beside the prospect, in the
 * screening table), which the mapping sends as the bank's organizationInfo.screeningInfo.
 */
export function exportToBank(
  content: BuiltContent,
  document: Obj,
  screening?: { statusOverAll: string; screeningResults: unknown[]; signatories?: SignatoryScreening[] },
): BankDocument {
  const withScreening = screening ? { ...document, screeningInfo: { statusOverAll: screening.statusOverAll, screeningResults: screening.screeningResults } } : document;
  if (screening?.signatories?.length && Array.isArray(document.signatoryInfo)) {
    // Each stakeholder's own results (matched by signatoryId, else by position), as the bank's signatoryInfo[].screeningInfo.
    withScreening.signatoryInfo = document.signatoryInfo.map((s, index) => {
      if (!isObj(s)) return s;
      const id = s.signatoryId === undefined ? undefined : String(s.signatoryId);
      const own = screening.signatories!.find((r) => (id !== undefined ? r.signatoryId === id : r.index === index));
      return own ? { ...s, screeningInfo: { statusOverAll: own.statusOverAll, screeningResults: own.screeningResults } } : s;
    });
  }
  return toBank(withScreening, formatOf(content).mapping);
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
export function importFromBank(content: BuiltContent, validator: ContentValidator, body: unknown): { prospect: Obj; notImported: string[] } {
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
  const notImported = SERVER_OWNED.filter((f) => f.drop(prospect)).map((f) => f.pointer);
  if (Array.isArray(prospect.signatoryInfo)) {
    // Per-signatory screening results are the server's (kept beside the prospect): the new application is screened itself.
    prospect.signatoryInfo.forEach((s, i) => {
      if (isObj(s) && 'screeningInfo' in s) {
        delete s.screeningInfo;
        notImported.push(`/signatoryInfo/${i}/screeningInfo`);
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
  return { prospect, notImported };
}
