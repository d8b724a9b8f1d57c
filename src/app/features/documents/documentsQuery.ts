/**
 * The application's documents list (GET prospects/{id}/documents) as SWR keeps it, one cache for every page that
 * reads it: the documents pages, the submit and status pages, and the stakeholders page (the file names of the
 * uploads its forms hold by key). Kept apart from useDocuments.ts so a page that only reads the list loads no
 * upload code.
 */
import useSWR from 'swr';
import { useApi } from '../session/session';
import type { ProspectDocuments } from './documentList';

export function documentsKey(prospectId: string | undefined): string | null {
  return prospectId ? `/api/prospects/${encodeURIComponent(prospectId)}/documents` : null;
}

export function useProspectDocuments(prospectId: string | undefined) {
  const api = useApi();
  return useSWR<ProspectDocuments, Error>(documentsKey(prospectId), async (url: string) => (await api<ProspectDocuments>(url)).body!, {
    revalidateOnFocus: false,
  });
}
