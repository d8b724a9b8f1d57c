import { nameWords } from '../../shared/searchText';

/** The identifiers agents search by, read from the prospect document on every write (indexed columns). */
export interface SearchColumns {
  applicant_name: string | null;
  company_name: string | null;
  trade_license_no: string | null;
  lead_number: string | null;
  ro_code: string | null;
  eid_numbers: string[];
  /** Words of the applicant's and the company's names (search by any word). */
  name_words: string[];
  company_words: string[];
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * A trade licence number as it is compared with other applications' (the duplicate check while typing, the
 * screening's dedupe rule at submit, the agents' search): case and surrounding spaces ignored. The column's side
 * is upper(trade_license_no), which has its own index (migrations/013); the column is stored trimmed.
 */
export const licenceNumberKey = (licence: string): string => licence.trim().toUpperCase();

export function searchColumns(document: Obj): SearchColumns {
  const applicant = obj(document.applicantInfo);
  const organization = obj(document.organizationInfo);
  const general = obj(document.generalInfo);
  const stakeholders = Array.isArray(document.signatoryInfo) ? document.signatoryInfo : [];
  const eids = stakeholders
    .map((s) => str(obj(obj(obj(s).kycDetails).emirateIdDetails).eidNumber)?.replace(/-/g, ''))
    .filter((v): v is string => !!v);
  return {
    applicant_name: str(applicant.fullName)?.toLowerCase() ?? null,
    company_name: str(organization.companyName),
    trade_license_no: str(organization.licenseNumber),
    lead_number: str(general.leadNumber),
    ro_code: str(applicant.roCode),
    eid_numbers: [...new Set(eids)],
    name_words: [...new Set([...nameWords(applicant.fullName), ...nameWords(organization.companyName)])],
    company_words: nameWords(organization.companyName),
  };
}
