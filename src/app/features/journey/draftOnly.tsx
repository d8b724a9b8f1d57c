import type { ReactElement } from 'react';
import { Navigate } from 'react-router-dom';
import { isSubmittedStatus } from '../../../content/lifecycleStatus';
import { useApplication } from '../application';
import { useConfig } from '../config/useConfig';

export const STATUS_PATH = '/business/ApplicationStatus';

/**
 * The pages that change the application (company information, stakeholders, final questions, documents,
 * services) are a draft's: once it is submitted, declined or opened (browser Back after the outcome, a save
 * refused with 12012 / APPLICATION_CLOSED that reloaded its status), the applicant is taken to where the
 * application stands instead of an editable form. Call it before a page's early returns; render what it returns.
 */
export function useDraftOnly(): ReactElement | null {
  const { status } = useApplication();
  const { data: config } = useConfig();
  if (!isSubmittedStatus(status, (config?.lifecycle ?? undefined) as { initial: string } | undefined)) return null;
  return <Navigate to={STATUS_PATH} replace />;
}
