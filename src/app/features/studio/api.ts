import useSWR from 'swr';
import type { ContentFiles } from '../../../content/contentTypes';
import { ApiRequestError } from '../../lib/secureFetch';
import type { StudioT } from '../../i18n/useStudioT';
import { useApi } from '../session/session';

/** The studio API (src/server/routes/studio.ts), product role only. */
export interface VersionSummary {
  version: number;
  author: string;
  message: string;
  createdAt: string;
  contentHash: string;
}

export interface VersionDetail extends VersionSummary {
  files: ContentFiles;
}

export interface DiffChange {
  pointer: string;
  before?: unknown;
  after?: unknown;
  movedFrom?: number;
}

/** One change in plain language (src/server/studio/describe.ts). */
export interface ReadableChange {
  where: string;
  field?: string;
  kind: 'added' | 'removed' | 'changed' | 'renamed' | 'moved';
  text: string;
  path: string;
  pointer: string;
}

export interface VersionDiff {
  from: number;
  to: number;
  files: { path: string; status: 'added' | 'removed' | 'changed'; changes: DiffChange[] }[];
  changes: ReadableChange[];
}

export type DraftStatus = 'draft' | 'in_review' | 'changes_requested' | 'approved' | 'published' | 'discarded';

/** A draft stored on the server (src/server/studio/draftRepository.ts). */
export interface DraftSummary {
  id: string;
  name: string;
  kind: 'edit' | 'rollback';
  rollbackTo: number | null;
  baseVersion: number;
  revision: number;
  status: DraftStatus;
  author: string;
  yours: boolean;
  updatedBy: string;
  approvedBy: string | null;
  approvedRevision: number | null;
  acknowledgedHash: string | null;
  publishedVersion: number | null;
  changedFiles: string[];
  createdAt: string;
  updatedAt: string;
}

export interface DraftDetail extends DraftSummary {
  files: Record<string, unknown>;
  events: { at: string; actor: string; action: string; comment: string | null; revision: number }[];
  latestVersion: number;
}

/** A draft's status in the studio's language. */
export const statusLabel = (t: StudioT, status: DraftStatus) => t(`studio.status.${status}`);

export interface AffectedApplication {
  id: string;
  company: string | null;
  status: string;
  newlyFailing: boolean;
  holds: string[];
}

export interface Problem {
  path: string;
  pointer?: string;
  message: string;
}

export interface FixtureResult {
  file: string;
  name: string;
  ok: boolean;
  message?: string;
  expected?: unknown;
  actual?: unknown;
}

export interface FixtureRun {
  passed: number;
  failed: number;
  results: FixtureResult[];
}

export interface CheckResult {
  problems: Problem[];
  fixtures: FixtureRun;
  breaking: {
    checked: number;
    newlyFailing: number;
    fields: { field: string; label?: string; count: number }[];
    prospects: string[];
    removedFields?: { field: string; label: string; required: boolean; held: number }[];
    applications?: AffectedApplication[];
  };
  /** The server's hash of this result: a publication needing an acknowledgement sends it back as `acknowledge`. */
  checkHash?: string;
  needsAcknowledgement?: boolean;
  /** The draft against its base, in plain language (the check of a stored draft). */
  diff?: ReadableChange[];
  revision?: number;
}

export interface AuditEntry {
  at: string;
  actor: string;
  action: string;
  detail: unknown;
}

/** SWR over the studio's GET calls, with the signed-in staff member's token. */
export function useStudioGet<T>(path: string | null) {
  const api = useApi();
  return useSWR<T, Error>(path ? `/api/studio${path}` : null, async (url: string) => (await api<T>(url)).body as T, {
    revalidateOnFocus: false,
    // A new version loading must not unmount the page that asked for it (the editor keeps its state).
    keepPreviousData: true,
  });
}

export const useVersions = () => useStudioGet<{ versions: VersionSummary[] }>('/versions');
export const useVersion = (version: number | undefined) => useStudioGet<VersionDetail>(version === undefined ? null : `/versions/${version}`);

/** The latest version with its files: what the step picker and a new draft start from. */
export function useLatestVersion() {
  const versions = useVersions();
  const latest = versions.data?.versions[0]?.version;
  const detail = useVersion(latest);
  return { data: detail.data, error: versions.error ?? detail.error, isLoading: versions.isLoading || detail.isLoading, mutate: versions.mutate };
}

/** A readable text of a failed call, with the server's field messages and problems (the server's words as it sends them). */
export function errorText(error: unknown, t: StudioT): string {
  if (error instanceof ApiRequestError) {
    const body = error.body as (ApiRequestError['body'] & { problems?: Problem[] }) | undefined;
    const problems = body?.problems?.map((p) => `${p.path}${p.pointer ? ' ' + p.pointer : ''}: ${p.message}`) ?? [];
    const messages = body?.errors?.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)) ?? [];
    const all = [...messages, ...problems];
    if (error.status === 403) return all[0] ?? t('studio.error.noRole');
    return all.length ? all.join('\n') : t('studio.error.status', { status: error.status });
  }
  return error instanceof Error ? error.message : String(error);
}

export const useDrafts = () => useStudioGet<{ drafts: DraftSummary[] }>('/drafts');
export const useDraft = (id: string | null) => useStudioGet<DraftDetail>(id ? `/drafts/${id}` : null);
