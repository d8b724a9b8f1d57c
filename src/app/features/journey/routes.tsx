import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { Lazy } from '../../components/Lazy';

const FlowPage = lazy(() => import('../forms/FlowPage'));

/** The customer journey: applicant info and codes, come-back login, company info, final questions, services. */
export const journeyRoutes: RouteObject[] = [
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
];
