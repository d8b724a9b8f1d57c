import { lazy } from 'react';
import { Navigate, type RouteObject, useLocation } from 'react-router-dom';
import { Lazy } from '../../components/Lazy';
import { RequireProspect } from '../journey/guards';

const StakeholdersPage = lazy(() => import('./StakeholdersPage'));

/** The un-prefixed path of spec 001 §2 goes to the page, keeping the query (open stakeholder and step). */
function ToStakeholders() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/business/StakeholdersInfo', search }} replace />;
}

/** Company stakeholders page. */
export const stakeholderRoutes: RouteObject[] = [
  {
    path: '/business/StakeholdersInfo',
    element: (
      <RequireProspect>
        <Lazy>
          <StakeholdersPage />
        </Lazy>
      </RequireProspect>
    ),
  },
  { path: '/StakeholdersInfo', element: <ToStakeholders /> },
];
