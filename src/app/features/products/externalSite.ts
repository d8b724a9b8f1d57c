import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useConfig } from '../config/useConfig';

/**
 * Spec 001 §2: the listing, the application-overview pages and the bare landing paths send the browser to an
 * external quick-apply site ({host}) unless the query has `rocode` (an agent's link). The host is the config
 * flag `externalQuickApplySite`; null (the default) keeps the applicant in this app.
 */
export function externalTarget(host: unknown, pathname: string, search: string, hash = ''): string | null {
  if (typeof host !== 'string' || !host.trim()) return null;
  if (new URLSearchParams(search).has('rocode')) return null;
  return `${host.replace(/\/+$/, '')}${pathname}${search}${hash}`;
}

/** Redirects when the flag says so; returns true while leaving (the page renders nothing meanwhile). */
export function useExternalSite(hash = ''): boolean {
  const { pathname, search } = useLocation();
  const { data } = useConfig();
  const target = externalTarget(data?.flags.externalQuickApplySite, pathname, search, hash);
  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);
  return target !== null;
}
