/**
 * Spec 001 §2: the listing, the application-overview pages and the bare landing paths send the browser to an
 * external quick-apply site ({host}) unless the query has `rocode` (an agent's link). The host is the config
 * flag `externalQuickApplySite`; null (the default) keeps the applicant in this app. Without React: the app's
 * useExternalSite and the pre-rendered landing page's script (src/app/landing/boot.ts) both use it.
 */
export function externalTarget(host: unknown, pathname: string, search: string, hash = ''): string | null {
  if (typeof host !== 'string' || !host.trim()) return null;
  if (new URLSearchParams(search).has('rocode')) return null;
  return `${host.replace(/\/+$/, '')}${pathname}${search}${hash}`;
}
