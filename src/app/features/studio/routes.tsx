import type { RouteObject } from 'react-router-dom';

/** Schema studio under /studio (product staff). */
export const studioRoutes: RouteObject[] = [];
