import { useMemo } from 'react';
import useSWR from 'swr';
import { missingRequested, readStatusInfo } from '../../../content/lifecycle';
import type { Prospect } from '../application';
import { useApi } from '../session/session';
import { documentBlocks, type DocumentEntry } from './documentList';
import { useProspectDocuments } from './useDocuments';

export interface StatusAnswer {
  prospectId: string;
  version: number;
  status: string;
  prospect: Prospect;
  accountInfo: { accountCurrencies?: string[]; accountNumbers?: { currency: string; accountNo: string }[] }[];
}

/**
 * The application as the server has it now (its status, prospectStatusInfo, account numbers) and its documents,
 * with the requested documents still missing. Shared by the status page and ReUploadDocuments (one SWR key each).
 */
export function useApplicationStatus(prospectId: string | undefined) {
  const api = useApi();
  const prospect = useSWR(prospectId ? `/api/usertypes/sme/prospects/${encodeURIComponent(prospectId)}` : null, async (url: string) => (await api<StatusAnswer>(url)).body!);
  const docs = useProspectDocuments(prospectId);
  const stored = useMemo(() => readStatusInfo(prospect.data?.prospect), [prospect.data]);
  const entries = useMemo<DocumentEntry[]>(() => (docs.data ? documentBlocks(docs.data).flatMap((b) => [...b.rows, ...b.lists.flatMap((l) => l.rows)]) : []), [docs.data]);
  // The requested documents named in the page's language: the request stored each title in the agent's words
  // (English); the documents list names the same key in the applicant's language. A document no longer on the
  // list (its stakeholder removed) keeps the stored title.
  const info = useMemo(() => {
    if (!stored.requestedDocuments?.length || !entries.length) return stored;
    const titles = new Map(entries.map((e) => [e.documentKey, e.documentTitle]));
    return { ...stored, requestedDocuments: stored.requestedDocuments.map((d) => ({ ...d, documentTitle: titles.get(d.documentKey) || d.documentTitle })) };
  }, [stored, entries]);
  const missing = useMemo(() => new Set(missingRequested(info, entries).map((d) => d.documentKey)), [info, entries]);
  // The requested documents are shown once the documents list has answered: before it, their titles would be the
  // agent's English and every one of them "needed".
  const documentsKnown = docs.data !== undefined || docs.error !== undefined;
  return { prospect, docs, info, missing, documentsKnown };
}
