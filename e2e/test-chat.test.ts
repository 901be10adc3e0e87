// The test chat (docs/test-chat.md) in real Chromium against the real app, its real sandbox and its
// Telegram emulator, with the builtin (offline) assistant: the assistant writes a Telegraf bot, the
// project gets Telegraf from the repository's own node_modules (no registry), and then, as a person
// would: Test chat on /runner, /start answered, a saved chat replayed as 'passed'; an inline button
// tapped (toast and edit) on a bot of our own, since the assistant's bots have no buttons; the
// builder's panel, an AI edit checked against the saved chat before it is accepted; the test group
// with a member added and a message posted as a member. The tests share one page, in order.
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../server/testing/fixtures';
import { copyPackages } from '../server/testing/node-packages';
import { browserAvailable, startWorld, type World } from './harness';
import { loginThroughUi, openPage, pathIs, snap, toastMark, toasts, uniqueEmail, waitForToast, type TestPage } from './helpers';

const VIEWPORT = { width: 1600, height: 1000 };
// Texts the request does not give are blanks the bot leaves out: the welcome is given, and other messages are echoed.
const REQUEST = "Make a Telegram bot in JavaScript with Telegraf that answers /start, welcomes new members with 'Welcome, {name}! I am Telegram Bot.' and echoes messages";
const BOT = 'telegram_bot.js';
const START_REPLY = 'Hi! I am Telegram Bot. Send /help to see what I can do.';
const HELLO = 'hello';
const SAVED_NAME = 'Start and hello';
// The assistant's Telegraf bots have no buttons: this one, saved through the REST API, has an inline keyboard.
const MENU = 'menu_bot.js';
const MENU_CODE = `const { Telegraf, Markup } = require('telegraf');

const api = process.env.TELEGRAM_API_BASE;
const bot = new Telegraf(process.env.TELEGRAM_BOT_TOKEN, api ? { telegram: { apiRoot: api } } : {});

bot.start((ctx) =>
  ctx.reply('Do you like bread?', Markup.inlineKeyboard([Markup.button.callback('Yes', 'yes'), Markup.button.callback('No', 'no')])),
);
bot.action(/^(yes|no)$/, async (ctx) => {
  const yes = ctx.match[1] === 'yes';
  await ctx.answerCbQuery(yes ? 'Glad to hear it!' : 'Maybe next time');
  await ctx.editMessageText(yes ? 'You like bread.' : 'You do not like bread.');
});

console.log('menu bot polling');
bot.launch();
process.once('SIGTERM', () => bot.stop('SIGTERM'));
`;

/** How long a bot in the sandbox may take to start and answer. */
const ANSWER_MS = 20_000;

describe.skipIf(!browserAvailable())('the test chat in the browser', () => {
  let world: World;
  let user: SignedUpUser;
  let tp: TestPage;

  beforeAll(async () => {
    world = await startWorld({ RUNNER_STOP_GRACE_MS: '1000' });
    user = await signUp(world.app, world.smtp, { name: 'Tess Chatter', email: uniqueEmail('testchat') });
    const res = await world.app.request('PUT', `/api/projects/default/files/${MENU}`, { token: user.token, body: { content: MENU_CODE } });
    expect(res.status).toBe(200);
    // What 'Install Dependencies' would fetch from npm: the repository's own Telegraf, in the project's installed dependencies.
    const packagesDir = await world.app.app.deps.packageVolumes.dir(res.body.projectId, true);
    copyPackages(['telegraf'], path.join(packagesDir!, 'node_modules'));
    tp = await openPage(world, { viewport: VIEWPORT });
    await loginThroughUi(tp.page, world, user);
  });
  afterAll(async () => {
    await world?.close();
  });

  const pane = () => tp.page.getByRole('region', { name: 'Test chat' });
  const privateLog = () => pane().getByRole('log', { name: 'Conversation with the bot' });
  const groupLog = () => pane().getByRole('log', { name: 'Test group conversation' });
  const bubble = (log: Locator, from: 'bot' | 'user', text: string) =>
    log.locator(`[data-testid="test-chat-message"][data-from="${from}"]`, { hasText: text });
  const composer = () => pane().getByRole('textbox', { name: /^Message/ });
  const control = () => tp.page.getByRole('region', { name: 'Execution Control' });
  const editor = () => tp.page.getByRole('region', { name: 'Code editor' });

  /** Waits for the bot (its answer, its start); a timeout says what the pane, the toasts and the bot's console showed instead. */
  const waitForBot = async (target: Locator, what: string) => {
    await target.waitFor({ timeout: ANSWER_MS }).catch(async (err) => {
      const chat = await pane().innerText().catch(() => '(no test chat pane)');
      // The builder's panel folds the run's console away: open it to read it.
      const showLogs = pane().getByRole('button', { name: 'Show logs' });
      if (await showLogs.count()) await showLogs.click().catch(() => undefined);
      const logs = await tp.page
        .getByRole('log', { name: 'Console output' })
        .first()
        .innerText({ timeout: 1000 })
        .catch(() => '(no console)');
      const shown = JSON.stringify(await toasts(tp.page).catch(() => []));
      await snap(tp.page, [], 'test-chat-failure').catch(() => undefined);
      throw new Error(`the bot did not ${what}: ${(err as Error).message}\ntest chat:\n${chat}\ntoasts: ${shown}\nconsole:\n${logs.slice(-3000)}`);
    });
  };
  const waitForTestMode = () => waitForBot(pane().getByTestId('test-mode-badge'), 'start in test mode');

  const send = async (text: string) => {
    await composer().fill(text);
    await composer().press('Enter');
    await expect.poll(() => composer().inputValue()).toBe('');
  };

  it('the builtin assistant writes a Telegraf bot (Dependencies Required: telegraf), and Run takes it to /runner', async () => {
    const { page, errors } = tp;
    await page.getByRole('link', { name: 'Open Builder' }).click();
    await page.waitForURL(pathIs('/builder'));
    const chat = page.getByRole('region', { name: 'Chat' });
    const since = await toastMark(page);
    await chat.getByRole('textbox', { name: 'Message' }).fill(REQUEST);
    await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
    await waitForToast(page, 'File created successfully', { since, message: `Created: ${BOT}` });
    const reply = chat.getByRole('log', { name: 'Conversation' }).locator('[data-role="assistant"]').last();
    await reply.locator('pre code', { hasText: "require('telegraf')" }).waitFor();
    await reply.getByRole('group', { name: 'Dependencies Required' }).getByText('telegraf', { exact: true }).waitFor();
    await snap(page, errors, 'test-chat-1-assistant');

    await reply.getByRole('group', { name: 'Files Created' }).getByRole('button', { name: `Open ${BOT}` }).click();
    await editor().getByText(BOT, { exact: true }).waitFor();
    const runSince = await toastMark(page);
    await editor().getByRole('button', { name: 'Run', exact: true }).click();
    await waitForToast(page, 'Redirecting to runner...', { since: runSince });
    await page.waitForURL(pathIs('/runner'));
    await control().getByTestId('selected-file').getByText(BOT, { exact: true }).waitFor();
  });

  it("/runner: 'Test chat' starts the bot in test mode beside the console; /start and a text are answered", async () => {
    const { page, errors } = tp;
    await control().getByRole('button', { name: 'Test chat' }).click();
    await waitForTestMode();
    expect(new URL(page.url()).searchParams.get('chat')).toBe('test');
    await privateLog().getByText('No messages yet').waitFor();
    await send('/start');
    await bubble(privateLog(), 'user', '/start').waitFor();
    await waitForBot(bubble(privateLog(), 'bot', START_REPLY), 'answer /start');
    await send(HELLO);
    await waitForBot(bubble(privateLog(), 'bot', HELLO), "answer 'hello'");
    // The run's own log is on the page too, beside the chat.
    await page.getByRole('log', { name: 'Console output' }).getByText(/Rule start \(message from /).waitFor();
    await snap(page, errors, 'test-chat-2-runner-start');
  });

  it("'Save as test' keeps the chat under a name; 'Run tests' replays it: passed", async () => {
    const { page, errors } = tp;
    await pane().getByRole('button', { name: 'Save as test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as test' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(SAVED_NAME);
    await snap(page, errors, 'test-chat-3-save-dialog', { viewport: true });
    const since = await toastMark(page);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForToast(page, 'Chat saved as a test', { since });
    await dialog.waitFor({ state: 'detached' });

    await pane().getByRole('button', { name: 'Saved chats' }).click();
    const drawer = page.getByRole('dialog', { name: 'Saved chats' });
    const saved = drawer.getByRole('list', { name: 'Saved chats' }).getByRole('listitem');
    await saved.filter({ hasText: SAVED_NAME }).getByText(/^2 messages · saved /).waitFor();
    await drawer.getByRole('button', { name: 'Run tests' }).click();
    const results = drawer.getByTestId('test-chat-results');
    await results.waitFor({ timeout: 45_000 });
    await results.getByText('Passed', { exact: true }).waitFor();
    await results.getByRole('list', { name: 'Saved chat results' }).getByRole('listitem').filter({ hasText: SAVED_NAME }).getByText('passed', { exact: true }).waitFor();
    await snap(page, errors, 'test-chat-4-run-tests', { viewport: true });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    // The replay ran the bot in a chat of its own: the conversation shown is untouched.
    await bubble(privateLog(), 'bot', START_REPLY).waitFor();
  });

  it('a tap on an inline button: the toast of answerCallbackQuery, and the message edited in place', async () => {
    const { page, errors } = tp;
    await page.getByRole('region', { name: 'Your Files' }).getByRole('button', { name: MENU, exact: true }).click();
    await control().getByTestId('selected-file').getByText(MENU, { exact: true }).waitFor();
    await control().getByRole('button', { name: 'Test chat' }).click();
    await waitForTestMode();
    await pane().getByRole('button', { name: 'Send /start' }).click(); // the empty chat's own button
    const question = bubble(privateLog(), 'bot', 'Do you like bread?');
    await waitForBot(question, 'answer /start');
    const buttons = question.getByRole('group', { name: 'Message buttons' });
    await buttons.getByRole('button', { name: 'No', exact: true }).waitFor();
    await snap(page, errors, 'test-chat-5-buttons');

    const since = await toastMark(page);
    await buttons.getByRole('button', { name: 'Yes', exact: true }).click();
    await waitForToast(page, 'Glad to hear it!', { since });
    const edited = bubble(privateLog(), 'bot', 'You like bread.');
    await waitForBot(edited, 'edit its message after the tap');
    await edited.getByText('edited', { exact: true }).filter({ visible: true }).waitFor();
    expect(await question.count()).toBe(0); // edited in place, not a new message
    expect(await privateLog().locator('[data-testid="test-chat-message"][data-from="bot"]').count()).toBe(1);
    expect(await edited.getByRole('group', { name: 'Message buttons' }).count()).toBe(0);
    await snap(page, errors, 'test-chat-6-tapped');

    await control().getByRole('button', { name: 'Stop', exact: true }).click();
    await pane().getByRole('status').getByText('The bot is not running.', { exact: false }).waitFor({ timeout: 15_000 });
  });

  it("/builder: the editor's 'Test chat' opens the panel with the conversation; an AI edit passes 'Check with saved chats' before Accept", async () => {
    const { page, errors } = tp;
    await page.locator('header').getByRole('link', { name: 'Builder' }).click();
    await page.waitForURL(pathIs('/builder'));
    await page.getByRole('region', { name: 'File browser' }).getByRole('button', { name: BOT, exact: true }).click();
    await editor().getByText(BOT, { exact: true }).waitFor();
    await editor().getByRole('button', { name: 'Test chat' }).click();
    await waitForTestMode();
    await bubble(privateLog(), 'bot', HELLO).waitFor(); // the conversation of /runner, still there
    await snap(page, errors, 'test-chat-7-builder-panel');

    await editor().getByRole('button', { name: 'Modify' }).click();
    await editor().getByLabel('Describe the change').fill("add a /price command that replies 'Bread is 3 euros'");
    let since = await toastMark(page);
    await editor().getByRole('button', { name: 'Generate Preview' }).click();
    await waitForToast(page, 'Code modification preview ready!', { since });
    await editor().getByRole('textbox', { name: 'Proposed code' }).locator('.cm-changedLine', { hasText: "// - When someone sends /price: reply 'Bread is 3 euros'" }).waitFor();
    await editor().getByText('Replay your 1 saved chat against the proposed code (free).').waitFor();
    await editor().getByRole('button', { name: 'Check with saved chats' }).click();
    const results = editor().getByTestId('test-chat-results');
    await results.waitFor({ timeout: 45_000 });
    await results.getByText('Passed', { exact: true }).waitFor();
    await results.getByRole('listitem').filter({ hasText: SAVED_NAME }).getByText('passed', { exact: true }).waitFor();
    await snap(page, errors, 'test-chat-8-check-with-saved-chats');

    since = await toastMark(page);
    await editor().getByRole('button', { name: 'Accept Changes' }).click();
    await waitForToast(page, 'Changes applied successfully!', { since });
    since = await toastMark(page);
    await editor().getByRole('button', { name: 'Save' }).click();
    await waitForToast(page, 'File saved successfully!', { since });

    // The check ran the proposed code in the bot's place and stopped it: start it again, with the saved edit.
    await pane().getByRole('status').getByRole('button', { name: 'Start test' }).click();
    await waitForTestMode();
    await send('/price');
    await waitForBot(bubble(privateLog(), 'bot', 'Bread is 3 euros'), 'answer /price (the accepted edit)');
  });

  it('the test group: a member added is welcomed, a message posted as a member is answered', async () => {
    const { page, errors } = tp;
    await pane().getByRole('radiogroup', { name: 'Chat' }).getByText('Test group', { exact: true }).click();
    await groupLog().getByText('The test group is quiet').waitFor();
    const members = pane().getByRole('group', { name: 'Group members' });
    await members.getByText('Alice', { exact: true }).waitFor();

    await members.getByRole('button', { name: 'Add member' }).click();
    const form = page.getByRole('dialog').filter({ hasText: 'Add someone to the test group' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Carol');
    await snap(page, errors, 'test-chat-9-add-member', { viewport: true });
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await form.waitFor({ state: 'detached' });
    await members.getByText('Carol', { exact: true }).waitFor();
    await groupLog().getByTestId('test-chat-service').getByText('Carol joined the group').waitFor();
    await waitForBot(bubble(groupLog(), 'bot', 'Welcome, Carol! I am Telegram Bot.'), 'welcome Carol');

    await pane().getByLabel('Send as').click();
    await page.getByRole('option', { name: 'Alice', exact: true }).click();
    await pane().getByRole('textbox', { name: 'Message as Alice' }).waitFor();
    await send('hello everyone');
    await bubble(groupLog(), 'user', 'hello everyone').getByText('Alice', { exact: true }).waitFor();
    await waitForBot(bubble(groupLog(), 'bot', 'hello everyone'), "answer Alice's message");
    await snap(page, errors, 'test-chat-10-group');
  });
});
