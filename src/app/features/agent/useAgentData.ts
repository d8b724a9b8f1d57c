import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '../session/session';
import { useLocale } from '../../i18n/localeStore';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload(): void;
}

/**
 * GET one URL as the signed-in agent. The call is made again when the URL changes, on reload() and when the
 * language changes (the server words some answers in it: the audit trail, document names), not when the token is
 * renewed (the API function changes then).
 */
export function useAgentGet<T>(url: string | null): Loaded<T> {
  const api = useApi();
  const apiRef = useRef(api);
  apiRef.current = api;
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({ data: undefined, error: undefined, loading: !!url });
  const [tick, setTick] = useState(0);
  const locale = useLocale();
  useEffect(() => {
    if (!url) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    apiRef.current<T>(url).then(
      (res) => live && setState({ data: res.body, error: undefined, loading: false }),
      (error: unknown) => live && setState({ data: undefined, error, loading: false }),
    );
    return () => {
      live = false;
    };
    // The language is sent by the API call itself (Accept-Language); here it only asks for the answer again.
  }, [url, tick, locale]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}

export interface ProspectAnswer {
  prospectId: string;
  version: number;
  status: string;
  prospect: Record<string, unknown>;
  completedSteps?: { flowId: string; step: string; status: string }[];
}

export interface AuditEntry {
  at: string;
  actor: string;
  actorKind?: string;
  action: string;
  changes: unknown[];
  /** The changes in words (field titles, documents by title), as the server words them. */
  changeLabels?: string[];
}

export const prospectUrl = (id: string) => `/api/usertypes/sme/prospects/${encodeURIComponent(id)}`;
export const documentsUrl = (id: string) => `/api/prospects/${encodeURIComponent(id)}/documents`;
export const auditUrl = (id: string) => `/api/agent/prospects/${encodeURIComponent(id)}/audit`;
