import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Lazy } from '../../components/Lazy';

// Everything of the studio (CodeMirror included) loads on demand: no studio code reaches the customer pages.
const StudioLoginPage = lazy(() => import('./StudioLoginPage'));
const StepPickerPage = lazy(() => import('./StepPickerPage'));
const EditorPage = lazy(() => import('./EditorPage'));
const VersionsPage = lazy(() => import('./VersionsPage'));
const DraftsPage = lazy(() => import('./DraftsPage'));
const DraftPage = lazy(() => import('./DraftPage'));
const RequireProduct = lazy(() => import('./StudioLayout').then((m) => ({ default: m.RequireProduct })));

const guarded = (page: ReactNode) => (
  <Lazy>
    <RequireProduct>{page}</RequireProduct>
  </Lazy>
);

/** Schema studio under /studio (product staff). */
export const studioRoutes: RouteObject[] = [
  {
    path: '/studio/Login',
    element: (
      <Lazy>
        <StudioLoginPage />
      </Lazy>
    ),
  },
  { path: '/studio', element: guarded(<StepPickerPage />) },
  { path: '/studio/steps/:step', element: guarded(<EditorPage />) },
  { path: '/studio/versions', element: guarded(<VersionsPage />) },
  { path: '/studio/drafts', element: guarded(<DraftsPage />) },
  { path: '/studio/drafts/:id', element: guarded(<DraftPage />) },
];
