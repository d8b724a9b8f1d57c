import type { BuiltContent } from '../../content/contentTypes';
import { fieldMap, ownedFields, type Writer } from '../../content/fieldMap';
import type { Problem } from './draft';

/**
 * Fields whose writer is part of the protected core: the server enforces x-writer from the published content, so
 * a draft that dropped `x-writer: server` from validRoCode would let applicants write it again (issue 12,
 * observation 1). The studio refuses such drafts; adding more owned fields is fine.
 */
export const CORE_OWNED: Record<string, Writer> = {
  '/applicantInfo/validRoCode': 'server',
  '/applicantInfo/LeadSource': 'server',
  '/applicantInfo/roCode': 'server',
  '/applicationInfo/declaration': 'server',
  '/generalInfo': 'server',
  '/prospectStatusInfo': 'server',
  '/screeningInfo': 'server',
  '/documents': 'server',
  '/freeFieldsInfo': 'server',
  '/accountInfo/*/accountNo': 'server',
  '/orgKYCDetails/businessUnit': 'server',
  '/orgKYCDetails/constitutionType': 'agent',
  '/kycAnnexure': 'agent',
  '/signatoryInfo/*/signatoryPingType': 'agent',
  '/signatoryInfo/*/signatoryEIDPingStatus': 'agent',
  '/signatoryInfo/*/signatoryEIDDate': 'agent',
  '/signatoryInfo/*/signatoryEIDPingDocRef': 'agent',
};

export function ownershipCoreProblems(content: Pick<BuiltContent, 'registry' | 'flows' | 'steps'>): Problem[] {
  const owned = new Map(ownedFields(fieldMap(content)).map((f) => [f.pointer, f.writer]));
  return Object.entries(CORE_OWNED)
    .filter(([pointer, writer]) => owned.get(pointer) !== writer)
    .map(([pointer, writer]) => ({
      path: 'schemas',
      pointer,
      message: `Protected core: ${pointer} must stay written by the ${writer} only (x-writer "${writer}"). It cannot be removed or relaxed from the studio.`,
    }));
}
