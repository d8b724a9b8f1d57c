import type { RouteObject } from 'react-router-dom';
import { LandingPage } from '../landing/LandingPage';

/** Landing, accounts comparison, account pages and start pages. */
export const productRoutes: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '/business', element: <LandingPage /> },
  { path: '/business/accounts', element: <LandingPage /> },
];
