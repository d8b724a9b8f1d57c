import type { RouteObject } from 'react-router-dom';

/** Agent channel under /agent. */
export const agentRoutes: RouteObject[] = [];
