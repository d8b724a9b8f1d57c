/**
 * Which documents a prospect must upload, computed from the document requirements in `schemas/documents.json`
 * (served as `documents` by the config endpoint). Pure functions: the upload page, the server's submit check
 * and tests all call them with the prospect and the configuration.
 *
 * Configuration format (documents.json):
 *   { uploadedStatus: "Uploaded",
 *     groups: [{ group: "company" | "stakeholders" | "kycAnnexure" | "other", title, when?, whenAny?,
 *                forEachStakeholder?: true,            // sections repeat for every prospect.signatoryInfo[i]
 *                sections: [{ section: "companyBankStatements",   // where they live in prospect.documents
 *                             name?: "1_companyBankStatements",    // key prefix; an "N_" ordering prefix is stripped
 *                             documents: [{ documentType, documentTitle, required, when?, whenAny?,
 *                                           forEach?: "kycDetails/passportDetails" }] }] }] }
 *   Conditions: { path, equals? | in? | notIn? | filled? }; `when` must all hold, `whenAny` at least one.
 *   A path starting with "/" is a prospect path; otherwise it is relative to the stakeholder (stakeholder groups)
 *   or to the prospect. Title placeholders: {stakeholder:path} and {item:path} (the forEach item).
 *
 * Document keys (001 §4 Document upload): documentType plus a running index among documents of the same type,
 * prefixed by the section name when given: "TradeLicense-1", "companyBankStatements-BankStatement-1". A
 * stakeholder's documents carry its signatoryId before the index, which runs per stakeholder: "Passport-s7k2-1",
 * "Passport-s7k2-2", "personalBankStatements-BankStatement-s7k2-1". Keys numbered across stakeholders (the old
 * "Passport-2") shifted when a stakeholder before them was removed, so the next one's uploads were no longer found
 * under its keys; migrations/024_stakeholder_document_keys.sql renamed the stored ones.
 */
import { getAt } from '../validation/pointer';

export type DocumentGroup = 'company' | 'stakeholders' | 'kycAnnexure' | 'other';

export interface DocumentCondition {
  path: string;
  equals?: unknown;
  in?: unknown[];
  notIn?: unknown[];
  filled?: boolean;
}

export interface DocumentRule {
  documentType: string;
  documentTitle: string;
  required: boolean;
  when?: DocumentCondition[];
  whenAny?: DocumentCondition[];
  /** One document per item of this array (relative to the stakeholder, or a prospect path). */
  forEach?: string;
}

export interface DocumentSection {
  section: string;
  name?: string;
  documents: DocumentRule[];
}

export interface DocumentGroupConfig {
  group: DocumentGroup;
  title?: string;
  when?: DocumentCondition[];
  whenAny?: DocumentCondition[];
  forEachStakeholder?: boolean;
  sections: DocumentSection[];
}

export interface DocumentsConfig {
  uploadedStatus?: string;
  groups: DocumentGroupConfig[];
}

export interface RequiredDocument {
  group: DocumentGroup;
  /** Where the document lives in prospect.documents (companyDocuments, personalBankStatements, ...). */
  section: string;
  documentKey: string;
  documentType: string;
  documentTitle: string;
  required: boolean;
  /** The stakeholder the document belongs to (stakeholder groups). */
  signatoryId?: string;
}

/** A document as stored or reported by the uploader: matched to the requirements by documentKey. */
export interface UploadedDocument {
  documentKey: string;
  uploadStatus?: string;
  /** The stakeholder it was uploaded for: a removed stakeholder's upload counts for nobody. */
  signatoryId?: string | null;
  [key: string]: unknown;
}

export const UPLOADED = 'Uploaded';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const isFilled = (v: unknown) =>
  v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0) && !(isObj(v) && Object.keys(v).length === 0);

/** "1_companyBankStatements" -> "companyBankStatements" (groups may carry a numeric ordering prefix). */
export function stripGroupPrefix(name: string): string {
  return name.replace(/^\d+_/, '');
}

function resolve(path: string, prospect: unknown, scope: unknown): unknown {
  return path.startsWith('/') ? getAt(prospect, path) : getAt(scope, path);
}

function holds(c: DocumentCondition, prospect: unknown, scope: unknown): boolean {
  const v = resolve(c.path, prospect, scope);
  if ('equals' in c && v !== c.equals) return false;
  if (c.in !== undefined && !c.in.includes(v)) return false;
  if (c.notIn !== undefined && c.notIn.includes(v)) return false;
  if (c.filled !== undefined && isFilled(v) !== c.filled) return false;
  return true;
}

function applies(
  rule: { when?: DocumentCondition[]; whenAny?: DocumentCondition[] },
  prospect: unknown,
  scope: unknown,
): boolean {
  if (rule.when && !rule.when.every((c) => holds(c, prospect, scope))) return false;
  if (rule.whenAny && rule.whenAny.length > 0 && !rule.whenAny.some((c) => holds(c, prospect, scope))) return false;
  return true;
}

function fillTitle(template: string, stakeholder: unknown, item: unknown): string {
  return template
    .replace(/\{(stakeholder|item):([^}]+)\}/g, (_m, source: string, path: string) => {
      const v = getAt(source === 'item' ? item : stakeholder, path);
      return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
    })
    .replace(/\(\s*\)/g, '')
    .replace(/\s+-\s*$/, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

function stakeholderName(s: Obj): string {
  if (typeof s.fullName === 'string' && s.fullName.trim()) return s.fullName.trim();
  return [s.firstName, s.middleName, s.lastName].filter((p) => typeof p === 'string' && p.trim()).join(' ');
}

/**
 * Whether a stakeholder section (e.g. personal bank statements) is for this stakeholder: one of its documents'
 * conditions holds for it (a company stakeholder has no personal bank statements or CV).
 */
export function sectionAppliesTo(section: DocumentSection, prospect: unknown, stakeholder: unknown): boolean {
  return section.documents.length === 0 || section.documents.some((rule) => applies(rule, prospect, stakeholder));
}

/** The ids of the prospect's current stakeholders (signatoryId, else the position), as requiredDocuments keys their documents. */
export function stakeholderIds(prospect: unknown): Set<string> {
  return new Set(stakeholdersOf(prospect).map(stakeholderIdOf));
}

function stakeholdersOf(prospect: unknown): Obj[] {
  const signatories = getAt(prospect, 'signatoryInfo');
  return Array.isArray(signatories) ? signatories.filter(isObj) : [];
}

const stakeholderIdOf = (s: Obj, i: number): string => (s.signatoryId !== undefined && s.signatoryId !== '' ? String(s.signatoryId) : String(i));

/**
 * The uploads that are part of the application: the company's, and those of a stakeholder the application still
 * has. A removed stakeholder's documents stay stored (the audit trail) but are not listed, required, counted at
 * submit or sent to the bank; they come back only if a stakeholder with the same id is added again.
 */
export function applicationUploads<T extends { signatoryId?: string | null }>(prospect: unknown, uploads: readonly T[]): T[] {
  const ids = stakeholderIds(prospect);
  return uploads.filter((u) => u.signatoryId === undefined || u.signatoryId === null || u.signatoryId === '' || ids.has(u.signatoryId));
}

/** The documents the prospect needs (and may add), in configuration order, with their keys. */
export function requiredDocuments(prospect: unknown, config: DocumentsConfig): RequiredDocument[] {
  const out: RequiredDocument[] = [];
  const counters = new Map<string, number>();
  const nextKey = (prefix: string, documentType: string, signatoryId: string | undefined) => {
    const stem = [prefix, documentType, signatoryId].filter((part) => part !== undefined && part !== '').join('-');
    const n = (counters.get(stem) ?? 0) + 1;
    counters.set(stem, n);
    return `${stem}-${n}`;
  };

  const stakeholders = stakeholdersOf(prospect);

  for (const group of config.groups ?? []) {
    if (!applies(group, prospect, prospect)) continue;
    const scopes: { scope: unknown; signatoryId?: string; stakeholder?: Obj }[] = group.forEachStakeholder
      ? stakeholders.map((s, i) => ({
          scope: s,
          stakeholder: { ...s, fullName: stakeholderName(s) },
          signatoryId: stakeholderIdOf(s, i),
        }))
      : [{ scope: prospect }];
    // Stakeholder by stakeholder, so that one person's documents are listed (and numbered) together.
    for (const { scope, signatoryId, stakeholder } of scopes) {
      for (const section of group.sections) {
        const prefix = section.name ? stripGroupPrefix(section.name) : '';
        for (const rule of section.documents) {
          if (!applies(rule, prospect, scope)) continue;
          const items: unknown[] = rule.forEach
            ? ((v) => (Array.isArray(v) ? v : []))(resolve(rule.forEach, prospect, scope))
            : [undefined];
          for (const item of items) {
            out.push({
              group: group.group,
              section: section.section,
              documentKey: nextKey(prefix, rule.documentType, signatoryId),
              documentType: rule.documentType,
              documentTitle: fillTitle(rule.documentTitle, stakeholder ?? {}, item),
              required: rule.required === true,
              ...(signatoryId !== undefined ? { signatoryId } : {}),
            });
          }
        }
      }
    }
  }
  return out;
}

/** Every stored document entry (anything with a documentKey) found under prospect.documents. */
export function uploadedFromProspect(prospect: unknown): UploadedDocument[] {
  const found: UploadedDocument[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (isObj(node)) {
      if (typeof node.documentKey === 'string') found.push(node as UploadedDocument);
      else Object.values(node).forEach(walk);
    }
  };
  walk(getAt(prospect, 'documents'));
  return found;
}

/**
 * Ready for submission when every required document has the uploaded status, or when the application came
 * through a valid agent code (applicantInfo.validRoCode is "Y"; the agent collects documents). Spec 000 §7 waives the
 * documents on validRoCode alone; here the agent must also be involved (LeadSource "RO": created by an agent or from an
 * agent's invite), because RO codes are not secret (every invite link carries one) and a code typed by the applicant
 * would otherwise skip every document check.
 */
export function isReadyForSubmit(
  prospect: unknown,
  uploaded: Iterable<UploadedDocument>,
  config: DocumentsConfig,
): boolean {
  if (getAt(prospect, 'applicantInfo/validRoCode') === 'Y' && getAt(prospect, 'applicantInfo/LeadSource') === 'RO') return true;
  const status = config.uploadedStatus ?? UPLOADED;
  const done = applicationUploads(prospect, [...uploaded]).filter((doc) => doc.uploadStatus === status);
  return requiredDocuments(prospect, config).every((d) => !d.required || done.some((u) => fulfils(u, d)));
}

/**
 * Whether an upload is the required document: the same key, and (when the upload says whose it is) the same
 * stakeholder (a stakeholder's keys carry its id; an upload sent under one with another signatoryId is not it).
 */
export function fulfils(upload: { documentKey: string; signatoryId?: string | null }, required: Pick<RequiredDocument, 'documentKey' | 'signatoryId'>): boolean {
  if (upload.documentKey !== required.documentKey) return false;
  return upload.signatoryId === undefined || (upload.signatoryId || undefined) === required.signatoryId;
}
