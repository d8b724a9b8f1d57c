import { stakeholderDisplayName } from '../../shared/stakeholderFlows';
import {
  applicationUploads,
  fulfils,
  type DocumentsConfig,
  isReadyForSubmit,
  sectionAppliesTo,
  type RequiredDocument,
  requiredDocuments,
  stripGroupPrefix,
  UPLOADED,
} from '../../content/requiredDocuments';
import type { DocumentRow } from '../repositories/documentRepository';

export type { DocumentEntry, DocumentSectionList, ProspectDocuments, StakeholderDocuments } from '../../shared/documentsAnswer';
import type { DocumentEntry, DocumentSectionList, ProspectDocuments, StakeholderDocuments } from '../../shared/documentsAnswer';

/** How many documents a repeatable section (bank statements, background) takes when its config says nothing. */
const DEFAULT_SECTION_LIMIT = 6;

export interface Placement {
  groupName: string;
  signatoryId: string | null;
  required?: RequiredDocument;
  /** False when nothing in the configuration names the document (not required, no section's prefix, no stakeholder). */
  listed: boolean;
}

/**
 * Where an upload belongs: the required document with its key, else the named section its key starts with
 * ("companyBankStatements-BankStatement-3"), else the stakeholder's documents when a signatory is given, else
 * the other documents.
 */
export function placeDocument(required: RequiredDocument[], config: DocumentsConfig, documentKey: string, signatoryId?: string): Placement {
  const match = required.find((d) => d.documentKey === documentKey);
  if (match) return { groupName: match.section, signatoryId: match.signatoryId ?? null, required: match, listed: true };
  for (const group of config.groups ?? []) {
    for (const section of group.sections) {
      if (!section.name || !documentKey.startsWith(`${stripGroupPrefix(section.name)}-`)) continue;
      if (group.forEachStakeholder && !signatoryId) continue;
      return { groupName: section.section, signatoryId: group.forEachStakeholder ? signatoryId! : null, listed: true };
    }
  }
  if (signatoryId) {
    const stakeholderGroup = config.groups?.find((g) => g.forEachStakeholder);
    return { groupName: stakeholderGroup?.sections[0]?.section ?? 'documents', signatoryId, listed: true };
  }
  return { groupName: 'otherDocuments', signatoryId: null, listed: false };
}

function entryOf(required: RequiredDocument | undefined, row: DocumentRow | undefined): DocumentEntry {
  const base: DocumentEntry = required
    ? {
        documentKey: required.documentKey,
        documentType: required.documentType,
        documentTitle: required.documentTitle,
        required: required.required,
        uploadStatus: 'NotUploaded',
        ...(required.signatoryId !== undefined ? { signatoryId: required.signatoryId } : {}),
      }
    : {
        documentKey: row!.documentKey,
        documentType: row!.documentType,
        documentTitle: row!.documentTitle ?? row!.documentType,
        required: false,
        uploadStatus: 'NotUploaded',
        ...(row!.signatoryId ? { signatoryId: row!.signatoryId } : {}),
      };
  if (!row) return base;
  return {
    ...base,
    uploadStatus: row.uploadStatus,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    uploadedAt: row.createdAt.toISOString(),
  };
}

const emptySection = (): DocumentSectionList => ({ documents: [], isDocUpdate: false });

/** The required documents of the prospect merged with the uploads, grouped as the specification lists them. */
export function groupDocuments(prospect: Record<string, unknown>, config: DocumentsConfig, stored: DocumentRow[]): ProspectDocuments {
  // A removed stakeholder's uploads are no longer the application's: no list of theirs, no group for nobody.
  const uploads = applicationUploads(prospect, stored);
  const required = requiredDocuments(prospect, config);
  const byKey = new Map(uploads.map((u) => [u.documentKey, u]));
  const out: ProspectDocuments = {
    companyDocuments: emptySection(),
    companyBankStatements: emptySection(),
    companyAddressProof: emptySection(),
    companyInvoices: emptySection(),
    stakeholdersDocuments: {},
    kycAnnexureDocuments: [],
    otherDocuments: [],
    isCompanyDocUpdate: false,
    isKycDocUpdate: false,
    readyForSubmit: isReadyForSubmit(prospect, uploads.map((u) => ({ documentKey: u.documentKey, uploadStatus: u.uploadStatus, signatoryId: u.signatoryId })), config),
  };
  const signatories = Array.isArray(prospect.signatoryInfo) ? (prospect.signatoryInfo as Record<string, unknown>[]) : [];
  const stakeholderSections = config.groups?.find((g) => g.forEachStakeholder)?.sections ?? [];
  const limits = new Map(stakeholderSections.map((s) => [s.section, (s as { limit?: number }).limit ?? DEFAULT_SECTION_LIMIT]));
  const stakeholder = (id: string): StakeholderDocuments => {
    let entry = out.stakeholdersDocuments[id];
    if (!entry) {
      const index = signatories.findIndex((s, i) => String(s?.signatoryId ?? i) === id);
      const s = signatories[index] ?? {};
      entry = { signatoryId: id, signatoryName: stakeholderDisplayName(s), documents: [] };
      // Only the lists meant for this stakeholder: a company gets no personal bank statements or CV.
      for (const section of stakeholderSections.slice(1)) {
        if (sectionAppliesTo(section, prospect, s)) entry[section.section] = { ...emptySection(), limit: limits.get(section.section) };
      }
      out.stakeholdersDocuments[id] = entry;
    }
    return entry;
  };
  signatories.forEach((s, i) => stakeholder(String(s?.signatoryId ?? i)));

  const place = (entry: DocumentEntry, section: string, signatoryId: string | null | undefined) => {
    const uploaded = entry.uploadStatus === (config.uploadedStatus ?? UPLOADED);
    if (signatoryId) {
      const target = stakeholder(signatoryId);
      const list = target[section];
      if (list && typeof list === 'object' && !Array.isArray(list)) {
        list.documents.push(entry);
        list.isDocUpdate ||= uploaded;
      } else target.documents.push(entry);
      return;
    }
    const target = (out as unknown as Record<string, unknown>)[section];
    if (Array.isArray(target)) {
      target.push(entry);
      if (section === 'kycAnnexureDocuments') out.isKycDocUpdate ||= uploaded;
    } else if (target && typeof target === 'object' && 'documents' in target) {
      (target as DocumentSectionList).documents.push(entry);
      (target as DocumentSectionList).isDocUpdate ||= uploaded;
      out.isCompanyDocUpdate ||= uploaded;
    } else out.otherDocuments.push(entry);
  };

  for (const doc of required) {
    const row = byKey.get(doc.documentKey);
    // Another stakeholder's upload under this key (keys shift when a stakeholder is removed) stays theirs.
    const own = row && fulfils(row, doc) ? row : undefined;
    place(entryOf(doc, own), doc.section, doc.signatoryId);
    if (own) byKey.delete(doc.documentKey);
  }
  for (const row of byKey.values()) place(entryOf(undefined, row), row.groupName, row.signatoryId);
  return out;
}
