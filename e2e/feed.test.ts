// The community feed (/publish) and /usage in real Chromium, through the UI only. The owner chats a
// bot file into being (one AI message: /usage shows 95), shares it with an image, contacts and the
// file; a second account in its own browser context likes and unlikes it, finds it by search,
// filter and sort, and remixes it into a bot of its own; the owner deletes it. The tests build on each
// other in order.
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSecrets } from '../server/features/feed/secret-scan';
import { formatBytes } from '../shared/storage';
import { signUp, type SignedUpUser } from '../server/testing/fixtures';
import { browserAvailable, startWorld, type World } from './harness';
import { editorText, loginThroughUi, openPage, pathIs, snap, toastMark, uniqueEmail, waitForToast, type TestPage, hold } from './helpers';

const VIEWPORT = { width: 1440, height: 900 };
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const FILE = 'telegram_bot.py';
const BOT = { title: 'Weather Buddy', description: 'Tells you the weather in your city every morning. Send /start to begin.' };
const CONTACTS = { telegram: 'weather_buddy_bot', email: 'olga@example.com', twitter: 'weatherbuddy' };
const HANDLE = 'weather-buddy-42';
const DICE = { title: 'Dice Roller', description: 'Rolls dice for your Discord server.' };

/** A Telegram bot token the server's scanner recognises, made at run time (never a literal in the repo). */
function telegramToken(): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  for (;;) {
    const token = `${randomInt(100_000_000, 999_999_999)}:${Array.from({ length: 35 }, () => chars[randomInt(chars.length)]).join('')}`;
    if (findSecrets([{ where: 'x', text: token }]).length === 1) return token;
  }
}

/** The color a Mantine theme color (e.g. 'red.7') computes to, for comparing with an element's. */
const themeColor = (page: Page, name: string) =>
  page.evaluate((n) => {
    const probe = document.body.appendChild(document.createElement('span'));
    probe.style.color = `var(--mantine-color-${n.replace('.', '-')})`;
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  }, name);

const card = (page: Page, title: string) => page.getByRole('article', { name: title });
const titles = (page: Page) => page.locator('article h3').allTextContents();
const likeButton = (page: Page, title: string) => card(page, title).getByRole('button', { name: new RegExp(`^(Like|Unlike) ${title} \\(`) });
const shareDialog = (page: Page) => page.getByRole('dialog', { name: /Share Your Bot/ });

async function pick(page: Page, label: string, option: string) {
  await shareDialog(page).getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe.skipIf(!browserAvailable())('the community feed and /usage in the browser', () => {
  let world: World;
  let owner: SignedUpUser;
  let fan: SignedUpUser;
  let op: TestPage; // the owner's page
  let fp: TestPage; // the fan's page, in its own browser context
  let dir: string;
  let fileText: string;

  beforeAll(async () => {
    world = await startWorld();
    [owner, fan] = await Promise.all([
      signUp(world.app, world.smtp, { name: 'Olga Owner', email: uniqueEmail('owner') }),
      signUp(world.app, world.smtp, { name: 'Finn Fan', email: uniqueEmail('fan') }),
    ]);
    dir = mkdtempSync(path.join(tmpdir(), 'botwright-feed-'));
    writeFileSync(path.join(dir, 'bot.png'), Buffer.from(PNG_1X1, 'base64'));
    writeFileSync(path.join(dir, 'huge.png'), Buffer.alloc(10 * 1024 * 1024 + 1));
    [op, fp] = await Promise.all([openPage(world, { viewport: VIEWPORT }), openPage(world, { viewport: VIEWPORT })]);
    for (const tp of [op, fp]) await tp.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.url });
    await Promise.all([loginThroughUi(op.page, world, owner), loginThroughUi(fp.page, world, fan)]);
  });
  afterAll(async () => {
    await world?.close();
    if (dir) rmSync(dir, { recursive: true, force: true }); // the 10MB file goes too
  });

  it("after one AI chat, /usage shows 95 credits, the 'Recommended Monthly Usage' bar, AI Assistant -5 (red) and the bonus +100 (green), 'Just now'", async () => {
    const { page, errors } = op;
    await page.getByRole('link', { name: 'Open Builder' }).click();
    await page.waitForURL(pathIs('/builder'));
    const chat = page.getByRole('region', { name: 'Chat' });
    await chat.getByRole('textbox', { name: 'Message' }).fill('Make a Telegram bot in Python that answers /start and echoes messages');
    const since = await toastMark(page);
    await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
    await waitForToast(page, 'File created successfully', { since, message: `Created: ${FILE}` });
    await page.locator('header').getByText('95 credits').waitFor();
    // The file's text, read from the editor, is what a remix must copy later.
    await page.getByRole('list', { name: 'Your Files' }).getByRole('button', { name: `Open ${FILE}` }).click();
    await page.getByRole('region', { name: 'Code editor' }).getByText('Python', { exact: true }).waitFor();
    fileText = await editorText(page);
    expect(fileText).toMatch(/^"""Telegram Bot/);

    await page.locator('header').getByRole('link', { name: /credits/ }).click();
    await page.waitForURL(pathIs('/usage'));
    await page.getByRole('heading', { name: 'Usage & Credits' }).waitFor();
    expect(await page.getByTestId('credits-remaining').textContent()).toBe('95');
    const bar = page.getByRole('progressbar', { name: 'Recommended Monthly Usage' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('19'); // 95 of 500
    await page.getByText('95 / 500').waitFor();
    await page.getByRole('button', { name: 'Buy More Credits' }).waitFor();
    const usage = page.locator('.mantine-Card-root', { hasText: 'Credit Usage' });
    await usage.getByText('Welcome Bonus').waitFor();
    await usage.getByText('AI Assistant', { exact: true }).waitFor();
    const spent = usage.getByText('-5', { exact: true });
    const bonus = usage.getByText('+100', { exact: true });
    expect(await spent.evaluate((el) => getComputedStyle(el).color)).toBe(await themeColor(page, 'red.7'));
    expect(await bonus.evaluate((el) => getComputedStyle(el).color)).toBe(await themeColor(page, 'teal.7'));
    expect(await usage.getByText('Just now', { exact: true }).count()).toBe(2);
    await snap(page, errors, 'usage-after-chat');
  });

  it("/usage shows the storage the chat's file takes: 'Storage: 1 file, ... of 100 MiB', its bar, its parts and '1 / 20 bots'", async () => {
    const { page, errors } = op;
    const line = page.getByTestId('storage-line');
    await line.waitFor();
    const [file] = (await world.app.request('GET', '/api/files', { token: owner.token })).body as Array<{ content: string; projectId: string }>;
    const fileBytes = formatBytes(Buffer.byteLength(file!.content));
    expect(await line.textContent()).toBe(`Storage: 1 file, ${fileBytes} of 100 MiB`);
    const bar = page.getByRole('progressbar', { name: 'Storage used' });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(1);
    await page.getByText('1 / 1,000 files').waitFor();
    expect(await page.getByTestId('bots-line').textContent()).toBe('1 / 20 bots');
    const part = (name: string) => page.getByTestId(`storage-part-${name}`).textContent();
    expect(await part('files')).toBe(`Files and versions${fileBytes}`);
    expect(await part('logs')).toBe('Logs0 B');
    await snap(page, errors, 'usage-storage');

    // A saved variable and a kept log (a run's lines, through the bot's log module) count too: seen when the page opens again.
    const projectId = file!.projectId;
    expect((await world.app.request('PUT', `/api/projects/${projectId}/env-vars`, { token: owner.token, body: { set: { API_KEY: 'k'.repeat(2000) } } })).status).toBe(200);
    world.app.app.deps.runLogs.append(projectId, Array.from({ length: 100 }, (_, i) => ({ at: Date.now(), level: 'output' as const, text: `tick ${i} ${'.'.repeat(500)}`, runId: 'run0000001' })));
    await world.app.app.deps.runLogs.flush();
    const storage = (await world.app.request('GET', '/api/storage', { token: owner.token })).body;
    expect(storage.parts.logs).toBeGreaterThan(50_000);
    await page.reload();
    await expect.poll(() => part('logs')).toBe(`Logs${formatBytes(storage.parts.logs)}`);
    expect(await part('variables')).toBe(`Variables${formatBytes(storage.parts.variables)}`);
    expect(await part('packages')).toBe('Packages0 B');
    expect(await part('savedChats')).toBe('Saved chats0 B');
    expect(await line.textContent()).toBe(`Storage: 1 file, ${formatBytes(storage.bytes)} of 100 MiB`);
    await snap(page, errors, 'usage-storage-parts');
  });

  it("'Share Your Bot' refuses missing fields, a >10MB image and a bot token, then shares the post with image, contacts and file", async () => {
    const { page, errors } = op;
    await page.locator('header').getByRole('link', { name: 'Publish' }).click();
    await page.waitForURL(pathIs('/publish'));
    await page.getByText('No bots found').waitFor();
    await page.getByText('Nobody has shared a bot yet. Be the first to share yours with the community!').waitFor();
    await snap(page, errors, 'feed-empty');
    await page.getByRole('button', { name: 'Share Your Bot' }).first().click();
    const dialog = shareDialog(page);
    await dialog.getByRole('textbox', { name: 'Bot Name' }).waitFor();

    let since = await toastMark(page);
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await waitForToast(page, 'Please fill in all required fields', { since });
    for (const name of ['Bot Name', 'Platform', 'Description']) {
      expect(await dialog.getByLabel(name).getAttribute('aria-invalid'), name).toBe('true');
    }
    await snap(page, errors, 'feed-share-required', { viewport: true });

    // An image over 10MB is refused before it is read, and the file input is cleared.
    const choose = async (name: string, trigger: string) => {
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dialog.getByRole('button', { name: trigger }).click()]);
      await chooser.setFiles(path.join(dir, name));
    };
    const fileInput = dialog.getByLabel('Bot image file');
    await choose('huge.png', 'Click to upload or drop an image');
    // Said under the field (and gone with the next good pick).
    await dialog.getByRole('alert').filter({ hasText: 'Please select an image smaller than 10MB' }).waitFor();
    expect(await fileInput.evaluate((el: HTMLInputElement) => [el.value, el.files?.length ?? 0])).toEqual(['', 0]);
    expect(await dialog.getByRole('img', { name: 'Selected bot image preview' }).count()).toBe(0);

    await choose('bot.png', 'Click to upload or drop an image');
    const preview = dialog.getByRole('img', { name: 'Selected bot image preview' });
    await preview.waitFor();
    expect(await dialog.getByText('Please select an image smaller than 10MB').count()).toBe(0);
    await dialog.getByText('bot.png', { exact: true }).waitFor();
    // The preview fills its 16:9 frame (no strip of the frame's background below it).
    expect(await preview.evaluate((el) => el.parentElement!.clientHeight - el.clientHeight)).toBe(0);
    await dialog.getByRole('textbox', { name: 'Bot Name' }).fill(BOT.title);
    await pick(page, 'Platform', 'Telegram');
    await dialog.getByRole('textbox', { name: 'Telegram username' }).fill(CONTACTS.telegram);
    await dialog.getByRole('textbox', { name: 'Email address' }).fill(CONTACTS.email);
    await dialog.getByRole('textbox', { name: 'Twitter handle' }).fill(CONTACTS.twitter);
    await dialog.getByRole('textbox', { name: 'Public Handle (optional)' }).fill(HANDLE);
    await pick(page, 'Attach a bot file (optional)', FILE);

    // A bot token in the description: the server refuses it and says where.
    const description = dialog.getByRole('textbox', { name: 'Description' });
    await description.fill(`${BOT.description}\nMy token is ${telegramToken()}`);
    since = await toastMark(page);
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await waitForToast(page, 'Failed to post bot', { since, message: /^This looks like a Telegram bot token in the description \(line 2\)\./ });
    await snap(page, errors, 'feed-share-secret-refused', { viewport: true });

    await description.fill(BOT.description);
    await snap(page, errors, 'feed-share-filled', { viewport: true });
    const release = await hold(page, '**/trpc/feed.create**');
    since = await toastMark(page);
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    const pending = dialog.getByRole('button', { name: 'Sharing...' });
    await pending.waitFor();
    expect(await pending.getAttribute('aria-busy')).toBe('true');
    await release();
    await waitForToast(page, 'Bot posted successfully!', { since, message: BOT.title });
    await dialog.waitFor({ state: 'detached' });

    const post = card(page, BOT.title);
    const img = post.getByRole('img', { name: BOT.title });
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    expect(await img.getAttribute('src')).toMatch(/^\/uploads\/[0-9a-f]+\.png$/);
    await post.getByRole('heading', { name: BOT.title }).waitFor();
    await post.getByText(BOT.description).waitFor();
    await post.getByText('Telegram', { exact: true }).waitFor(); // the platform badge
    const links = {
      [`Telegram: @${CONTACTS.telegram}`]: `https://t.me/${CONTACTS.telegram}`,
      [`Email: ${CONTACTS.email}`]: `mailto:${CONTACTS.email}`,
      [`Twitter: @${CONTACTS.twitter}`]: `https://x.com/${CONTACTS.twitter}`,
    };
    for (const [name, href] of Object.entries(links)) expect(await post.getByRole('link', { name }).getAttribute('href')).toBe(href);
    await post.getByRole('button', { name: `Access Key ${HANDLE}: copy` }).waitFor();
    await post.getByText(FILE, { exact: true }).waitFor();
    await post.getByText(owner.name, { exact: true }).waitFor();
    const when = post.locator('time');
    expect(await when.textContent()).toBe('Just now');
    expect(Date.now() - Date.parse((await when.getAttribute('datetime'))!)).toBeLessThan(60_000);
    expect(await likeButton(page, BOT.title).textContent()).toBe('0');
    await snap(page, errors, 'feed-posted');
  });

  it('a second account likes and unlikes it: 0 -> 1 -> 0 with the heart state, and a reload shows the server agrees', async () => {
    const { page, errors } = fp;
    await page.goto(`${world.url}/publish`);
    const like = likeButton(page, BOT.title);
    const state = async () => [await like.getAttribute('aria-pressed'), await like.textContent(), await like.getAttribute('aria-label')];
    expect(await state()).toEqual(['false', '0', `Like ${BOT.title} (0 likes)`]);
    // The fan sees no delete button on someone else's post.
    expect(await card(page, BOT.title).getByRole('button', { name: `Delete ${BOT.title}` }).count()).toBe(0);

    await like.click();
    await expect.poll(state).toEqual(['true', '1', `Unlike ${BOT.title} (1 like)`]);
    await page.reload();
    await expect.poll(state).toEqual(['true', '1', `Unlike ${BOT.title} (1 like)`]);
    await snap(page, errors, 'feed-liked');
    await like.click();
    await expect.poll(state).toEqual(['false', '0', `Like ${BOT.title} (0 likes)`]);
    await page.reload();
    await expect.poll(state).toEqual(['false', '0', `Like ${BOT.title} (0 likes)`]);
    // Liked again, for the sort below: it stays liked.
    await like.click();
    await expect.poll(state).toEqual(['true', '1', `Unlike ${BOT.title} (1 like)`]);
    expect(errors).toEqual([]);
  });

  it("finds it: search narrows, the platform filter shows and hides it, 'No bots found' with the filter hint, Most Liked vs Most Recent", async () => {
    const { page, errors } = op;
    // A second, newer post without likes, shared without image or contacts.
    await page.getByRole('button', { name: 'Share Your Bot' }).first().click();
    const dialog = shareDialog(page);
    await dialog.getByRole('textbox', { name: 'Bot Name' }).fill(DICE.title);
    await pick(page, 'Platform', 'Discord');
    await dialog.getByRole('textbox', { name: 'Description' }).fill(DICE.description);
    const since = await toastMark(page);
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await waitForToast(page, 'Bot posted successfully!', { since, message: DICE.title });
    await card(page, DICE.title).waitFor();
    await page.reload(); // the fan's like, as the server has it
    await expect.poll(() => likeButton(page, BOT.title).textContent()).toBe('1');
    expect(await titles(page)).toEqual([DICE.title, BOT.title]); // Most Recent by default

    const search = page.getByRole('textbox', { name: 'Search bots' });
    await search.fill('WEATHER');
    await expect.poll(() => titles(page)).toEqual([BOT.title]);
    await snap(page, errors, 'feed-search');
    await search.fill('morning'); // matches the description
    await expect.poll(() => titles(page)).toEqual([BOT.title]);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => titles(page)).toEqual([DICE.title, BOT.title]);

    const platform = page.getByRole('radiogroup', { name: 'Platform' });
    await platform.getByText('Telegram', { exact: true }).click();
    await expect.poll(() => titles(page)).toEqual([BOT.title]);
    await platform.getByText('Discord', { exact: true }).click();
    await expect.poll(() => titles(page)).toEqual([DICE.title]);
    await snap(page, errors, 'feed-filter-discord');
    await platform.getByText('WhatsApp', { exact: true }).click();
    await page.getByText('No bots found').waitFor();
    await page.getByText('No bot matches your search or platform filter. Try other words or another platform.').waitFor();
    expect(await titles(page)).toEqual([]);
    await snap(page, errors, 'feed-filter-empty');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => titles(page)).toEqual([DICE.title, BOT.title]);

    await page.getByRole('combobox', { name: 'Sort' }).click();
    await page.getByRole('option', { name: 'Most Liked' }).click();
    await expect.poll(() => titles(page)).toEqual([BOT.title, DICE.title]);
    await snap(page, errors, 'feed-most-liked');
    await page.getByRole('combobox', { name: 'Sort' }).click();
    await page.getByRole('option', { name: 'Most Recent' }).click();
    await expect.poll(() => titles(page)).toEqual([DICE.title, BOT.title]);
  });

  it('the second account remixes it: /builder opens the copied file with the attached file\'s text', async () => {
    const { page, errors } = fp;
    await page.reload();
    const since = await toastMark(page);
    await card(page, BOT.title).getByRole('button', { name: `Remix ${FILE}` }).click();
    await waitForToast(page, 'Bot remixed', { since, message: `Remixed into a new bot, ${BOT.title}` });
    await page.waitForURL(pathIs('/builder'));
    expect(new URL(page.url()).searchParams.get('file')).toMatch(/^[A-Za-z0-9]+$/);
    const editor = page.getByRole('region', { name: 'Code editor' });
    await editor.getByText(FILE, { exact: true }).waitFor();
    await editor.getByText('Python', { exact: true }).waitFor();
    await expect.poll(() => editorText(page)).toBe(fileText);
    await page.getByRole('list', { name: 'Your Files' }).getByRole('button', { name: `Open ${FILE}` }).waitFor();
    await snap(page, errors, 'feed-remixed-builder');
  });

  it("the owner deletes it after the confirmation: 'Bot post deleted successfully!', the card is gone for both", async () => {
    const { page, errors } = op;
    await page.reload();
    await card(page, DICE.title).getByRole('button', { name: `Delete ${DICE.title}` }).waitFor();
    await card(page, BOT.title).getByRole('button', { name: `Delete ${BOT.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete post' });
    await dialog.getByText('Are you sure you want to delete this post? This action cannot be undone.').waitFor();
    await dialog.getByText(BOT.title, { exact: true }).waitFor();
    await snap(page, errors, 'feed-delete-confirm', { viewport: true });
    const since = await toastMark(page);
    await dialog.getByRole('button', { name: 'Delete post' }).click();
    await waitForToast(page, 'Bot post deleted successfully!', { since });
    await dialog.waitFor({ state: 'detached' });
    await card(page, BOT.title).waitFor({ state: 'detached' });
    expect(await titles(page)).toEqual([DICE.title]);
    await snap(page, errors, 'feed-after-delete');

    await fp.page.goto(`${world.url}/publish`);
    await card(fp.page, DICE.title).waitFor();
    expect(await titles(fp.page)).toEqual([DICE.title]);
    expect(fp.errors).toEqual([]);
  });
});
