// Where to go after signing in: the page that asked for it (/login?next=/runner), kept only when it
// is a path of this site. Anything that could leave it (//evil.example, /\evil, https://..., a
// scheme, control characters) is dropped, so the parameter can never be an open redirect.

const NEXT_PARAM = 'next';
const SIGN_IN_PAGES = new Set(['/login', '/register']);
const ORIGIN = 'http://botwright.invalid';

/** The path (with its query and hash) when `raw` is a same-site path worth returning to, else null. */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return null;
  // One leading slash, then anything but a second slash or a backslash; no control characters.
  if (!/^\/(?![/\\])/.test(raw) || raw.includes('\\') || /[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || SIGN_IN_PAGES.has(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

/** /login, carrying `path` as the page to come back to when it is one. */
export function loginPathFor(path: string): string {
  const next = safeNextPath(path);
  return next && next !== '/' ? `/login?${NEXT_PARAM}=${encodeURIComponent(next)}` : '/login';
}

/** The safe `next` of a query string, or null. */
export function nextFromSearch(search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return safeNextPath(params.get(NEXT_PARAM));
}

/** `path` with the same `next` carried on (e.g. from /login to /register). */
export function withNext(path: string, next: string | null): string {
  return next ? `${path}?${NEXT_PARAM}=${encodeURIComponent(next)}` : path;
}

// A Google sign-in leaves the site and comes back to /?google_auth=success: the page to return to
// waits in this tab's sessionStorage meanwhile (checked again when read), not in the server's flow.
const GOOGLE_NEXT_KEY = 'botwright:google-next';

export function rememberNextForGoogle(next: string | null): void {
  try {
    if (next) sessionStorage.setItem(GOOGLE_NEXT_KEY, next);
    else sessionStorage.removeItem(GOOGLE_NEXT_KEY);
  } catch {
    // No storage: the return goes to / as before.
  }
}

/** The page a Google sign-in started from, once (it is forgotten as it is read). */
export function takeNextForGoogle(): string | null {
  try {
    const stored = sessionStorage.getItem(GOOGLE_NEXT_KEY);
    sessionStorage.removeItem(GOOGLE_NEXT_KEY);
    return safeNextPath(stored);
  } catch {
    return null;
  }
}
