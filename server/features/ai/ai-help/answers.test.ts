// The builtin AI Help on real-looking failure logs of python-telegram-bot, discord.py, telegraf and
// discord.js bots: each answer names the fix in the Runner page's words; the answers are plain text.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { builtinAiHelp, lastLogLines } from './index';
import type { AiHelpRequest } from '../provider';

const PTB_BOT = [
  'import os',
  'import logging',
  'from telegram import Update',
  'from telegram.ext import Application, CommandHandler, ContextTypes',
  '',
  'logging.basicConfig(level=logging.INFO)',
  '',
  'TOKEN = os.environ["TELEGRAM_BOT_TOKEN"]',
  '',
  '',
  'async def start(update: Update, context: ContextTypes.DEFAULT_TYPE):',
  '    await update.message.reply_text("Hi!")',
  '',
  '',
  'app = Application.builder().token(TOKEN).build()',
  'app.add_handler(CommandHandler("start", start))',
  'app.run_polling()',
].join('\n');

const DISCORD_PY_BOT = [
  'import os',
  'import discord',
  '',
  'intents = discord.Intents.default()',
  'intents.message_content = True',
  'client = discord.Client(intents=intents)',
  '',
  '@client.event',
  'async def on_message(message):',
  '    if message.content == "!ping":',
  '        await message.channel.send("pong")',
  '',
  'client.run(os.getenv("DISCORD_TOKEN"))',
].join('\n');

const TELEGRAF_BOT = [
  "require('dotenv').config();",
  "const { Telegraf } = require('telegraf');",
  '',
  'const bot = new Telegraf(process.env.BOT_TOKEN);',
  "bot.start((ctx) => ctx.reply('Welcome'));",
  "bot.on('text', (ctx) => ctx.reply(ctx.message.text));",
  'bot.launch(',
  "process.once('SIGINT', () => bot.stop('SIGINT'));",
].join('\n');

const DISCORD_JS_BOT = [
  "import { Client, GatewayIntentBits } from 'discord.js';",
  '',
  'const client = new Client({ intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent] });',
  "client.on('messageCreate', (m) => { if (m.content === '!ping') m.reply('pong'); });",
  'client.login(process.env.DISCORD_TOKEN);',
].join('\n');

const py = (fileContent = PTB_BOT, filename = 'telegram_bot.py') => ({ filename, fileContent });
const ask = (logs: string, extra: Partial<AiHelpRequest> = {}) =>
  builtinAiHelp({ message: 'Why does my bot crash?', logs: logs.split('\n'), ...extra });

type Case = { name: string; logs: string; file?: Partial<AiHelpRequest>; says: Array<string | RegExp>; not?: Array<string | RegExp> };

const CASES: Case[] = [
  {
    name: 'python-telegram-bot not installed',
    file: py(),
    logs: `Traceback (most recent call last):
  File "/run/telegram_bot.py", line 3, in <module>
    from telegram import Update
ModuleNotFoundError: No module named 'telegram'`,
    says: ['python-telegram-bot', 'Check Dependencies', 'Install Dependencies', 'Start'],
  },
  {
    name: 'discord.py not installed',
    file: py(DISCORD_PY_BOT, 'discord_bot.py'),
    logs: `Traceback (most recent call last):
  File "/run/discord_bot.py", line 2, in <module>
    import discord
ModuleNotFoundError: No module named 'discord'`,
    says: ['discord.py', 'Install Dependencies'],
  },
  {
    name: 'python-dotenv not installed',
    logs: `  File "/run/bot.py", line 1, in <module>
    from dotenv import load_dotenv
ModuleNotFoundError: No module named 'dotenv'`,
    says: ['python-dotenv'],
  },
  {
    name: 'pillow not installed',
    logs: `  File "/run/bot.py", line 4, in <module>
    from PIL import Image
ModuleNotFoundError: No module named 'PIL'`,
    says: ['pillow'],
  },
  {
    name: 'a package the file does not import itself',
    file: py(),
    logs: `  File "/usr/lib/python3.11/site-packages/telegram/_bot.py", line 28, in <module>
    import httpx
ModuleNotFoundError: No module named 'httpx'`,
    says: ['httpx', 'import httpx', 'Check Dependencies'],
  },
  {
    name: 'telegraf not installed (require)',
    file: { filename: 'bot.js', fileContent: TELEGRAF_BOT },
    logs: `node:internal/modules/cjs/loader:1143
  throw err;
  ^
Error: Cannot find module 'telegraf'
Require stack:
- /run/bot.js`,
    says: ['npm package telegraf', 'Check Dependencies', 'Install Dependencies'],
  },
  {
    name: 'discord.js not installed (ESM)',
    file: { filename: 'bot.mjs', fileContent: DISCORD_JS_BOT },
    logs: `node:internal/errors:496
    ErrorCaptureStackTrace(err);
    ^
Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'discord.js' imported from /run/bot.mjs
    at new NodeError (node:internal/errors:405:5)`,
    says: ['discord.js', 'Install Dependencies'],
  },
  {
    name: 'a long Node stack that pushed the module name out of the last 10 lines',
    file: { filename: 'bot.js', fileContent: TELEGRAF_BOT },
    logs: `    at Module._resolveFilename (node:internal/modules/cjs/loader:1140:15)
    at Module._load (node:internal/modules/cjs/loader:981:27)
    at Module.require (node:internal/modules/cjs/loader:1231:19)
    at require (node:internal/modules/cjs/helpers:177:18)
    at Object.<anonymous> (/run/bot.js:2:22)
    at Module._compile (node:internal/modules/cjs/loader:1364:14)
{
  code: 'MODULE_NOT_FOUND',
  requireStack: [ '/run/bot.js' ]
}
Node.js v20.11.0`,
    says: ['not installed', 'telegraf', 'dotenv', 'Install Dependencies'],
  },
  {
    name: 'a file of the project that is missing',
    file: { filename: 'bot.js', fileContent: "const cfg = require('./config');" },
    logs: "Error: Cannot find module './config'\nRequire stack:\n- /run/bot.js",
    says: ['./config', 'Builder'],
    not: ['Install Dependencies'],
  },
  {
    name: 'KeyError from os.environ',
    file: py(),
    logs: `Traceback (most recent call last):
  File "/run/telegram_bot.py", line 8, in <module>
    TOKEN = os.environ["TELEGRAM_BOT_TOKEN"]
            ~~~~~~~~~~^^^^^^^^^^^^^^^^^^^^^^
  File "<frozen os>", line 679, in __getitem__
KeyError: 'TELEGRAM_BOT_TOKEN'`,
    says: ['TELEGRAM_BOT_TOKEN', 'Environment Variables', '@BotFather', 'Save', 'Start'],
  },
  {
    name: "python-telegram-bot's InvalidToken for an empty token",
    file: py(PTB_BOT.replace('os.environ["TELEGRAM_BOT_TOKEN"]', 'os.getenv("TELEGRAM_BOT_TOKEN")')),
    logs: `  File "/usr/lib/python3.11/site-packages/telegram/_bot.py", line 256, in __init__
    raise InvalidToken("You must pass the token you received from https://t.me/Botfather!")
telegram.error.InvalidToken: You must pass the token you received from https://t.me/Botfather!`,
    says: ['TELEGRAM_BOT_TOKEN', 'has no value', 'Environment Variables'],
  },
  {
    name: "discord.py's None token",
    file: py(DISCORD_PY_BOT, 'discord_bot.py'),
    logs: `  File "/usr/lib/python3.11/site-packages/discord/client.py", line 621, in login
    raise TypeError(f'expected token to be a str, received {token.__class__.__name__} instead')
TypeError: expected token to be a str, received NoneType instead`,
    says: ['DISCORD_TOKEN', 'Environment Variables', 'Developer Portal'],
  },
  {
    name: 'a Node "is not set" message',
    file: { filename: 'bot.js', fileContent: TELEGRAF_BOT },
    logs: `/run/bot.js:4
  if (!process.env.BOT_TOKEN) throw new Error('BOT_TOKEN is not set');
                                    ^
Error: BOT_TOKEN is not set
    at Object.<anonymous> (/run/bot.js:4:37)`,
    says: ['BOT_TOKEN', 'Environment Variables'],
  },
  {
    name: 'a token Telegram rejected (python-telegram-bot)',
    file: { ...py(), envVarNames: ['TELEGRAM_BOT_TOKEN'] },
    logs: `  File "/usr/lib/python3.11/site-packages/telegram/ext/_updater.py", line 347, in _bootstrap
    await self.bot.initialize()
telegram.error.InvalidToken: The token \`********\` was rejected by the server.`,
    says: ['Telegram refused', '@BotFather', 'TELEGRAM_BOT_TOKEN', 'Environment Variables'],
  },
  {
    name: '401 Unauthorized from telegraf',
    file: { filename: 'bot.js', fileContent: TELEGRAF_BOT, envVarNames: ['BOT_TOKEN'] },
    logs: `TelegramError: 401: Unauthorized
    at Telegram.callApi (/run/node_modules/telegraf/lib/core/network/client.js:315:19)
    at async Telegraf.launch (/run/node_modules/telegraf/lib/telegraf.js:194:29) {
  response: { ok: false, error_code: 401, description: 'Unauthorized' },`,
    says: ['Telegram refused', '401', 'BOT_TOKEN', '@BotFather'],
  },
  {
    name: "discord.py's LoginFailure",
    file: { ...py(DISCORD_PY_BOT, 'discord_bot.py'), envVarNames: ['DISCORD_TOKEN'] },
    logs: `discord.errors.HTTPException: 401 Unauthorized (error code: 0): 401: Unauthorized
The above exception was the direct cause of the following exception:
Traceback (most recent call last):
  File "/run/discord_bot.py", line 13, in <module>
    client.run(os.getenv("DISCORD_TOKEN"))
discord.errors.LoginFailure: Improper token has been passed.`,
    says: ['Discord refused', 'Reset Token', 'DISCORD_TOKEN'],
  },
  {
    name: "discord.js's TokenInvalid with nothing saved",
    file: { filename: 'bot.mjs', fileContent: DISCORD_JS_BOT, envVarNames: [] },
    logs: `/run/node_modules/discord.js/src/client/Client.js:214
    if (!token || typeof token !== 'string') throw new DiscordjsError(ErrorCodes.TokenInvalid);
                                                   ^
Error [TokenInvalid]: An invalid token was provided.
    at Client.login (/run/node_modules/discord.js/src/client/Client.js:214:52)
    at file:///run/bot.mjs:5:8`,
    says: ['Discord refused', 'DISCORD_TOKEN has no saved value', 'Environment Variables'],
  },
  {
    name: 'privileged intents not switched on',
    file: py(DISCORD_PY_BOT, 'discord_bot.py'),
    logs: `discord.errors.PrivilegedIntentsRequired: Shard ID None is requesting privileged intents that have not been explicitly enabled in the developer portal. It is recommended to go to https://discord.com/developers/applications/ and explicitly enable the privileged intents within your application's page. If this is not possible, then consider disabling the privileged intents instead.`,
    says: ['Message Content Intent', 'Developer Portal'],
  },
  {
    name: '409 Conflict (python-telegram-bot)',
    file: py(),
    logs: `telegram.error.Conflict: Conflict: terminated by other getUpdates request; make sure that only one bot instance is running`,
    says: ['another running copy', 'Stop', 'only one'],
  },
  {
    name: '409 Conflict (telegraf)',
    file: { filename: 'bot.js', fileContent: TELEGRAF_BOT },
    logs: `TelegramError: 409: Conflict: terminated by other getUpdates request; make sure that only one bot instance is running
    at Telegram.callApi (/run/node_modules/telegraf/lib/core/network/client.js:315:19)`,
    says: ['another running copy', '409'],
  },
  {
    name: 'a webhook blocks polling',
    logs: `telegram.error.Conflict: Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first`,
    says: ['webhook', 'deleteWebhook'],
  },
  {
    name: 'a Python syntax error',
    file: py(PTB_BOT.replace('async def start(update: Update, context: ContextTypes.DEFAULT_TYPE):', 'async def start(update: Update, context: ContextTypes.DEFAULT_TYPE)')),
    logs: `  File "/run/telegram_bot.py", line 11
    async def start(update: Update, context: ContextTypes.DEFAULT_TYPE)
                                                                       ^
SyntaxError: expected ':'`,
    says: ['syntax error on line 11', 'colon', 'Builder', 'async def start'],
  },
  {
    name: 'an IndentationError',
    file: py(PTB_BOT.replace('    await update.message.reply_text("Hi!")', 'await update.message.reply_text("Hi!")')),
    logs: `  File "/run/telegram_bot.py", line 12
    await update.message.reply_text("Hi!")
    ^^^^^
IndentationError: expected an indented block after function definition on line 11`,
    says: ['indentation error on line 12', '4 spaces'],
  },
  {
    name: 'a Node syntax error',
    file: { filename: 'bot.js', fileContent: TELEGRAF_BOT },
    logs: `/run/bot.js:7
bot.launch(
          ^
SyntaxError: missing ) after argument list
    at internalCompileFunction (node:internal/vm:76:18)`,
    says: ['syntax error on line 7', 'bot.launch(', 'a ) is missing'],
  },
  {
    name: 'bad JSON is not a syntax error in the code',
    file: { filename: 'bot.js', fileContent: TELEGRAF_BOT },
    logs: `SyntaxError: Unexpected token '<', "<!DOCTYPE "... is not valid JSON
    at JSON.parse (<anonymous>)
    at /run/bot.js:12:20`,
    says: ['not JSON', 'line 12'],
    not: ['did not start'],
  },
  {
    name: 'name resolution fails (httpx)',
    file: py(),
    logs: `telegram.error.NetworkError: httpx.ConnectError: [Errno -3] Temporary failure in name resolution`,
    says: ['name lookup failed', 'Start'],
  },
  {
    name: 'ENOTFOUND (node)',
    file: { filename: 'bot.js', fileContent: TELEGRAF_BOT },
    logs: `FetchError: request to https://api.telegram.org/bot********/getMe failed, reason: getaddrinfo ENOTFOUND api.telegram.org
    at ClientRequest.<anonymous> (/run/node_modules/node-fetch/lib/index.js:1505:11)`,
    says: ['api.telegram.org', 'name lookup failed'],
  },
  {
    name: 'a database on localhost',
    logs: `Error: connect ECONNREFUSED 127.0.0.1:5432
    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)`,
    says: ['127.0.0.1:5432', 'nothing listens there', 'Environment Variables'],
  },
  {
    name: 'a timeout',
    file: py(),
    logs: `telegram.error.TimedOut: Timed out`,
    says: ['no answer in time', 'wait a minute'],
  },
  {
    name: 'python-telegram-bot 13 code on version 20',
    file: py('from telegram.ext import Updater, CommandHandler, Filters\n'),
    logs: `Traceback (most recent call last):
  File "/run/telegram_bot.py", line 1, in <module>
    from telegram.ext import Updater, CommandHandler, Filters
ImportError: cannot import name 'Filters' from 'telegram.ext' (/usr/lib/python3.11/site-packages/telegram/ext/__init__.py)`,
    says: ['version 13', 'version 20', 'Modify'],
  },
  {
    name: 'any other error: the error line and where it points',
    file: py(PTB_BOT + '\n\nasync def echo(update, context):\n    await update.message.reply_text(update.message.text.upper())\n'),
    logs: `Traceback (most recent call last):
  File "/usr/lib/python3.11/site-packages/telegram/ext/_application.py", line 1124, in process_update
    await coroutine
  File "/run/telegram_bot.py", line 20, in echo
    await update.message.reply_text(update.message.text.upper())
AttributeError: 'NoneType' object has no attribute 'upper'`,
    says: ["AttributeError: 'NoneType' object has no attribute 'upper'", 'line 20', 'update.message.text.upper()', 'Modify'],
  },
  {
    name: 'a running bot without errors that does not answer',
    file: { ...py(), message: "it doesn't answer my messages" },
    logs: `2024-05-01 12:00:00,000 - httpx - INFO - HTTP Request: POST https://api.telegram.org/bot********/getMe "HTTP/1.1 200 OK"
2024-05-01 12:00:00,100 - telegram.ext.Application - INFO - Application started`,
    says: ['no errors', '@username'],
  },
];

describe('builtin AI Help recognises the failure and names the fix', () => {
  it.each(CASES)('$name', ({ logs, file, says, not = [] }) => {
    const { reply, billable } = ask(logs, file);
    for (const s of says) expect(reply).toMatch(typeof s === 'string' ? new RegExp(s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : s);
    for (const s of not) expect(reply).not.toMatch(typeof s === 'string' ? new RegExp(s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : s);
    expect(billable).toBe(true);
  });
});

describe('builtin AI Help follow-up questions', () => {
  it('with no logs asks to run the bot first, and that answer is free', () => {
    const { reply, billable } = builtinAiHelp({ message: 'why does it crash?', logs: [] });
    expect(reply).toMatch(/no logs/i);
    expect(reply).toContain('Start');
    expect(billable).toBe(false);
  });

  it('with no logs still answers a question about tokens, naming the variables the file reads', () => {
    const { reply, billable } = builtinAiHelp({ message: 'Where do I put my token?', logs: [], ...py(), envVarNames: [] });
    expect(reply).toContain('Environment Variables');
    expect(reply).toContain('TELEGRAM_BOT_TOKEN');
    expect(reply).toContain('@BotFather');
    expect(billable).toBe(false);
  });

  it('with a clean log answers a question about installing', () => {
    const { reply } = builtinAiHelp({ message: 'how do I install the packages?', logs: ['Bot started'], ...py() });
    expect(reply).toContain('Check Dependencies');
    expect(reply).toContain('Install Dependencies');
  });

  it('"why does it crash?" with a clean log explains how a run ends without an error', () => {
    const { reply } = builtinAiHelp({ message: 'why does it crash?', logs: ['Bot started', 'Polling for updates'], ...py() });
    expect(reply).toContain('no error');
    expect(reply).toContain('"Polling for updates"');
    expect(reply).toContain('app.run_polling()');
  });

  it('a Discord bot that does not answer gets Discord checks', () => {
    const { reply } = builtinAiHelp({ message: "it doesn't respond to my messages", logs: ['Logged in as PingBot#1234'], ...py(DISCORD_PY_BOT, 'discord_bot.py') });
    expect(reply).toContain('Message Content Intent');
  });
});

describe('lastLogLines', () => {
  it('keeps the last 10 lines, splitting batched entries and dropping colour codes and blank lines', () => {
    const logs = ['a\nb', '', '\u001b[31mc\u001b[0m', ...Array.from({ length: 9 }, (_, i) => `line ${i}`)];
    expect(lastLogLines(logs)).toEqual(['c', ...Array.from({ length: 9 }, (_, i) => `line ${i}`)]);
    expect(lastLogLines(['x\r\ny'])).toEqual(['x', 'y']);
  });
});

describe('builtin AI Help on any input', () => {
  it('always answers in plain text without markdown and never throws', () => {
    // Masked secrets (********) are the only asterisks an answer may carry.
    const line = fc.oneof(
      fc.string({ maxLength: 200 }).filter((s) => !/[`*#]/.test(s)),
      fc.constantFrom(...CASES.flatMap((c) => c.logs.split('\n'))),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 100 }), fc.array(line, { maxLength: 20 }), fc.option(fc.string({ maxLength: 500 }).filter((s) => !/[`*#]/.test(s)), { nil: undefined }), (message, logs, fileContent) => {
        const { reply } = builtinAiHelp({ message, logs, fileContent, filename: 'bot.py' });
        expect(reply.trim().length).toBeGreaterThan(0);
        expect(reply).not.toMatch(/```|(?<!\*)\*\*(?!\*)|^#{1,6} /m);
      }),
      { numRuns: 300 },
    );
  });
});
