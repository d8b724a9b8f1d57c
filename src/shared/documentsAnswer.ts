/**
 * The answer of GET prospects/{id}/documents (001 §3 documents, §7), shared by the server that builds it
 * (src/server/documents/documentList.ts) and the pages that show it.
 */
/**
 * A document the applicant adds beyond the bank's list ("other documents"): its type, and its key, the type and a
 * running number ('Other-1'). The pages make such keys; the server takes no other key the bank did not list.
 */
export const OTHER_DOCUMENT_TYPE = 'Other';
export const OTHER_DOCUMENT_KEY = /^Other-[1-9][0-9]{0,2}$/;

/** One entry of a documents list: a required (or optional) document, uploaded or not, or an extra upload. */
export interface DocumentEntry {
  documentKey: string;
  documentType: string;
  documentTitle: string;
  required: boolean;
  /** 'Uploaded' once uploaded, 'NotUploaded' before. */
  uploadStatus: string;
  signatoryId?: string;
  fileName?: string;
  contentType?: string;
  size?: number;
  uploadedAt?: string;
}

/** A section with its update flag: isDocUpdate is true once any of its documents was uploaded. */
export interface DocumentSectionList {
  documents: DocumentEntry[];
  isDocUpdate: boolean;
  limit?: number;
}

export interface StakeholderDocuments {
  signatoryId: string;
  signatoryName: string;
  documents: DocumentEntry[];
  [section: string]: DocumentSectionList | DocumentEntry[] | string;
}

/** GET prospects/{id}/documents (001 §3 documents, §7): the groups of the specification. */
export interface ProspectDocuments {
  companyDocuments: DocumentSectionList;
  companyBankStatements: DocumentSectionList;
  companyAddressProof: DocumentSectionList;
  companyInvoices: DocumentSectionList;
  /** By signatoryId, in the order of prospect.signatoryInfo. */
  stakeholdersDocuments: Record<string, StakeholderDocuments>;
  kycAnnexureDocuments: DocumentEntry[];
  otherDocuments: DocumentEntry[];
  isCompanyDocUpdate: boolean;
  isKycDocUpdate: boolean;
  /** All required documents uploaded, or the application came through a valid agent code. */
  readyForSubmit: boolean;
}
