import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useConfig } from '../config/useConfig';
import { externalTarget } from './externalTarget';

export { externalTarget } from './externalTarget';

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
