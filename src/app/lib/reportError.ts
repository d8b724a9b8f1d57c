import { reloadingForNewRelease } from './newRelease';

/**
 * Sends an error the UI could not handle to POST /api/client-errors, where the server logs it (operators see
 * browser failures beside the server's). At most MAX_REPORTS per page load and each kept short, as the server
 * limits both; a failed report is dropped (reporting must never cause an error of its own).
 */
const MAX_REPORTS = 10;
let sent = 0;

export function reportError(error: unknown, component?: string): void {
  if (sent >= MAX_REPORTS || reloadingForNewRelease()) return;
  sent++;
  const e = error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'non-error thrown');
  const body = {
    message: (e.message || e.name || 'error').slice(0, 1000),
    ...(e.stack ? { stack: e.stack.slice(0, 4000) } : {}),
    url: window.location.pathname.slice(0, 500), // no query string: it may hold an invite token
    ...(component ? { component: component.slice(0, 2000) } : {}),
  };
  fetch('/api/client-errors', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), keepalive: true }).catch(() => {});
}

/** Errors outside React's rendering (event handlers, promises nobody awaited). */
export function reportUncaughtErrors(): void {
  window.addEventListener('error', (event) => reportError(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason));
}
