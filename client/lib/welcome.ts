// How the app greets whoever just signed in: a new account is welcomed to Botwright, someone
// signing in again is welcomed back. Remembered for the tab (sessionStorage), so a reload of the
// landing page right after sign-up still says welcome rather than welcome back.
const NEW_ACCOUNT_KEY = 'botwright:new-account';
/** A Google return whose account was made this recently counts as a sign-up. */
const JUST_CREATED_MS = 5 * 60_000;

/** Marks `userId` as the account just created in this tab (null: whoever signs in is returning). */
export function markNewAccount(userId: string | null): void {
  try {
    if (userId) sessionStorage.setItem(NEW_ACCOUNT_KEY, userId);
    else sessionStorage.removeItem(NEW_ACCOUNT_KEY);
  } catch {
    // No storage: the greeting falls back to 'Welcome back'.
  }
}

export function isNewAccount(userId: string | null | undefined): boolean {
  if (!userId) return false;
  try {
    return sessionStorage.getItem(NEW_ACCOUNT_KEY) === userId;
  } catch {
    return false;
  }
}

/**
 * Whether an account handed over by a Google sign-in was created by that sign-in: the server does not
 * say, but its creation time does (the window allows for some clock difference with the server).
 */
export function looksJustCreated(createdAt: string, now = Date.now()): boolean {
  const created = Date.parse(createdAt);
  return Number.isFinite(created) && Math.abs(now - created) < JUST_CREATED_MS;
}

/** The landing page's greeting line. */
export function greeting(name: string, newAccount: boolean): string {
  return newAccount ? `Welcome to Botwright, ${name}!` : `Welcome back, ${name}!`;
}
