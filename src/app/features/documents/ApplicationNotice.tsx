import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { lazy, Suspense } from 'react';
import { useApplication } from '../application';
import { useConfig } from '../config/useConfig';
import { useT } from '../../i18n/useT';

const NoticeFields = lazy(() => import('./NoticeFields'));

/**
 * Why the applicant is on this page instead of where they were (a submit refused because another tab saved, a save
 * refused because the application is closed or submitted), or what to check (answers changed both here and
 * elsewhere: each named under its step, which links to it), until they dismiss it.
 */
export function ApplicationNotice() {
  const app = useApplication();
  const t = useT();
  const { data: config } = useConfig();
  if (!app.notice) return null;
  const fields = config && app.noticeFields.length > 0;
  return (
    <MessageBar intent="warning" role="alert" layout={fields ? 'multiline' : 'auto'} data-application-notice>
      <MessageBarBody>
        {app.notice}
        {fields && (
          <Suspense fallback={null}>
            <NoticeFields config={config} prospect={app.prospect} fields={app.noticeFields} />
          </Suspense>
        )}
      </MessageBarBody>
      <MessageBarActions>
        <Button onClick={() => app.dismissNotice()}>{t('common.ok')}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
