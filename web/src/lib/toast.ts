// Toasts: bottom-centre, closing after 2 seconds (spec 000 §1, §9). Callers pass translated text.
import { notifications } from '@mantine/notifications';
import { CONSTANTS } from './domain';

export const TOAST_MS = CONSTANTS.toastMs;
export const TOAST_POSITION = 'bottom-center' as const;

export const toast = {
  success(message: string) {
    notifications.show({ message, color: 'teal', autoClose: TOAST_MS });
  },
  error(message: string) {
    notifications.show({ message, color: 'red', autoClose: TOAST_MS });
  },
  info(message: string) {
    notifications.show({ message, autoClose: TOAST_MS });
  },
};
