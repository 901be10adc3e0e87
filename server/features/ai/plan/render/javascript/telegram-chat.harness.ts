// Test harness: rendered Telegram bots run with node against the test chat's Bot API emulator
// (the setup of builtin/telegram-bots-answer.test.ts), talked to as a person would: messages,
// button presses, joins and leaves, and reactions. Real: node, Telegraf, the emulator over loopback
// HTTP. The emulator knows no reactions yet, so a small front records setMessageReaction (answered
// as Telegram answers it) and a person's reaction is queued as the update Telegram would send.
// Every web call of a bot other than to loopback fails (no-internet.cjs, preloaded).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BotPlan } from '../../../../../../shared/bot-plan.schema';
import type { PostTestChatMessageInput, TestChatKind, TestChatMessage } from '../../../../../../shared/test-chat.schema';
import { chatIdOf } from '../../../../../testing/chat-id';
import { createEmulator, listenOnLoopback, type Emulator } from '../../../../test-chat/emulator/emulator';
import { TestChats, type TestChatSession } from '../../../../test-chat/emulator/test-chats';
import { renderPlan } from '../index';

const NODE_MODULES = fileURLToPath(new URL('../../../../../../node_modules', import.meta.url));

const NO_INTERNET = `
const original = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = new URL(typeof input === 'string' ? input : input.url || String(input));
  if (url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') return Promise.reject(new Error('no internet in tests: ' + url.origin));
  return original(input, init);
};`;

type Closer = { close(): Promise<void> };

/** A loopback front for the emulator that answers setMessageReaction itself and passes the rest on. */
async function reactionFront(target: string, reactions: unknown[]): Promise<{ baseUrl: string } & Closer> {
  const server = createServer((req, res) => {
    if (/\/setMessageReaction$/i.test((req.url ?? '').split('?')[0]!)) {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        reactions.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true,"result":true}');
      });
      return;
    }
    const upstream = request(target + req.url, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

export interface RunningBot {
  name: string;
  session: TestChatSession;
  /** setMessageReaction calls of the bot (their JSON bodies). */
  reactions: Array<{ chat_id: string | number; message_id: number; reaction: Array<{ type: string; emoji: string }> }>;
  privateChatId: number;
  groupChatId: number;
  output(): string;
}

export class TelegramBots {
  private readonly dir = mkdtempSync(join(tmpdir(), 'plan-telegram-'));
  private readonly chats = new TestChats();
  private emulator!: Emulator;
  private readonly closers: Closer[] = [];
  private readonly children: ChildProcess[] = [];
  private readonly lastPost = new WeakMap<RunningBot, number>();

  /** Starts every bot at once; `channel` says which chat TELEGRAM_CHAT_ID names. OWNER_CHAT_ID is the private chat. */
  async start(bots: Array<{ name: string; plan: BotPlan; channel: TestChatKind; env?: Record<string, string> }>): Promise<RunningBot[]> {
    this.emulator = await createEmulator({ chats: this.chats });
    writeFileSync(join(this.dir, 'no-internet.cjs'), NO_INTERNET);
    const running = await Promise.all(bots.map((bot, i) => this.startOne(bot, i)));
    await Promise.all(running.map((r) => until(() => r.session.botListening(), 30_000, () => `${r.name} to poll\n${r.output()}`)));
    return running;
  }

  private async startOne(bot: { name: string; plan: BotPlan; channel: TestChatKind; env?: Record<string, string> }, i: number): Promise<RunningBot> {
    const owner = { userId: `plan-js-${i}`, fileId: `plan${i}`, botName: 'bot.js' };
    const session = this.chats.session(owner);
    const groupChatId = await chatIdOf(session, 'group');
    const privateChatId = await chatIdOf(session, 'private');
    const loopback = await listenOnLoopback(this.emulator, owner);
    const reactions: RunningBot['reactions'] = [];
    const front = await reactionFront(loopback.baseUrl, reactions);
    this.closers.push(front, loopback);
    const folder = join(this.dir, `bot${i}`);
    mkdirSync(folder);
    writeFileSync(join(folder, 'bot.js'), renderPlan(bot.plan, { filename: 'bot.js' }).code);
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: this.dir,
      NODE_PATH: NODE_MODULES,
      TELEGRAM_BOT_TOKEN: session.token,
      TELEGRAM_API_BASE: front.baseUrl,
      TELEGRAM_CHAT_ID: String(bot.channel === 'group' ? groupChatId : privateChatId),
      OWNER_CHAT_ID: String(privateChatId),
      ...bot.env,
    };
    const child = spawn(process.execPath, ['--require', join(this.dir, 'no-internet.cjs'), 'bot.js'], { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.children.push(child);
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    return { name: bot.name, session, reactions, privateChatId, groupChatId, output: () => `${bot.name}\n--- bot output ---\n${output}` };
  }

  /**
   * Posts as the tester (or a member), at most one message every 80 ms to a bot, which keeps its
   * answers under Telegram's 30 messages a second (the emulator enforces it).
   */
  async post(bot: RunningBot, input: PostTestChatMessageInput): Promise<TestChatMessage> {
    const wait = (this.lastPost.get(bot) ?? 0) + 80 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    this.lastPost.set(bot, Date.now());
    return bot.session.post(input);
  }

  /** Posts and waits for the bot's answer (its text equal to `expected`, or passing the check); returns it. */
  async expectAnswer(bot: RunningBot, input: PostTestChatMessageInput, expected: string | ((text: string) => boolean)): Promise<string> {
    const posted = await this.post(bot, input);
    return waitForBot(bot, input.chat ?? 'private', posted.id, expected, 'text' in input ? input.text : JSON.stringify(input));
  }

  /** A person's reaction to a message in the group, as the message_reaction update Telegram sends. */
  react(bot: RunningBot, messageId: number, emoji: string, as: { firstName: string }): void {
    const core = (bot.session as unknown as { core: { ids: { group: object }; members: { find(m: { firstName: string }): { user: object } | undefined }; updates: { push(type: string, payload: unknown): unknown } } }).core;
    const user = core.members.find(as)!.user;
    const date = Math.floor(Date.now() / 1000);
    core.updates.push('message_reaction', { chat: core.ids.group, message_id: messageId, user, date, old_reaction: [], new_reaction: [{ type: 'emoji', emoji }] });
  }

  async close(): Promise<void> {
    await Promise.all(this.children.map(stop));
    await Promise.all(this.closers.map((c) => c.close()));
    await this.emulator?.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** Waits for a message of the bot after `after` in the chat (not a join/leave notice). */
export async function waitForBot(bot: RunningBot, chat: TestChatKind, after: number, expected: string | ((text: string) => boolean), sent = ''): Promise<string> {
  const matches = typeof expected === 'string' ? (t: string) => t === expected : expected;
  const found = await until(
    () => bot.session.messages(chat, after).find((m) => m.from === 'bot' && !m.event && matches(m.text)),
    10_000,
    () => `the answer to "${sent}" (${typeof expected === 'string' ? expected : 'a check'}); the chat after it: ${JSON.stringify(bot.session.messages(chat, after).map((m) => m.text))}\n${bot.output()}`,
  );
  return found.text;
}

/** Waits until `check` holds (polling every 20 ms), or fails after `timeoutMs` saying what it waited for. */
export async function until<T>(check: () => T | undefined | null | false, timeoutMs: number, what: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
