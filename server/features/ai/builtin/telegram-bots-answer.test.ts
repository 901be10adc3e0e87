// The builtin assistant's Telegram bots, run for real: every JavaScript (Telegraf) bot it generates
// is started with node against the Bot API emulator of the test chat (TELEGRAM_API_BASE) and must
// answer /start, each of its commands and its features. Python bots (no python-telegram-bot here,
// there is no PyPI) are compiled and read: they were not run.

import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAssistantReply } from '../../../../shared/code-blocks';
import { TELEGRAM_TEMPLATE } from '../../../../shared/file-templates';
import type { PostTestChatMessageInput, TestChatKind, TestChatMessage } from '../../../../shared/test-chat.schema';
import { startOpenAiServer, type OpenAiServer } from '../../../testing/openai-server';
import { createEmulator, listenOnLoopback, type Emulator } from '../../test-chat/emulator/emulator';
import { TestChats, type TestChatSession } from '../../test-chat/emulator/test-chats';
import { builtinChat, builtinModify, understandRequest } from './index';
import { planBot, type BotPlan } from './plan';
import { FEATURES, type Feature } from './request';

const run = promisify(execFile);
const NODE_MODULES = fileURLToPath(new URL('../../../../node_modules', import.meta.url));

const ALL = "with /start and /help, echo, reply 'We open at 9' when someone says hours, a welcome message for new members, ban the words spam and scam, post every 30 minutes, reminders and AI replies";

/** One request per feature the builtin assistant offers on Telegram ({lang}: node or Python). */
const REQUESTS: Array<{ message: string; covers: Feature[] }> = [
  { message: "a Telegram bot in {lang} with a /price command that replies 'Bread is 3 euros' and a /hours command that replies 'We open at 9'", covers: ['commands'] },
  { message: 'a Telegram bot in {lang} for my bakery', covers: ['keywords'] },
  { message: 'a Telegram echo bot in {lang}', covers: ['echo'] },
  { message: "a Telegram FAQ bot in {lang} that replies 'We open at 9' when someone says hours", covers: ['keywords'] },
  { message: "a Telegram bot in {lang} that welcomes new members with 'Hi {name}, welcome to the bakery!'", covers: ['welcome'] },
  { message: 'a Telegram group moderator in {lang} that deletes messages with swear words', covers: ['moderation'] },
  { message: "a Telegram bot in {lang} that posts 'Fresh bread is ready!' every 30 minutes", covers: ['scheduled'] },
  { message: 'a Telegram bot in {lang} with reminders', covers: ['reminders'] },
  { message: 'a Telegram bot in {lang} that answers with AI', covers: ['llm'] },
  { message: `a Telegram bot in {lang} ${ALL}`, covers: [...FEATURES] },
];

const MODEL_REPLY = 'The model says the bread is warm.';
/** A scheduled bot posts every 2 seconds instead, through the builtin edit a person would ask for. */
const FAST_POSTS = 'post every 2 seconds';

interface Generated {
  message: string;
  plan: BotPlan;
  filename: string;
  code: string;
}

function generate(message: string): Generated {
  const plan = planBot(understandRequest(message)!);
  const block = parseAssistantReply(builtinChat(message).reply).blocks[0]!;
  return { message, plan, filename: block.filename, code: block.code };
}

const javascriptBots = REQUESTS.map((r) => generate(r.message.replace('{lang}', 'node')));
const pythonBots = REQUESTS.map((r) => generate(r.message.replace('{lang}', 'Python')));

const dir = mkdtempSync(join(tmpdir(), 'telegram-bots-'));
const children: ChildProcess[] = [];
afterAll(async () => {
  await Promise.all(children.map(stop));
  rmSync(dir, { recursive: true, force: true });
});

/** Kills a bot and waits for it to be gone. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

function writeFiles(root: string, files: Record<string, string>): string {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('the builtin Telegram requests', () => {
  it('cover every feature, and each gives the bot it names', () => {
    expect(new Set(REQUESTS.flatMap((r) => r.covers))).toEqual(new Set(FEATURES));
    REQUESTS.forEach((r, i) => {
      for (const bot of [javascriptBots[i]!, pythonBots[i]!]) {
        expect(bot.plan.platform).toBe('telegram');
        for (const feature of r.covers) expect([...bot.plan.features], bot.message).toContain(feature);
      }
    });
    expect(javascriptBots.every((b) => b.plan.language === 'javascript' && b.filename.endsWith('.js'))).toBe(true);
    expect(pythonBots.every((b) => b.plan.language === 'python' && b.filename.endsWith('.py'))).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// JavaScript: real bots in the test chat
// ---------------------------------------------------------------------------------------------

interface RunningBot {
  bot: Generated;
  session: TestChatSession;
  child: ChildProcess;
  /** Everything the bot printed, for failure messages. */
  output: () => string;
}

describe('JavaScript (Telegraf) bots answer in the test chat', () => {
  const chats = new TestChats();
  let emulator: Emulator;
  let llm: OpenAiServer;
  const loopbacks: Array<{ close(): Promise<void> }> = [];
  let running: RunningBot[] = [];

  // All bots start at once (node and Telegraf take a moment each); each is then talked to in turn,
  // one message at a time, so an answer can only be the answer to that message.
  beforeAll(async () => {
    emulator = await createEmulator({ chats });
    llm = await startOpenAiServer();
    llm.fallback = { reply: MODEL_REPLY };
    running = await Promise.all(javascriptBots.map(start));
    await Promise.all(running.map((r) => until(() => r.session.botListening(), 20_000, () => `${r.bot.message} to poll\n${r.output()}`)));
  }, 40_000);

  afterAll(async () => {
    await Promise.all(children.map(stop));
    await Promise.all(loopbacks.map((l) => l.close()));
    await emulator?.close();
    await llm?.close();
  });

  async function start(bot: Generated, i: number): Promise<RunningBot> {
    const owner = { userId: 'builtin-bots', fileId: `bot${i}`, botName: bot.filename };
    const session = chats.session(owner);
    const loopback = await listenOnLoopback(emulator, owner);
    loopbacks.push(loopback);
    let code = bot.code;
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      NODE_PATH: NODE_MODULES,
      TELEGRAM_BOT_TOKEN: session.token,
      TELEGRAM_API_BASE: loopback.baseUrl,
      OPENAI_API_KEY: 'sk-test-key-for-loopback',
      OPENAI_BASE_URL: llm.baseUrl,
    };
    if (bot.plan.features.has('scheduled')) {
      const edited = builtinModify(code, bot.filename, FAST_POSTS);
      if (!('modifiedCode' in edited)) throw new Error(edited.unsupported);
      code = edited.modifiedCode;
      env.TELEGRAM_CHAT_ID = String(await privateChatId(session));
    }
    const path = join(dir, `js${i}`, bot.filename);
    writeFiles(join(dir, `js${i}`), { [bot.filename]: code });
    const child = spawn(process.execPath, [path], { cwd: dirname(path), env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    return { bot, session, child, output: () => `${bot.message}\n--- bot output ---\n${output}` };
  }

  describe.each(javascriptBots.map((bot, i) => ({ i, message: bot.message })))('$message', ({ i }) => {
    const r = () => running[i]!;

    it('answers /start, /help and each of its commands', async () => {
      const { plan } = r().bot;
      for (const command of plan.commandReplies) {
        await expectAnswer(r(), { text: `/${command.name}` }, command.name === 'start' ? plan.startMessage : command.reply);
      }
      const help = await expectAnswer(r(), { text: '/help' }, (t) => t.startsWith(plan.helpMessage));
      for (const command of plan.commandReplies) expect(help).toContain(`/${command.name}`);
      if (plan.features.has('reminders')) {
        expect(help).toContain('/remind');
        await expectAnswer(r(), { text: '/remind' }, (t) => t.startsWith('Usage: /remind <minutes> <text>'));
        await expectAnswer(r(), { text: '/remind 1 take the bread out' }, 'OK, I will remind you in 1 minute(s).');
      }
    });

    it('answers other messages: keywords, then AI, echo or its fallback text', async () => {
      const { plan } = r().bot;
      for (const { keyword, reply } of plan.keywordReplies) await expectAnswer(r(), { text: `A question about ${keyword} please` }, reply);
      const text = 'Tell me something about xylophones';
      const other = plan.features.has('llm') ? MODEL_REPLY : plan.features.has('echo') ? text : plan.fallbackMessage;
      if (other !== null) await expectAnswer(r(), { text }, other);
      if (plan.features.has('llm')) {
        expect(llm.requests.some((q) => q.messages[0]?.content === plan.systemPrompt && q.messages.at(-1)?.content === text)).toBe(true);
      }
    });

    it('does what its features say: welcome and moderation in the group, scheduled posts', async () => {
      const { plan } = r().bot;
      if (plan.features.has('welcome')) {
        await expectAnswer(r(), { event: 'join', member: { firstName: 'Dana' }, chat: 'group' }, plan.welcomeMessage.replace('{name}', 'Dana'));
      }
      if (plan.features.has('moderation')) {
        const banned = plan.bannedWords[0]!;
        const posted = r().session.post({ text: `this is ${banned}`, chat: 'group' });
        await waitForBot(r(), 'group', posted.id, plan.bannedWordWarning.replace('{name}', '@test_user'));
        await until(() => r().session.messages('group').find((m) => m.id === posted.id)?.deleted, 10_000, () => `the message with "${banned}" deleted\n${r().output()}`);
      }
      if (plan.features.has('scheduled')) {
        // To TELEGRAM_CHAT_ID (the private chat here), every 2 seconds after the edit.
        const posted = () => r().session.messages('private').some((m) => m.from === 'bot' && m.text === plan.posts[0]);
        await until(posted, 15_000, () => `the scheduled post "${plan.posts[0]}"\n${r().output()}`);
      }
    });
  });
});

/** The private chat's id, learnt the way a bot learns it: from the update of a message there. */
async function privateChatId(session: TestChatSession): Promise<number> {
  session.post({ text: 'hello' });
  const answer = await session.call('getUpdates', {}, new Map());
  if (!answer.ok) throw new Error(answer.description);
  const updates = answer.result as Array<{ update_id: number; message: { chat: { id: number } } }>;
  await session.call('getUpdates', { offset: updates.at(-1)!.update_id + 1 }, new Map());
  session.clear();
  session.botRestarted();
  return updates[0]!.message.chat.id;
}

/** Posts as the tester and waits for the bot's answer; returns its text. */
async function expectAnswer(bot: RunningBot, input: PostTestChatMessageInput, expected: string | ((text: string) => boolean)): Promise<string> {
  const chat = input.chat ?? 'private';
  const posted = bot.session.post(input);
  return waitForBot(bot, chat, posted.id, expected, 'text' in input ? input.text : JSON.stringify(input));
}

async function waitForBot(bot: RunningBot, chat: TestChatKind, after: number, expected: string | ((text: string) => boolean), sent = ''): Promise<string> {
  const matches = typeof expected === 'string' ? (t: string) => t === expected : expected;
  const found = await until(
    () => bot.session.messages(chat, after).find((m: TestChatMessage) => m.from === 'bot' && matches(m.text)),
    10_000,
    () =>
      `the answer to "${sent}" (${typeof expected === 'string' ? expected : 'a check'}); the chat after it: ${JSON.stringify(bot.session.messages(chat, after).map((m) => m.text))}\n${bot.output()}`,
  );
  return found.text;
}

/** Waits until `check` holds (polling every 20 ms), or fails after `timeoutMs` saying what it waited for. */
async function until<T>(check: () => T | undefined | null | false, timeoutMs: number, what: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// ---------------------------------------------------------------------------------------------
// Where the Bot API is: TELEGRAM_API_BASE when set, Telegram otherwise (both languages)
// ---------------------------------------------------------------------------------------------

describe('Python bots: compiled and read, not run (python-telegram-bot cannot be installed here: no PyPI)', () => {
  const pythonFiles = () => [
    ...pythonBots.map((bot, i) => ({ key: bot.message, code: bot.code, path: join(writeFiles(join(dir, `py-setup${i}`), { [bot.filename]: bot.code }), bot.filename) })),
    { key: 'the editor template', code: TELEGRAM_TEMPLATE, path: join(writeFiles(join(dir, 'py-template'), { 'telegram_bot.py': TELEGRAM_TEMPLATE }), 'telegram_bot.py') },
  ];

  it('every generated bot compiles (py_compile)', async () => {
    const paths = pythonFiles().map((f) => f.path);
    await expect(run('python3', ['-m', 'py_compile', ...paths], { env: { PATH: process.env.PATH ?? '', HOME: dir }, timeout: 20_000 })).resolves.toBeDefined();
  });

  it('each passes base_url and base_file_url from TELEGRAM_API_BASE, and only when it is set', () => {
    for (const { key, code } of pythonFiles()) {
      expect(code, key).toMatch(/api_base = os\.(getenv|environ\.get)\("TELEGRAM_API_BASE"\)\n\s+if api_base:\n\s+builder = builder\.base_url\(f"\{api_base\}\/bot"\)\.base_file_url\(f"\{api_base\}\/file\/bot"\)/);
      expect(code.match(/base_url\(/g), key).toHaveLength(1);
    }
  });
});

