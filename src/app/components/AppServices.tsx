import { useEffect } from 'react';
import { useConfig } from '../features/config/useConfig';
import { setAnalyticsEnabled } from '../lib/analytics';
import { SessionDialogs } from './SessionDialogs';
import { AppToaster } from './toasts';

/** Follows the config flag `analytics` (off by default): track() pushes nothing until it is on. */
function AnalyticsFlag() {
  const { data } = useConfig();
  useEffect(() => setAnalyticsEnabled(data?.flags.analytics === true), [data]);
  return null;
}

/** What every page has, mounted once beside the router: toasts, session dialogs, the analytics switch. */
export function AppServices() {
  return (
    <>
      <AnalyticsFlag />
      <AppToaster />
      <SessionDialogs />
    </>
  );
}
