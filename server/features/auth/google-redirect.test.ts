// Google sign-in by redirect (docs/security.md): the real OAuth2 code flow with state + PKCE against a
// real OIDC provider on loopback, followed by hand (fetch with redirect: 'manual') like a browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, type OidcProvider, type GoogleUser } from '../../testing/oidc-provider';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { dbSnapshot } from '../../testing/db-snapshot';

const PUBLIC_URL = 'http://botwright.test:8080';
let provider: OidcProvider;
let t: TestApp;
let n = 0;

beforeAll(async () => {
  provider = await startOidcProvider();
  t = await startTestApp(
    { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_ISSUER: provider.issuer, PUBLIC_URL },
    { rateLimits: false },
  );
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

const person = (over: Partial<GoogleUser> = {}): GoogleUser => {
  n += 1;
  return { sub: `redirect-sub-${n}`, email: `redirect${n}@example.com`, email_verified: true, name: `Redirect Person ${n}`, ...over };
};

/** name=value pairs of the Set-Cookie headers of a response. */
function cookiesOf(res: Response): Record<string, string> {
  return Object.fromEntries(res.headers.getSetCookie().map((c) => {
    const [pair] = c.split(';');
    const i = pair!.indexOf('=');
    return [pair!.slice(0, i), pair!.slice(i + 1)];
  }));
}
const cookieHeader = (cookies: Record<string, string>) => Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join('; ');

/** Starts the flow at the app and lets the provider authorize; returns what the browser holds then. */
async function authorize(): Promise<{ start: URL; cookies: Record<string, string>; code: string; state: string }> {
  const res = await fetch(`${t.url}/api/auth/google`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const start = new URL(res.headers.get('location')!);
  const cookies = cookiesOf(res);
  const back = await fetch(start, { redirect: 'manual' });
  expect(back.status).toBe(302);
  const callback = new URL(back.headers.get('location')!);
  expect(callback.origin + callback.pathname).toBe(`${PUBLIC_URL}/api/auth/google/callback`);
  return { start, cookies, code: callback.searchParams.get('code')!, state: callback.searchParams.get('state')! };
}

function callback(query: Record<string, string>, cookies: Record<string, string> = {}) {
  return fetch(`${t.url}/api/auth/google/callback?${new URLSearchParams(query)}`, {
    redirect: 'manual',
    headers: Object.keys(cookies).length ? { cookie: cookieHeader(cookies) } : {},
  });
}

describe('the redirect flow', () => {
  it('sends the browser to the provider with state, PKCE S256 and the fixed return address', async () => {
    const res = await fetch(`${t.url}/api/auth/google`, { redirect: 'manual', headers: { host: 'evil.example' } });
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('location')!);
    expect(url.origin).toBe(new URL(provider.issuer).origin);
    const q = url.searchParams;
    expect(q.get('client_id')).toBe(GOOGLE_CLIENT_ID);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/google/callback`);
    expect(q.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']));
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookies = cookiesOf(res);
    expect(Object.keys(cookies)).toEqual(expect.arrayContaining(['oauth2-redirect-state', 'oauth2-code-verifier']));
    expect(cookies['oauth2-redirect-state']).toBe(q.get('state'));
    for (const c of res.headers.getSetCookie()) expect(c).toMatch(/HttpOnly/i);
  });

  it('signs the person in: token and user cookies, then /?google_auth=success; the token works', async () => {
    const who = person();
    provider.signInAs(who);
    const { cookies, code, state } = await authorize();
    const res = await callback({ code, state }, cookies);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?google_auth=success');
    const set = cookiesOf(res);
    expect(set.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const user = JSON.parse(decodeURIComponent(set.user!));
    expect(user).toMatchObject({ email: who.email, name: who.name, credits: 100, googleAuth: true });
    const tokenCookie = res.headers.getSetCookie().find((c) => c.startsWith('token='))!;
    expect(tokenCookie).toMatch(/Max-Age=60/i);
    expect(tokenCookie).toMatch(/Path=\//i);
    const me = await t.request('GET', '/api/auth/me', { token: set.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id, email: who.email, googleAuth: true });
  });

  it('the state and verifier are single use: replaying the callback fails', async () => {
    provider.signInAs(person());
    const { cookies, code, state } = await authorize();
    expect((await callback({ code, state }, cookies)).headers.get('location')).toBe('/?google_auth=success');
    const replay = await callback({ code, state }, cookies);
    expect(replay.headers.get('location')).toMatch(/^\/login\?error=(oauth_failed|token_exchange_failed)$/);
  });
});

describe('the redirect flow refuses', () => {
  it('a tampered state -> /login?error=oauth_failed, nobody signed in', async () => {
    const who = person();
    provider.signInAs(who);
    const { cookies, code, state } = await authorize();
    const before = await dbSnapshot(t.app.deps.db);
    const res = await callback({ code, state: state.slice(0, -1) + (state.endsWith('A') ? 'B' : 'A') }, cookies);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?error=oauth_failed');
    expect(cookiesOf(res).token).toBeUndefined();
    expect(await dbSnapshot(t.app.deps.db)).toEqual(before);
  });

  it("a state from someone else's browser (no matching cookie) -> oauth_failed", async () => {
    provider.signInAs(person());
    const { code, state } = await authorize();
    const res = await callback({ code, state });
    expect(res.headers.get('location')).toBe('/login?error=oauth_failed');
  });

  it('a tampered PKCE verifier -> token_exchange_failed (the provider checks it)', async () => {
    provider.signInAs(person());
    const { cookies, code, state } = await authorize();
    const verifier = cookies['oauth2-code-verifier']!;
    const bad = { ...cookies, 'oauth2-code-verifier': verifier.slice(0, -1) + (verifier.endsWith('a') ? 'b' : 'a') };
    const res = await callback({ code, state }, bad);
    expect(res.headers.get('location')).toBe('/login?error=token_exchange_failed');
  });

  it('a code the provider never issued -> token_exchange_failed', async () => {
    provider.signInAs(person());
    const { cookies, state } = await authorize();
    const res = await callback({ code: 'not-a-real-code', state }, cookies);
    expect(res.headers.get('location')).toBe('/login?error=token_exchange_failed');
  });

  it('no code -> no_code; a provider error -> oauth_failed', async () => {
    provider.signInAs(person());
    const { cookies, state } = await authorize();
    expect((await callback({ state }, cookies)).headers.get('location')).toBe('/login?error=no_code');
    const denied = await callback({ error: 'access_denied', state }, cookies);
    expect(denied.status).toBe(302);
    expect(denied.headers.get('location')).toBe('/login?error=oauth_failed');
  });

  it('an unverified Google email -> auth_failed, no user', async () => {
    const who = person({ email_verified: false });
    provider.signInAs(who);
    const { cookies, code, state } = await authorize();
    const res = await callback({ code, state }, cookies);
    expect(res.headers.get('location')).toBe('/login?error=auth_failed');
    expect(await t.app.deps.db.selectFrom('users').select('id').where('email', '=', who.email).executeTakeFirst()).toBeUndefined();
  });
});

describe('Google not configured', () => {
  it('both routes land on /login?error=config_missing and POST /api/auth/google answers 400', async () => {
    const bare = await startTestApp();
    try {
      for (const path of ['/api/auth/google', '/api/auth/google/callback?code=x&state=y']) {
        const res = await bare.request('GET', path);
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toBe('/login?error=config_missing');
      }
      const post = await bare.request('POST', '/api/auth/google', { body: { token: 'a.b.c' } });
      expect(post.status).toBe(400);
      expect(post.body).toEqual({ error: 'Google OAuth not properly configured' });
    } finally {
      await bare.close();
    }
  });
});
