// Toasts: bottom-centre, closing after 2 seconds (spec 000 §1, §9). The one way the app shows a
// toast (issue #25: one style everywhere): a message, the kind's colour and icon, no title;
// toast.test.ts fails if anything else calls Mantine's notifications. Callers pass translated text.
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { createElement } from 'react';
import { CONSTANTS } from './domain';

export const TOAST_MS = CONSTANTS.toastMs;
export const TOAST_POSITION = 'bottom-center' as const;

export type ToastKind = 'success' | 'error' | 'info';

/** The look of each kind: colour and icon; everything else is the same for all three. */
export const TOAST_STYLE: Record<ToastKind, { color: string; icon: typeof IconCheck }> = {
  success: { color: 'teal', icon: IconCheck },
  error: { color: 'red', icon: IconAlertCircle },
  info: { color: 'indigo', icon: IconInfoCircle },
};

function show(kind: ToastKind, message: string) {
  const { color, icon } = TOAST_STYLE[kind];
  notifications.show({
    message,
    color,
    icon: createElement(icon, { size: 18 }),
    autoClose: TOAST_MS,
    withBorder: true,
  });
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
