// The builder's assistant as a new user meets it, in real Chromium against the real app,
// its sandbox and the test chat's Telegram emulator, with the builtin (offline) assistant: two bots
// with different tokens; a Telegram bot with /joke and /weather asked for in plain words, its reply
// leading with the plan card (one line per rule, no blanks); a follow-up that proposes a change as a
// diff, accepted and saved; the bot then answers its commands in the test chat, and a saved chat
// replays as passed. The tests share one page, in order.
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../server/testing/fixtures';
import { copyPackages } from '../server/testing/node-packages';
import { loadProjectSecrets } from '../server/features/runner/env-vars/env-vars.store';
import { BUILTIN_JOKES, BUILTIN_QUOTES } from '../server/features/ai/builtin/plan-content';
import { browserAvailable, startWorld, type World } from './harness';
import { loginThroughUi, openPage, snap, toastMark, uniqueEmail, waitForToast, type TestPage } from './helpers';

const VIEWPORT = { width: 1600, height: 1000 };
const JOKES_TOKEN = '7200000001:AAjokesBotTokenForTheE2eTest_aaaaaaa';
const ECHO_TOKEN = '7200000002:AAechoBotTokenForTheE2eTest_bbbbbbbb';
const REQUEST = 'a telegram bot in node that tells jokes and has a /weather command';
const FOLLOW_UP = 'also add a /quote command with inspiring quotes';
const BOT = 'telegram_bot.js';
/** What a bot built from a plan says when a web service (here the weather) cannot be reached. */
const WEATHER_OFFLINE = 'Sorry, I could not get that right now.';
/** How long a bot in the sandbox may take to start and answer. */
const ANSWER_MS = 20_000;

describe.skipIf(!browserAvailable())('the assistant builds what was asked', () => {
  let world: World;
  let user: SignedUpUser;
  let tp: TestPage;
  const ids = { jokes: '', echo: '' };

  beforeAll(async () => {
    world = await startWorld({ RUNNER_STOP_GRACE_MS: '1000' });
    user = await signUp(world.app, world.smtp, { name: 'Ada Asker', email: uniqueEmail('assistant') });
    tp = await openPage(world, { viewport: VIEWPORT });
    await loginThroughUi(tp.page, world, user);
  });
  afterAll(async () => world?.close());

  const sidebar = (page: Page) => page.locator('.mantine-AppShell-navbar');
  const botButton = (page: Page, name: string) =>
    sidebar(page).getByRole('list', { name: 'Bots' }).getByRole('button', { name: `Open bot ${name}`, exact: true });
  const chat = () => tp.page.getByRole('region', { name: 'Chat' });
  const lastReply = () => chat().getByRole('log', { name: 'Conversation' }).locator('[data-role="assistant"]').last();
  const editor = () => tp.page.getByRole('region', { name: 'Code editor' });
  const pane = () => tp.page.getByRole('region', { name: 'Test chat' });
  const privateLog = () => pane().getByRole('log', { name: 'Conversation with the bot' });
  const botBubbles = () => privateLog().locator('[data-testid="test-chat-message"][data-from="bot"]');
  const composer = () => pane().getByRole('textbox', { name: /^Message/ });

  async function createBot(name: string): Promise<string> {
    const page = tp.page;
    await sidebar(page).getByRole('button', { name: 'Create New Bot/Agent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Name your bot' });
    await dialog.getByRole('textbox', { name: 'Bot name' }).fill(name);
    const previous = new URL(page.url()).searchParams.get('bot');
    const since = await toastMark(page);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await waitForToast(page, 'Bot created', { since });
    await page.waitForURL((url) => url.pathname === '/builder' && url.searchParams.has('bot') && url.searchParams.get('bot') !== previous);
    // The page shows the new bot (the switch has rendered) before anything is typed for it.
    await expect.poll(() => botButton(page, name).getAttribute('aria-current')).toBe('true');
    return new URL(page.url()).searchParams.get('bot')!;
  }

  async function ask(text: string, toast: string): Promise<void> {
    const since = await toastMark(tp.page);
    await chat().getByRole('textbox', { name: 'Message' }).fill(text);
    await chat().getByRole('textbox', { name: 'Message' }).press('Enter');
    await waitForToast(tp.page, toast, { since }).catch(async (err) => {
      await snap(tp.page, [], 'assistant-failure').catch(() => undefined);
      const messages = await world.app.request('GET', '/api/chat/messages', { token: user.token });
      throw new Error(`${(err as Error).message}\nurl: ${tp.page.url()}\nlast messages: ${JSON.stringify(messages.body).slice(0, 1500)}`);
    });
  }

  /** The bot's messages in the test chat of the Joker bot's file, as the server keeps them. */
  async function botTexts(): Promise<string[]> {
    const files = (await world.app.request('GET', '/api/files', { token: user.token })).body as Array<{ id: string; projectId: string }>;
    const fileId = files.find((f) => f.projectId === ids.jokes)!.id;
    const res = await world.app.request('GET', `/api/test-chat/${fileId}/messages`, { token: user.token });
    return (res.body.messages as Array<{ from: string; text: string }>).filter((m) => m.from === 'bot').map((m) => m.text);
  }

  /** Sends a message through the pane and returns the bot's answer, once it shows in the pane. */
  async function sendAndRead(text: string): Promise<string> {
    const before = (await botTexts()).length;
    await composer().fill(text);
    await composer().press('Enter');
    await expect.poll(async () => (await botTexts()).length, { timeout: ANSWER_MS }).toBeGreaterThan(before);
    const answer = (await botTexts())[before]!;
    await expect.poll(() => botBubbles().count()).toBeGreaterThan(before);
    return answer;
  }

  it('two bots, each with its own token; the first asked for jokes and /weather in plain words', async () => {
    const { page, errors } = tp;
    await page.goto(`${world.url}/builder`);
    ids.jokes = await createBot('Joker');
    await ask(REQUEST, 'File created successfully');
    const reply = lastReply();
    // The reply leads with the bot's plan (the editable card: one line per rule) and how to try it, then the file.
    const card = reply.getByRole('group', { name: `Plan of ${BOT}` });
    const rules = card.getByRole('list', { name: 'Rules' });
    await rules.getByRole('listitem').filter({ hasText: 'When someone sends /joke: reply one of 15 texts at random' }).waitFor();
    await rules.getByRole('listitem').filter({ hasText: 'When someone sends /weather: reply with the weather for the city asked' }).waitFor();
    await reply.getByText(/Try it now.*send \/start, \/joke and \/weather/).waitFor();
    await reply.getByRole('group', { name: 'Files Created' }).getByText(BOT, { exact: true }).waitFor();
    // Everything asked for was understood and built, with words of its own: nothing is left blank.
    expect(await card.getByText('needs your words').count()).toBe(0);
    expect(await reply.innerText()).not.toMatch(/Needs your words|Not understood|Not built/);
    await snap(page, errors, 'assistant-1-jokes-and-weather');

    ids.echo = await createBot('Echo');
    await ask('a telegram bot in node that echoes messages', 'File created successfully');
    await botButton(page, 'Echo').waitFor();
    for (const [id, value] of [[ids.jokes, JOKES_TOKEN], [ids.echo, ECHO_TOKEN]] as const) {
      const saved = await world.app.request('PUT', `/api/projects/${id}/env-vars`, { token: user.token, body: { set: { TELEGRAM_BOT_TOKEN: value } } });
      expect(saved.status).toBe(200);
    }
    expect(await loadProjectSecrets(world.app.app.deps, ids.jokes)).toEqual({ TELEGRAM_BOT_TOKEN: JOKES_TOKEN });
    expect(await loadProjectSecrets(world.app.app.deps, ids.echo)).toEqual({ TELEGRAM_BOT_TOKEN: ECHO_TOKEN });
    const files = (await world.app.request('GET', '/api/files', { token: user.token })).body as Array<{ filename: string; projectId: string }>;
    expect(files.map((f) => [f.projectId, f.filename]).sort()).toEqual([[ids.jokes, BOT], [ids.echo, BOT]].sort());
  });

  it('a follow-up proposes the change as a diff in the editor; accepted and saved, it is the new version', async () => {
    const { page, errors } = tp;
    await botButton(page, 'Joker').click();
    await page.waitForURL((url) => url.searchParams.get('bot') === ids.jokes);
    // As a person would: the page shows the Joker bot (the switch has rendered) before the message is typed.
    await expect.poll(() => botButton(page, 'Joker').getAttribute('aria-current')).toBe('true');
    await page.getByRole('region', { name: 'File browser' }).getByText('Joker', { exact: true }).waitFor();
    await ask(FOLLOW_UP, 'Change ready to review');
    await lastReply().getByRole('group', { name: 'Proposed changes' }).getByText(BOT, { exact: true }).waitFor();
    await lastReply().getByText(/I changed/).waitFor();
    await editor().getByRole('textbox', { name: 'Proposed code' }).locator('.cm-changedLine', { hasText: 'quote' }).first().waitFor();
    await snap(page, errors, 'assistant-2-follow-up-diff');
    // Nothing is written until the person accepts and saves; no second file appears.
    const before = (await world.app.request('GET', '/api/files', { token: user.token })).body as Array<{ filename: string; content: string; projectId: string }>;
    expect(before.filter((f) => f.projectId === ids.jokes).map((f) => f.filename)).toEqual([BOT]);
    expect(before.find((f) => f.projectId === ids.jokes)!.content).not.toContain('/quote');

    let since = await toastMark(page);
    await editor().getByRole('button', { name: 'Accept Changes' }).click();
    await waitForToast(page, 'Changes applied successfully!', { since });
    // The accepted text is in the editor, not saved yet (the section says so) before Save is pressed.
    await expect.poll(() => editor().getAttribute('data-dirty')).toBe('true');
    since = await toastMark(page);
    await editor().getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'File saved successfully!', { since });
    const after = (await world.app.request('GET', '/api/files', { token: user.token })).body as Array<{ id: string; content: string; projectId: string }>;
    const joker = after.find((f) => f.projectId === ids.jokes)!;
    const versions = (await world.app.request('GET', `/trpc/files.versions?input=${encodeURIComponent(JSON.stringify({ id: joker.id }))}`, { token: user.token })).body;
    const why = JSON.stringify({ url: page.url(), files: after.map((f) => ({ id: f.id, projectId: f.projectId, quote: f.content.includes('quote'), len: f.content.length })), versions, ids });
    expect(joker.content.includes('quote'), why).toBe(true);
  });

  it('the bot answers /start, /weather, /joke and /quote in the test chat; a saved chat replays as passed', async () => {
    const { page, errors } = tp;
    // What 'Install Dependencies' would fetch from npm: the repository's own Telegraf.
    const packagesDir = await world.app.app.deps.packageVolumes.dir(ids.jokes, true);
    copyPackages(['telegraf'], path.join(packagesDir!, 'node_modules'));

    await editor().getByRole('button', { name: 'Test chat' }).click();
    await pane().getByTestId('test-mode-badge').waitFor({ timeout: ANSWER_MS });
    expect(await sendAndRead('/start')).toMatch(/Hi! I am/);
    // No internet in the sandbox: the weather command says so instead of failing silently.
    expect(await sendAndRead('/weather Paris')).toBe(WEATHER_OFFLINE);

    await pane().getByRole('button', { name: 'Save as test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as test' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Start and weather');
    let since = await toastMark(page);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Chat saved as a test', { since });

    expect(BUILTIN_JOKES).toContain(await sendAndRead('/joke'));
    expect(BUILTIN_QUOTES).toContain(await sendAndRead('/quote'));
    await snap(page, errors, 'assistant-3-test-chat');

    await pane().getByRole('button', { name: 'Saved chats' }).click();
    const drawer = page.getByRole('dialog', { name: 'Saved chats' });
    await drawer.getByRole('button', { name: 'Run tests' }).click();
    const results: Locator = drawer.getByTestId('test-chat-results');
    await results.waitFor({ timeout: 45_000 });
    await results.getByText('Passed', { exact: true }).waitFor();
    await snap(page, errors, 'assistant-4-tests-passed', { viewport: true });
    since = await toastMark(page);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
  });
});
