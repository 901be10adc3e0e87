// Toasts. Failures are red; the server's message wins over the fallback
// only when the server actually answered (a network failure gets the friendly fallback).
import { notifications } from '@mantine/notifications';
import { TRPCClientError } from '@trpc/client';

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

export function serverMessage(err: unknown, fallback: string): string {
  if (err instanceof TRPCClientError && err.data && typeof err.message === 'string' && err.message.trim()) {
    return err.message;
  }
  return fallback;
}
