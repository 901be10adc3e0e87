// Sessions in real Chromium: login on /login, logout (revoked on the server too), a logout in one
// tab signing out the other, and the two-step password reset. The accounts are made beforehand
// through the REST sign-up (sign-up through the UI is covered in signup.test.ts).
import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../server/testing/fixtures';
import { browserAvailable, startWorld, type World } from './harness';
import { loginThroughUi, me, openPage, openTab, pathIs, snap, storedToken, toastMark, uniqueEmail, waitForActiveTab, waitForToast } from './helpers';

describe.skipIf(!browserAvailable())('sessions in the browser', () => {
  let world: World;
  const users: Record<'login' | 'logout' | 'crossTab' | 'reset', SignedUpUser> = {} as never;

  beforeAll(async () => {
    world = await startWorld();
    users.login = await signUp(world.app, world.smtp, { name: 'Linus Login', email: uniqueEmail('login') });
    users.logout = await signUp(world.app, world.smtp, { name: 'Lena Logout', email: uniqueEmail('logout') });
    users.crossTab = await signUp(world.app, world.smtp, { name: 'Tabitha Twotabs', email: uniqueEmail('tabs') });
    users.reset = await signUp(world.app, world.smtp, { name: 'Rosa Reset', email: uniqueEmail('reset'), password: 'old-password-41' });
  });
  afterAll(async () => {
    await world?.close();
  });

  it("logs in on /login ('Signing in...', 'Welcome back!', lands on /); a wrong password says 'Login failed'", async () => {
    const { context, page, errors } = await openPage(world);
    const user = users.login;
    await page.goto(`${world.url}/login`);
    expect(await page.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true');
    await snap(page, errors, 'login');

    // The Sign Up tab points to the verified registration.
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByText('Email verification is now required').waitFor();
    expect(await page.getByRole('link', { name: 'Continue to Registration' }).getAttribute('href')).toBe('/register');
    await snap(page, errors, 'login-signup-tab');
    await page.getByRole('tab', { name: 'Login' }).click();

    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    let since = await toastMark(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await waitForToast(page, 'Login failed', { since, message: 'Invalid email or password' });
    await page.locator('.mantine-Notification-root', { hasText: 'Login failed' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storedToken(page)).toBeNull();
    await snap(page, errors, 'login-failed');

    // Hold the login call until the pending state has been seen, then let it through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const hold = async (route: Route) => {
      await held;
      await route.continue();
    };
    await page.route('**/trpc/auth.login**', hold);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    since = await toastMark(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const pending = page.getByRole('button', { name: 'Signing in...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    release();
    await waitForToast(page, 'Welcome back!', { since, message: `Signed in as ${user.name}` });
    await page.waitForURL(pathIs('/'));
    await page.getByText(`Welcome back, ${user.name}!`).waitFor();
    await page.unroute('**/trpc/auth.login**', hold);

    const token = await storedToken(page);
    expect(token).toBeTruthy();
    expect((await me(world, token!)).body).toMatchObject({ email: user.email, name: user.name });
    // Signed in, /login itself sends the user home.
    await page.goto(`${world.url}/login`);
    await page.waitForURL(pathIs('/'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('logs out from the avatar menu of the top bar: back on /, auth_token gone, and the old token is refused (401)', async () => {
    const { context, page, errors } = await openPage(world);
    const user = users.logout;
    await loginThroughUi(page, world, user);
    await page.getByRole('link', { name: 'Open Builder' }).click();
    await page.waitForURL(pathIs('/builder'));
    await waitForActiveTab(page, 'Builder');

    const token = await storedToken(page);
    expect(token).toBeTruthy();
    expect((await me(world, token!)).status).toBe(200);

    await page.locator('header').getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(pathIs('/'));
    await page.getByRole('button', { name: 'Sign Up' }).waitFor();
    expect(await storedToken(page)).toBeNull();
    const after = await me(world, token!);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: expect.any(String) });

    // Signed out, the protected page is closed again (and /login knows where to return).
    await page.goto(`${world.url}/builder`);
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/builder');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a logout in one tab signs the other tab out of its protected page without a reload', async () => {
    const { context, page: first, errors: firstErrors } = await openPage(world);
    const user = users.crossTab;
    await loginThroughUi(first, world, user);
    await first.getByRole('link', { name: 'Open Builder' }).click();
    await first.waitForURL(pathIs('/builder'));

    // The second tab shares the storage, so it opens signed in.
    const { page: second, errors: secondErrors } = await openTab(context);
    await second.goto(`${world.url}/profile`);
    await second.getByRole('heading', { name: user.name }).waitFor();
    // A marker that only survives if the page is not reloaded.
    await second.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    await first.bringToFront();
    await first.locator('header').getByRole('button', { name: 'Account menu' }).click();
    await first.getByRole('menuitem', { name: 'Log out' }).click();
    await first.waitForURL(pathIs('/'));

    await second.waitForURL((url) => url.pathname !== '/profile');
    expect(new URL(second.url()).pathname).toBe('/');
    await second.getByRole('button', { name: 'Sign Up' }).waitFor();
    expect(await second.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(await storedToken(second)).toBeNull();
    expect(firstErrors).toEqual([]);
    expect(secondErrors).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password through the dialog on /login; the new password works, the old one fails', async () => {
    const { context, page, errors } = await openPage(world);
    const user = users.reset;
    const newPassword = 'brand-new-password-42';
    await page.goto(`${world.url}/login`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const emailStep = page.getByRole('dialog', { name: 'Forgot Password' });
    await emailStep.waitFor();
    await emailStep.getByLabel('Email Address').fill(user.email);
    await snap(page, errors, 'forgot-password-email', { viewport: true });

    const mailsBefore = world.smtp.mailsTo(user.email).length;
    let since = await toastMark(page);
    await emailStep.getByRole('button', { name: 'Send Reset Code' }).click();
    await waitForToast(page, 'Reset code sent!', { since });
    const resetStep = page.getByRole('dialog', { name: 'Reset Password' });
    await resetStep.waitFor();
    await resetStep.getByText(user.email, { exact: true }).waitFor();
    const code = await world.smtp.waitForCode(user.email, { since: mailsBefore });

    // A wrong code is refused and the dialog stays open.
    const wrong = code.replace(/^./, (d) => String((Number(d) + 1) % 10));
    await resetStep.getByLabel('Reset Code').fill(wrong);
    await resetStep.getByLabel('New Password').fill(newPassword);
    since = await toastMark(page);
    await resetStep.getByRole('button', { name: 'Reset Password' }).click();
    await waitForToast(page, 'Reset failed', { since });
    await resetStep.waitFor();

    await resetStep.getByLabel('Reset Code').fill(code);
    await snap(page, errors, 'forgot-password-reset', { viewport: true });
    since = await toastMark(page);
    await resetStep.getByRole('button', { name: 'Reset Password' }).click();
    await waitForToast(page, 'Password reset successful!', { since });
    await resetStep.waitFor({ state: 'detached' });
    // The reset revoked the session the account had before.
    expect((await me(world, user.token)).status).toBe(401);

    // The login form has the address filled in, and the password field has the focus.
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(user.email);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('current-password');
    // The old password no longer works...
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    since = await toastMark(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await waitForToast(page, 'Login failed', { since, message: 'Invalid email or password' });
    expect(await storedToken(page)).toBeNull();

    // ...the new one does.
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    since = await toastMark(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await waitForToast(page, 'Welcome back!', { since });
    await page.waitForURL(pathIs('/'));
    await page.getByText(`Welcome back, ${user.name}!`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
