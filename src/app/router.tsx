import { useEffect } from 'react';
import { Outlet, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { RouteErrorBoundary } from './components/ErrorBoundary';
import { NotFoundPage } from './components/NotFoundPage';
import { useDocumentTitle } from './components/useDocumentTitle';
import { agentRoutes } from './features/agent/routes';
import { documentRoutes } from './features/documents/routes';
import { journeyRoutes } from './features/journey/routes';
import { productRoutes } from './features/products/routes';
import { stakeholderRoutes } from './features/stakeholders/routes';
import { studioRoutes } from './features/studio/routes';

/** The root of every route. Spec: the page scrolls to the top on every route change; the title follows the page. */
function RouteRoot() {
  const { pathname } = useLocation();
  useDocumentTitle();
  // A block body: recent Chromium returns a Promise from scrollTo, which React would take for a cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return <Outlet />;
}

/**
 * Every area keeps its own route list (products and landing, the customer journey, stakeholders, documents and
 * outcomes, agent, studio); pages load on demand so the landing page ships no form code.
 */
export const routes: RouteObject[] = [
  {
    element: <RouteRoot />,
    children: [...productRoutes, ...journeyRoutes, ...stakeholderRoutes, ...documentRoutes, ...agentRoutes, ...studioRoutes, { path: '*', element: <NotFoundPage /> }],
  },
];

/**
 * The page at the current address (inside `AppRouter`, src/app/lib/appRouter.tsx). An error thrown while rendering
 * a page shows the error page in its place, until the address changes.
 */
export function AppRoutes() {
  const location = useLocation();
  return <RouteErrorBoundary location={location}>{useRoutes(routes)}</RouteErrorBoundary>;
}
