import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, DialogTrigger } from '@fluentui/react-components';
import type { ReactElement, ReactNode } from 'react';
import { useStudioT } from '../../i18n/useStudioT';

export interface ConfirmDialogProps {
  /** The button that opens the dialog. */
  trigger: ReactElement;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  confirmDisabled?: boolean;
}

/** A modal confirmation (focus is trapped and returns to the trigger; Escape cancels). */
export function ConfirmDialog({ trigger, title, children, confirmLabel, onConfirm, confirmDisabled }: ConfirmDialogProps) {
  const t = useStudioT();
  return (
    <Dialog modalType="alert">
      <DialogTrigger disableButtonEnhancement>{trigger}</DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="secondary">{t('studio.cancel')}</Button>
            </DialogTrigger>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="primary" onClick={onConfirm} disabled={confirmDisabled}>
                {confirmLabel}
              </Button>
            </DialogTrigger>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
