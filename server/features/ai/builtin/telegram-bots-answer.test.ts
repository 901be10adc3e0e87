// The builtin's Telegram templates (what the chat built before plans; follow-ups of those bots still
// render them), run for real: every JavaScript (Telegraf) bot they write
// is started with node against the Bot API emulator of the test chat (TELEGRAM_API_BASE) and must
// answer /start, each of its commands and its features: every behaviour (jokes, dice, polls, menus
// with button presses, rules, goodbye, warnings and mutes, away hours, counting, posts at times of
// day, weather/prices/news without network, translations) is asked for and its answer checked.
// Python bots cannot run here (python-telegram-bot cannot be installed: there is no PyPI): they are
// compiled and read only. Their shared behaviour code runs for real in behaviours-run.test.ts.
// Real: node, Telegraf, the emulator over loopback HTTP. Fake: the OpenAI-compatible model.

import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TELEGRAM_TEMPLATE } from '../../../../shared/file-templates';
import type { PostTestChatMessageInput, TestChatKind, TestChatMessage } from '../../../../shared/test-chat.schema';
import { chatIdOf } from '../../../testing/chat-id';
import { startOpenAiServer, type OpenAiServer } from '../../../testing/openai-server';
import { createEmulator, listenOnLoopback, type Emulator } from '../../test-chat/emulator/emulator';
import { TestChats, type TestChatSession } from '../../test-chat/emulator/test-chats';
import { builtinModify, understandRequest } from './index';
import { planBot, type BotPlan } from './plan';
import { FEATURES, type BotLanguage, type BotRequest, type Feature, type Weekday } from './request';
import { renderBot } from './templates';

const run = promisify(execFile);
const NODE_MODULES = fileURLToPath(new URL('../../../../node_modules', import.meta.url));

interface Case {
  name: string;
  request: (language: BotLanguage) => BotRequest;
  covers: Feature[];
}

/** A request as a person writes it ({lang}: node or Python). */
const fromMessage = (message: string, covers: Feature[]): Case => ({
  name: message,
  request: (language) => understandRequest(message.replace('{lang}', language === 'javascript' ? 'node' : 'Python'))!,
  covers,
});

/** A request built directly (the parsing of these details is tested with request.ts). */
const built = (name: string, details: Partial<BotRequest> & { features: Feature[] }): Case => ({
  name,
  request: (language) => ({ ...understandRequest('a Telegram bot')!, platformSource: 'stated', language, languageStated: true, featuresStated: true, ...details }),
  covers: details.features,
});

/** Today in UTC (0 = Monday), and the times of this minute and the next: the bots run with TIMEZONE=UTC. */
function utcNow(): { weekday: number; times: string[] } {
  const now = new Date();
  const hhmm = (d: Date) => `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  return { weekday: (now.getUTCDay() + 6) % 7, times: [hhmm(now), hhmm(new Date(now.getTime() + 60_000))] };
}
const TODAY = utcNow();

const CASES: Case[] = [
  fromMessage("a Telegram bot in {lang} with a /price command that replies 'Bread is 3 euros' and a /hours command that replies 'We open at 9'", ['commands']),
  fromMessage('a Telegram bot in {lang} for my bakery', ['keywords']),
  fromMessage('a Telegram echo bot in {lang}', ['echo']),
  fromMessage("a Telegram FAQ bot in {lang} that replies 'We open at 9' when someone says hours", ['keywords']),
  fromMessage("a Telegram bot in {lang} that welcomes new members with 'Hi {name}, welcome to the bakery!'", ['welcome']),
  fromMessage('a Telegram group moderator in {lang} that deletes messages with swear words', ['moderation']),
  fromMessage("a Telegram bot in {lang} that posts 'Fresh bread is ready!' every 30 minutes", ['scheduled']),
  fromMessage('a Telegram bot in {lang} with reminders', ['reminders']),
  fromMessage('a Telegram bot in {lang} that answers with AI', ['llm']),
  built('fun: jokes, quotes, facts, dice, rules, a poll, a menu and counting', {
    features: ['commands', 'jokes', 'quotes', 'facts', 'random', 'rules', 'polls', 'menu', 'counter'],
    jokes: ['Our first joke.', 'Our second joke.'],
    commandNames: { facts: 'trivia' },
    choices: ['tea', 'coffee'],
    rulesText: 'Rule 1: be kind.\nRule 2: no adverts.',
    poll: { question: 'Which bread?', options: ['Rye', 'Spelt', 'Sourdough'] },
    menu: [
      { label: 'Hours', reply: 'Open 8 to 18.' },
      { label: 'Prices', reply: 'Bread is 3 euros.' },
    ],
  }),
  built('web: weather, prices and news offline, translations', { features: ['commands', 'weather', 'prices', 'news', 'translate'], city: 'Berlin', targetLanguage: 'German' }),
  built('group: welcome, goodbye and mutes', {
    features: ['commands', 'welcome', 'goodbye', 'moderation'],
    goodbyeText: 'So long, {name}!',
    bannedWords: ['darn'],
    warnLimit: 2,
    muteMinutes: 5,
  }),
  built('away: closed today', {
    features: ['commands', 'keywords', 'away'],
    openHours: { from: '09:00', to: '17:00', weekdays: [((TODAY.weekday + 3) % 7) as Weekday] },
    awayText: 'Closed now: back on our open day.',
  }),
  built('times: posts at times of day', { features: ['commands', 'scheduled'], postTimes: TODAY.times, postTexts: ['Good morning from the bakery!'] }),
  built('all features', {
    features: [...FEATURES],
    keywordReplies: [{ keyword: 'hours', reply: 'We open at 9' }],
    bannedWords: ['spam', 'scam'],
    intervalMinutes: 30,
    openHours: { from: '00:00', to: '00:00', weekdays: [] }, // open all day: the other answers stay checkable
    warnLimit: 2,
  }),
];

const MODEL_REPLY = 'The model says the bread is warm.';
/** A bot posting every N minutes posts every 2 seconds instead, through the builtin edit a person would ask for. */
const FAST_POSTS = 'post every 2 seconds';

interface Generated {
  name: string;
  plan: BotPlan;
  filename: string;
  code: string;
}

function generate(c: Case, language: BotLanguage): Generated {
  const plan = planBot(c.request(language));
  const filename = language === 'python' ? 'telegram_bot.py' : 'telegram_bot.js';
  return { name: c.name, plan, filename, code: renderBot(plan, filename) };
}

const javascriptBots = CASES.map((c) => generate(c, 'javascript'));
const pythonBots = CASES.map((c) => generate(c, 'python'));

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

/** Whether the away bot's open hours exclude now (UTC), computed as the bot computes it. */
function closedNow(plan: BotPlan): boolean {
  if (!plan.features.has('away')) return false;
  const now = new Date();
  const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
  const day = (now.getUTCDay() + 6) % 7;
  const at = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  const { from, to, weekdays } = plan.openHours;
  const openOn = (d: number) => weekdays.length === 0 || weekdays.includes(d);
  if (at(from) === at(to)) return !openOn(day);
  if (at(from) < at(to)) return !(openOn(day) && minute >= at(from) && minute < at(to));
  return !((openOn(day) && minute >= at(from)) || (openOn((day + 6) % 7) && minute < at(to)));
}

describe('the builtin Telegram requests', () => {
  it('cover every feature, and each gives the bot it names', () => {
    expect(new Set(CASES.flatMap((c) => c.covers))).toEqual(new Set(FEATURES));
    CASES.forEach((c, i) => {
      for (const bot of [javascriptBots[i]!, pythonBots[i]!]) {
        expect(bot.plan.platform).toBe('telegram');
        for (const feature of c.covers) expect([...bot.plan.features], bot.name).toContain(feature);
      }
    });
    expect(javascriptBots.every((b) => b.plan.language === 'javascript')).toBe(true);
    expect(pythonBots.every((b) => b.plan.language === 'python')).toBe(true);
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
    await Promise.all(running.map((r) => until(() => r.session.botListening(), 30_000, () => `${r.bot.name} to poll\n${r.output()}`)));
  }, 45_000);

  afterAll(async () => {
    await Promise.all(children.map(stop));
    await Promise.all(loopbacks.map((l) => l.close()));
    await emulator?.close();
    await llm?.close();
  });

  async function start(bot: Generated, i: number): Promise<RunningBot> {
    const owner = { userId: `builtin-bots-${i}`, fileId: `bot${i}`, botName: bot.filename }; // a user has at most 10 test chats
    const session = chats.session(owner);
    const loopback = await listenOnLoopback(emulator, owner);
    loopbacks.push(loopback);
    let code = bot.code;
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      NODE_PATH: NODE_MODULES,
      TIMEZONE: 'UTC',
      TELEGRAM_BOT_TOKEN: session.token,
      TELEGRAM_API_BASE: loopback.baseUrl,
      OPENAI_API_KEY: 'sk-test-key-for-loopback',
      OPENAI_BASE_URL: llm.baseUrl,
    };
    if (bot.plan.features.has('scheduled') && bot.plan.postByInterval) {
      const edited = builtinModify(code, bot.filename, FAST_POSTS);
      if (!('modifiedCode' in edited)) throw new Error(edited.unsupported);
      code = edited.modifiedCode;
    }
    if (bot.plan.features.has('scheduled')) env.TELEGRAM_CHAT_ID = String(await chatIdOf(session));
    const path = join(dir, `js${i}`, bot.filename);
    writeFiles(join(dir, `js${i}`), { [bot.filename]: code });
    const child = spawn(process.execPath, [path], { cwd: dirname(path), env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    return { bot, session, child, output: () => `${bot.name}\n--- bot output ---\n${output}` };
  }

  describe.each(javascriptBots.map((bot, i) => ({ i, name: bot.name })))('$name', ({ i }) => {
    const r = () => running[i]!;

    it('answers /start, /help and each of its commands', async () => {
      const { plan } = r().bot;
      for (const command of plan.commandReplies) {
        await expectAnswer(r(), { text: `/${command.name}` }, command.name === 'start' ? plan.startMessage : command.reply);
      }
      const help = await expectAnswer(r(), { text: '/help' }, (t) => t.startsWith(plan.helpMessage));
      for (const command of plan.commandReplies) expect(help).toContain(`/${command.name}`);
      for (const name of Object.values(plan.commands)) expect(help).toContain(`/${name}`);
      if (plan.features.has('reminders')) {
        expect(help).toContain('/remind');
        await expectAnswer(r(), { text: '/remind' }, (t) => t.startsWith('Usage: /remind <minutes> <text>'));
        await expectAnswer(r(), { text: '/remind 1 take the bread out' }, 'OK, I will remind you in 1 minute(s).');
      }
    });

    it('answers other messages: keywords, then AI, echo or its fallback text (or, when closed, the away message once)', async () => {
      const { plan } = r().bot;
      if (closedNow(plan)) {
        await expectAnswer(r(), { text: 'A question about hours please' }, plan.awayMessage);
        const second = await post(r(), { text: 'Is anyone there?' });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        expect(r().session.messages('private', second.id).filter((m) => m.from === 'bot'), r().output()).toEqual([]);
        await expectAnswer(r(), { text: '/help' }, (t) => t.startsWith(plan.helpMessage)); // commands still work
        return;
      }
      for (const { keyword, reply } of plan.keywordReplies) await expectAnswer(r(), { text: `A question about ${keyword} please` }, reply);
      const text = 'Tell me something about xylophones';
      const other = plan.features.has('llm') ? MODEL_REPLY : plan.features.has('echo') ? text : plan.fallbackMessage;
      if (other !== null) await expectAnswer(r(), { text }, other);
      if (plan.features.has('llm')) {
        expect(llm.requests.some((q) => q.messages[0]?.content === plan.systemPrompt && q.messages.at(-1)?.content === text)).toBe(true);
      }
    });

    it('does what its group features say: welcome, goodbye, warnings and mutes', async () => {
      const { plan } = r().bot;
      if (plan.features.has('welcome')) {
        await expectAnswer(r(), { event: 'join', member: { firstName: 'Dana' }, chat: 'group' }, plan.welcomeMessage.replace('{name}', 'Dana'));
      }
      if (plan.features.has('goodbye')) {
        const joined = await post(r(), { event: 'join', member: { firstName: 'Gus' }, chat: 'group' });
        if (plan.features.has('welcome')) await waitForBot(r(), 'group', joined.id, plan.welcomeMessage.replace('{name}', 'Gus'));
        await expectAnswer(r(), { event: 'leave', member: { firstName: 'Gus' }, chat: 'group' }, plan.goodbyeMessage.replace('{name}', 'Gus'));
      }
      if (plan.features.has('moderation')) {
        const banned = plan.bannedWords[0]!;
        const warning = (name: string, n: number) => plan.bannedWordWarning.replace('{name}', name) + (plan.warnLimit > 0 ? ` (warning ${n} of ${plan.warnLimit})` : '');
        const posted = await post(r(), { text: `this is ${banned}`, chat: 'group' });
        await waitForBot(r(), 'group', posted.id, warning('@test_user', 1));
        await until(() => r().session.messages('group').find((m) => m.id === posted.id)?.deleted, 10_000, () => `the message with "${banned}" deleted\n${r().output()}`);
        if (plan.warnLimit > 0) {
          // A member (the tester owns the group and cannot be muted) is warned, then muted.
          const alice = { firstName: 'Alice' };
          for (let n = 1; n < plan.warnLimit; n++) {
            const warned = await post(r(), { text: `${banned}!`, chat: 'group', as: alice });
            await waitForBot(r(), 'group', warned.id, warning('@alice_test', n));
          }
          const last = await post(r(), { text: `${banned} again`, chat: 'group', as: alice });
          const mute = plan.muteMessage.replace('{name}', '@alice_test').replace('{minutes}', String(plan.muteMinutes)).replace('{warnings}', String(plan.warnLimit));
          await waitForBot(r(), 'group', last.id, mute);
          expect(() => r().session.post({ text: 'may I speak?', chat: 'group', as: alice })).toThrow(/muted/);
        }
      }
    });

    it('posts on its own: every N minutes or at the times of day asked for', async () => {
      const { plan } = r().bot;
      if (!plan.features.has('scheduled')) return;
      // To TELEGRAM_CHAT_ID (the private chat here): every 2 seconds after the edit, or at this minute.
      const posted = () => r().session.messages('private').some((m) => m.from === 'bot' && m.text === plan.posts[0]);
      await until(posted, 15_000, () => `the scheduled post "${plan.posts[0]}"\n${r().output()}`);
    });

    it('answers its behaviour commands with what was asked for', async () => {
      const { plan } = r().bot;
      const f = plan.features;
      const c = (name: keyof BotPlan['commands']) => `/${plan.commands[name]}`;
      if (f.has('rules')) await expectAnswer(r(), { text: c('rules') }, plan.rules);
      if (f.has('jokes')) for (let n = 0; n < 3; n++) await expectAnswer(r(), { text: c('joke') }, (t) => plan.jokes.includes(t));
      if (f.has('quotes')) await expectAnswer(r(), { text: c('quote') }, (t) => plan.quotes.includes(t));
      if (f.has('facts')) await expectAnswer(r(), { text: c('fact') }, (t) => plan.facts.includes(t));
      if (f.has('random')) {
        const roll = await expectAnswer(r(), { text: c('roll') }, (t) => /^🎲 @test_user rolled \d+ \(1 to 6\)\.$/.test(t));
        expect(Number(/rolled (\d+)/.exec(roll)![1])).toBeLessThanOrEqual(6);
        await expectAnswer(r(), { text: `${c('roll')} 100` }, (t) => /rolled \d+ \(1 to 100\)/.test(t));
        await expectAnswer(r(), { text: c('flip') }, (t) => t === '🪙 Heads!' || t === '🪙 Tails!');
        await expectAnswer(r(), { text: `${c('pick')} rye, spelt or wheat` }, (t) => ['I pick: rye', 'I pick: spelt', 'I pick: wheat'].includes(t));
        await expectAnswer(r(), { text: c('pick') }, (t) => plan.choices.map((x) => `I pick: ${x}`).includes(t));
      }
      if (f.has('polls')) {
        const poll = (q: string, options: string[]) => `📊 ${q}\n${options.map((o) => `○ ${o}`).join('\n')}`;
        await expectAnswer(r(), { text: c('poll') }, poll(plan.poll.question, plan.poll.options));
        await expectAnswer(r(), { text: `${c('poll')} Tea or coffee? | Tea | Coffee` }, poll('Tea or coffee?', ['Tea', 'Coffee']));
      }
      if (f.has('menu')) {
        const shown = await post(r(), { text: c('menu') });
        await waitForBot(r(), 'private', shown.id, plan.menuTitle);
        const menu = r().session.messages('private', shown.id).find((m) => m.from === 'bot' && m.text === plan.menuTitle)!;
        const rows = (menu.replyMarkup as { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> }).inline_keyboard;
        expect(rows.map((row) => row[0]!.text)).toEqual(plan.menu.map((m) => m.label));
        await expectAnswer(r(), { callbackData: rows[1]![0]!.callback_data, messageId: menu.id }, plan.menu[1]!.reply);
        await expectAnswer(r(), { callbackData: rows[0]![0]!.callback_data, messageId: menu.id }, plan.menu[0]!.reply);
      }
      if (f.has('weather')) {
        await expectAnswer(r(), { text: c('weather') }, 'I could not reach the weather service right now, try again later.');
        await expectAnswer(r(), { text: `${c('weather')} Paris` }, 'I could not reach the weather service right now, try again later.');
        expect(r().output()).toMatch(/The weather service failed/);
      }
      if (f.has('prices')) {
        await expectAnswer(r(), { text: c('price') }, 'I could not reach the price service right now, try again later.');
        await expectAnswer(r(), { text: `${c('rate')} USD EUR` }, 'I could not reach the price service right now, try again later.');
      }
      if (f.has('news')) await expectAnswer(r(), { text: c('news') }, 'I could not reach the news feed right now, try again later.');
      if (f.has('translate')) {
        await expectAnswer(r(), { text: `${c('translate')} Good morning, bakers` }, MODEL_REPLY);
        const instructions = `Translate the user's message into ${plan.targetLanguage}. Answer with the translation only.`;
        expect(llm.requests.some((q) => q.messages[0]?.content === instructions && q.messages.at(-1)?.content === 'Good morning, bakers')).toBe(true);
      }
      if (f.has('counter')) {
        const count = async () => Number(/you have sent (\d+) message/.exec(await expectAnswer(r(), { text: c('count') }, (t) => t.startsWith('@test_user, you have sent')))![1]);
        const before = await count();
        for (const text of ['first message to count', 'second message to count']) {
          const posted = await post(r(), { text });
          await waitForBot(r(), 'private', posted.id, () => true);
        }
        expect(await count()).toBe(before + 2);
        await expectAnswer(r(), { text: c('stats') }, (t) => t.startsWith('Most messages:\n1. @test_user: '));
      }
    });
  });
});

const lastPost = new WeakMap<RunningBot, number>();

/**
 * Posts as the tester, at most one message every 80 ms to a bot: its answers then stay under
 * Telegram's limit of 30 messages a second, which the emulator enforces (429) as Telegram does.
 */
async function post(bot: RunningBot, input: PostTestChatMessageInput): Promise<TestChatMessage> {
  const wait = (lastPost.get(bot) ?? 0) + 80 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  lastPost.set(bot, Date.now());
  return bot.session.post(input);
}

/** Posts as the tester and waits for the bot's answer; returns its text. */
async function expectAnswer(bot: RunningBot, input: PostTestChatMessageInput, expected: string | ((text: string) => boolean)): Promise<string> {
  const chat = input.chat ?? 'private';
  const posted = await post(bot, input);
  return waitForBot(bot, chat, posted.id, expected, 'text' in input ? input.text : JSON.stringify(input));
}

async function waitForBot(bot: RunningBot, chat: TestChatKind, after: number, expected: string | ((text: string) => boolean), sent = ''): Promise<string> {
  const matches = typeof expected === 'string' ? (t: string) => t === expected : expected;
  const found = await until(
    () => bot.session.messages(chat, after).find((m: TestChatMessage) => m.from === 'bot' && !m.event && matches(m.text)),
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
// Python: compiled and read (python-telegram-bot cannot be installed here: no PyPI)
// ---------------------------------------------------------------------------------------------

describe('Python bots: compiled and read, not run (python-telegram-bot cannot be installed here: no PyPI)', () => {
  const pythonFiles = () => [
    ...pythonBots.map((bot, i) => ({ key: bot.name, code: bot.code, path: join(writeFiles(join(dir, `py-setup${i}`), { [bot.filename]: bot.code }), bot.filename) })),
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

  it('each registers a handler for every behaviour it describes', () => {
    for (const bot of pythonBots) {
      const f = bot.plan.features;
      const has = (on: boolean, text: string) => (on ? expect(bot.code, bot.name).toContain(text) : expect(bot.code, bot.name).not.toContain(text));
      has(Object.keys(bot.plan.commands).some((k) => k !== 'remind'), 'CommandHandler(list(BEHAVIOUR_COMMANDS), behaviour_command)');
      has(f.has('menu'), 'CallbackQueryHandler(menu_pressed, pattern=r"^menu:\\d+$")');
      has(f.has('goodbye'), 'MessageHandler(filters.StatusUpdate.LEFT_CHAT_MEMBER, goodbye)');
      has(f.has('polls'), 'await message.reply_poll(answer["poll"], answer["options"])');
      has(f.has('moderation') && bot.plan.warnLimit > 0, 'restrict_chat_member(');
      has(f.has('counter'), '    count_message(sender)');
      has(f.has('away'), '    if not is_open_now():');
      has(f.has('scheduled') && bot.plan.postTimes.length > 0, 'keep(asyncio.create_task(post_at_times(send)))');
      has(f.has('news'), 'keep(asyncio.create_task(post_new_headlines(send)))');
      for (const [command, name] of Object.entries(bot.plan.commands)) if (command !== 'remind') expect(bot.code, bot.name).toContain(`    "${name}": `);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The emulator's sendPoll (server/features/test-chat/emulator/poll-methods.ts, added for /poll)
// ---------------------------------------------------------------------------------------------

describe("the test chat emulator's sendPoll", () => {
  it('shows the poll in the chat, answers a Message with a poll, and refuses what Telegram refuses', async () => {
    const session = new TestChats().session({ userId: 'poll-tester', fileId: 'poll-bot' });
    const chatId = await chatIdOf(session);
    const sent = await session.call('sendPoll', { chat_id: chatId, question: 'Lunch?', options: ['Pizza', { text: 'Soup' }] }, new Map());
    expect(sent).toMatchObject({
      ok: true,
      result: { chat: { id: chatId }, poll: { question: 'Lunch?', options: [{ text: 'Pizza', voter_count: 0 }, { text: 'Soup', voter_count: 0 }], is_anonymous: true, type: 'regular', is_closed: false } },
    });
    expect(sent.ok && (sent.result as { text?: string }).text).toBeUndefined();
    expect(session.messages('private').at(-1)).toMatchObject({ from: 'bot', text: '📊 Lunch?\n○ Pizza\n○ Soup' });
    // Form bodies send the options as JSON text and flags as text.
    const form = await session.call('sendPoll', { chat_id: String(chatId), question: 'Tea?', options: '["Yes","No"]', is_anonymous: 'false' }, new Map());
    expect(form).toMatchObject({ ok: true, result: { poll: { question: 'Tea?', is_anonymous: false } } });
    const refused = async (params: Record<string, unknown>) => (await session.call('sendPoll', { chat_id: chatId, ...params }, new Map())).description;
    expect(await refused({ question: 'Lunch?', options: ['Pizza'] })).toBe('Bad Request: poll must have at least 2 option');
    expect(await refused({ question: 'Lunch?', options: Array.from({ length: 11 }, (_, i) => `Option ${i}`) })).toBe("Bad Request: poll can't have more than 10 options");
    expect(await refused({ question: ' ', options: ['A', 'B'] })).toBe('Bad Request: poll question must be non-empty');
    expect(await refused({ question: 'Lunch?', options: 'not json' })).toBe("Bad Request: can't parse options JSON object");
    expect(await refused({ question: 'Lunch?', options: ['A', ''] })).toBe('Bad Request: poll options must be non-empty');
  });
});
