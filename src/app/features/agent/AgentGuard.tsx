import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../session/session';
import { AGENT_LOGIN } from './agentSteps';

/** Where the agent wanted to go before being sent to log in (router location state). */
export interface ReturnTo {
  from?: string;
}

/**
 * Agent-role guard: without an agent session the page sends the browser to the agent login, which brings
 * the agent back here afterwards.
 */
export function RequireAgent({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session?.kind !== 'agent') {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={AGENT_LOGIN} replace state={{ from } satisfies ReturnTo} />;
  }
  return <>{children}</>;
}
