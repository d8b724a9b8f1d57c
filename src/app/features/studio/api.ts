import useSWR from 'swr';
import type { ContentFiles } from '../../../content/contentTypes';
import { ApiRequestError } from '../../lib/secureFetch';
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
}

export interface VersionDiff {
  from: number;
  to: number;
  files: { path: string; status: 'added' | 'removed' | 'changed'; changes: DiffChange[] }[];
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
  breaking: { checked: number; newlyFailing: number; fields: { field: string; count: number }[]; prospects: string[] };
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

/** A readable text of a failed call, with the server's field messages and problems. */
export function errorText(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const body = error.body as (ApiRequestError['body'] & { problems?: Problem[] }) | undefined;
    const problems = body?.problems?.map((p) => `${p.path}${p.pointer ? ' ' + p.pointer : ''}: ${p.message}`) ?? [];
    const messages = body?.errors?.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)) ?? [];
    const all = [...messages, ...problems];
    if (error.status === 403) return all[0] ?? 'Your account does not have the product role needed for the schema studio.';
    return all.length ? all.join('\n') : `The server answered ${error.status}.`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Problems a failed publish carried (400 FieldsValidation), in the check's shape. */
export function problemsOf(error: unknown): Problem[] {
  if (!(error instanceof ApiRequestError)) return [];
  const body = error.body as (ApiRequestError['body'] & { problems?: Problem[] }) | undefined;
  if (body?.problems) return body.problems;
  return (body?.errors ?? []).map((e) => ({ path: e.field ?? '', message: e.message }));
}
