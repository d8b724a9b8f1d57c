import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useRichT, useT } from '../i18n/useT';

export interface SessionDialogViewProps {
  /** Seconds left of the countdown, or null while the countdown dialog is closed. */
  left: number | null;
  expired: boolean;
  busy: boolean;
  onContinue: () => void;
}

/**
 * The session dialog (the countdown, then the expiry). A chunk of its own: Fluent's Dialog (and the focus management
 * it brings) is loaded once a session exists, not on the landing page, which has none.
 */
export default function SessionDialogView({ left, expired, busy, onContinue }: SessionDialogViewProps) {
  const t = useT();
  const rich = useRichT();
  // One dialog whose content turns from the countdown into the expiry: two modal dialogs, one closing as the other
  // opened, left the second inside the page's wrapper the first had hidden from screen readers (aria-hidden).
  return (
    <Dialog open={expired || left !== null} modalType="alert">
      <DialogSurface aria-describedby={undefined}>
        {expired ? (
          <DialogBody key="expired">
            <DialogTitle>{t('session.expired')}</DialogTitle>
            <DialogActions>
              <Button appearance="primary" autoFocus onClick={() => window.location.reload()}>
                {t('session.reload')}
              </Button>
            </DialogActions>
          </DialogBody>
        ) : (
          <DialogBody key="expiring">
            <DialogTitle>{t('session.expiring')}</DialogTitle>
            <DialogContent>
              <p role="timer" aria-live="off">
                {rich('session.endsIn', { seconds: left ?? 0, strong: (chunks) => <strong>{chunks}</strong> })}
              </p>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" disabled={busy} onClick={onContinue}>
                {t('widgets.yes')}
              </Button>
            </DialogActions>
          </DialogBody>
        )}
      </DialogSurface>
    </Dialog>
  );
}
