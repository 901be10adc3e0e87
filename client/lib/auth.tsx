// The signed-in state for every page: the token (mirrored from localStorage, also across tabs),
// the profile from auth.me, and the login/logout transitions.
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, UserDto } from '../../shared/auth.schema';
import { forgetToken, readStoredToken, storeToken, TOKEN_KEY } from './session';
import { trpc } from './trpc';
import { markNewAccount } from './welcome';

export interface AuthContextValue {
  token: string | null;
  user: UserDto | null;
  /** True while a token exists but its profile has not arrived yet. */
  isLoading: boolean;
  /** The profile could not be loaded for a reason other than a refused token (e.g. offline). */
  profileFailed: boolean;
  retryProfile: () => void;
  isSignedIn: boolean;
  /** Where a protected page sends a visitor without a token: / right after a sign-out, else /login. */
  signedOutPath: string;
  /** `newAccount`: the sign-in that follows a sign-up (the app then welcomes rather than welcomes back). */
  signIn: (auth: AuthResponse, opts?: { newAccount?: boolean }) => void;
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** tRPC query keys start with the procedure path, e.g. [['auth', 'me'], {...}]. */
function isProfileQuery(key: readonly unknown[]): boolean {
  const path = key[0];
  return Array.isArray(path) && path.join('.') === 'auth.me';
}

const FIVE_MINUTES = 5 * 60_000;
const TEN_MINUTES = 10 * 60_000;

/**
 * The profile of the token's person. A Google sign-in return hands it over in a cookie, shown before
 * /me answers; a token the server no longer accepts (expired, revoked by a password reset) is `refused`.
 */
function useProfile(token: string | null, initialUser: UserDto | null | undefined, refused: () => void) {
  const utils = trpc.useUtils();
  const me = trpc.auth.me.useQuery(undefined, {
    enabled: token !== null,
    staleTime: FIVE_MINUTES,
    gcTime: TEN_MINUTES,
    retry: false,
  });
  useEffect(() => {
    if (initialUser && readStoredToken()) utils.auth.me.setData(undefined, initialUser);
  }, [initialUser, utils]);
  useEffect(() => {
    if (me.error?.data?.code === 'UNAUTHORIZED') refused();
  }, [me.error, refused]);
  return me;
}

/** Calls `changed` when the stored token is not `tokenRef`'s any more (another tab), read at each change of storage and when this tab is shown again. */
function useStorageChanges(tokenRef: RefObject<string | null>, changed: (stored: string | null) => void) {
  useEffect(() => {
    const sync = () => {
      const stored = readStoredToken();
      if (stored === tokenRef.current) return;
      tokenRef.current = stored;
      changed(stored);
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY || event.key === null) sync();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') sync();
    };
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [tokenRef, changed]);
}

/** Revokes the session server-side while the token is still attached; the local sign-out follows regardless. */
function useRevokeSession() {
  const { mutateAsync } = trpc.auth.logout.useMutation();
  return useCallback(async () => {
    try {
      await mutateAsync();
    } catch {
      // Already invalid or unreachable: the local sign-out is what the user asked for.
    }
  }, [mutateAsync]);
}

export function AuthProvider({ initialUser, children }: { initialUser?: UserDto | null; children: ReactNode }) {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [token, setToken] = useState<string | null>(readStoredToken);
  const [signedOutPath, setSignedOutPath] = useState('/login');
  const revokeSession = useRevokeSession();
  const tokenRef = useRef(token);
  useEffect(() => {
    tokenRef.current = token;
  }, [token]);

  const refused = useCallback(() => {
    forgetToken();
    tokenRef.current = null;
    queryClient.clear();
    setToken(null);
  }, [queryClient]);
  const me = useProfile(token, initialUser, refused);

  // Storage is the source of truth: another tab signing in, out or as someone else updates this one.
  const storedTokenChanged = useCallback(
    (stored: string | null) => {
      queryClient.clear();
      // A sign-out elsewhere takes a protected page home (its guard reads signedOutPath).
      setSignedOutPath(stored === null ? '/' : '/login');
      setToken(stored);
    },
    [queryClient],
  );
  useStorageChanges(tokenRef, storedTokenChanged);

  const signIn = useCallback(
    (auth: AuthResponse, opts?: { newAccount?: boolean }) => {
      queryClient.clear();
      markNewAccount(opts?.newAccount ? auth.user.id : null);
      storeToken(auth.token);
      tokenRef.current = auth.token;
      setSignedOutPath('/login');
      setToken(auth.token);
      utils.auth.me.setData(undefined, auth.user);
      // Anything still on screen refetches as the new user; the profile just arrived with the token.
      void queryClient.invalidateQueries({ predicate: (q) => !isProfileQuery(q.queryKey) });
    },
    [queryClient, utils],
  );

  const logout = useCallback(async () => {
    await revokeSession();
    forgetToken();
    tokenRef.current = null;
    // Protected pages follow signedOutPath; the others need the explicit trip home.
    setSignedOutPath('/');
    setToken(null);
    queryClient.clear();
    navigate('/');
  }, [revokeSession, navigate, queryClient]);

  const user = token ? (me.data ?? null) : null;
  const value = useMemo<AuthContextValue>(
    () => ({
      token,
      user,
      isLoading: token !== null && !me.data && me.isLoading,
      isSignedIn: token !== null,
      signedOutPath,
      profileFailed: token !== null && !me.data && me.isError,
      retryProfile: () => void me.refetch(),
      signIn,
      logout,
    }),
    [token, user, me, signedOutPath, signIn, logout],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
