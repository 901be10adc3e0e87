// The operator's admin key between page loads (localStorage 'admin-key'). Only the
// tRPC link reads it, and only for admin.* calls, so the key never travels with anything else.
export const ADMIN_KEY_STORAGE = 'admin-key';

// Storage can throw (private mode): then the panel simply stays locked.
export function readAdminKey(): string | null {
  try {
    return localStorage.getItem(ADMIN_KEY_STORAGE) || null;
  } catch {
    return null;
  }
}

export function storeAdminKey(key: string): void {
  try {
    localStorage.setItem(ADMIN_KEY_STORAGE, key);
  } catch (err) {
    console.error('Could not store the admin key', err);
  }
}

export function forgetAdminKey(): void {
  try {
    localStorage.removeItem(ADMIN_KEY_STORAGE);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** The header for one tRPC call: the admin key only on admin.* procedures. */
export function adminHeaders(path: string): Record<string, string> {
  if (!path.startsWith('admin.')) return {};
  const key = readAdminKey();
  return key ? { 'X-Admin-Key': key } : {};
}
