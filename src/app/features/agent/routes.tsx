import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { Lazy } from '../../components/Lazy';
import { RequireAgent } from './AgentGuard';
import { AGENT_HOME } from './agentSteps';

const AgentLoginPage = lazy(() => import('./AgentLoginPage'));
const SearchProspectPage = lazy(() => import('./SearchProspectPage'));
const SearchedAppInfoPage = lazy(() => import('./SearchedAppInfoPage'));
const AgentServicesPage = lazy(() => import('./AgentServicesPage'));
const InviteCustomerPage = lazy(() => import('./InviteCustomerPage'));

const guarded = (page: React.ReactNode) => (
  <RequireAgent>
    <Lazy>{page}</Lazy>
  </RequireAgent>
);

/**
 * Agent channel under /agent (spec 001 §2): login, search, application info (with the RO flow of Select
 * Services), invite. Every page but the login needs an agent session; any other agent path renders the agent
 * area's home, the search (after login when needed).
 */
export const agentRoutes: RouteObject[] = [
  {
    path: '/agent/Login',
    element: (
      <Lazy>
        <AgentLoginPage />
      </Lazy>
    ),
  },
  { path: '/agent/SearchProspect', element: guarded(<SearchProspectPage />) },
  { path: '/agent/SearchedAppInfo/:id', element: guarded(<SearchedAppInfoPage />) },
  { path: '/agent/SearchedAppInfo/:id/SelectServices', element: guarded(<AgentServicesPage />) },
  { path: '/agent/InviteCustomer', element: guarded(<InviteCustomerPage />) },
  { path: '/agent', element: <Navigate to={AGENT_HOME} replace /> },
  { path: '/agent/*', element: <Navigate to={AGENT_HOME} replace /> },
];
