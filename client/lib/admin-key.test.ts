import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_KEY_STORAGE, adminHeaders, forgetAdminKey, readAdminKey, storeAdminKey } from './admin-key';

// The unit project runs in node: a Map stands in for the browser's localStorage.
beforeEach(() => {
  const store = new Map<string, string>();
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    value: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) },
  });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
});

describe('admin key', () => {
  it('rides only on admin.* calls', () => {
    storeAdminKey('operator-key-0123456789');
    expect(localStorage.getItem(ADMIN_KEY_STORAGE)).toBe('operator-key-0123456789');
    expect(adminHeaders('admin.analytics')).toEqual({ 'X-Admin-Key': 'operator-key-0123456789' });
    expect(adminHeaders('admin.setCredits')).toEqual({ 'X-Admin-Key': 'operator-key-0123456789' });
    for (const path of ['feed.list', 'auth.me', 'files.list', 'administrator.x', 'xadmin.analytics']) expect(adminHeaders(path)).toEqual({});
  });

  it('sends nothing once forgotten', () => {
    storeAdminKey('operator-key-0123456789');
    forgetAdminKey();
    expect(readAdminKey()).toBeNull();
    expect(adminHeaders('admin.analytics')).toEqual({});
  });

  it('treats unusable storage as no key', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new Error('blocked');
      },
    });
    expect(readAdminKey()).toBeNull();
    expect(adminHeaders('admin.posts')).toEqual({});
  });
});
