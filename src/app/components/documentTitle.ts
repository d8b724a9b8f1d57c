/** The product's name, as index.html's title and the app's texts spell it in both languages. */
const PRODUCT = 'Quick Apply';

/**
 * A page's title: its heading, then the product (WCAG 2.4.2), so tabs, history and screen readers tell pages apart;
 * without a heading, `fallback` (index.html's title). Used by the app (useDocumentTitle), the pre-rendered landing
 * page and its boot script, which must not load the app's router.
 */
export function titleFor(heading: string | null | undefined, fallback: string): string {
  const text = heading?.replace(/\s+/g, ' ').trim();
  return text ? `${text} – ${PRODUCT}` : fallback;
}
