// Real bot libraries against the emulator: Telegraf 4, grammY and node-telegram-bot-api 0.67 in
// polling mode (/start, a button tap with a toast, an edit, a second poller's 409), all three in
// webhook mode (their own HTTP servers on loopback, Telegraf's reply through the webhook answer), and a Python bot on the standard library as a child process. Real: libraries, HTTP,
// python3. Every bot is stopped at the end of its test.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { Bot, InlineKeyboard, webhookCallback } from 'grammy';
import { Markup, Telegraf } from 'telegraf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, until, type EmulatorHarness } from './emulator.fixture';
import type { WebhookDelivery } from './test-chats';
import { freePort } from '../../../testing/free-port';

process.env.NTBA_FIX_319 = '1';
process.env.NTBA_FIX_350 = '1';
const TelegramBot = createRequire(import.meta.url)('node-telegram-bot-api');

let h: EmulatorHarness;
const stops: Array<() => Promise<unknown> | unknown> = [];
beforeEach(async () => {
  h = await startEmulator({ botName: 'lib_bot.js' });
});
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await Promise.resolve(stop()).catch(() => undefined);
  await h.close();
});

const botSaid = (text: string) => () => h.session.messages('private').find((m) => m.from === 'bot' && m.text === text);

/** /start gets its reply; a tap reaches the callback handler, whose answer is a toast and whose edit is an edited frame. */
async function startAndTap(welcome: string) {
  h.session.post({ text: '/start' });
  const reply = await until(botSaid(welcome), 10_000, `the reply "${welcome}"`);
  expect(reply.replyMarkup).toMatchObject({ inline_keyboard: [[{ text: 'Yes', callback_data: 'yes' }]] });
  h.session.post({ callbackData: 'yes', messageId: reply.id });
  await until(() => h.frames.find((f) => f.toast === 'You said yes'), 10_000, 'the toast');
  await until(() => h.frames.find((f) => f.message?.id === reply.id && f.message.edited && f.message.text === 'Answered yes'), 10_000, 'the edit');
}

/** Another process polling with the same token: the one waiting now is ended with 409. */
async function secondPoller(timeout = 1) {
  await until(() => h.session.pollHeld(), 10_000, 'the bot to poll');
  return h.api('getUpdates', { timeout });
}

describe('polling', () => {
  it('Telegraf 4', async () => {
    const bot = new Telegraf(h.session.token, { telegram: { apiRoot: h.baseUrl } });
    bot.start((ctx) => ctx.reply('Welcome from Telegraf', Markup.inlineKeyboard([Markup.button.callback('Yes', 'yes')])));
    bot.action('yes', async (ctx) => {
      await ctx.answerCbQuery('You said yes');
      await ctx.editMessageText('Answered yes');
    });
    const launched = bot.launch();
    launched.catch(() => undefined);
    stops.push(() => bot.stop());
    await startAndTap('Welcome from Telegraf');
    expect((await secondPoller()).status).toBe(200);
    await expect(launched).rejects.toMatchObject({ code: 409, description: expect.stringContaining('terminated by other getUpdates request') });
  });

  it('grammY', async () => {
    const bot = new Bot(h.session.token, { client: { apiRoot: h.baseUrl } });
    bot.command('start', (ctx) => ctx.reply('Welcome from grammY', { reply_markup: new InlineKeyboard().text('Yes', 'yes') }));
    bot.callbackQuery('yes', async (ctx) => {
      await ctx.answerCallbackQuery({ text: 'You said yes' });
      await ctx.editMessageText('Answered yes');
    });
    const started = bot.start();
    started.catch(() => undefined);
    stops.push(() => bot.stop());
    await startAndTap('Welcome from grammY');
    expect((await secondPoller()).status).toBe(200);
    await expect(started).rejects.toMatchObject({ error_code: 409 });
  });

  it('node-telegram-bot-api 0.67 (form bodies): it retakes polling after a 409, so the other poller gets the 409', async () => {
    const bot = new TelegramBot(h.session.token, { polling: { interval: 0, params: { timeout: 10 } }, baseApiUrl: h.baseUrl });
    const errors: unknown[] = [];
    bot.on('polling_error', (err: unknown) => errors.push(err));
    bot.onText(/^\/start/, (msg: any) => bot.sendMessage(msg.chat.id, 'Welcome from NTBA', { reply_markup: { inline_keyboard: [[{ text: 'Yes', callback_data: 'yes' }]] } }));
    bot.on('callback_query', async (query: any) => {
      await bot.answerCallbackQuery(query.id, { text: 'You said yes' });
      await bot.editMessageText('Answered yes', { chat_id: query.message.chat.id, message_id: query.message.message_id });
    });
    stops.push(() => bot.stopPolling({ cancel: true }));
    await startAndTap('Welcome from NTBA');
    const other = await secondPoller(5);
    expect(other.status).toBe(409);
    expect(other.body.description).toBe('Conflict: terminated by other getUpdates request; make sure that only one bot instance is running');
    h.session.post({ text: '/start again' });
    // The first welcome was edited into 'Answered yes': a welcome now is the answer to the second /start.
    await until(botSaid('Welcome from NTBA'), 10_000, 'NTBA still answering');
    expect(errors).toEqual([]);
  });
});

/** The engineer's side of webhook mode, here: POST to the bot's own server on loopback with the secret header. */
const deliverTo = (port: number): WebhookDelivery => async ({ url, secretToken, body }) => {
  const res = await fetch(`http://127.0.0.1:${port}${new URL(url).pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(secretToken ? { 'x-telegram-bot-api-secret-token': secretToken } : {}) },
    body,
  });
  return { status: res.status, body: await res.text() };
};

describe('webhooks', () => {
  it("Telegraf 4: launch sets the webhook; /start is answered, the chat action and the button's answer ride on the webhook response", async () => {
    const bot = new Telegraf(h.session.token, { telegram: { apiRoot: h.baseUrl } });
    bot.start(async (ctx) => {
      await ctx.sendChatAction('typing');
      await ctx.reply('Welcome via webhook', Markup.inlineKeyboard([Markup.button.callback('Yes', 'yes')]));
    });
    bot.action('yes', (ctx) => ctx.answerCbQuery('Tapped via webhook'));
    await bot.launch({ webhook: { domain: 'bot.example.com', hookPath: '/telegraf/hook', port: 0, host: '127.0.0.1', secretToken: 'telegraf_secret' } });
    stops.push(() => bot.stop());
    const server = (bot as unknown as { webhookServer: Server }).webhookServer;
    await until(() => server.listening && server.address(), 5_000, 'the webhook server');
    expect((await h.api('getWebhookInfo')).body.result.url).toBe('https://bot.example.com/telegraf/hook');
    h.session.setWebhookDelivery(deliverTo((server.address() as { port: number }).port));

    h.session.post({ text: '/start' });
    const reply = await until(() => h.session.messages('private').find((m) => m.from === 'bot' && m.text === 'Welcome via webhook'), 10_000, 'the reply');
    expect(h.frames.some((f) => f.typing)).toBe(true);
    h.session.post({ callbackData: 'yes', messageId: reply.id });
    await until(() => h.frames.find((f) => f.toast === 'Tapped via webhook'), 10_000, 'the toast');
    expect((await h.api('getWebhookInfo')).body.result).toMatchObject({ pending_update_count: 0 });
    expect((await h.api('getWebhookInfo')).body.result.last_error_message).toBeUndefined();
  });

  it('Telegraf refuses a delivery without its secret token (and the emulator records the error)', async () => {
    const bot = new Telegraf(h.session.token, { telegram: { apiRoot: h.baseUrl } });
    bot.start((ctx) => ctx.reply('should not happen'));
    await bot.launch({ webhook: { domain: 'bot.example.com', hookPath: '/hook', port: 0, host: '127.0.0.1', secretToken: 'right_secret' } });
    stops.push(() => bot.stop());
    const server = (bot as unknown as { webhookServer: Server }).webhookServer;
    await until(() => server.listening && server.address(), 5_000, 'the webhook server');
    const port = (server.address() as { port: number }).port;
    h.session.setWebhookDelivery((request) => deliverTo(port)({ ...request, secretToken: 'wrong_secret' }));
    h.session.post({ text: '/start' });
    const info = await until(async () => (await h.api('getWebhookInfo')).body.result.last_error_message && (await h.api('getWebhookInfo')).body.result, 5_000, 'the error');
    expect(info.last_error_message).toMatch(/^Wrong response from the webhook: 403/);
    expect(info.pending_update_count).toBe(1);
  });

  it('grammY: webhookCallback on its own HTTP server; /start is answered', async () => {
    const bot = new Bot(h.session.token, { client: { apiRoot: h.baseUrl } });
    bot.command('start', (ctx) => ctx.reply('Welcome via grammY webhook'));
    const server = createServer(webhookCallback(bot, 'http', { secretToken: 'grammy_secret' }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    stops.push(() => new Promise((r) => server.close(r)));
    await bot.api.setWebhook('https://bot.example.com/grammy', { secret_token: 'grammy_secret' });
    h.session.setWebhookDelivery(deliverTo((server.address() as { port: number }).port));
    h.session.post({ text: '/start' });
    await until(botSaid('Welcome via grammY webhook'), 10_000, 'the reply');
  });
});

describe('webhooks, node-telegram-bot-api', () => {
  it('node-telegram-bot-api 0.67: its own webhook server on the token path; /start is answered', async () => {
    const port = await freePort();
    const bot = new TelegramBot(h.session.token, { webHook: { port, host: '127.0.0.1' }, baseApiUrl: h.baseUrl });
    stops.push(() => bot.closeWebHook());
    bot.onText(/^\/start/, (msg: any) => bot.sendMessage(msg.chat.id, 'Welcome via NTBA webhook'));
    await bot.setWebHook(`https://bot.example.com/bot${h.session.token}`);
    expect((await h.api('getWebhookInfo')).body.result.url).toBe(`https://bot.example.com/bot${h.session.token}`);
    h.session.setWebhookDelivery(deliverTo(port));
    h.session.post({ text: '/start' });
    await until(botSaid('Welcome via NTBA webhook'), 10_000, 'the reply');
  });
});

/** A port nothing listens on now (node-telegram-bot-api takes 0 for its default, 8443). */

describe('Python', () => {
  it('a bot on the standard library (urllib long polling, form bodies) answers /start', async () => {
    const code = String.raw`
import json, os, urllib.parse, urllib.request
API = os.environ['TELEGRAM_API_BASE'] + '/bot' + os.environ['TELEGRAM_BOT_TOKEN'] + '/'
def call(method, **params):
    data = urllib.parse.urlencode({k: json.dumps(v) if isinstance(v, (dict, list)) else v for k, v in params.items()}).encode()
    with urllib.request.urlopen(API + method, data=data, timeout=60) as r:
        return json.load(r)['result']
with urllib.request.urlopen(API + 'getMe', timeout=10) as r:
    print('started as @' + json.load(r)['result']['username'], flush=True)
offset = 0
while True:
    for u in call('getUpdates', offset=offset, timeout=10):
        offset = u['update_id'] + 1
        m = u.get('message')
        if m and m.get('text', '').startswith('/start'):
            call('sendMessage', chat_id=m['chat']['id'], text='Hello from *Python*', parse_mode='Markdown', reply_markup={'inline_keyboard': [[{'text': 'Go', 'callback_data': 'go'}]]})
`;
    const child: ChildProcess = spawn('python3', ['-u', '-c', code], {
      env: { PATH: process.env.PATH, TELEGRAM_API_BASE: h.baseUrl, TELEGRAM_BOT_TOKEN: h.session.token },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise((r) => child.once('exit', r));
    stops.push(async () => {
      child.kill('SIGTERM');
      await exited;
    });
    await until(() => output.includes('started as @lib_bot'), 10_000, `the Python bot to start (output: ${output})`);
    h.session.post({ text: '/start' });
    const reply = await until(botSaid('Hello from Python'), 10_000, 'the reply');
    expect(reply.entities).toEqual([{ type: 'bold', offset: 11, length: 6 }]);
    expect(reply.replyMarkup).toEqual({ inline_keyboard: [[{ text: 'Go', callback_data: 'go' }]] });
  });
});
