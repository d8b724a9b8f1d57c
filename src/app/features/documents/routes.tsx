import { lazy, type ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { Lazy } from '../../components/Lazy';
import { RequireProspect } from '../journey/guards';

const UploadDocumentsPage = lazy(() => import('./UploadDocumentsPage'));
const ReUploadDocumentsPage = lazy(() => import('./ReUploadDocumentsPage'));
const SubmitApplicationPage = lazy(() => import('./SubmitApplicationPage'));
const ApplicationSubmittedPage = lazy(() => import('./ApplicationSubmittedPage'));
const ApplicationStatusPage = lazy(() => import('./ApplicationStatusPage'));

const guarded = (page: ReactElement) => (
  <Lazy>
    <RequireProspect>{page}</RequireProspect>
  </Lazy>
);

/** Upload and re-upload documents, submit, application submitted, the application's status; screening outcomes show on these pages. */
export const documentRoutes: RouteObject[] = [
  { path: '/business/UploadDocuments', element: guarded(<UploadDocumentsPage />) },
  { path: '/business/ReUploadDocuments', element: guarded(<ReUploadDocumentsPage />) },
  { path: '/business/SubmitApplication', element: guarded(<SubmitApplicationPage />) },
  { path: '/business/ApplicationStatus', element: guarded(<ApplicationStatusPage />) },
  // Not guarded: 'Check status' forgets the application on this page.
  {
    path: '/business/ApplicationSubmitted',
    element: (
      <Lazy>
        <ApplicationSubmittedPage />
      </Lazy>
    ),
  },
  { path: '/UploadDocuments', element: <Navigate to="/business/UploadDocuments" replace /> },
  { path: '/ReUploadDocuments', element: <Navigate to="/business/ReUploadDocuments" replace /> },
  { path: '/SubmitApplication', element: <Navigate to="/business/SubmitApplication" replace /> },
  { path: '/ApplicationSubmitted', element: <Navigate to="/business/ApplicationSubmitted" replace /> },
];
