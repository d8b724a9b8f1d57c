import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Divider } from '@fluentui/react-components';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  /** What is about to happen, e.g. "Remove Priya Nair from the stakeholders?". */
  children?: ReactNode;
  /** The spec's optional divider between the text and the buttons. */
  divider?: boolean;
  /** Overrides of the spec's wording, for other uses. */
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * The generic confirmation dialog of spec 001 §8: 'Are you sure?', 'Cancel', "Yes, I'm sure". A Fluent alert
 * dialog: focus is trapped inside, starts on Cancel (the safe answer), Escape cancels, and focus returns to
 * the control that opened it.
 */
export function ConfirmDialog({
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
