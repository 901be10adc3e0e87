// Sign-up in real Chromium: the registration dialog on / and the /register page, each reading the
// emailed code from the SMTP sink and ending signed in with 100 credits.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startWorld, type World } from './harness';
import { me, openPage, pathIs, snap, storedToken, toastMark, uniqueEmail, waitForToast } from './helpers';

/** The six boxes of the code entry, as the user sees them. */
async function otpBoxes(page: Page): Promise<string[]> {
  return Promise.all(Array.from({ length: 6 }, (_, i) => page.getByTestId(`otp-${i}`).inputValue()));
}

/** Puts `text` on the system clipboard and pastes it with Ctrl+V into the focused box. */
async function pasteInto(page: Page, box: number, text: string): Promise<void> {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.getByTestId(`otp-${box}`).focus();
  await page.keyboard.press('Control+V');
}

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

describe.skipIf(!browserAvailable())('sign-up in the browser', () => {
  let world: World;

  beforeAll(async () => {
    world = await startWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  it('signs up through the registration dialog on / and lands signed in with 100 credits', async () => {
    const { context, page, errors } = await openPage(world);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.url });
    const user = { name: 'Ada Lovelace', email: uniqueEmail('ada'), password: 'analytical-engine-1843' };

    await page.goto(`${world.url}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    await snap(page, errors, 'landing-signed-out');

    await page.getByRole('button', { name: 'Sign Up' }).click();
    const account = page.getByRole('dialog', { name: 'Create Account' });
    await account.waitFor();
    await account.getByLabel('Full Name').fill(user.name);
    await account.getByLabel('Email Address').fill(user.email);
    await account.getByLabel('Password', { exact: true }).fill(user.password);
    await snap(page, errors, 'signup-dialog-account', { viewport: true });

    const mailsBefore = world.smtp.mailsTo(user.email).length;
    let since = await toastMark(page);
    await account.getByRole('button', { name: 'Send Verification Code' }).click();
    await waitForToast(page, 'Verification code sent!', { since });
    const verify = page.getByRole('dialog', { name: 'Verify Your Email' });
    await verify.waitFor();
    await verify.getByText(user.email, { exact: true }).waitFor();
    const code = await world.smtp.waitForCode(user.email, { since: mailsBefore });
    expect(code).toMatch(/^\d{6}$/);
    // The first box has the focus, ready for the code.
    expect(await focusedTestId(page)).toBe('otp-0');

    // Pasting fills all six boxes: non-digits are stripped and at most six digits are kept. The
    // pasted digits differ from the code except in boxes 2 and 5, so that retyping below also
    // types a digit over the same digit.
    const pasted = [...code].map((d, i) => (i === 1 || i === 4 ? d : String((Number(d) + 5) % 10)));
    await pasteInto(page, 2, `code: ${pasted.slice(0, 2).join('')}-${pasted.slice(2, 4).join('')} ${pasted.slice(4).join('')}99`);
    expect(await otpBoxes(page)).toEqual(pasted);
    await snap(page, errors, 'signup-dialog-verify-pasted', { viewport: true });

    // Typing the real code over them: each digit replaces its box and moves the focus on, also
    // when it is the digit the box already held.
    await page.getByTestId('otp-0').click();
    for (const [i, digit] of [...code].entries()) {
      expect(await focusedTestId(page)).toBe(`otp-${i}`);
      await page.keyboard.type(digit);
    }
    expect(await otpBoxes(page)).toEqual([...code]);
    await snap(page, errors, 'signup-dialog-verify-typed', { viewport: true });

    since = await toastMark(page);
    const reloaded = page.waitForEvent('load');
    await verify.getByRole('button', { name: 'Verify Email' }).click();
    await waitForToast(page, 'Registration successful!', { since, message: `Welcome to Botwright, ${user.name}!` });
    // The dialog closes and the landing page reloads as the new user.
    await reloaded;
    // A new account is welcomed, not welcomed back (also after the reload).
    await page.locator('header').getByText(`Welcome to Botwright, ${user.name}!`).waitFor();
    expect(await page.getByText(`Welcome back, ${user.name}!`).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign Up' }).count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await snap(page, errors, 'landing-signed-in');

    const token = await storedToken(page);
    expect(token).toBeTruthy();
    const profile = await me(world, token!);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ name: user.name, email: user.email, credits: 100, googleAuth: false });

    await page.getByRole('link', { name: 'Open Builder' }).click();
    await page.waitForURL(pathIs('/builder'));
    await page.locator('nav.mantine-AppShell-navbar').getByRole('link', { name: 'Usage' }).click();
    await page.waitForURL(pathIs('/usage'));
    await page.getByRole('heading', { name: 'Usage & Credits' }).waitFor();
    expect(await page.getByTestId('credits-remaining').textContent()).toBe('100');
    // The sign-up credits are the first row of the ledger.
    await page.getByText('+100').first().waitFor();
    await snap(page, errors, 'usage');
    await context.close();
  });

  it('signs up through /register: the pasted code fills the boxes, then it lands on / signed in', async () => {
    const { context, page, errors } = await openPage(world);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.url });
    const user = { name: 'Grace Brewster', email: uniqueEmail('grace'), password: 'compiler-pioneer-1952' };

    await page.goto(`${world.url}/register`);
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await snap(page, errors, 'register');

    // The validation messages appear before anything is sent.
    await page.getByLabel('Full Name').fill('A');
    await page.getByLabel('Email Address').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await page.getByText('Name must be at least 2 characters').waitFor();
    await page.getByText('Invalid email address').waitFor();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await snap(page, errors, 'register-validation');
    expect(world.smtp.mailsTo('not-an-email')).toHaveLength(0);

    await page.getByLabel('Full Name').fill(user.name);
    await page.getByLabel('Email Address').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    const mailsBefore = world.smtp.mailsTo(user.email).length;
    let since = await toastMark(page);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await waitForToast(page, 'Verification code sent!', { since });
    await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
    const code = await world.smtp.waitForCode(user.email, { since: mailsBefore });

    // A six-digit code is required before anything is sent.
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.getByText('Verification code must be 6 digits').waitFor();

    await pasteInto(page, 0, ` ${code} `);
    expect(await otpBoxes(page)).toEqual([...code]);
    // After a paste the focus sits in the last box; Backspace clears it, and once more in the
    // now-empty box moves back and clears the one before.
    expect(await focusedTestId(page)).toBe('otp-5');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    expect(await otpBoxes(page)).toEqual([...code.slice(0, 4), '', '']);
    expect(await focusedTestId(page)).toBe('otp-4');
    await page.keyboard.type(code.slice(4));
    expect(await otpBoxes(page)).toEqual([...code]);
    await snap(page, errors, 'register-verify');

    since = await toastMark(page);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await waitForToast(page, 'Registration successful!', { since });
    await page.waitForURL(pathIs('/'));
    await page.locator('header').getByText(`Welcome to Botwright, ${user.name}!`).waitFor();

    // /profile shows the new account with its 100 sign-up credits.
    await page.getByRole('link', { name: 'Open Builder' }).click();
    // The avatar in the top bar shows the initials; its menu leads to /profile.
    const avatar = page.locator('header').getByRole('button', { name: 'Account menu' });
    expect((await avatar.textContent())?.trim()).toBe('GB');
    await avatar.click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(pathIs('/profile'));
    await page.getByRole('heading', { name: user.name }).waitFor();
    await page.getByText(user.email, { exact: true }).waitFor();
    await page.getByText('100 credits').first().waitFor();
    await snap(page, errors, 'profile');
    await context.close();
  });

  it("opens the forgot-password dialog from the registration dialog's 'Reset it here' link", async () => {
    const { context, page, errors } = await openPage(world);
    await page.goto(`${world.url}/`);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const account = page.getByRole('dialog', { name: 'Create Account' });
    await account.getByRole('button', { name: 'Reset it here' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot Password' });
    await forgot.waitFor();
    await forgot.getByLabel('Email Address').waitFor();
    await forgot.getByRole('button', { name: 'Send Reset Code' }).waitFor();
    await page.getByRole('dialog', { name: 'Create Account' }).waitFor({ state: 'detached' });
    await snap(page, errors, 'forgot-password-from-signup-dialog', { viewport: true });
    await forgot.getByRole('button', { name: 'Cancel' }).click();
    await forgot.waitFor({ state: 'detached' });
    await context.close();
  });
});
