// Where the sign-in token lives between page loads: localStorage 'auth_token',
// plus the hand-over cookies 'token' and 'user' the server sets for a minute after Google sign-in.
import type { UserDto } from '../../shared/auth.schema';
import { takeNextForGoogle } from './next-path';
import { looksJustCreated, markNewAccount } from './welcome';

export const TOKEN_KEY = 'auth_token';
const TOKEN_COOKIE = 'token';
const USER_COOKIE = 'user';
const GOOGLE_RETURN_PARAM = 'google_auth';

// Storage can throw (private mode, blocked cookies); a session that cannot persist is signed out.
export function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch (err) {
    console.error('Could not store the sign-in token', err);
  }
}

export function forgetToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const found = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix));
  return found === undefined ? null : found.slice(prefix.length);
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; path=/; SameSite=Lax`;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The user cookie is URL-encoded JSON; a bad one is logged and ignored (the profile is refetched). */
export function parseUserCookie(raw: string | null): UserDto | null {
  if (!raw) return null;
  try {
    const user = JSON.parse(decode(raw)) as UserDto;
    return user && typeof user === 'object' && typeof user.id === 'string' ? user : null;
  } catch (err) {
    console.error('Could not read the signed-in user from the sign-in cookie', err);
    return null;
  }
}

export interface StartupSession {
  token: string | null;
  /** The profile handed over by a Google sign-in return, shown before /me answers. */
  user: UserDto | null;
}

/**
 * Run once before the first render. A Google sign-in return (?google_auth=success) stores the
 * cookie token, takes the user cookie as the profile and cleans the address (or moves to the page
 * the sign-in started from, see next-path.ts); any other page
 * still moves a leftover token cookie into storage. Both cookies are always deleted.
 */
export function startSession(): StartupSession {
  const url = new URL(window.location.href);
  const isGoogleReturn = url.searchParams.get(GOOGLE_RETURN_PARAM) === 'success';
  const cookieToken = readCookie(TOKEN_COOKIE);
  let user: UserDto | null = null;

  if (cookieToken) storeToken(decode(cookieToken));
  if (isGoogleReturn) user = parseUserCookie(readCookie(USER_COOKIE));
  if (cookieToken) deleteCookie(TOKEN_COOKIE);
  if (isGoogleReturn || readCookie(USER_COOKIE) !== null) deleteCookie(USER_COOKIE);

  if (isGoogleReturn) {
    url.searchParams.delete(GOOGLE_RETURN_PARAM);
    // Back to the page that sent the person to sign in, when the sign-in started from one.
    const next = takeNextForGoogle();
    window.history.replaceState(window.history.state, '', next ?? url.pathname + url.search + url.hash);
    markNewAccount(user && looksJustCreated(user.createdAt) ? user.id : null);
  }
  return { token: readStoredToken(), user };
}
