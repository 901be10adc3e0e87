// The rough edges a new account meets, in real Chromium at desktop (1280x800) and phone (390x844)
// sizes: saving the profile (name, password with the current one, validation, other sessions
// signed out, the mail), credits at zero (whom to ask, the red header pill), 'Close Tab' on the
// dependency guide, signing in from a protected page (?next=, also through Google, never off-site),
// the login form filled after a reset, the greeting of a new account and the avatar menu.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../shared/auth.schema';
import { newUser } from '../server/testing/fixtures';
import { browserAvailable, startWorld, type World } from './harness';
import { loginThroughUi, me, openPage, openTab, pathIs, snap, storedToken, toastMark, uniqueEmail, waitForToast } from './helpers';

const OPERATOR_CONTACT = 'credits@example.com';
const ASK_OPERATOR = 'Ask the operator of this server for credits';
const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** Signs the page in with a session made by the fixtures (no login form, no rate limit). */
async function useToken(page: Page, world: World, token: string): Promise<void> {
  await page.goto(`${world.url}/dependencies`);
  await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
}

const login = (world: World, email: string, password: string) =>
  fetch(`${world.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

async function openAccountMenu(page: Page) {
  await page.locator('header').getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByTestId('account-menu');
  await menu.waitFor();
  return menu;
}

/** True when the element's text colour is a red (Mantine's red), not the violet of the theme. */
async function isRed(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((el) => {
    const [r, g, b] = (getComputedStyle(el).color.match(/\d+/g) ?? []).map(Number) as [number, number, number];
    return r > g + 60 && r > b + 60;
  });
}

describe.skipIf(!browserAvailable())('account flows in the browser', () => {
  let world: World;

  beforeAll(async () => {
    world = await startWorld({ OPERATOR_CONTACT });
  });
  afterAll(async () => {
    await world?.close();
  });

  for (const { name: size, viewport } of VIEWPORTS) {
    describe(`at ${size} size`, () => {
      it("'Save Changes' on /profile validates, refuses a wrong or common password, then saves name and password", async () => {
        const password = `first-pass-${size}-41`;
        const newPassword = `second-pass-${size}-42`;
        const user = await newUser(world.app, { name: 'Paula Profile', email: uniqueEmail(`profile-${size}`), password });
        const other = await (await login(world, user.email, password)).json();
        const { context, page, errors } = await openPage(world, { viewport });
        await loginThroughUi(page, world, { name: user.name, email: user.email, password });
        await page.goto(`${world.url}/profile`);
        await page.getByRole('heading', { name: user.name }).waitFor();
        const form = page.locator('form', { hasText: 'Account Information' });
        const save = form.getByRole('button', { name: 'Save Changes' });

        // Validation in the sign-up form's words, before anything is sent.
        await form.getByLabel('Full Name').fill('A');
        await form.getByLabel('New Password', { exact: true }).fill('123');
        await save.click();
        await form.getByText(messages.name).waitFor();
        await form.getByText(messages.password).waitFor();
        await form.getByText(messages.currentPassword).waitFor();
        await form.getByLabel('New Password', { exact: true }).fill(newPassword);
        await form.getByLabel('Confirm New Password').fill('something-else-43');
        await save.click();
        await form.getByText(messages.passwordMismatch).waitFor();
        await snap(page, errors, `profile-validation-${size}`);

        // A wrong current password: refused, and nothing changes.
        await form.getByLabel('Full Name').fill('Paula Changed');
        await form.getByLabel('Current Password').fill('not-my-password');
        await form.getByLabel('Confirm New Password').fill(newPassword);
        let since = await toastMark(page);
        await save.click();
        await waitForToast(page, 'Update failed', { since, message: messages.currentPasswordWrong });
        await form.getByText(messages.currentPasswordWrong).waitFor();
        expect((await me(world, user.token)).body.name).toBe('Paula Profile');

        // A common password: refused as at sign-up.
        await form.getByLabel('Current Password').fill(password);
        await form.getByLabel('New Password', { exact: true }).fill('password123');
        await form.getByLabel('Confirm New Password').fill('password123');
        since = await toastMark(page);
        await save.click();
        await waitForToast(page, 'Update failed', { since, message: messages.passwordCommon });
        expect((await me(world, other.token)).status).toBe(200);

        // The real change: saved, other devices signed out, this one stays, and a mail is sent.
        await form.getByLabel('New Password', { exact: true }).fill(newPassword);
        await form.getByLabel('Confirm New Password').fill(newPassword);
        since = await toastMark(page);
        await save.click();
        await waitForToast(page, 'Password changed', { since });
        await page.getByRole('heading', { name: 'Paula Changed' }).waitFor();
        expect((await page.locator('header').getByRole('button', { name: 'Account menu' }).textContent())?.trim()).toBe('PC');
        expect(await form.getByLabel('New Password', { exact: true }).inputValue()).toBe('');
        expect((await me(world, other.token)).status).toBe(401);
        expect((await me(world, user.token)).status).toBe(401);
        expect((await me(world, (await storedToken(page))!)).body.name).toBe('Paula Changed');
        expect((await login(world, user.email, password)).status).toBe(401);
        expect((await login(world, user.email, newPassword)).status).toBe(200);
        await expect.poll(() => world.smtp.mailsTo(user.email).filter((m) => m.raw.includes('Your Botwright password was changed')).length).toBe(1);
        await snap(page, errors, `profile-saved-${size}`);

        // The name alone.
        await form.getByLabel('Full Name').fill('Paula Renamed');
        since = await toastMark(page);
        await save.click();
        await waitForToast(page, 'Profile updated', { since });
        await page.getByRole('heading', { name: 'Paula Renamed' }).waitFor();
        expect(errors).toEqual([]);
        await context.close();
      });

      it('an account that only signs in with Google changes its name and is told how to set a password', async () => {
        const user = await newUser(world.app, { name: 'Gustav Google', email: uniqueEmail(`google-only-${size}`) });
        const { context, page, errors } = await openPage(world, { viewport });
        await useToken(page, world, user.token);
        await page.goto(`${world.url}/profile`);
        await page.getByRole('heading', { name: user.name }).waitFor();
        await page.getByTestId('google-password-note').waitFor();
        expect(await page.getByLabel('Current Password').count()).toBe(0);
        await page.getByLabel('Full Name').fill('Gustav G');
        const since = await toastMark(page);
        await page.getByRole('button', { name: 'Save Changes' }).click();
        await waitForToast(page, 'Profile updated', { since });
        await page.getByRole('heading', { name: 'Gustav G' }).waitFor();
        await snap(page, errors, `profile-google-only-${size}`);
        await context.close();
      });

      it('at 0 credits the buttons say to ask the operator (with the contact) and the header pill is red', async () => {
        const broke = await newUser(world.app, { name: 'Zero Credits', credits: 0 });
        const { context, page, errors } = await openPage(world, { viewport });
        await useToken(page, world, broke.token);
        await page.goto(`${world.url}/usage`);
        await page.getByRole('heading', { name: 'Usage & Credits' }).waitFor();
        expect(await page.getByTestId('credits-remaining').textContent()).toBe('0');
        const note = page.getByTestId('ask-operator');
        await note.getByText(ASK_OPERATOR).waitFor();
        expect(await note.getByRole('link', { name: OPERATOR_CONTACT }).getAttribute('href')).toBe(`mailto:${OPERATOR_CONTACT}`);
        let since = await toastMark(page);
        await page.getByRole('button', { name: 'Buy More Credits' }).click();
        await waitForToast(page, ASK_OPERATOR, { since, message: `Contact: ${OPERATOR_CONTACT}` });
        if (size === 'desktop') {
          // The pill shows from large screens on; below 5 credits it is red.
          await page.locator('header').getByText('0 credits').waitFor();
          expect(await isRed(page, 'header [data-low]')).toBe(true);
        } else {
          // On a phone the balance is in the avatar menu, red too.
          const menu = await openAccountMenu(page);
          await menu.getByText('0 credits').waitFor();
          expect(await isRed(page, '[data-testid="account-menu"] .mantine-Badge-root')).toBe(true);
          await page.keyboard.press('Escape');
        }
        await snap(page, errors, `usage-zero-credits-${size}`);

        await page.goto(`${world.url}/profile`);
        await page.getByText('Billing Information').first().waitFor();
        for (const button of ['Manage Subscription', 'Payment Methods', 'Billing History']) {
          since = await toastMark(page);
          await page.getByRole('button', { name: button }).click();
          await waitForToast(page, ASK_OPERATOR, { since, message: `Contact: ${OPERATOR_CONTACT}` });
          // On a phone the toast covers the next button: close it as a person would.
          await page.locator('.mantine-Notification-root').getByRole('button').click();
          await page.locator('.mantine-Notification-root').waitFor({ state: 'detached' });
        }
        await page.getByTestId('ask-operator').waitFor();
        await snap(page, errors, `profile-zero-credits-${size}`);
        await context.close();

        // With enough credits the pill keeps the theme's colour and no note shows.
        if (size === 'desktop') {
          const rich = await newUser(world.app, { name: 'Rich Enough' });
          const second = await openPage(world, { viewport });
          await useToken(second.page, world, rich.token);
          await second.page.goto(`${world.url}/usage`);
          await second.page.locator('header').getByText('100 credits').waitFor();
          expect(await second.page.locator('header [data-low]').count()).toBe(0);
          expect(await second.page.getByTestId('ask-operator').count()).toBe(0);
          await second.context.close();
        }
      });

      it("'Close Tab' on /dependencies goes back, or home without history, and closes a tab a script opened", async () => {
        const { context, page, errors } = await openPage(world, { viewport });
        // Opened directly: nothing to go back to in the app, so home.
        await page.goto(`${world.url}/dependencies`);
        await page.getByRole('heading', { name: 'Dependencies Guide' }).waitFor();
        await snap(page, errors, `dependencies-${size}`);
        await page.getByRole('button', { name: 'Close Tab' }).click();
        await page.waitForURL((url) => url.pathname === '/' && url.search === '');

        // Reached from a page of the app: back to exactly that page.
        await page.goto(`${world.url}/?from=footer`);
        await page.getByRole('link', { name: 'Dependencies guide' }).click();
        await page.waitForURL(pathIs('/dependencies'));
        await page.getByRole('button', { name: 'Close Tab' }).click();
        await page.waitForURL((url) => url.pathname === '/' && url.search === '?from=footer');

        // Opened by a script: the tab really closes.
        const [popup] = await Promise.all([context.waitForEvent('page'), page.evaluate(() => void window.open('/dependencies', '_blank'))]);
        const closed = popup.waitForEvent('close');
        // The page may be gone before the click is reported done.
        await popup.getByRole('button', { name: 'Close Tab' }).click({ noWaitAfter: true }).catch(() => {});
        await closed;
        expect(popup.isClosed()).toBe(true);
        expect(errors).toEqual([]);
        await context.close();
      });

      it('a protected page sends to /login?next=..., and signing in goes back there; never off-site', async () => {
        const password = `next-pass-${size}-44`;
        const user = await newUser(world.app, { name: 'Nina Next', email: uniqueEmail(`next-${size}`), password });
        const { context, page, errors } = await openPage(world, { viewport });
        await page.goto(`${world.url}/runner`);
        await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/runner');
        await page.getByRole('button', { name: 'Sign In' }).waitFor();
        await snap(page, errors, `login-next-${size}`);
        await page.getByLabel('Email', { exact: true }).fill(user.email);
        await page.getByLabel('Password', { exact: true }).fill(password);
        const since = await toastMark(page);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await waitForToast(page, 'Welcome back!', { since });
        await page.waitForURL(pathIs('/runner'));
        await context.close();

        // A next that would leave the site is ignored: home instead (client/lib/next-path.test.ts
        // tries every form of it; here the form is wired to that rule).
        {
          const other = await openPage(world, { viewport });
          await other.page.goto(`${world.url}/login?next=${encodeURIComponent('//evil.example/x')}`);
          await other.page.getByLabel('Email', { exact: true }).fill(user.email);
          await other.page.getByLabel('Password', { exact: true }).fill(password);
          await other.page.getByRole('button', { name: 'Sign In' }).click();
          await other.page.waitForURL((url) => url.origin === world.url && url.pathname === '/');
          await other.page.getByText(`Welcome back, ${user.name}!`).waitFor();
          expect(other.errors).toEqual([]);
          await other.context.close();
        }
      });

      it("'Continue with Google' from /login?next=/usage comes back to /usage", async () => {
        const person = { sub: `google-next-${size}`, email: uniqueEmail(`google-next-${size}`), email_verified: true, name: 'Greta Google' };
        world.oidc.signInAs(person);
        const { context, page, errors } = await openPage(world, { viewport });
        await page.goto(`${world.url}/usage`);
        await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/usage');
        await page.getByRole('button', { name: 'Continue with Google' }).click();
        await page.waitForURL((url) => url.origin === world.url && url.pathname === '/usage' && url.search === '');
        await page.getByRole('heading', { name: 'Usage & Credits' }).waitFor();
        expect(await page.getByTestId('credits-remaining').textContent()).toBe('100');
        expect(await storedToken(page)).toBeTruthy();
        expect(errors).toEqual([]);
        await context.close();
      });

      it('after a password reset from the landing page, /login has the e-mail filled in', async () => {
        const user = await newUser(world.app, { name: 'Rita Reset', email: uniqueEmail(`reset-${size}`), password: `reset-old-${size}-45` });
        const newPassword = `reset-new-${size}-46`;
        const { context, page, errors } = await openPage(world, { viewport });
        await page.goto(`${world.url}/`);
        await page.getByRole('button', { name: 'Sign Up' }).first().click();
        await page.getByRole('dialog', { name: 'Create Account' }).getByRole('button', { name: 'Reset it here' }).click();
        const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
        await forgot.getByLabel('Email Address').fill(user.email);
        const mailsBefore = world.smtp.mailsTo(user.email).length;
        let since = await toastMark(page);
        await forgot.getByRole('button', { name: 'Send Reset Code' }).click();
        await waitForToast(page, 'Reset code sent!', { since });
        const reset = page.getByRole('dialog', { name: 'Reset Password' });
        await reset.getByLabel('Reset Code').fill(await world.smtp.waitForCode(user.email, { since: mailsBefore }));
        await reset.getByLabel('New Password').fill(newPassword);
        since = await toastMark(page);
        await reset.getByRole('button', { name: 'Reset Password' }).click();
        await waitForToast(page, 'Password reset successful!', { since });
        await page.waitForURL(pathIs('/login'));
        expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(user.email);
        await snap(page, errors, `login-after-reset-${size}`);
        await page.getByLabel('Password', { exact: true }).fill(newPassword);
        since = await toastMark(page);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await waitForToast(page, 'Welcome back!', { since });
        await page.waitForURL(pathIs('/'));
        await context.close();
      });

      it("a new account is welcomed to Botwright (not 'back'); the avatar menu has Profile, Usage and Log out", async () => {
        const user = { name: 'Wendy Welcome', email: uniqueEmail(`welcome-${size}`), password: `welcome-pass-${size}-47` };
        const { context, page, errors } = await openPage(world, { viewport });
        await page.goto(`${world.url}/register`);
        await page.getByLabel('Full Name').fill(user.name);
        await page.getByLabel('Email Address').fill(user.email);
        await page.getByLabel('Password', { exact: true }).fill(user.password);
        const mailsBefore = world.smtp.mailsTo(user.email).length;
        let since = await toastMark(page);
        await page.getByRole('button', { name: 'Send Verification Code' }).click();
        await waitForToast(page, 'Verification code sent!', { since });
        const code = await world.smtp.waitForCode(user.email, { since: mailsBefore });
        await page.getByTestId('otp-0').click();
        await page.keyboard.type(code);
        since = await toastMark(page);
        await page.getByRole('button', { name: 'Verify Email' }).click();
        await waitForToast(page, 'Registration successful!', { since, message: `Welcome to Botwright, ${user.name}!` });
        await page.waitForURL(pathIs('/'));
        const greeting = page.locator('header').getByText(`Welcome to Botwright, ${user.name}!`);
        await greeting.waitFor();
        await page.reload();
        await greeting.waitFor();
        expect(await page.getByText('Welcome back').count()).toBe(0);
        await snap(page, errors, `landing-new-account-${size}`);

        // The avatar menu: who is signed in, Profile, Usage (with the balance), Log out.
        await page.goto(`${world.url}/usage`);
        await page.getByRole('heading', { name: 'Usage & Credits' }).waitFor();
        const menu = await openAccountMenu(page);
        await menu.getByText(user.email).waitFor();
        const items = await menu.getByRole('menuitem').allTextContents();
        expect(items.map((t) => t.trim())).toEqual(['Profile', 'Usage100 credits', 'Log out']);
        expect(await page.locator('header').getByRole('button', { name: /^Logout$/ }).count()).toBe(0);
        await snap(page, errors, `avatar-menu-${size}`, { viewport: true });
        await menu.getByRole('menuitem', { name: 'Profile' }).click();
        await page.waitForURL(pathIs('/profile'));
        await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Usage' }).click();
        await page.waitForURL(pathIs('/usage'));

        // Log out signs this tab and the other tabs out.
        const second = await openTab(context);
        await second.page.goto(`${world.url}/profile`);
        await second.page.getByRole('heading', { name: user.name }).waitFor();
        const token = await storedToken(page);
        await page.bringToFront();
        await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Log out' }).click();
        await page.waitForURL(pathIs('/'));
        await page.getByRole('button', { name: 'Sign Up' }).first().waitFor();
        await second.page.waitForURL(pathIs('/'));
        expect(await storedToken(page)).toBeNull();
        expect((await me(world, token!)).status).toBe(401);

        // Signing in again is a return: welcome back.
        await loginThroughUi(page, world, user);
        expect(second.errors).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      });
    });
  }
});
