// Clipboard copy with its two toasts ('Copied to clipboard!' / 'Failed to copy').
import { notifyError, notifySuccess } from '../../lib/notify';

export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(text);
    notifySuccess('Copied to clipboard!', text.length > 60 ? undefined : text);
    return true;
  } catch {
    notifyError('Failed to copy', 'Select the command and copy it by hand.');
    return false;
  }
}
