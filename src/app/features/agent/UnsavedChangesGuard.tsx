import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/**
 * Keeps an agent from losing edits that are only in the page (the RO flow saves on "Save and continue"):
 * leaving for another page while `dirty` asks first, and closing or reloading the tab gets the browser's own
 * warning. Moving between the steps of the flow keeps the edits, so it is not asked about.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      confirmLabel="Leave without saving"
      cancelLabel="Stay and save"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      Your changes on this step are not saved yet. Press &quot;Save and continue&quot; to keep them.
    </ConfirmDialog>
  );
}
