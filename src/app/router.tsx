import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '@fluentui/react-components';
import { NotFoundPage } from './components/NotFoundPage';
import { LandingPage } from './features/landing/LandingPage';

// Form pages (RJSF, ajv, widgets) load on demand: the landing page ships no form code.
const FlowPage = lazy(() => import('./features/forms/FlowPage'));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner label="Loading" style={{ marginTop: 64 }} />}>{children}</Suspense>;
}

/** Spec: the page scrolls to the top on every route change. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => window.scrollTo(0, 0), [pathname]);
  return <Outlet />;
}

export const router = createBrowserRouter([
  {
    element: <ScrollToTop />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/business', element: <LandingPage /> },
      { path: '/business/accounts', element: <LandingPage /> },
      {
        path: '/business/ApplicantInfo',
        element: (
          <Lazy>
            <FlowPage flow="applicantInfo" panelTitle="Opening an account has never been this simple." />
          </Lazy>
        ),
      },
      {
        path: '/business/CompanyInfo',
        element: (
          <Lazy>
            <FlowPage flow="companyInfo" panelTitle="Tell us about your company" />
          </Lazy>
        ),
      },
      { path: '/CompanyInfo', element: <Navigate to="/business/CompanyInfo" replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
