// The builtin AI Help reads the bot's own exception (not the Runner's exit line), answers follow-up
// questions with their own answer, and tells apart an unreachable package index from a code problem.
// Logs are sent the way the Runner page sends them: '[10:00:01] ERROR <line>'.
import { describe, expect, it } from 'vitest';
import { builtinAiHelp } from './index';
import type { AiHelpRequest } from '../provider';

const PY_FILE = [
  'import os',
  'from telegram import Update',
  'from telegram.ext import Application, CommandHandler',
  '',
  'TOKEN = os.environ["TELEGRAM_BOT_TOKEN"]',
  'ADMIN_ID = int(os.environ.get("ADMIN_ID", "abc"))',
  '',
  'app = Application.builder().token(TOKEN).build()',
  'app.run_polling()',
].join('\n');

const TELEGRAF_FILE = [
  "const { Telegraf } = require('telegraf');",
  '',
  'const bot = new Telegraf(process.env.BOT_TOKEN);',
  "bot.start((ctx) => ctx.reply('Welcome'));",
  '',
  "bot.on('message', async (ctx) => {",
  '  await ctx.reply(ctx.message.caption);',
  '});',
  'bot.on(\'text\', (ctx) => ctx.reply(ctx.message.text.toUpperCase()));',
  'bot.launch();',
].join('\n');

/** As the Runner page sends lines: clock, level, text; the Runner's own lines are INFO or ERROR. */
const consoleLines = (text: string) =>
  text.split('\n').map((l) => `[12:00:02] ${/^(?:Starting execution|Running )/.test(l) ? 'INFO' : 'ERROR'} ${l}`);

const help = (logs: string, extra: Partial<AiHelpRequest> = {}, message = 'Please analyze the errors in these logs, explain what went wrong and how to fix it.') =>
  builtinAiHelp({ message, logs: consoleLines(logs), ...extra });

const toRegExp = (s: string | RegExp) => (typeof s === 'string' ? new RegExp(s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : s);

// The reported case: a traceback above the Runner's "exited with exit code 1".
const INT_CRASH = `Starting execution
Running bot.py
Traceback (most recent call last):
  File "/run/bot.py", line 6, in <module>
    ADMIN_ID = int(os.environ.get("ADMIN_ID", "abc"))
               ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
ValueError: invalid literal for int() with base 10: 'abc'
The bot exited with exit code 1`;
const PY = { filename: 'bot.py', fileContent: PY_FILE };

type Case = { name: string; logs: string; file?: Partial<AiHelpRequest>; says: Array<string | RegExp>; not?: Array<string | RegExp> };

const OWN_ERRORS: Case[] = [
  {
    name: 'the reported ValueError above "The bot exited with exit code 1"',
    file: PY,
    logs: INT_CRASH,
    says: ["ValueError: invalid literal for int() with base 10: 'abc'", 'line 6 of bot.py', 'ADMIN_ID = int(', 'is not one', 'isdigit', 'Modify', /exit code 1.*only says/],
    not: [/^The newest error in the logs is "The bot exited/],
  },
  {
    name: 'python-telegram-bot handler: the user frame below the library frames',
    file: { filename: 'telegram_bot.py' },
    logs: `2024-05-01 12:00:05,123 - telegram.ext.Application - ERROR - No error handlers are registered, logging exception.
Traceback (most recent call last):
  File "/usr/local/lib/python3.11/site-packages/telegram/ext/_application.py", line 1264, in process_update
    await coroutine
  File "/usr/local/lib/python3.11/site-packages/telegram/ext/_handlers/basehandler.py", line 157, in handle_update
    return await self.callback(update, context)
  File "/run/telegram_bot.py", line 14, in set_age
    age = int(context.args[0])
ValueError: invalid literal for int() with base 10: 'abc'`,
    says: ['line 14 of telegram_bot.py (in set_age)', "'abc'", 'try/except ValueError'],
    not: ['line 1264', 'line 157', 'exit code'],
  },
  {
    name: 'discord.py: library frames after the user frame are skipped',
    file: { filename: 'discord_bot.py' },
    logs: `Ignoring exception in on_message
Traceback (most recent call last):
  File "/usr/local/lib/python3.11/site-packages/discord/client.py", line 441, in _run_event
    await coro(*args, **kwargs)
  File "/run/discord_bot.py", line 11, in on_message
    await message.channel.send(reply)
  File "/usr/local/lib/python3.11/site-packages/discord/abc.py", line 1618, in send
    data = await state.http.send_message(channel.id, params=params)
  File "/usr/local/lib/python3.11/site-packages/discord/http.py", line 745, in request
    raise HTTPException(response, data)
discord.errors.HTTPException: 400 Bad Request (error code: 50006): Cannot send an empty message`,
    says: ['line 11 of discord_bot.py', 'discord.errors.HTTPException', 'empty message'],
    not: ['line 745', 'line 1618'],
  },
  {
    name: 'the LAST traceback counts, not an older network error above it',
    file: PY,
    logs: `  File "/run/bot.py", line 30, in fetch
    r = httpx.get(URL)
httpx.ConnectError: [Errno -3] Temporary failure in name resolution
Traceback (most recent call last):
  File "/run/bot.py", line 6, in <module>
    ADMIN_ID = int(os.environ.get("ADMIN_ID", "abc"))
ValueError: invalid literal for int() with base 10: 'abc'
The bot exited with exit code 1`,
    says: ['ValueError', 'line 6'],
    not: ['name lookup', 'line 30'],
  },
  {
    name: 'telegraf: the uncaught TypeError with its bot.js:LINE header',
    file: { filename: 'bot.js', fileContent: TELEGRAF_FILE },
    logs: `/run/bot.js:9
bot.on('text', (ctx) => ctx.reply(ctx.message.text.toUpperCase()));
                                                    ^
TypeError: Cannot read properties of undefined (reading 'toUpperCase')
    at /run/bot.js:9:53
    at /run/node_modules/telegraf/lib/composer.js:167:111
    at Telegraf.handleUpdate (/run/node_modules/telegraf/lib/telegraf.js:204:13)
Node.js v20.11.0
The bot exited with exit code 1`,
    says: ["TypeError: Cannot read properties of undefined (reading 'toUpperCase')", 'line 9 of bot.js', 'ctx.message.text.toUpperCase()', 'ctx.message?.text', /exit code 1.*only says/],
    not: ['line 167', 'line 204'],
  },
  {
    name: "telegraf: a library header, and the first stack frame in the bot's file",
    file: { filename: 'bot.js', fileContent: TELEGRAF_FILE },
    logs: `/run/node_modules/telegraf/lib/core/network/client.js:302
      throw new TelegramError(data, { method, payload });
            ^
TelegramError: 400: Bad Request: message text is empty
    at Telegram.callApi (/run/node_modules/telegraf/lib/core/network/client.js:302:19)
    at async /run/bot.js:7:3
Node.js v20.11.0
The bot exited with exit code 1`,
    says: ['line 7 of bot.js', 'ctx.reply(ctx.message.caption)', 'empty message text'],
    not: ['line 302'],
  },
];

describe("builtin AI Help explains the bot's own exception", () => {
  it.each(OWN_ERRORS)('$name', ({ logs, file, says, not = [] }) => {
    const { reply, billable } = help(logs, file);
    for (const s of says) expect(reply).toMatch(toRegExp(s));
    for (const s of not) expect(reply).not.toMatch(toRegExp(s));
    expect(billable).toBe(true);
  });

  it('the same log without the console prefixes gives the same answer', () => {
    const message = 'what went wrong?';
    expect(builtinAiHelp({ message, logs: INT_CRASH.split('\n'), ...PY }).reply).toBe(help(INT_CRASH, PY, message).reply);
  });
});

const FOLLOW_UPS: Array<{ ask: string; says: Array<string | RegExp>; not?: Array<string | RegExp> }> = [
  { ask: 'why does int() fail here?', says: [/^It fails because int\(\)/, "'abc'", 'line 6 of bot.py'], not: ['What to do', 'isdigit'] },
  { ask: 'what should I change?', says: [/^To fix the ValueError/, 'isdigit', 'go to line 6', 'Modify'], not: ['It means'] },
  { ask: 'how do I fix it?', says: ['isdigit', 'try/except ValueError'] },
  { ask: 'what does ValueError mean?', says: [/^ValueError on line 6 .* means int\(\)/] },
  { ask: 'what does exit code 1 mean?', says: ['not the error itself', 'ValueError'] },
  { ask: 'where is the error?', says: [/^The error happens on line 6 of bot\.py/] },
  { ask: 'is it my token?', says: ['cannot see anything about "token"', 'Unauthorized', 'Environment Variables', 'ValueError'] },
  { ask: 'is my database down?', says: ['cannot see anything about "database"', 'ValueError'] },
];

describe('builtin AI Help answers the follow-up question that is asked', () => {
  const first = help(INT_CRASH, PY).reply;

  it.each(FOLLOW_UPS)('"$ask"', ({ ask, says, not = [] }) => {
    const { reply } = help(INT_CRASH, PY, ask);
    for (const s of says) expect(reply).toMatch(toRegExp(s));
    for (const s of not) expect(reply).not.toMatch(toRegExp(s));
    expect(reply).not.toBe(first);
  });

  it('every kind of question gets an answer of its own', () => {
    // "what should I change?" and "how do I fix it?" ask the same thing.
    const replies = FOLLOW_UPS.filter(({ ask }) => ask !== 'how do I fix it?').map(({ ask }) => help(INT_CRASH, PY, ask).reply);
    expect(new Set([first, ...replies]).size).toBe(replies.length + 1);
  });

  it('a recognised failure: "why" gives the cause, "how do I fix it" the steps', () => {
    const logs = `Traceback (most recent call last):
  File "/run/bot.py", line 2, in <module>
    from telegram import Update
ModuleNotFoundError: No module named 'telegram'
The bot exited with exit code 1`;
    const why = help(logs, PY, 'why is telegram missing?').reply;
    const fix = help(logs, PY, 'how do I fix it?').reply;
    expect(why).toMatch(/python-telegram-bot .* is not installed/);
    expect(why).not.toContain('Install Dependencies');
    expect(fix).toContain('Install Dependencies');
    expect(fix).not.toBe(why);
  });
});

const PIP_RETRY = (reason: string) =>
  `  WARNING: Retrying (Retry(total=0, connect=None, read=None, redirect=None, status=None)) after connection broken by '${reason}': /simple/python-telegram-bot/`;

const INSTALLS: Case[] = [
  {
    name: 'pip: no name resolution',
    logs: `Collecting python-telegram-bot
${PIP_RETRY("NewConnectionError('<pip._vendor.urllib3.connection.HTTPSConnection object at 0x7f3b2c1d5e50>: Failed to establish a new connection: [Errno -3] Temporary failure in name resolution')")}
ERROR: Could not find a version that satisfies the requirement python-telegram-bot (from versions: none)
ERROR: No matching distribution found for python-telegram-bot`,
    says: ['cannot reach the Python package index: "Temporary failure in name resolution"', 'RUNNER_PIP_INDEX_URL', 'RUNNER_PIP_FIND_LINKS', 'not a problem in your bot', 'python-telegram-bot'],
  },
  {
    name: 'pip: network unreachable',
    logs: `${PIP_RETRY("NewConnectionError('<pip._vendor.urllib3.connection.HTTPSConnection object at 0x7f0>: Failed to establish a new connection: [Errno 101] Network is unreachable')")}
ERROR: No matching distribution found for discord.py`,
    says: ['Installing discord.py failed', 'RUNNER_PIP_INDEX_URL'],
  },
  {
    name: 'pip: a proxy that refuses',
    logs: `${PIP_RETRY("ProxyError('Cannot connect to proxy.', NewConnectionError('<pip._vendor.urllib3.connection.HTTPSConnection object at 0x7f1>: Failed to establish a new connection: [Errno 111] Connection refused'))")}
ERROR: Could not find a version that satisfies the requirement requests (from versions: none)`,
    says: ['"ProxyError"', 'RUNNER_PIP_INDEX_URL'],
  },
  {
    name: 'npm: ENOTFOUND for the registry',
    logs: `npm error code ENOTFOUND
npm error syscall getaddrinfo
npm error errno ENOTFOUND
npm error network request to https://registry.npmjs.org/telegraf failed, reason: getaddrinfo ENOTFOUND registry.npmjs.org
npm error network This is a problem related to network connectivity.`,
    says: ['cannot reach the npm registry (registry.npmjs.org)', 'ENOTFOUND', 'RUNNER_NPM_REGISTRY', 'not a problem in your bot'],
    not: ['RUNNER_PIP'],
  },
  {
    name: 'npm: ECONNREFUSED for a local registry (npm 9 "npm ERR!")',
    logs: `npm ERR! code ECONNREFUSED
npm ERR! syscall connect
npm ERR! errno ECONNREFUSED
npm ERR! FetchError: request to http://127.0.0.1:4873/telegraf failed, reason: connect ECONNREFUSED 127.0.0.1:4873`,
    says: ['127.0.0.1:4873', 'ECONNREFUSED', 'RUNNER_NPM_REGISTRY'],
    not: ['nothing listens there'],
  },
  {
    name: 'npm: ETIMEDOUT and EAI_AGAIN',
    logs: `npm error code EAI_AGAIN
npm error syscall getaddrinfo
npm error network request to https://registry.npmjs.org/discord.js failed, reason: getaddrinfo EAI_AGAIN registry.npmjs.org`,
    says: ['EAI_AGAIN', 'RUNNER_NPM_REGISTRY'],
  },
  {
    name: 'pip: a package the index does not have (a misspelt name, or a mirror without it) names it and where pip looks',
    logs: `Collecting telegram-bot-pythn
ERROR: Could not find a version that satisfies the requirement telegram-bot-pythn (from versions: none)
ERROR: No matching distribution found for telegram-bot-pythn`,
    says: ['telegram-bot-pythn', 'RUNNER_PIP_INDEX_URL', 'RUNNER_PIP_FIND_LINKS', 'not a problem in your bot'],
    not: ['cannot reach', 'Fix the code there'],
  },
  {
    name: 'pip: no matching distribution for aiogram, with no network error, is not read as the code\'s',
    logs: `Looking in links: /srv/wheels
ERROR: Could not find a version that satisfies the requirement aiogram (from versions: none)
ERROR: No matching distribution found for aiogram`,
    says: ['Installing aiogram failed', 'RUNNER_PIP_INDEX_URL'],
    not: ['Fix the code there', 'Modify'],
  },
];

describe('builtin AI Help on installs that cannot reach the package index', () => {
  it.each(INSTALLS)('$name', ({ logs, file, says, not = [] }) => {
    const { reply } = help(logs, file);
    for (const s of says) expect(reply).toMatch(toRegExp(s));
    for (const s of not) expect(reply).not.toMatch(toRegExp(s));
  });

  it('a "why" follow-up still names the operator setting, in fewer words', () => {
    const why = help(INSTALLS[0]!.logs, {}, 'why does the install fail?').reply;
    expect(why).toContain('RUNNER_PIP_INDEX_URL');
    expect(why).not.toContain('What to do');
  });
});

describe("builtin AI Help on an assistant's bot that stopped without its token", () => {
  it("names the token and the other settings to fill, never the test chat's own variables", () => {
    const fileContent = 'const token = process.env.TELEGRAM_BOT_TOKEN;\nconst apiBase = process.env.TELEGRAM_API_BASE;\nif (process.env.TEST_CLOCK) {}\nconst owner = process.env.OWNER_CHAT_ID;';
    const logs = `Missing environment variable TELEGRAM_BOT_TOKEN: set it before starting the bot.
The bot stopped: token not set (TELEGRAM_BOT_TOKEN; set it under Environment Variables)`;
    const { reply } = help(logs, { filename: 'telegram_bot.js', fileContent, envVarNames: [] });
    for (const said of ['TELEGRAM_BOT_TOKEN', 'Environment Variables', 'OWNER_CHAT_ID']) expect(reply).toContain(said);
    for (const never of ['TELEGRAM_API_BASE', 'TEST_CLOCK', 'without major errors']) expect(reply).not.toContain(never);
  });
});
