// The code check of a real model's chat replies (reply-check.ts), against a real OpenAI-compatible
// server on loopback returning recorded replies: a reply that fails is retried once with its
// problems, then refused without a charge; nothing of a refused reply is saved.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { modelAnswer, startAppWithModel, type OpenAiServer } from '../../testing/openai-server';
import { newUser } from '../../testing/fixtures';
import { replyProblems } from './reply-check';

let llm: OpenAiServer;
let t: TestApp;
let world: Awaited<ReturnType<typeof startAppWithModel>>;
beforeAll(async () => {
  world = await startAppWithModel();
  ({ t, llm } = world);
});
afterAll(async () => world.close());
beforeEach(() => world.reset());

// A plain answer (plan null) whose reply holds a file, as a free-form model reply did: used as before.
const reply = (filename: string, language: string, code: string[], deps = 'python-telegram-bot') =>
  modelAnswer({
    reply: ['Here is your bot. Set TELEGRAM_BOT_TOKEN and run it.', '', '```' + language + ' filename: ' + filename, ...code, '```', '', `Dependencies: ${deps}`].join('\n'),
  });

const GOOD_PTB = [
  'import os',
  'import logging',
  'from telegram.ext import Application, MessageHandler, filters',
  '',
  'logging.basicConfig(level=logging.INFO)',
  '',
  'async def echo(update, context):',
  '    await update.message.reply_text(update.message.text)',
  '',
  "app = Application.builder().token(os.environ['TELEGRAM_BOT_TOKEN']).build()",
  'app.add_handler(MessageHandler(filters.TEXT, echo))',
  'app.run_polling()',
];

// What models trained on old tutorials write: python-telegram-bot v13.
const V13_PTB = [
  'import os',
  'import logging',
  'from telegram import Update',
  'from telegram.ext import Updater, CommandHandler, MessageHandler, Filters, CallbackContext',
  '',
  'logging.basicConfig(level=logging.INFO)',
  '',
  'def start(update: Update, context: CallbackContext) -> None:',
  "    update.message.reply_text('Hi!')",
  '',
  'def echo(update: Update, context: CallbackContext) -> None:',
  '    update.message.reply_text(update.message.text)',
  '',
  'def main() -> None:',
  "    updater = Updater(os.environ['TELEGRAM_BOT_TOKEN'], use_context=True)",
  '    dispatcher = updater.dispatcher',
  "    dispatcher.add_handler(CommandHandler('start', start))",
  '    dispatcher.add_handler(MessageHandler(Filters.text & ~Filters.command, echo))',
  '    updater.start_polling()',
  '    updater.idle()',
  '',
  "if __name__ == '__main__':",
  '    main()',
];

const credits = async (token: string) => (await t.request('GET', '/api/auth/me', { token })).body.credits as number;
const savedFiles = async (userId: string) =>
  t.app.deps.db.selectFrom('files').innerJoin('projects', 'projects.id', 'files.project_id').select(['files.filename', 'files.content']).where('projects.user_id', '=', userId).execute();
const chat = (token: string, message: string) => t.request('POST', '/api/ai/chat', { token, body: { message, projectId: 'default' } });

describe('a real model reply is checked before its files are saved', () => {
  it('a good reply saves its file and charges once, with one request to the model', async () => {
    const { token, id } = await newUser(t);
    llm.queue.push({ reply: reply('echo_bot.py', 'python', GOOD_PTB) });
    const res = await chat(token, 'Make an echo bot');
    expect(res.status).toBe(200);
    expect(res.body.createdFile.filename).toBe('echo_bot.py');
    expect(res.body.credits).toBe(95);
    expect(llm.requests).toHaveLength(1);
    expect((await savedFiles(id)).map((f) => f.filename)).toEqual(['echo_bot.py']);
  });

  it('a Python syntax error is sent back with its message; the fixed reply is saved and charged once', async () => {
    const { token, id } = await newUser(t);
    const broken = GOOD_PTB.map((l) => (l.startsWith('async def echo') ? 'async def echo(update, context)' : l));
    llm.queue.push({ reply: reply('echo_bot.py', 'python', broken) }, { reply: reply('echo_bot.py', 'python', GOOD_PTB) });
    const res = await chat(token, 'Make an echo bot');
    expect(res.status).toBe(200);
    expect(res.body.credits).toBe(95);
    expect(llm.requests).toHaveLength(2);
    const retry = llm.requests[1]!.messages;
    const last = retry.at(-1)!;
    expect(last.role).toBe('user');
    expect(last.content).toContain('echo_bot.py: syntax error at line 7');
    expect(last.content).toContain("expected ':'");
    // The model sees its own failed answer before the problems.
    expect(retry.at(-2)).toMatchObject({ role: 'assistant', content: expect.stringContaining('async def echo(update, context)\n') });
    const [file] = await savedFiles(id);
    expect(file!.content).toContain('async def echo(update, context):');
    const ledger = await t.app.deps.db.selectFrom('credit_transactions').selectAll().where('user_id', '=', id).where('type', '=', 'ai_message').execute();
    expect(ledger).toHaveLength(1);
  });

  it('a v13 python-telegram-bot reply, twice, is refused without a charge and nothing is saved', async () => {
    const { token, id } = await newUser(t);
    const v13 = reply('echo_bot.py', 'python', V13_PTB);
    llm.queue.push({ reply: v13 }, { reply: v13 });
    const res = await chat(token, 'Make an echo bot');
    expect(res.status).toBe(422);
    expect(res.body.error).toContain('nothing was charged');
    expect(res.body.error).toContain('use_context=True');
    expect(res.body.error).toMatch(/"Filters"/);
    expect(res.body.error).toContain('dispatcher');
    expect(res.body.error).toContain('async def');
    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[1]!.messages.at(-1)!.content).toContain('Updater(..., use_context=True) no longer exists');
    expect(await credits(token)).toBe(100);
    expect(await savedFiles(id)).toEqual([]);
    expect(await t.app.deps.db.selectFrom('chat_messages').selectAll().where('user_id', '=', id).execute()).toEqual([]);
  });

  it('a v13 reply fixed on the retry is saved', async () => {
    const { token, id } = await newUser(t);
    llm.queue.push({ reply: reply('echo_bot.py', 'python', V13_PTB) }, { reply: reply('echo_bot.py', 'python', GOOD_PTB) });
    const res = await chat(token, 'Make an echo bot');
    expect(res.status).toBe(200);
    expect(await credits(token)).toBe(95);
    expect((await savedFiles(id))[0]!.content).toContain('Application.builder()');
  });

  it('a JS reply importing a relative module it does not write is fine; one with broken syntax is caught', async () => {
    const { token, id } = await newUser(t);
    const js = [
      "const { Telegraf } = require('telegraf');",
      "const { reply } = require('./lib/replies');",
      'const bot = new Telegraf(process.env.TELEGRAM_BOT_TOKEN);',
      "bot.on('text', (ctx) => ctx.reply(reply(ctx.message.text)));",
      'bot.launch();',
    ];
    llm.queue.push({ reply: reply('bot.js', 'javascript', js, 'telegraf') });
    const ok = await chat(token, 'Make a Telegraf bot');
    expect(ok.status).toBe(200);
    expect(llm.requests).toHaveLength(1);

    const broken = js.map((l) => (l.startsWith('bot.on') ? "bot.on('text', (ctx) => { ctx.reply(reply(ctx.message.text));" : l));
    llm.queue.push({ reply: reply('bot.js', 'javascript', broken, 'telegraf') }, { reply: reply('bot.js', 'javascript', broken, 'telegraf') });
    const res = await chat(token, 'Change the reply');
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/bot\.js: line \d+, column \d+: syntax error/);
    expect(await credits(token)).toBe(95);
    expect((await savedFiles(id))[0]!.content).toBe(js.join('\n'));
  });
});

describe('replyProblems', () => {
  const check = (filename: string, code: string) => replyProblems(t.app.deps, [{ filename, language: '', code }]);

  it('accepts good code, stdlib and relative imports, and non-code files', async () => {
    expect(await check('bot.py', GOOD_PTB.join('\n'))).toEqual([]);
    expect(await check('util.py', 'import os, json\nfrom . import helpers\n')).toEqual([]);
    expect(await check('bot.ts', "import { readFile } from 'node:fs/promises';\nimport x from './x';\nconst n: number = 1;\n")).toEqual([]);
    expect(await check('README.md', 'def (:')).toEqual([]);
  });

  it('names imports no installer can install', async () => {
    const problems = await check('bot.js', "const d = require('Discord.JS');\nconst h = require('https://example.com/x.js');\n");
    expect(problems).toEqual([
      'bot.js: imports "Discord.JS", which is not a package npm can install',
      'bot.js: imports "https://example.com/x.js", which is not a package npm can install',
    ]);
  });

  it('finds TypeScript syntax errors and discord.py without intents', async () => {
    expect((await check('bot.ts', 'const x: number = ;\n'))[0]).toMatch(/^bot\.ts: line 1, column \d+: syntax error/);
    const old = "import discord\nclient = discord.Client()\n@client.event\nasync def on_ready():\n    print('ready')\nclient.run('x')\n";
    expect(await check('bot.py', old)).toEqual([expect.stringContaining('bot.py: line 2: discord.py < 2 API')]);
    expect(await check('bot.py', old.replace('discord.Client()', 'discord.Client(intents=discord.Intents.default())'))).toEqual([]);
  });
});
