// Toasts: failures red, successes teal, news violet; one at a time. A failure's words come from
// http-error.ts (`errorMessage`).
import { notifications } from '@mantine/notifications';

// One toast at a time: the newest replaces whatever is showing rather than
// queueing behind it, so feedback always belongs to the last action.
function show(title: string, message: string | undefined, color: string) {
  notifications.clean();
  // A long server message (the builtin assistant lists what it can do) scrolls inside the toast
  // instead of running off the screen.
  notifications.show({ title, message: message ?? '', color, styles: { description: { maxHeight: '30vh', overflowY: 'auto' } } });
}

export function notifySuccess(title: string, message?: string) {
  show(title, message, 'teal');
}

export function notifyError(title: string, message?: string) {
  show(title, message, 'red');
}

export function notifyInfo(title: string, message?: string) {
  show(title, message, 'violet');
}
