import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { Lazy } from '../../components/Lazy';
import { RedirectSignedIn, RequireAccountType, RequireCustomer, RequireProspect } from './guards';

const FlowPage = lazy(() => import('../forms/FlowPage'));
const CodeRequestPage = lazy(() => import('./CodeRequestPage'));
const CodeVerificationPage = lazy(() => import('./CodeVerificationPage'));
const MyApplicationsPage = lazy(() => import('./MyApplicationsPage'));
const RedirectPage = lazy(() => import('./RedirectPage'));

/** The customer journey: applicant info and codes, come-back login, company info, final questions, services. */
export const journeyRoutes: RouteObject[] = [
  {
    path: '/business/ApplicantInfo',
    element: (
      <RedirectSignedIn>
        <RequireAccountType>
          <Lazy>
            <CodeRequestPage purpose="new" />
          </Lazy>
        </RequireAccountType>
      </RedirectSignedIn>
    ),
  },
  {
    path: '/business/VerifyOTP',
    element: (
      <Lazy>
        <CodeVerificationPage purpose="new" />
      </Lazy>
    ),
  },
  {
    path: '/business/ComeBackLogin',
    element: (
      <Lazy>
        <CodeRequestPage purpose="comeback" />
      </Lazy>
    ),
  },
  {
    path: '/business/ComeBackVerification',
    element: (
      <Lazy>
        <CodeVerificationPage purpose="comeback" />
      </Lazy>
    ),
  },
  {
    path: '/business/MyApplications',
    element: (
      <RequireCustomer>
        <Lazy>
          <MyApplicationsPage />
        </Lazy>
      </RequireCustomer>
    ),
  },
  {
    path: '/business/CompanyInfo',
    element: (
      <RequireProspect>
        <Lazy>
          <FlowPage flows={['companyInfo']} panelTitle="Tell us about your company" next="/business/StakeholdersInfo" />
        </Lazy>
      </RequireProspect>
    ),
  },
  {
    path: '/business/FinalQuestions',
    element: (
      <RequireProspect>
        <Lazy>
          <FlowPage flows={['finalQuestionsCompany', 'finalQuestionsSignatory']} panelTitle="A few final questions" next="/business/UploadDocuments" />
        </Lazy>
      </RequireProspect>
    ),
  },
  {
    path: '/business/SelectServices',
    element: (
      <RequireProspect>
        <Lazy>
          <FlowPage flows={['selectServices']} panelTitle="Choose the services you need" next="/business/SubmitApplication" />
        </Lazy>
      </RequireProspect>
    ),
  },
  { path: '/business/application-redirect', element: <Lazy><RedirectPage kind="application" /></Lazy> },
  { path: '/business/application-comeback-redirect', element: <Lazy><RedirectPage kind="comeback" /></Lazy> },
  { path: '/business/applicantinfo-redirect', element: <Lazy><RedirectPage kind="applicantinfo" /></Lazy> },
  { path: '/CompanyInfo', element: <Navigate to="/business/CompanyInfo" replace /> },
  { path: '/FinalQuestions', element: <Navigate to="/business/FinalQuestions" replace /> },
  { path: '/SelectServices', element: <Navigate to="/business/SelectServices" replace /> },
];
