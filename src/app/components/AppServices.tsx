import { useEffect } from 'react';
import { useConfig } from '../features/config/useConfig';
import { setAnalyticsEnabled } from '../lib/analytics';
import { SessionDialogs } from './SessionDialogs';

/** Follows the config flag `analytics` (off by default): track() pushes nothing until it is on. */
function AnalyticsFlag() {
  const { data } = useConfig();
  useEffect(() => setAnalyticsEnabled(data?.flags.analytics === true), [data]);
  return null;
}

/** What every page has, mounted once beside the router: the session dialogs and the analytics switch. */
export function AppServices() {
  return (
    <>
      <AnalyticsFlag />
      <SessionDialogs />
    </>
  );
}
