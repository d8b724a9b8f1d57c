import { useEffect } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useAgentT } from '../../i18n/useAgentT';
import { useNavigationBlocker } from '../../lib/appRouter';

/**
 * Keeps an agent from losing edits that are only in the page (the RO flow saves on "Save and continue"):
 * leaving for another page while `dirty` asks first, and closing or reloading the tab gets the browser's own
 * warning. Moving between the steps of the flow keeps the edits, so it is not asked about.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const t = useAgentT();
  const blocker = useNavigationBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('agent.unsaved.title')}
      confirmLabel={t('agent.unsaved.leave')}
      cancelLabel={t('agent.unsaved.stay')}
      onConfirm={() => blocker.state === 'blocked' && blocker.proceed()}
      onCancel={() => blocker.state === 'blocked' && blocker.reset()}
    >
      {t('agent.unsaved.text')}
    </ConfirmDialog>
  );
}
