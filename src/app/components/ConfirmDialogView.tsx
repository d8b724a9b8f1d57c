import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Divider } from '@fluentui/react-components';
import type { ConfirmDialogProps } from './ConfirmDialog';
import { usePageT } from '../i18n/usePageT';
import { useT } from '../i18n/useT';

/** The dialog itself (a chunk of its own: see ConfirmDialog.tsx). */
export default function ConfirmDialogView({
  open,
  children,
  divider = false,
  title,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useT();
  // The spec's words (in this lazy chunk's catalogue, not the entry's): 'Are you sure?', 'Cancel', "Yes, I'm sure".
  const pt = usePageT();
  return (
    <Dialog modalType="alert" open={open} onOpenChange={(_, data) => !data.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title ?? pt('confirm.title')}</DialogTitle>
          {children && <DialogContent>{children}</DialogContent>}
          {divider && <Divider style={{ gridColumn: '1 / -1' }} />}
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel} autoFocus>
              {cancelLabel ?? t('common.cancel')}
            </Button>
            <Button appearance="primary" onClick={onConfirm}>
              {confirmLabel ?? pt('confirm.yes')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
