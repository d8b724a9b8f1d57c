/**
 * The answer of GET prospects/{id}/documents (src/server/documents/documentList.ts) turned into what the page
 * shows: groups (company, one per stakeholder, KYC annexure, other), rows, repeatable lists (bank statements,
 * CVs) and the availability of each row (001 §4: AVAILABLE, NOT_AVAILABLE, COMPLETED; 'Uploaded' is done).
 */
import type { DocumentEntry, DocumentSectionList, ProspectDocuments as DocumentsAnswer } from '../../../shared/documentsAnswer';

export type { DocumentEntry, DocumentSectionList } from '../../../shared/documentsAnswer';

/** The answer as the page reads it: every group may be missing (older answers, an empty application). */
export type ProspectDocuments = Partial<DocumentsAnswer>;

export const UPLOADED = 'Uploaded';
export type Availability = 'AVAILABLE' | 'NOT_AVAILABLE' | 'COMPLETED';

/** A list the applicant may add to (bank statements, CVs): documents of one type under one key prefix. */
export interface RepeatableList {
  section: string;
  /** Key stem: "companyBankStatements-BankStatement" -> keys "<stem>-1", "<stem>-2", ...; a stakeholder's ends with its id. */
  stem: string;
  documentType: string;
  title: string;
  limit: number;
  signatoryId?: string;
}

export interface DocumentBlock {
  id: string;
  heading: string;
  rows: DocumentEntry[];
  lists: { list: RepeatableList; rows: DocumentEntry[] }[];
}

/** How many documents a repeatable list takes when the server does not say (as the server's default). */
export const DEFAULT_LIST_LIMIT = 6;

/** The page's words for the groups and lists (the page passes them in its language; English by default). */
export interface DocumentWords {
  company: string;
  documentsOf(name: string): string;
  stakeholder: string;
  kyc: string;
  /** Titles of the repeatable lists, by section. */
  lists: Record<'companyBankStatements' | 'personalBankStatements' | 'personalBackground', string>;
}

export const ENGLISH_DOCUMENT_WORDS: DocumentWords = {
  company: 'Company documents',
  documentsOf: (name) => `Documents of ${name}`,
  stakeholder: 'Stakeholder documents',
  kyc: 'KYC Annexure documents',
  lists: { companyBankStatements: 'Company bank statements', personalBankStatements: 'Personal bank statements', personalBackground: 'CV (personal background)' },
};

const REPEATABLE: Record<keyof DocumentWords['lists'], { documentType: string }> = {
  companyBankStatements: { documentType: 'BankStatement' },
  personalBankStatements: { documentType: 'BankStatement' },
  personalBackground: { documentType: 'CV' },
};
const isRepeatable = (section: string): section is keyof typeof REPEATABLE => Object.prototype.hasOwnProperty.call(REPEATABLE, section);

export function isUploaded(entry: Pick<DocumentEntry, 'uploadStatus'>): boolean {
  return entry.uploadStatus === UPLOADED;
}

/**
 * The names of the uploaded files by document key, from anywhere in the answer (company, stakeholders, KYC, other):
 * a form field that holds only a document's key (a stakeholder's proof of relationship) shows its file by name.
 */
export function fileNamesByKey(answer: ProspectDocuments | undefined): Map<string, string> {
  const names = new Map<string, string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const entry = node as Partial<DocumentEntry>;
    if (typeof entry.documentKey === 'string') {
      if (entry.fileName && isUploaded({ uploadStatus: entry.uploadStatus ?? '' })) names.set(entry.documentKey, entry.fileName);
      return;
    }
    Object.values(node).forEach(walk);
  };
  walk(answer);
  return names;
}

/** COMPLETED once uploaded; NOT_AVAILABLE while uploads are closed (maximum reached, read-only); else AVAILABLE. */
export function availabilityOf(entry: Pick<DocumentEntry, 'uploadStatus'>, uploadsOpen: boolean): Availability {
  if (isUploaded(entry)) return 'COMPLETED';
  return uploadsOpen ? 'AVAILABLE' : 'NOT_AVAILABLE';
}

/** Every required document uploaded (the server's readyForSubmit also admits applications with a valid RO code). */
export function requiredDone(blocks: DocumentBlock[]): boolean {
  return blocks.every((b) => [...b.rows, ...b.lists.flatMap((l) => l.rows)].every((r) => !r.required || isUploaded(r)));
}

/** Next key of a list: one past the highest index used so far ("Other-3" after "Other-1", "Other-2"). */
export function nextKey(stem: string, used: string[]): string {
  let max = 0;
  for (const key of used) {
    if (!key.startsWith(`${stem}-`)) continue;
    const n = Number(key.slice(stem.length + 1));
    if (Number.isInteger(n) && n > max) max = n;
  }
  return `${stem}-${max + 1}`;
}

function list(section: string, entries: DocumentEntry[], limit: number | undefined, words: DocumentWords, signatoryId?: string) {
  const known = isRepeatable(section) ? { ...REPEATABLE[section], title: words.lists[section] } : { documentType: entries[0]?.documentType ?? 'Document', title: section };
  const first = entries[0]?.documentKey;
  // A stakeholder's keys carry its id, as the server numbers them (src/content/requiredDocuments.ts).
  const stem = first ? first.replace(/-\d+$/, '') : [section, known.documentType, signatoryId].filter(Boolean).join('-');
  return {
    list: { section, stem, documentType: known.documentType, title: known.title, limit: limit ?? DEFAULT_LIST_LIMIT, ...(signatoryId ? { signatoryId } : {}) },
    rows: entries,
  };
}

/** The blocks of the page, in the specification's order. */
export function documentBlocks(docs: ProspectDocuments, options: { includeKyc?: boolean; words?: DocumentWords } = {}): DocumentBlock[] {
  const words = options.words ?? ENGLISH_DOCUMENT_WORDS;
  const blocks: DocumentBlock[] = [];
  const company: DocumentBlock = { id: 'company', heading: words.company, rows: [...(docs.companyDocuments?.documents ?? [])], lists: [] };
  if (docs.companyBankStatements) company.lists.push(list('companyBankStatements', docs.companyBankStatements.documents, docs.companyBankStatements.limit, words));
  company.rows.push(...(docs.companyAddressProof?.documents ?? []), ...(docs.companyInvoices?.documents ?? []));
  if (company.rows.length || company.lists.some((l) => l.rows.length)) blocks.push(company);

  for (const [id, s] of Object.entries(docs.stakeholdersDocuments ?? {})) {
    const block: DocumentBlock = { id: `stakeholder-${id}`, heading: s.signatoryName ? words.documentsOf(s.signatoryName) : words.stakeholder, rows: [...(s.documents ?? [])], lists: [] };
    for (const [section, value] of Object.entries(s)) {
      if (!value || typeof value !== 'object' || Array.isArray(value) || !('documents' in value)) continue;
      const sec = value as DocumentSectionList;
      block.lists.push(list(section, sec.documents, sec.limit, words, s.signatoryId ?? id));
    }
    blocks.push(block);
  }
  if (options.includeKyc && docs.kycAnnexureDocuments?.length) {
    blocks.push({ id: 'kyc', heading: words.kyc, rows: docs.kycAnnexureDocuments, lists: [] });
  }
  return blocks;
}

/**
 * The documents as the review lists them: the page's groups (company, each stakeholder; their repeatable lists
 * inside), then the other documents, titled in the page's language.
 */
export function documentReviewGroups(docs: ProspectDocuments, words: DocumentWords, otherTitle: string): { title: string; documents: DocumentEntry[] }[] {
  const groups = documentBlocks(docs, { words })
    .map((b) => ({ title: b.heading, documents: [...b.rows, ...b.lists.flatMap((l) => l.rows)] }))
    .filter((g) => g.documents.length > 0);
  if (docs.otherDocuments?.length) groups.push({ title: otherTitle, documents: docs.otherDocuments });
  return groups;
}
