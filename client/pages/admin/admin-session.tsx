// The admin panel's lock. The key lives in localStorage ('admin-key'); holding one shows the
// dashboard, whose first call re-checks it. A 401 from any admin call, or 'Lock', forgets the key
// and drops every cached admin answer so nothing of the dashboard outlives the key.
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY_STORAGE, forgetAdminKey, readAdminKey, storeAdminKey } from '../../lib/admin-key';
import { notifyError, notifyInfo, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { httpStatusOf } from '../../lib/http-error';
import { apiErrorText, isUnauthorized } from './admin-errors';

interface AdminSession {
  unlocked: boolean;
  /** Tries a key; true when the server accepted it. */
  unlock: (key: string) => Promise<boolean>;
  lock: (why: 'manual' | 'rejected') => void;
  /** The one handler for a failed admin call: a 401 locks, anything else toasts `title`. */
  fail: (err: unknown, title: string) => void;
}

const AdminSessionContext = createContext<AdminSession | null>(null);

/** Cached admin answers, except the public status, which does not depend on the key. */
function isKeyedAdminQuery(key: readonly unknown[]): boolean {
  const path = key[0];
  return Array.isArray(path) && path[0] === 'admin' && path[1] !== 'status';
}

export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const [unlocked, setUnlocked] = useState(() => readAdminKey() !== null);

  const forget = useCallback(() => {
    forgetAdminKey();
    queryClient.removeQueries({ predicate: (q) => isKeyedAdminQuery(q.queryKey) });
    setUnlocked(false);
  }, [queryClient]);

  const lock = useCallback(
    (why: 'manual' | 'rejected') => {
      forget();
      if (why === 'rejected') notifyError('Invalid admin credentials', 'The admin key was not accepted. Enter it again to continue.');
      else notifyInfo('Admin locked', 'The admin key was removed from this browser.');
    },
    [forget],
  );

  const fail = useCallback(
    (err: unknown, title: string) => {
      if (isUnauthorized(err)) lock('rejected');
      else {
        if (httpStatusOf(err) === 503) void utils.admin.status.invalidate();
        notifyError(title, apiErrorText(err));
      }
    },
    [lock, utils],
  );

  const unlock = useCallback(
    async (key: string) => {
      // The tRPC link reads the stored key, so the candidate is stored for the check and removed
      // again if the server refuses it.
      queryClient.removeQueries({ predicate: (q) => isKeyedAdminQuery(q.queryKey) });
      storeAdminKey(key);
      try {
        await utils.admin.analytics.fetch();
        setUnlocked(true);
        notifySuccess('Admin access granted!');
        return true;
      } catch (err) {
        forget();
        const status = httpStatusOf(err);
        if (status === 401) notifyError('Authentication failed', 'Invalid admin key');
        else {
          if (status === 503) void utils.admin.status.invalidate();
          notifyError('Authentication failed', apiErrorText(err));
        }
        return false;
      }
    },
    [forget, queryClient, utils],
  );

  // Another tab locking or unlocking the panel applies here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== ADMIN_KEY_STORAGE && event.key !== null) return;
      queryClient.removeQueries({ predicate: (q) => isKeyedAdminQuery(q.queryKey) });
      setUnlocked(readAdminKey() !== null);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  const value = useMemo(() => ({ unlocked, unlock, lock, fail }), [unlocked, unlock, lock, fail]);
  return <AdminSessionContext value={value}>{children}</AdminSessionContext>;
}

export function useAdminSession(): AdminSession {
  const value = use(AdminSessionContext);
  if (!value) throw new Error('useAdminSession must be used within an AdminSessionProvider');
  return value;
}

/** Reports a failed admin query once per failure (a 401 locks, anything else toasts `title`). */
export function useAdminQueryError(error: unknown, title: string): void {
  const { fail } = useAdminSession();
  useEffect(() => {
    if (error) fail(error, title);
  }, [error, title, fail]);
}
