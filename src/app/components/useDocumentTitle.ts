import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { titleFor } from './documentTitle';

/** index.html's own title, kept for a page without a heading. */
let documentTitle: string | undefined;

/**
 * The document's title follows the page's main heading (the first h1 in main), in the language shown: set after
 * each navigation and kept up to date while the page changes it (data loaded, a language switch, the next step
 * of a flow under the same address). Each page already has exactly one h1, so no page repeats its title.
 */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    documentTitle ??= document.title;
    const fallback = documentTitle;
    const root = document.getElementById('root') ?? document.body;
    const update = () => {
      const title = titleFor(root.querySelector('main h1')?.textContent, fallback);
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(root, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [pathname]);
}
