export interface DocumentEntry {
  documentKey: string;
  documentType?: string;
  documentTitle?: string;
  required?: boolean;
  uploadStatus?: string;
  signatoryId?: string;
  fileName?: string;
  contentType?: string;
  size?: number;
  uploadedAt?: string;
}

/** Which group of the documents answer: the agent's pages name it in their language by this (agent.docs.<kind>). */
export type DocumentGroupKind = 'companyDocuments' | 'companyBankStatements' | 'companyAddressProof' | 'companyInvoices' | 'stakeholder' | 'kyc' | 'other';

export interface DocumentGroup {
  /** The group's title in English (the applicant's summary shows it). */
  title: string;
  kind?: DocumentGroupKind;
  /** The stakeholder's name (kind "stakeholder"), when the answer has it. */
  name?: string;
  documents: DocumentEntry[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const entries = (v: unknown): DocumentEntry[] => (Array.isArray(v) ? (v.filter((d) => isObj(d) && typeof d.documentKey === 'string') as DocumentEntry[]) : []);

const COMPANY_SECTIONS: [DocumentGroupKind, string][] = [
  ['companyDocuments', 'Company documents'],
  ['companyBankStatements', 'Company bank statements'],
  ['companyAddressProof', 'Company address proof'],
  ['companyInvoices', 'Company invoices'],
];

/** The documents answer (GET prospects/{id}/documents, grouped as the spec lists them) as titled groups. */
export function documentGroups(answer: unknown): DocumentGroup[] {
  if (!isObj(answer)) return [];
  const groups: DocumentGroup[] = [];
  for (const [key, title] of COMPANY_SECTIONS) {
    const docs = entries(isObj(answer[key]) ? (answer[key] as Obj).documents : undefined);
    if (docs.length) groups.push({ title, kind: key, documents: docs });
  }
  if (isObj(answer.stakeholdersDocuments)) {
    for (const s of Object.values(answer.stakeholdersDocuments)) {
      if (!isObj(s)) continue;
      const docs = [...entries(s.documents), ...Object.values(s).flatMap((v) => (isObj(v) ? entries(v.documents) : []))];
      const name = typeof s.signatoryName === 'string' && s.signatoryName ? s.signatoryName : undefined;
      if (docs.length) groups.push({ title: name ? `Stakeholder documents: ${name}` : 'Stakeholder documents', kind: 'stakeholder', ...(name ? { name } : {}), documents: docs });
    }
  }
  const kyc = entries(answer.kycAnnexureDocuments);
  if (kyc.length) groups.push({ title: 'KYC annexure documents', kind: 'kyc', documents: kyc });
  const other = entries(answer.otherDocuments);
  if (other.length) groups.push({ title: 'Other documents', kind: 'other', documents: other });
  return groups;
}

/** The file name of a Content-Disposition header (RFC 6266 filename* first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch {
      /* fall through to the plain name */
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}
