import { useEffect } from 'react';
import { applicationStore, SERVER_OWNED } from './store';

/**
 * While a page that edits the application is open (the form steps, the stakeholders, the documents), the tab coming back to the front (visible again, or its window focused) loads the
 * server's copy, so a change saved in another tab shows without a reload; the unsaved edits are rebased onto it
 * (./rebase.ts refreshOnFocus: throttled, never during a save). Kept out of the store's chunk, which every page
 * (the landing page too) loads.
 */
export function useRefreshOnFocus(): void {
  useEffect(() => {
    const store = applicationStore();
    const onFront = () => {
      if (document.visibilityState !== 'hidden' && store.getSnapshot().prospect) void import('./rebase').then((m) => m.refreshOnFocus(store, SERVER_OWNED));
    };
    window.addEventListener('focus', onFront);
    document.addEventListener('visibilitychange', onFront);
    return () => {
      window.removeEventListener('focus', onFront);
      document.removeEventListener('visibilitychange', onFront);
    };
  }, []);
}
