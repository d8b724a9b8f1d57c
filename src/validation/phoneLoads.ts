/**
 * How many dialling codes' phone metadata the browser has loaded (phoneBrowser.ts), for the form pages: a step's
 * errors are worked out again when one arrives (src/app/features/forms/stepValidator.ts), since a number checked
 * before its code's metadata was in was not refused. Apart from phoneBrowser.ts, which pages load on demand.
 */
let loads = 0;
const listeners = new Set<() => void>();

export const phoneLoads = {
  count: (): number => loads,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A code's metadata is in (phoneBrowser.ts). */
  arrived(): void {
    loads++;
    for (const listener of [...listeners]) listener();
  },
};
