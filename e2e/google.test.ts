// Google sign-in in real Chromium: 'Continue with Google' runs the whole redirect flow against the
// local OIDC provider (which approves at once) and the client consumes the hand-over cookies; a
// failed sign-in landing on /login?error=... shows its toast and cleans the address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startWorld, type World } from './harness';
import { me, openPage, pathIs, snap, storedToken, toastMark, toasts, waitForToast } from './helpers';

describe.skipIf(!browserAvailable())('Google sign-in in the browser', () => {
  let world: World;

  beforeAll(async () => {
    world = await startWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  it("'Continue with Google' on /login ends signed in on / with the query and the hand-over cookies cleaned", async () => {
    const { context, page, errors } = await openPage(world);
    const person = { sub: 'google-e2e-sub-1', email: 'katherine.e2e@example.com', email_verified: true, name: 'Katherine Johnson' };
    world.oidc.signInAs(person);

    const visited: string[] = [];
    page.on('request', (req) => {
      if (req.isNavigationRequest() && req.frame() === page.mainFrame()) visited.push(req.url());
    });

    await page.goto(`${world.url}/login`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL((url) => url.origin === world.url && url.pathname === '/' && !url.search.includes('google_auth'));
    // The account was made by this sign-in: welcomed, not welcomed back.
    await page.getByText(`Welcome to Botwright, ${person.name}!`).waitFor();

    // The browser really went app -> provider -> app callback -> /?google_auth=success.
    const issuer = new URL(world.oidc.issuer).origin;
    const steps = visited.map((u) => new URL(u));
    const at = (pred: (u: URL) => boolean) => steps.findIndex(pred);
    const start = at((u) => u.origin === world.url && u.pathname === '/api/auth/google');
    const provider = at((u) => u.origin === issuer && u.searchParams.get('code_challenge_method') === 'S256');
    const callback = at((u) => u.pathname === '/api/auth/google/callback' && u.searchParams.has('code'));
    const landing = at((u) => u.pathname === '/' && u.searchParams.get('google_auth') === 'success');
    expect([start, provider, callback, landing].every((i) => i >= 0), JSON.stringify(visited)).toBe(true);
    expect(start < provider && provider < callback && callback < landing).toBe(true);

    // The address is clean, the token moved to storage and both hand-over cookies are gone.
    expect(new URL(page.url()).search).toBe('');
    const cookieNames = (await context.cookies(world.url)).map((c) => c.name);
    expect(cookieNames).not.toContain('token');
    expect(cookieNames).not.toContain('user');
    expect(await page.evaluate(() => document.cookie)).toBe('');
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    const profile = await me(world, token!);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ email: person.email, name: person.name, googleAuth: true, credits: 100 });
    await snap(page, errors, 'landing-signed-in-google');

    // The profile page marks the account as a Google account.
    await page.getByRole('link', { name: 'Open Builder' }).click();
    await page.locator('header').getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(pathIs('/profile'));
    await page.getByText('Google account').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("/login?error=token_exchange_failed shows 'Google Sign-In Error' and clears the query", async () => {
    const { context, page, errors } = await openPage(world);
    await page.goto(`${world.url}/`);
    const since = await toastMark(page);
    await page.goto(`${world.url}/login?error=token_exchange_failed`);
    await waitForToast(page, 'Google Sign-In Error', { since, message: 'Failed to exchange authorization code' });
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
    await page.locator('.mantine-Notification-root', { hasText: 'Failed to exchange authorization code' }).waitFor();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await snap(page, errors, 'login-google-error');
    // Shown once: nothing else was reported.
    expect((await toasts(page)).slice(since)).toHaveLength(1);
    await context.close();
  });
});
