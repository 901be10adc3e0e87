// The rendered Python HTTP webhook bot, run for real: python3 with Flask on a loopback port, driven
// over HTTP with every rule kind an HTTP bot can do; the answers must carry the plan's words, and
// what goes to the channel or the owner must reach POST_WEBHOOK_URL. Real: python3, Flask, the
// rendered file, its data file, HTTP on loopback. Fake: the model (an OpenAI-compatible server on
// loopback) and the receiver of POST_WEBHOOK_URL (a small HTTP server here that records the calls).

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotPlanSchema, type BotPlanInput } from '../../../../../../shared/bot-plan.schema';
import { markUnsupported } from '../../../../../../shared/bot-plan-platforms';
import { startOpenAiServer, type OpenAiServer } from '../../../../../testing/openai-server';
import { renderPython } from './index';
import { pythonWith } from './python-with.harness';
import { freePort } from '../../../../../testing/free-port';

const PYTHON = pythonWith('flask');

const dir = mkdtempSync(join(tmpdir(), 'python-webhook-bot-'));
const SECRET = 'let-me-in';

/** HH:MM in UTC, minutes from now. */
function clock(minutesFromNow: number): string {
  return new Date(Date.now() + minutesFromNow * 60_000).toISOString().slice(11, 16);
}

type RuleInput = Omit<BotPlanInput['rules'][number], 'id'>;
const RULES: RuleInput[] = [
  { when: { kind: 'command', name: 'menu' }, do: [{ kind: 'buttons', text: 'Pick one, {name}', buttons: [{ id: 'tea', label: 'Tea' }, { id: 'coffee', label: 'Coffee' }] }] },
  { when: { kind: 'button', id: 'tea' }, do: [{ kind: 'reply', text: 'Tea it is, {name}' }] },
  { when: { kind: 'keyword', words: ['price'] }, do: [{ kind: 'replyOneOf', texts: ['Bread is 3 euros', 'Three euros for bread'], order: 'inTurn' }] },
  { when: { kind: 'keyword', words: ['great'] }, do: [{ kind: 'react', emoji: '🎉' }] },
  { when: { kind: 'keyword', words: ['spam'] }, do: [{ kind: 'warn', text: 'No spam, {name} ({count})' }] },
  { when: { kind: 'keyword', words: ['spam'] }, if: [{ kind: 'warnings', atLeast: 2 }], do: [{ kind: 'reply', text: 'Last warning, {name}' }] },
  { when: { kind: 'keyword', words: ['help me'] }, do: [{ kind: 'forward' }] },
  { when: { kind: 'mention' }, do: [{ kind: 'reply', text: 'You called, {name}?' }] },
  { when: { kind: 'message', always: true }, do: [{ kind: 'count', counter: 'messages' }] },
  { when: { kind: 'message' }, do: [{ kind: 'reply', text: 'Echo: {text}' }] },
  { when: { kind: 'command', name: 'top' }, do: [{ kind: 'top', counter: 'messages', text: 'Most messages:\n{top}' }] },
  { when: { kind: 'command', name: 'add' }, if: [{ kind: 'chat', name: '#Kitchen' }], do: [{ kind: 'list', list: 'shopping', op: 'add', text: 'Added {item}. List:\n{list}' }] },
  { when: { kind: 'command', name: 'drop' }, do: [{ kind: 'list', list: 'shopping', op: 'remove', text: 'Removed {item}' }] },
  { when: { kind: 'command', name: 'list' }, do: [{ kind: 'list', list: 'shopping', op: 'show', text: 'To buy:\n{list}', empty: 'Nothing to buy' }] },
  { when: { kind: 'command', name: 'clear' }, if: [{ kind: 'admins' }], do: [{ kind: 'list', list: 'shopping', op: 'clear', text: 'Emptied' }] },
  { when: { kind: 'command', name: 'apply' }, do: [{ kind: 'ask', questions: ['Your name?', 'Your age?'], done: 'Thanks {name}:\n{answers}' }] },
  { when: { kind: 'command', name: 'quiz' }, do: [{ kind: 'quiz', questions: [{ question: '2+2?', answer: '4' }, { question: 'Capital of France?', answer: 'Paris' }], right: 'Right!', wrong: 'No, it is {value}', done: '{count}/{total} right' }] },
  { when: { kind: 'command', name: 'ctof' }, do: [{ kind: 'convert', from: 'c', to: 'f', text: '{value} °F' }] },
  { when: { kind: 'command', name: 'announce' }, do: [{ kind: 'post', text: 'News: {args}' }, { kind: 'reply', text: 'Announced' }] },
  { when: { kind: 'command', name: 'tell' }, do: [{ kind: 'post', to: 'owner', text: '{name} says {args}' }] },
  { when: { kind: 'command', name: 'lunch' }, do: [{ kind: 'poll', question: 'Lunch?', options: ['Pizza', 'Soup'] }] },
  { when: { kind: 'command', name: 'vote' }, do: [{ kind: 'poll', question: null, fromArgument: true }] },
  { when: { kind: 'command', name: 'open' }, if: [{ kind: 'hours', from: '00:00', to: '00:00' }], do: [{ kind: 'reply', text: 'We are open' }] },
  { when: { kind: 'command', name: 'closed' }, if: [{ kind: 'hours', from: '00:00', to: '00:00', outside: true }], do: [{ kind: 'reply', text: 'We are closed' }] },
  { when: { kind: 'command', name: 'ask' }, do: [{ kind: 'data', source: { kind: 'ai', instructions: 'Be brief' }, text: 'AI: {value}' }] },
  { when: { kind: 'command', name: 'magic' }, do: [{ kind: 'custom', name: 'magic-trick', description: 'Does a trick' }] },
  // What an HTTP bot cannot do is left out: no code for it, its command unknown.
  { when: { kind: 'command', name: 'kick' }, do: [{ kind: 'kick', text: 'Out' }] },
];

/** The plan, with a schedule at this minute: the bot's first tick (at its start) posts it. */
const planAt = (now: string) =>
  markUnsupported(
  BotPlanSchema.parse({
    name: 'Bakery "hook" bot',
    platform: 'generic',
    language: 'python',
    settings: { timeZone: 'UTC', prefix: '/', unknownCommand: "I don't know that one, {name}" },
    rules: [...RULES, { when: { kind: 'schedule', times: [now] }, do: [{ kind: 'post', text: 'Good morning' }] }].map((rule, i) => ({ id: `r${i + 1}`, ...rule })),
  }),
);

interface Bot {
  url: string;
  child: ChildProcess;
  output: () => string;
}

const outgoing: Array<Record<string, unknown>> = [];
let receiver: Server;
let receiverUrl = '';
let llm: OpenAiServer;
let bot: Bot;


async function until<T>(check: () => Promise<T> | T, timeoutMs: number, what: () => string): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function startBot(): Promise<Bot> {
  if (!PYTHON) throw new Error('No python3 with Flask: install python3-flask (.ci/run does).');
  const custom = { 'magic-trick': 'async def custom_magic_trick(event, vars, say):\n    await say("Abracadabra, " + vars["name"] + "!")' };
  // Far enough from the minute's end that the bot is up before it is over.
  if (new Date().getUTCSeconds() > 45) await new Promise((resolve) => setTimeout(resolve, (61 - new Date().getUTCSeconds()) * 1000));
  writeFileSync(join(dir, 'webhook_bot.py'), renderPython(planAt(clock(0)), { filename: 'webhook_bot.py', custom }).code);
  const port = await freePort();
  const child = spawn(PYTHON, ['webhook_bot.py'], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      PYTHONUNBUFFERED: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      WEBHOOK_SECRET: SECRET,
      POST_WEBHOOK_URL: receiverUrl,
      OWNER_CHAT_ID: 'boss',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: `${llm.baseUrl}/v1`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const started: Bot = { url: `http://127.0.0.1:${port}`, child, output: () => `--- the bot's output ---\n${output}` };
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`the bot exited\n${started.output()}`);
      return (await fetch(`${started.url}/health`).catch(() => null))?.ok;
    },
    20_000,
    () => `the bot to listen\n${started.output()}`,
  );
  return started;
}

async function call(path: string, body: unknown, secret: string | null = SECRET): Promise<{ status: number; body: { replies?: unknown[]; reactions?: string[]; error?: string } }> {
  const response = await fetch(bot.url + path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(secret ? { 'X-Webhook-Secret': secret } : {}) }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { replies?: unknown[] } };
}

/** What the bot answered a message (from Ann in her own chat unless given). */
async function say(text: string, more: Record<string, unknown> = {}): Promise<unknown[]> {
  const answer = await call('/message', { user: 'ann', name: 'Ann', text, ...more });
  expect(answer.status, bot.output()).toBe(200);
  return answer.body.replies!;
}

beforeAll(async () => {
  llm = await startOpenAiServer();
  llm.fallback = { reply: 'Bread keeps three days.' };
  receiver = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      outgoing.push(JSON.parse(text) as Record<string, unknown>);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/posts`;
  bot = await startBot();
}, 60_000);

afterAll(async () => {
  if (bot && bot.child.exitCode === null) {
    await new Promise<void>((resolve) => {
      bot.child.once('exit', () => resolve());
      bot.child.kill('SIGTERM');
    });
  }
  await new Promise((resolve) => receiver?.close(resolve));
  await llm?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the rendered Python webhook bot, running on Flask', () => {
  it('posts the schedule to POST_WEBHOOK_URL as the channel', async () => {
    await until(() => outgoing.find((o) => o.text === 'Good morning'), 10_000, () => `the scheduled post\n${bot.output()}`);
    expect(outgoing.filter((o) => o.text === 'Good morning')).toEqual([{ to: 'channel', text: 'Good morning' }]);
  });

  it('refuses a call without WEBHOOK_SECRET, and a call with no text', async () => {
    expect((await call('/message', { user: 'ann', text: '/menu' }, null)).status).toBe(401);
    expect((await call('/message', { user: 'ann', text: '/menu' }, 'wrong')).status).toBe(401);
    const empty = await call('/message', { user: 'ann', text: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toContain('"text"');
  });

  it('answers commands, unknown commands and the help; what it cannot do is left out', async () => {
    expect(await say('/open')).toEqual(['We are open']);
    expect(await say('/closed')).toEqual([]);
    expect(await say('/kick')).toEqual(["I don't know that one, Ann"]);
    const help = (await say('/help')) as string[];
    expect(help[0]).toMatch(/^Commands:\n\/menu - Pick one, …\n\/top - Most messages: …\n\/add - Added …. List: …\n/);
    expect(help[0]).not.toContain('/kick');
    expect(await say('/magic')).toEqual(['Abracadabra, Ann!']);
    expect(await say('/ctof 100')).toEqual(['212 °F']);
    expect(await say('/ctof')).toEqual(['Write a number after the command, e.g. /ctof 20']);
  });

  it('shows buttons as JSON and answers a press on /button or with buttonId', async () => {
    expect(await say('/menu')).toEqual([{ text: 'Pick one, Ann', buttons: [{ id: 'tea', label: 'Tea' }, { id: 'coffee', label: 'Coffee' }] }]);
    expect((await call('/button', { user: 'ann', name: 'Ann', buttonId: 'tea' })).body.replies).toEqual(['Tea it is, Ann']);
    expect(await say('', { buttonId: 'tea', name: 'Bea', user: 'bea' })).toEqual(['Tea it is, Bea']);
    expect((await call('/button', { user: 'ann', buttonId: 'coffee' })).body.replies).toEqual([]);
    expect((await call('/button', { user: 'ann' })).status).toBe(400);
  });

  it('runs keyword, mention and message rules: in turn, reactions, warnings, {text}, messages counted always', async () => {
    const chat = { chat: 'shop', mentioned: false };
    expect(await say('What is the price?', chat)).toEqual(['Bread is 3 euros']);
    expect(await say('price again', chat)).toEqual(['Three euros for bread']);
    expect((await call('/message', { user: 'ann', name: 'Ann', text: 'this is great', ...chat })).body).toEqual({ replies: [], reactions: ['🎉'] });
    expect(await say('spam', chat)).toEqual(['No spam, Ann (1)']);
    expect(await say('more spam', chat)).toEqual(['No spam, Ann (2)', 'Last warning, Ann']);
    expect(await say('hello bot', chat)).toEqual(['Echo: hello bot']);
    // A caller talks to the bot directly unless it says otherwise: the mention rule answers.
    expect(await say('hello bot', { chat: 'shop' })).toEqual(['You called, Ann?']);
    expect(await say('hi', { chat: 'shop', user: 'bea', name: 'Bea', mentioned: false })).toEqual(['Echo: hi']);
    expect(await say('/top', { chat: 'shop' })).toEqual(['Most messages:\n1. Ann: 7\n2. Bea: 1']);
  });

  it('keeps a list per chat: only in the kitchen, removes case-insensitively, clears for the owner (the admin)', async () => {
    const kitchen = { chat: 'k1', chatName: 'kitchen' };
    expect(await say('/add milk')).toEqual([]);
    expect(await say('/add milk', kitchen)).toEqual(['Added milk. List:\n- milk']);
    expect(await say('/add Eggs', kitchen)).toEqual(['Added Eggs. List:\n- milk\n- Eggs']);
    expect(await say('/drop eggs', kitchen)).toEqual(['Removed eggs']);
    expect(await say('/drop', kitchen)).toEqual(['Write what to add after the command, e.g. /drop milk']);
    expect(await say('/list', kitchen)).toEqual(['To buy:\n- milk']);
    expect(await say('/clear', kitchen)).toEqual([]);
    expect(await say('/clear', { ...kitchen, user: 'boss', name: 'Boss' })).toEqual(['Emptied']);
    expect(await say('/list', kitchen)).toEqual(['Nothing to buy']);
  });

  it('asks questions and sends the answers to the owner; runs a quiz; a command ends the questions', async () => {
    const chat = { chat: 'c9' };
    expect(await say('/apply', chat)).toEqual(['Your name?']);
    expect(await say('Ann Smith', chat)).toEqual(['Your age?']);
    expect(await say('33', chat)).toEqual(['Thanks Ann:\nYour name?: Ann Smith\nYour age?: 33']);
    await until(() => outgoing.find((o) => o.to === 'owner'), 5_000, () => 'the answers at POST_WEBHOOK_URL');
    expect(outgoing.filter((o) => o.to === 'owner')).toEqual([{ to: 'owner', text: 'New answers from Ann:\nYour name?: Ann Smith\nYour age?: 33' }]);
    expect(await say('/quiz', chat)).toEqual(['2+2?']);
    expect(await say(' 4 ', chat)).toEqual(['Right!', 'Capital of France?']);
    expect(await say('Lyon', chat)).toEqual(['No, it is Paris', '1/2 right']);
    expect(await say('/quiz', chat)).toEqual(['2+2?']);
    expect(await say('/open', chat)).toEqual(['We are open']);
    expect(await say('4', { ...chat, mentioned: false })).toEqual(['Echo: 4']);
  });

  it('posts to the channel and the owner, and forwards, all at POST_WEBHOOK_URL (the owner\'s own calls too)', async () => {
    outgoing.length = 0;
    expect(await say('/announce fresh bread', { chat: 'c2' })).toEqual(['Announced']);
    expect(await say('/tell hello', { chat: 'c2' })).toEqual([]);
    expect(await say('help me please', { chat: 'c2', chatName: 'front desk', mentioned: false })).toEqual([]);
    await until(() => outgoing.length >= 3, 5_000, () => 'three posts at POST_WEBHOOK_URL');
    expect(outgoing).toEqual([
      { to: 'channel', text: 'News: fresh bread' },
      { to: 'owner', text: 'Ann says hello' },
      { to: 'owner', text: 'Ann wrote in front desk: help me please' },
    ]);
    expect(await say('/tell hi', { user: 'boss', name: 'Boss' })).toEqual([]);
    await until(() => outgoing.length >= 4, 5_000, () => "the owner's own message at POST_WEBHOOK_URL");
    expect(outgoing.at(-1)).toEqual({ to: 'owner', text: 'Boss says hi' });
  });

  it('writes polls as numbered lines, from the plan or from the argument; asks the model with the instructions', async () => {
    expect(await say('/lunch')).toEqual(['📊 Lunch?\n1. Pizza\n2. Soup']);
    expect(await say('/vote Where? park, beach, pool')).toEqual(['📊 Where?\n1. park\n2. beach\n3. pool']);
    expect(await say('/vote')).toEqual(['Write a question and its options after the command, e.g. /vote Pizza or burgers?']);
    expect(await say('/ask how long does bread keep')).toEqual(['AI: Bread keeps three days.']);
    const asked = llm.requests.at(-1)!.messages;
    expect(asked).toEqual([
      { role: 'system', content: 'Be brief' },
      { role: 'user', content: 'how long does bread keep' },
    ]);
  });

  it('answers calls at the same time each with its own replies', async () => {
    const answers = await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((user) => say('/menu', { user, name: user.toUpperCase() })));
    expect(answers.map((replies) => (replies[0] as { text: string }).text)).toEqual(['Pick one, A', 'Pick one, B', 'Pick one, C', 'Pick one, D', 'Pick one, E', 'Pick one, F']);
  });
});
