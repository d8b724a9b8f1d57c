import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After a navigation inside the app, focus goes to the new page's heading (not the page body), so keyboard and
 * screen-reader users start at the top of what changed. The first page of a visit is left alone: there the
 * skip link stays the first tab stop. The heading is made focusable by script only (tabindex -1).
 */
export function useHeadingFocus(): void {
  const location = useLocation();
  useEffect(() => {
    if (location.key === 'default') return;
    // The heading may come a little later (a lazy page, data loading): look for it for up to 3 s.
    let tries = 0;
    const timer = setInterval(() => {
      const heading = document.querySelector<HTMLElement>('#main h1');
      const main = document.getElementById('main');
      // A page that put the focus somewhere itself (the code boxes) keeps it, and so does an open dialog (the
      // session's expiry, which the navigation it causes would otherwise leave without its focus).
      const active = document.activeElement;
      const placed = (main?.contains(active) && active !== main) || !!active?.closest('[role="dialog"], [role="alertdialog"]');
      if (heading && !placed) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
      }
      if (heading || placed || ++tries > 30) clearInterval(timer);
    }, 100);
    return () => clearInterval(timer);
  }, [location.key]);
}
