import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Divider } from '@fluentui/react-components';
import type { ConfirmDialogProps } from './ConfirmDialog';

/** The dialog itself (a chunk of its own: see ConfirmDialog.tsx). */
export default function ConfirmDialogView({
  open,
  children,
  divider = false,
  title = 'Are you sure?',
  confirmLabel = "Yes, I'm sure",
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog modalType="alert" open={open} onOpenChange={(_, data) => !data.open && onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          {children && <DialogContent>{children}</DialogContent>}
          {divider && <Divider style={{ gridColumn: '1 / -1' }} />}
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel} autoFocus>
              {cancelLabel}
            </Button>
            <Button appearance="primary" onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
