import { atom } from '../../lib/jotai';

export type SortKey = 'updatedAt' | 'prospectId' | 'companyName' | 'status';
export type SortOrder = 'asc' | 'desc';

export interface SearchResultRow {
  prospectId: string;
  companyName: string | null;
  applicantName: string | null;
  /** The status in words (statusNotes) and its reason, as the server words them. */
  status: { statusCode?: string; statusNotes: string | null; statusReason: string | null };
  applicationInfo?: { accountType?: string | null; islamicBanking?: boolean; accountName?: string | null; viewId?: string | null };
  leadNumber?: string | null;
  lastModified: string;
}

export interface SearchAnswer {
  total: number;
  page: number;
  pageSize: number;
  searchResult: SearchResultRow[];
}

export interface SearchState {
  criteria: Record<string, unknown>;
  /** The criteria of the results shown (paging and sorting repeat them). */
  submitted: Record<string, unknown> | null;
  page: number;
  pageSize: number;
  sort: SortKey;
  order: SortOrder;
  answer: SearchAnswer | null;
}

export const initialSearch: SearchState = { criteria: {}, submitted: null, page: 1, pageSize: 20, sort: 'updatedAt', order: 'desc', answer: null };

/** The agent's last search, kept while the tab lives so that "back" from an application shows the same results. */
export const agentSearchAtom = atom<SearchState>(initialSearch);

/** The criteria the server gets: filled values only, trimmed. */
export function searchCriteria(criteria: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(criteria)) if (typeof v === 'string' && v.trim() !== '') out[k] = v.trim();
  return out;
}
