// The operator dashboard (/admin) in real Chromium, through the UI only. A user chats (one long
// message) and shares a post; a signed-out visitor unlocks /admin with the server's ADMIN_KEY, reads
// the numbers, edits the user's credits, reads their messages (cut at 500 characters), deletes the
// post and locks the panel again. The built client carries no key and no hint of one. A server
// without ADMIN_KEY says that admin is disabled. The tests build on each other in order.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../server/testing/fixtures';
import { browserAvailable, startWorld, type World } from './harness';
import { loginThroughUi, me, openPage, pathIs, snap, toastMark, uniqueEmail, waitForToast, type TestPage } from './helpers';

const VIEWPORT = { width: 1440, height: 900 };
const ADMIN_KEY = 'e2e-operator-key-0123456789';
const POST = { title: 'Echo Helper', description: 'Repeats what you say, for testing your Telegram setup.' };
const TAIL = 'ZEBRA-TAIL-MARKER'; // past character 500: the operator must not see it
const LONG_MESSAGE = (() => {
  let m = 'Make a Telegram bot in Python that answers /start and echoes messages.';
  while (m.length < 560) m += ' Keep the code short and friendly, with comments for a beginner.';
  return `${m} ${TAIL}`;
})();
// A default key shown on the gate would be a security concern: no such text may ship.
const DEFAULT_KEY_HINT = /default[\s_-]+(?:admin[\s_-]+)?key|default[\s_-]*admin[\s_-]*key/i;

const adminKeyStored = (page: Page) => page.evaluate(() => localStorage.getItem('admin-key'));
/** The number on a stat card, found by its label. */
const stat = (page: Page, label: string) => page.locator('.mantine-Paper-root', { hasText: label }).locator('p').nth(1).textContent();
const gate = (page: Page) => page.getByRole('heading', { name: 'Admin access' });

describe.skipIf(!browserAvailable())('the operator dashboard in the browser', () => {
  let world: World;
  let user: SignedUpUser;
  let ap: TestPage; // the operator: a signed-out visitor
  const scripts = new Set<string>();

  beforeAll(async () => {
    world = await startWorld({ ADMIN_KEY });
    user = await signUp(world.app, world.smtp, { name: 'Mia Messages', email: uniqueEmail('admin-user') });
    // The user chats once, with a long message, and shares a post, all through the UI.
    const { context, page, errors } = await openPage(world, { viewport: VIEWPORT });
    await loginThroughUi(page, world, user);
    await page.getByRole('link', { name: 'Open Builder' }).click();
    await page.waitForURL(pathIs('/builder'));
    let since = await toastMark(page);
    const input = page.getByRole('region', { name: 'Chat' }).getByRole('textbox', { name: 'Message' });
    await input.fill(LONG_MESSAGE);
    await input.press('Enter');
    await waitForToast(page, 'File created successfully', { since });
    await page.locator('header').getByRole('link', { name: 'Publish' }).click();
    await page.getByRole('button', { name: 'Share Your Bot' }).first().click();
    const dialog = page.getByRole('dialog', { name: /Share Your Bot/ });
    await dialog.getByRole('textbox', { name: 'Bot Name' }).fill(POST.title);
    await dialog.getByRole('combobox', { name: 'Platform' }).click();
    await page.getByRole('option', { name: 'Telegram', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Description' }).fill(POST.description);
    since = await toastMark(page);
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await waitForToast(page, 'Bot posted successfully!', { since });
    expect(errors).toEqual([]);
    await context.close();

    ap = await openPage(world, { viewport: VIEWPORT });
    ap.page.on('response', (res) => void (/\/assets\/[^?]+\.js$/.test(new URL(res.url()).pathname) && scripts.add(res.url())));
  });
  afterAll(async () => {
    await world?.close();
  });

  it("a signed-out visitor gets the key gate; a wrong key says 'Invalid admin key', the right one 'Admin access granted!'", async () => {
    const { page, errors } = ap;
    await page.goto(`${world.url}/admin`);
    await gate(page).waitFor();
    const key = page.getByLabel('Admin key');
    expect(await key.inputValue()).toBe('');
    expect(await key.getAttribute('type')).toBe('password');
    expect(await page.getByRole('button', { name: 'Unlock' }).isDisabled()).toBe(true);
    await page.getByText('The key is set by the server operator through the ADMIN_KEY environment setting.').waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(/default/i);
    await snap(page, errors, 'admin-gate');

    await key.fill('not-the-operator-key-at-all');
    let since = await toastMark(page);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await waitForToast(page, 'Authentication failed', { since, message: 'Invalid admin key' });
    expect(await key.inputValue()).toBe('');
    expect(await adminKeyStored(page)).toBeNull();
    await gate(page).waitFor();
    await snap(page, errors, 'admin-gate-wrong-key');

    await key.fill(ADMIN_KEY);
    since = await toastMark(page);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await waitForToast(page, 'Admin access granted!', { since });
    await page.getByRole('heading', { name: 'Operator dashboard' }).waitFor();
    expect(await adminKeyStored(page)).toBe(ADMIN_KEY);
  });

  it('the stat cards count what the test made, and the users table lists the account', async () => {
    const { page, errors } = ap;
    // One user, who joined today, sent one message (plus the assistant's reply), shared one post.
    const expected = { 'Total Users': '1', 'New Today': '1', 'Chat Messages': '2', 'Bot Posts': '1', 'Active (7 days)': '1' };
    for (const [label, value] of Object.entries(expected)) await expect.poll(() => stat(page, label), { message: label }).toBe(value);
    const row = page.getByRole('row', { name: new RegExp(user.email) });
    await row.getByText(user.name, { exact: true }).waitFor();
    await row.getByText('Email', { exact: true }).waitFor(); // signs in with a password, not Google
    expect(await row.getByText('95', { exact: true }).count()).toBe(1); // 100 - one AI message
    await page.getByText('1 account, by email').waitFor();
    await page.getByText(POST.title).waitFor(); // the moderation list
    await snap(page, errors, 'admin-dashboard');
  });

  it("edits the credits in place: pencil, confirm disabled while empty, 250 -> 'Credits updated to 250', and the user's balance is 250", async () => {
    const { page, errors } = ap;
    const row = page.getByRole('row', { name: new RegExp(user.email) });
    const columns = () => page.getByRole('columnheader').evaluateAll((ths) => ths.map((th) => Math.round(th.getBoundingClientRect().x)));
    const before = await columns();
    await row.getByRole('button', { name: `Edit credits of ${user.email}` }).click();
    const input = row.getByRole('textbox', { name: `New credits for ${user.email}` });
    const confirm = row.getByRole('button', { name: 'Confirm credits' });
    expect(await input.inputValue()).toBe('95');
    // The table does not jump when the editor opens (a pixel or two of auto layout aside).
    (await columns()).forEach((x, i) => expect(Math.abs(x - before[i]!), `column ${i}`).toBeLessThanOrEqual(4));
    await input.fill('');
    expect(await confirm.isDisabled()).toBe(true);
    await snap(page, errors, 'admin-credits-empty');
    await input.fill('250');
    expect(await confirm.isEnabled()).toBe(true);
    const since = await toastMark(page);
    await confirm.click();
    await waitForToast(page, 'Credits updated to 250', { since });
    await input.waitFor({ state: 'detached' });
    await row.getByText('250', { exact: true }).waitFor();
    const account = await me(world, user.token);
    expect(account.status).toBe(200);
    expect(account.body.credits).toBe(250);
    await snap(page, errors, 'admin-credits-updated');
  });

  it("reads the user's chat messages, each cut at 500 characters", async () => {
    const { page, errors } = ap;
    await page.getByRole('button', { name: `Messages of ${user.email}` }).click();
    const drawer = page.getByRole('dialog', { name: /Chat messages/ });
    await drawer.getByText(`${user.name} · ${user.email}`).waitFor();
    await drawer.getByText('2 messages').waitFor();
    const mine = drawer.locator('.mantine-Paper-root', { has: page.getByText('User', { exact: true }) });
    const shown = (await mine.locator('p').last().textContent())!;
    expect(shown).toBe(`${LONG_MESSAGE.slice(0, 500)}...`);
    expect(shown).not.toContain(TAIL);
    // The assistant's answer as the builder shows it: its opening names the file, then the plan's lines.
    const answer = drawer.locator('.mantine-Paper-root', { has: page.getByText('Assistant', { exact: true }) });
    await answer.getByText(/^Here is .+, a Telegram bot in Python\. It is saved as telegram_bot\.py\./).waitFor();
    await answer.getByRole('group', { name: 'Plan of telegram_bot.py' }).getByText("When any other message arrives: reply '{text}'", { exact: true }).waitFor();
    await snap(page, errors, 'admin-messages', { viewport: true });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  });

  it("deletes the post after the confirmation; the numbers follow", async () => {
    const { page, errors } = ap;
    await page.getByRole('button', { name: `Delete post ${POST.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete post' });
    await dialog.getByText('Are you sure you want to delete this post? This action cannot be undone.').waitFor();
    await snap(page, errors, 'admin-delete-post', { viewport: true });
    const since = await toastMark(page);
    await dialog.getByRole('button', { name: 'Delete post' }).click();
    await waitForToast(page, 'Bot post deleted successfully!', { since });
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Nobody has shared a bot yet.').waitFor();
    await expect.poll(() => stat(page, 'Bot Posts')).toBe('0');
    const feed = await fetch(`${world.url}/api/bot-posts`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(await feed.json()).toEqual([]);
    await snap(page, errors, 'admin-after-delete');
  });

  it("a reload stays unlocked (key under 'admin-key'); Lock forgets the key and shows the gate again", async () => {
    const { page, errors } = ap;
    await page.reload();
    await page.getByRole('heading', { name: 'Operator dashboard' }).waitFor();
    await expect.poll(() => stat(page, 'Total Users')).toBe('1');
    expect(await adminKeyStored(page)).toBe(ADMIN_KEY);
    const since = await toastMark(page);
    await page.getByRole('button', { name: 'Lock' }).click();
    await waitForToast(page, 'Admin locked', { since });
    await gate(page).waitFor();
    expect(await adminKeyStored(page)).toBeNull();
    expect(await page.getByRole('heading', { name: 'Operator dashboard' }).count()).toBe(0);
    await page.reload();
    await gate(page).waitFor();
    await snap(page, errors, 'admin-locked');
  });

  it('the built client JS carries neither the key nor a default-key hint', async () => {
    const html = await (await fetch(`${world.url}/admin`)).text();
    for (const [, src] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) scripts.add(new URL(src!, world.url).href);
    expect([...scripts].some((s) => /\/assets\/index-/.test(s))).toBe(true);
    expect([...scripts].some((s) => /\/assets\/Admin\.page-/.test(s))).toBe(true); // the lazy admin chunk, as loaded
    for (const src of scripts) {
      const js = await (await fetch(src)).text();
      expect(js.length, src).toBeGreaterThan(0);
      expect(js.includes(ADMIN_KEY), src).toBe(false);
      expect(js, src).not.toMatch(DEFAULT_KEY_HINT);
    }
  });
});

describe.skipIf(!browserAvailable())('the operator dashboard on a server without ADMIN_KEY', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  it("says 'Admin is disabled on this server' and how to enable it, with no key field", async () => {
    const { context, page, errors } = await openPage(world, { viewport: VIEWPORT });
    await page.goto(`${world.url}/admin`);
    await page.getByRole('heading', { name: 'Admin is disabled on this server' }).waitFor();
    await page.getByText('Restart the server.').waitFor();
    await page.getByText('ADMIN_KEY', { exact: true }).waitFor();
    expect(await page.getByLabel('Admin key').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Unlock' }).count()).toBe(0);
    await snap(page, errors, 'admin-disabled');
    await context.close();
  });
});
