import type { RouteObject } from 'react-router-dom';

/** Upload and re-upload documents, submit, application submitted, screening outcome pages. */
export const documentRoutes: RouteObject[] = [];
