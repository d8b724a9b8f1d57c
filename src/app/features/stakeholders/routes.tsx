import type { RouteObject } from 'react-router-dom';

/** Company stakeholders page. */
export const stakeholderRoutes: RouteObject[] = [];
