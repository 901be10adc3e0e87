// One project per bot in real Chromium against the real app: two bots made with the
// sidebar's 'Create New Bot/Agent' (one named, one named after its first chat request), each given
// its own TELEGRAM_BOT_TOKEN through the runner's Environment Variables, then one renamed and the
// other deleted after its confirmation. The tests share one signed-in page and build on each other.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../server/testing/fixtures';
import { loadProjectSecrets } from '../server/features/runner/env-vars/env-vars.store';
import { browserAvailable, startWorld, type World } from './harness';
import { loginThroughUi, openPage, pathIs, snap, toastMark, uniqueEmail, waitForToast, type TestPage } from './helpers';

const TOKEN_ALPHA = '7100000001:AAalphaBotTokenForTheE2eTest_aaaaaa';
const TOKEN_BAKERY = '7100000002:AAbakeryBotTokenForTheE2eTest_bbbbb';
const ALPHA_CODE = `import os

TOKEN = os.environ['TELEGRAM_BOT_TOKEN']
print('Alpha bot starting')
`;

describe.skipIf(!browserAvailable())('bots in the browser', () => {
  let world: World;
  let user: SignedUpUser;
  let tp: TestPage;
  const ids: Record<'alpha' | 'bakery', string> = { alpha: '', bakery: '' };

  beforeAll(async () => {
    world = await startWorld();
    user = await signUp(world.app, world.smtp, { name: 'Bea Bots', email: uniqueEmail('bots') });
    tp = await openPage(world);
    await loginThroughUi(tp.page, world, user);
  });
  afterAll(async () => world?.close());

  const sidebar = (page: Page) => page.locator('.mantine-AppShell-navbar');
  const botList = (page: Page) => sidebar(page).getByRole('list', { name: 'Bots' });
  const botButton = (page: Page, name: string) => botList(page).getByRole('button', { name: `Open bot ${name}`, exact: true });
  const currentBotId = (page: Page) => new URL(page.url()).searchParams.get('bot');
  const projects = async () => (await world.app.request('GET', '/api/projects', { token: user.token })).body as Array<{ id: string; name: string }>;

  async function createBot(page: Page, name: string): Promise<string> {
    await sidebar(page).getByRole('button', { name: 'Create New Bot/Agent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Name your bot' });
    const input = dialog.getByRole('textbox', { name: 'Bot name' });
    await input.waitFor();
    expect(await input.getAttribute('placeholder')).toBe('Named after your first request');
    await input.fill(name);
    const since = await toastMark(page);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await waitForToast(page, 'Bot created', { since });
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname === '/builder' && url.searchParams.has('bot'));
    // The chat takes the focus, ready for the bot's description.
    const message = page.getByRole('region', { name: 'Chat' }).getByRole('textbox', { name: 'Message' });
    await expect.poll(() => message.evaluate((el) => el === document.activeElement)).toBe(true);
    return currentBotId(page)!;
  }

  it("creates a named bot and an unnamed one; the first chat request names the second", async () => {
    const { page, errors } = tp;
    await page.goto(`${world.url}/builder`);
    await sidebar(page).getByText('No bots yet', { exact: false }).waitFor();

    ids.alpha = await createBot(page, 'Alpha');
    await botButton(page, 'Alpha').waitFor();
    await expect.poll(() => botButton(page, 'Alpha').getAttribute('aria-current')).toBe('true');
    await page.getByRole('region', { name: 'File browser' }).getByText('Alpha', { exact: true }).waitFor();

    ids.bakery = await createBot(page, '');
    expect(ids.bakery).not.toBe(ids.alpha);
    // The router renders a navigation as a transition: the address changes at once, the sidebar's
    // mark follows when the transition renders (later on a loaded machine).
    await expect.poll(() => botButton(page, 'New bot').getAttribute('aria-current')).toBe('true');
    await expect.poll(() => botButton(page, 'Alpha').getAttribute('aria-current')).toBeNull();
    await snap(page, errors, 'bots-1-new-bot');

    const chat = page.getByRole('region', { name: 'Chat' });
    const since = await toastMark(page);
    await chat.getByRole('textbox', { name: 'Message' }).fill('Make a Telegram bot in Python for my bakery that answers /start');
    await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
    await waitForToast(page, 'File created successfully', { since });
    await botButton(page, 'Bakery Bot').waitFor();
    expect((await projects()).map((p) => [p.id, p.name])).toEqual([
      [ids.alpha, 'Alpha'],
      [ids.bakery, 'Bakery Bot'],
    ]);

    // The Alpha bot's own file, saved through the API (then a reload); the builder shows each bot's files only.
    const saved = await world.app.request('PUT', `/api/projects/${ids.alpha}/files/alpha_bot.py`, { token: user.token, body: { content: ALPHA_CODE } });
    expect(saved.status).toBe(200);
    await page.reload();
    await botButton(page, 'Alpha').click();
    await page.waitForURL((url) => url.searchParams.get('bot') === ids.alpha);
    const browser = page.getByRole('region', { name: 'File browser' });
    await browser.getByRole('button', { name: 'alpha_bot.py', exact: true }).waitFor();
    expect(await browser.getByRole('button', { name: 'telegram_bot.py', exact: true }).count()).toBe(0);
    await snap(page, errors, 'bots-2-alpha-builder');
  });

  async function setToken(page: Page, bot: string, filename: string, value: string): Promise<void> {
    await botButton(page, bot).click();
    const files = page.getByRole('region', { name: 'Your Files' });
    await files.getByRole('button', { name: filename, exact: true }).click();
    const control = page.getByRole('region', { name: 'Execution Control' });
    await control.getByTestId('selected-file').getByText(filename, { exact: true }).waitFor();
    await control.getByRole('button', { name: /^Environment Variables/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Environment Variables' });
    const field = dialog.locator('[data-env-key="TELEGRAM_BOT_TOKEN"]');
    await field.waitFor();
    expect(await field.getAttribute('placeholder')).not.toBe('Saved — leave blank to keep');
    await field.fill(value);
    const since = await toastMark(page);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Environment variables saved', { since });
    await dialog.waitFor({ state: 'detached' });
  }

  it("gives each bot its own TELEGRAM_BOT_TOKEN through the runner's Environment Variables", async () => {
    const { page, errors } = tp;
    await page.locator('header').getByRole('link', { name: 'Run' }).click();
    await page.waitForURL(pathIs('/runner'));
    const files = page.getByRole('region', { name: 'Your Files' });
    // The runner lists the current bot's files only.
    await files.getByRole('button', { name: 'alpha_bot.py', exact: true }).waitFor();
    expect(await files.getByRole('button', { name: 'telegram_bot.py', exact: true }).count()).toBe(0);

    await setToken(page, 'Alpha', 'alpha_bot.py', TOKEN_ALPHA);
    await setToken(page, 'Bakery Bot', 'telegram_bot.py', TOKEN_BAKERY);
    expect(new URL(page.url()).pathname).toBe('/runner');
    await snap(page, errors, 'bots-3-runner');

    expect(await loadProjectSecrets(world.app.app.deps, ids.alpha)).toEqual({ TELEGRAM_BOT_TOKEN: TOKEN_ALPHA });
    expect(await loadProjectSecrets(world.app.app.deps, ids.bakery)).toEqual({ TELEGRAM_BOT_TOKEN: TOKEN_BAKERY });

    // Each bot shows its own saved variable, and only its own.
    for (const [bot, filename] of [['Alpha', 'alpha_bot.py'], ['Bakery Bot', 'telegram_bot.py']] as const) {
      await botButton(page, bot).click();
      await files.getByRole('button', { name: filename, exact: true }).click();
      const control = page.getByRole('region', { name: 'Execution Control' });
      await control.getByRole('button', { name: /^Environment Variables 1/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Environment Variables' });
      await dialog.getByText('A value is saved').waitFor();
      expect(await dialog.locator('[data-env-key]').evaluateAll((els) => els.map((e) => e.getAttribute('data-env-key')))).toContain('TELEGRAM_BOT_TOKEN');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    expect(await page.content()).not.toContain(TOKEN_ALPHA);
    expect(await page.content()).not.toContain(TOKEN_BAKERY);
  });

  it('renames a bot from its menu', async () => {
    const { page, errors } = tp;
    await botList(page).getByRole('button', { name: 'Actions for Alpha', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename bot' });
    const input = dialog.getByRole('textbox', { name: 'Bot name' });
    expect(await input.inputValue()).toBe('Alpha');
    await input.fill('   ');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('Give the bot a name').waitFor();
    await input.fill('Alpha Prime');
    const since = await toastMark(page);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Bot renamed', { since, message: 'Alpha is now Alpha Prime.' });
    await botButton(page, 'Alpha Prime').waitFor();
    expect((await projects()).find((p) => p.id === ids.alpha)?.name).toBe('Alpha Prime');
    await snap(page, errors, 'bots-4-renamed');
  });

  it('deletes a bot after the confirmation: its files and secrets go, the other bot stays', async () => {
    const { page, errors } = tp;
    await botButton(page, 'Bakery Bot').click();
    // On /runner the ?bot= of the click is replaced by the bot's last file at once: the sidebar says
    // which bot is open, the address may already have moved on.
    await expect.poll(() => botButton(page, 'Bakery Bot').getAttribute('aria-current')).toBe('true');
    await botList(page).getByRole('button', { name: 'Actions for Bakery Bot', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete bot' });
    await dialog.getByText('Bakery Bot', { exact: true }).waitFor();
    await dialog.getByText(/its 1 file, their versions/).waitFor();
    await dialog.getByText(/secrets \(environment variables\) and installed dependencies/).waitFor();
    await dialog.getByText(/Running copies are stopped/).waitFor();
    await snap(page, errors, 'bots-5-delete-confirm', { viewport: true });
    const since = await toastMark(page);
    await dialog.getByRole('button', { name: 'Delete bot' }).click();
    await waitForToast(page, 'Bot deleted', { since, message: /^Deleted Bakery Bot: 1 file, 1 secret/ });
    await dialog.waitFor({ state: 'detached' });
    await botButton(page, 'Bakery Bot').waitFor({ state: 'detached' });
    // The page falls back to the remaining bot.
    await expect.poll(async () => botButton(page, 'Alpha Prime').getAttribute('aria-current')).toBe('true');
    await page.getByRole('region', { name: 'Your Files' }).getByRole('button', { name: 'alpha_bot.py', exact: true }).waitFor();

    expect((await projects()).map((p) => p.id)).toEqual([ids.alpha]);
    expect(await loadProjectSecrets(world.app.app.deps, ids.bakery)).toEqual({});
    expect(await loadProjectSecrets(world.app.app.deps, ids.alpha)).toEqual({ TELEGRAM_BOT_TOKEN: TOKEN_ALPHA });
    // Returning to /builder opens the last bot.
    await page.goto(`${world.url}/builder`);
    await page.getByRole('region', { name: 'File browser' }).getByText('Alpha Prime', { exact: true }).waitFor();
    await snap(page, errors, 'bots-6-after-delete');
  });

  it('fits a phone: the bots in the sidebar drawer', async () => {
    const phone = await openPage(world, { viewport: { width: 390, height: 844 } });
    try {
      await loginThroughUi(phone.page, world, user);
      await phone.page.goto(`${world.url}/builder`);
      await phone.page.getByRole('button', { name: /navigation/i }).first().click();
      await botButton(phone.page, 'Alpha Prime').waitFor();
      await snap(phone.page, phone.errors, 'bots-7-phone', { viewport: true });
      await sidebar(phone.page).getByRole('button', { name: 'Create New Bot/Agent' }).click();
      const dialog = phone.page.getByRole('dialog', { name: 'Name your bot' });
      await dialog.getByRole('textbox', { name: 'Bot name' }).waitFor();
      await snap(phone.page, phone.errors, 'bots-8-phone-create', { viewport: true });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await botList(phone.page).getByRole('button', { name: 'Actions for Alpha Prime', exact: true }).waitFor();
    } finally {
      await phone.context.close();
    }
  });
});
