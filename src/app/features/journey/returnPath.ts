import { useSearchParams } from 'react-router-dom';

/** A returnTo of the query: a page of this journey only (never another site, whatever the link says). */
export function returnPath(value: string | null): string | undefined {
  return value && /^\/business\/[A-Za-z]+$/.test(value) ? value : undefined;
}

/** Where this page's Continue goes: the page that sent the applicant here (the review's Edit), else `next`. */
export function useContinueTarget(next: string): string {
  const [params] = useSearchParams();
  return returnPath(params.get('returnTo')) ?? next;
}
