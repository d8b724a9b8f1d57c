import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { Lazy } from '../../components/Lazy';
import { LandingPage } from '../landing/LandingPage';

const AccountsPage = lazy(() => import('./AccountsPage'));
const ProductPage = lazy(() => import('./ProductPage'));
const ApplicationOverviewPage = lazy(() => import('./ApplicationOverviewPage'));

/**
 * Landing, accounts comparison, account pages and start pages. Account slugs (rakstarter, current-account,
 * business-elite and their -islamic forms) come from the config; an unknown one goes to the comparison.
 */
export const productRoutes: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '/business', element: <LandingPage /> },
  {
    path: '/business/accounts',
    element: (
      <Lazy>
        <AccountsPage />
      </Lazy>
    ),
  },
  {
    path: '/business/accounts/:accountType',
    element: (
      <Lazy>
        <ProductPage />
      </Lazy>
    ),
  },
  {
    path: '/business/accounts/:accountType/application-overview',
    element: (
      <Lazy>
        <ApplicationOverviewPage />
      </Lazy>
    ),
  },
];
