/** When the tab last reloaded for a new release (sessionStorage), so a chunk that stays missing cannot loop. */
const KEY = 'qa.releaseReload';
const AGAIN_AFTER_MS = 30_000;
let reloading = false;

/**
 * True once the tab is reloading into a new release: the import Vite gave up on then resolves to nothing, so the
 * lazy page fails to render; that failure is neither an error to report nor one to show (the reload replaces it).
 */
export function reloadingForNewRelease(): boolean {
  return reloading;
}

/**
 * A tab opened before a new release asks for the old release's chunks, which the server no longer has (a 404). Vite
 * reports it as `vite:preloadError`; the tab then loads the new release where it is (what was typed was handed to the
 * application store, which keeps its copy over a reload). At most once in 30 s: a chunk missing in the new release
 * too is an error the page shows, not a reload loop.
 */
export function reloadOnNewRelease(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(KEY) ?? 0);
    if (Date.now() - last < AGAIN_AFTER_MS) return;
    sessionStorage.setItem(KEY, String(Date.now()));
    event.preventDefault();
    reloading = true;
    window.location.reload();
  });
}
