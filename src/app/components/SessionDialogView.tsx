import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';

export interface SessionDialogViewProps {
  /** Seconds left of the countdown, or null while the countdown dialog is closed. */
  left: number | null;
  expired: boolean;
  busy: boolean;
  onContinue: () => void;
}

/**
 * The two session dialogs (countdown, expired). A chunk of its own: Fluent's Dialog (and the focus management
 * it brings) is loaded once a session exists, not on the landing page, which has none.
 */
export default function SessionDialogView({ left, expired, busy, onContinue }: SessionDialogViewProps) {
  return (
    <>
      <Dialog open={left !== null} modalType="alert">
        <DialogSurface aria-describedby={undefined}>
          <DialogBody>
            <DialogTitle>Oops, looks like your session is about to expire. Would you like to continue on this page?</DialogTitle>
            <DialogContent>
              <p role="timer" aria-live="off">
                Your session ends in <strong>{left ?? 0}</strong> seconds.
              </p>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" disabled={busy} onClick={onContinue}>
                Yes
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      <Dialog open={expired} modalType="alert">
        <DialogSurface aria-describedby={undefined}>
          <DialogBody>
            <DialogTitle>Sorry, your session has expired. But don&apos;t worry, you can retrieve your application from where you left.</DialogTitle>
            <DialogActions>
              <Button appearance="primary" onClick={() => window.location.reload()}>
                Reload
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
