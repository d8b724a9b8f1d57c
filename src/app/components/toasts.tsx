import { Toast, ToastBody, Toaster, ToastTitle, useId, useToastController, type ToastIntent } from '@fluentui/react-components';
import { useEffect } from 'react';

export interface Notification {
  title?: string;
  message: string;
  intent?: ToastIntent;
  /** Milliseconds before the toast hides; errors stay a little longer by default. */
  timeout?: number;
}

type Dispatch = (n: Notification) => void;

let dispatch: Dispatch | null = null;
/** Notifications raised before the toaster mounted (e.g. during the first render) are shown once it does. */
const early: Notification[] = [];

/**
 * Shows a toast from anywhere (hooks, save queue, event handlers), without threading a controller through
 * props. Toasts are announced politely to screen readers (assertively for errors) by Fluent's Toaster.
 */
export function notify(notification: Notification | string): void {
  const n = typeof notification === 'string' ? { message: notification } : notification;
  if (dispatch) dispatch(n);
  else early.push(n);
}

/** Mounted once (src/app/main.tsx). */
export function AppToaster() {
  const toasterId = useId('toaster');
  const { dispatchToast } = useToastController(toasterId);
  useEffect(() => {
    dispatch = ({ title, message, intent = 'info', timeout }) =>
      dispatchToast(
        <Toast>
          {title && <ToastTitle>{title}</ToastTitle>}
          <ToastBody>{message}</ToastBody>
        </Toast>,
        { intent, timeout: timeout ?? (intent === 'error' ? 8000 : 4000), politeness: intent === 'error' ? 'assertive' : 'polite' },
      );
    early.splice(0).forEach((n) => dispatch?.(n));
    return () => {
      dispatch = null;
    };
  }, [dispatchToast]);
  return <Toaster toasterId={toasterId} position="top-end" pauseOnHover pauseOnWindowBlur />;
}
