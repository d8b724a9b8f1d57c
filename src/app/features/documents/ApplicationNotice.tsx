import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { useApplication } from '../application';
import { useT } from '../../i18n/useT';

/**
 * Why the applicant is on this page instead of where they were (a submit refused because another tab saved, a save
 * refused because the application is closed or submitted), until they dismiss it.
 */
export function ApplicationNotice() {
  const app = useApplication();
  const t = useT();
  if (!app.notice) return null;
  return (
    <MessageBar intent="warning" role="alert">
      <MessageBarBody>{app.notice}</MessageBarBody>
      <MessageBarActions>
        <Button onClick={() => app.dismissNotice()}>{t('common.ok')}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
