import { lazy, type ReactNode, Suspense, useState } from 'react';

const ConfirmDialogView = lazy(() => import('./ConfirmDialogView'));

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
 * the control that opened it. Fluent's Dialog loads when the dialog first opens (ConfirmDialogView.tsx), not
 * with the page; once loaded it stays mounted so closing returns focus as usual.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogView {...props} />
    </Suspense>
  );
}
