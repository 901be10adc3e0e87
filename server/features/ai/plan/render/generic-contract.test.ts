// The HTTP bot's contract (generic-contract.ts) holds in both languages: the same plan rendered in
// JavaScript and in Python, each started for real (node / python3 with Flask on a loopback port), is
// sent the same requests; the answers (status and JSON) and what reaches POST_WEBHOOK_URL must be the
// same, and what the contract names. Real: node, python3, Flask, both rendered files, HTTP on
// loopback. Fake: the receiver of POST_WEBHOOK_URL (a loopback server recording the calls).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BotPlan } from '../../../../../shared/bot-plan.schema';
import { BUTTON_EXAMPLE, MESSAGE_EXAMPLE, NOT_AN_OBJECT, NOT_FOUND } from './generic-contract';
import { renderPlan } from './index';
import { until } from './javascript/telegram-chat.harness';
import { startBot, startReceiver, type Receiver, type RunningBot } from './javascript/webhook-bot.harness';
import { newPlan } from './plans.fixture';
import { pythonWith } from './python/python-with.harness';
import { freePort } from '../../../../testing/free-port';

const PYTHON = pythonWith('flask');

const SECRET = 's3cret';

const plan = (language: BotPlan['language']) =>
  newPlan(
    [
      { when: { kind: 'command', name: 'menu' }, do: [{ kind: 'buttons', text: 'What would you like, {name}?', buttons: [{ id: 'bread', label: 'Bread' }, { id: 'cake', label: 'Cake' }] }] },
      { when: { kind: 'button', id: 'cake' }, do: [{ kind: 'reply', text: '{text} it is, {name}' }] },
      { when: { kind: 'keyword', words: ['cake'] }, do: [{ kind: 'react', emoji: '🎉' }] },
      { when: { kind: 'command', name: 'add' }, do: [{ kind: 'list', list: 'shopping', op: 'add', text: 'Added {item}' }] },
      { when: { kind: 'command', name: 'list' }, do: [{ kind: 'list', list: 'shopping', op: 'show', text: 'To buy:\n{list}', empty: 'Nothing to buy' }] },
      { when: { kind: 'command', name: 'reset' }, if: [{ kind: 'admins' }], do: [{ kind: 'reply', text: 'Reset done' }] },
      { when: { kind: 'command', name: 'where' }, if: [{ kind: 'chat', name: 'kitchen' }], do: [{ kind: 'reply', text: 'In the kitchen' }] },
      { when: { kind: 'command', name: 'lunch' }, do: [{ kind: 'poll', question: 'Lunch?', options: ['Pizza', 'Soup'] }] },
      { when: { kind: 'command', name: 'tell' }, do: [{ kind: 'post', to: 'owner', text: 'Note: {args}' }, { kind: 'reply', text: 'Told' }] },
      { when: { kind: 'command', name: 'announce' }, do: [{ kind: 'post', to: 'channel', text: 'News: {args}' }] },
      { when: { kind: 'mention' }, do: [{ kind: 'reply', text: 'You called, {name}?' }] },
      { when: { kind: 'message' }, do: [{ kind: 'reply', text: 'Echo: {text}' }] },
    ],
    { name: 'Contract bot', platform: 'generic', language, settings: { timeZone: 'UTC', prefix: '/', unknownCommand: 'I do not know that command' } },
  );


async function startPythonBot(env: Record<string, string>): Promise<RunningBot> {
  if (!PYTHON) throw new Error('No python3 with Flask: install python3-flask (.ci/run does).');
  const dir = mkdtempSync(join(tmpdir(), 'plan-generic-py-'));
  writeFileSync(join(dir, 'bot.py'), renderPlan(plan('python'), { filename: 'bot.py' }).code);
  const port = await freePort();
  const child: ChildProcess = spawn(PYTHON, ['bot.py'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: dir, PYTHONUNBUFFERED: '1', PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  while (!(await fetch(`${baseUrl}/health`).catch(() => null))?.ok) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the Python bot did not listen\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    baseUrl,
    output: () => `--- bot output ---\n${output}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGKILL')));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Side {
  bot: RunningBot;
  outgoing: Receiver;
}

interface Answer {
  status: number;
  body: unknown;
}

async function request(side: Side, method: string, path: string, body?: unknown, secret: string | null = SECRET): Promise<Answer> {
  const response = await fetch(side.bot.baseUrl + path, {
    method,
    headers: { 'Content-Type': 'application/json', ...(secret ? { 'X-Webhook-Secret': secret } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  }).catch((error: Error) => {
    throw new Error(`${method} ${path}: ${error.message}\n${side.bot.output()}`);
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: compared as text (and the contract says every answer is JSON)
  }
  return { status: response.status, body: parsed };
}

describe('the HTTP bot keeps one contract in JavaScript and Python', () => {
  let js: Side;
  let py: Side;

  beforeAll(async () => {
    const [jsOut, pyOut] = await Promise.all([startReceiver(), startReceiver()]);
    const env = (outgoing: Receiver) => ({ POST_WEBHOOK_URL: `${outgoing.baseUrl}/posts`, OWNER_CHAT_ID: 'boss', WEBHOOK_SECRET: SECRET });
    const [jsBot, pyBot] = await Promise.all([startBot(plan('javascript'), env(jsOut)), startPythonBot(env(pyOut))]);
    js = { bot: jsBot, outgoing: jsOut };
    py = { bot: pyBot, outgoing: pyOut };
  }, 60_000);

  afterAll(async () => {
    for (const side of [js, py]) {
      await side?.bot.stop();
      await side?.outgoing.close();
    }
  });

  /** Sends the same request to both bots, in turn; both answers must be equal, and are returned as one. */
  async function both(method: string, path: string, body?: unknown, secret: string | null = SECRET): Promise<Answer> {
    const fromJs = await request(js, method, path, body, secret);
    const fromPy = await request(py, method, path, body, secret);
    expect(fromPy, `${method} ${path} ${JSON.stringify(body)}\n${js.bot.output()}\n${py.bot.output()}`).toEqual(fromJs);
    return fromJs;
  }

  it('GET /health, unknown routes, the secret and bad bodies', async () => {
    expect(await both('GET', '/health', undefined, null)).toEqual({ status: 200, body: { status: 'ok', bot: 'Contract bot' } });
    expect(await both('GET', '/nowhere')).toEqual({ status: 404, body: { error: NOT_FOUND } });
    expect(await both('POST', '/nowhere', { text: 'hi' })).toEqual({ status: 404, body: { error: NOT_FOUND } });
    expect(await both('GET', '/message')).toEqual({ status: 404, body: { error: NOT_FOUND } });
    expect(await both('POST', '/message', { text: 'hi' }, null)).toEqual({ status: 401, body: { error: 'Unauthorized' } });
    expect(await both('POST', '/message', { text: 'hi' }, 'wrong')).toEqual({ status: 401, body: { error: 'Unauthorized' } });
    expect(await both('POST', '/message', { user: 'ann', text: '   ' })).toEqual({ status: 400, body: { error: MESSAGE_EXAMPLE } });
    expect(await both('POST', '/message', { user: 'ann', text: 42 })).toEqual({ status: 400, body: { error: MESSAGE_EXAMPLE } });
    expect(await both('POST', '/message', '[1, 2]')).toEqual({ status: 400, body: { error: NOT_AN_OBJECT } });
    expect(await both('POST', '/button', { user: 'ann' })).toEqual({ status: 400, body: { error: BUTTON_EXAMPLE } });
  });

  it('defaults: user "someone", name = user, chat = user, mentioned unless exactly false', async () => {
    expect(await both('POST', '/message', { text: 'hello' })).toEqual({ status: 200, body: { replies: ['You called, someone?'] } });
    expect(await both('POST', '/message', { user: 'ann', text: 'hello', mentioned: null })).toEqual({ status: 200, body: { replies: ['You called, ann?'] } });
    expect(await both('POST', '/message', { user: 'ann', name: 'Ann', text: 'hello', mentioned: false })).toEqual({ status: 200, body: { replies: ['Echo: hello'] } });
    // No chat: the caller's own chat, the same one as {"chat": <the user>}; another user's is apart.
    expect((await both('POST', '/message', { user: 'ann', text: '/add milk' })).body).toEqual({ replies: ['Added milk'] });
    expect((await both('POST', '/message', { user: 'ann', chat: 'ann', text: '/list' })).body).toEqual({ replies: ['To buy:\n- milk'] });
    expect((await both('POST', '/message', { user: 'bea', text: '/list' })).body).toEqual({ replies: ['Nothing to buy'] });
    expect((await both('POST', '/message', { user: 'ann', chat: 'k1', chatName: 'kitchen', text: '/where' })).body).toEqual({ replies: ['In the kitchen'] });
    expect((await both('POST', '/message', { user: 'ann', chat: 'k1', text: '/where' })).body).toEqual({ replies: [] });
    expect((await both('POST', '/message', { user: 'ann', text: '/nothing' })).body).toEqual({ replies: ['I do not know that command'] });
  });

  it('buttons: shown as {text, buttons}, pressed on POST /button or with buttonId in /message', async () => {
    expect((await both('POST', '/message', { user: 'ann', name: 'Ann', text: '/menu' })).body).toEqual({
      replies: [{ text: 'What would you like, Ann?', buttons: [{ id: 'bread', label: 'Bread' }, { id: 'cake', label: 'Cake' }] }],
    });
    expect((await both('POST', '/button', { user: 'ann', name: 'Ann', buttonId: 'cake' })).body).toEqual({ replies: ['Cake it is, Ann'] });
    expect((await both('POST', '/message', { user: 'bea', buttonId: 'cake' })).body).toEqual({ replies: ['Cake it is, bea'] });
    expect((await both('POST', '/button', { user: 'bea', buttonId: 'bread' })).body).toEqual({ replies: [] });
  });

  it('reactions beside the replies; polls as numbered text; admins are OWNER_CHAT_ID', async () => {
    const reacted = (await both('POST', '/message', { user: 'ann', text: 'cake please', mentioned: false })).body as { reactions?: string[] };
    expect(reacted.reactions).toEqual(['🎉']);
    expect((await both('POST', '/message', { user: 'ann', text: '/lunch' })).body).toEqual({ replies: ['📊 Lunch?\n1. Pizza\n2. Soup'] });
    expect((await both('POST', '/message', { user: 'ann', text: '/reset' })).body).toEqual({ replies: [] });
    expect((await both('POST', '/message', { user: 'boss', text: '/reset' })).body).toEqual({ replies: ['Reset done'] });
  });

  it('the channel and the owner are POSTed to POST_WEBHOOK_URL as {to, text}', async () => {
    expect((await both('POST', '/message', { user: 'ann', text: '/announce fresh bread' })).body).toEqual({ replies: [] });
    expect((await both('POST', '/message', { user: 'ann', text: '/tell hello' })).body).toEqual({ replies: ['Told'] });
    expect((await both('POST', '/message', { user: 'boss', text: '/tell hi' })).body).toEqual({ replies: ['Told'] });
    for (const side of [js, py]) await until(() => side.outgoing.received.length >= 3, 5_000, () => `three posts\n${side.bot.output()}`);
    const expected = [
      { path: '/posts', body: { to: 'channel', text: 'News: fresh bread' } },
      { path: '/posts', body: { to: 'owner', text: 'Note: hello' } },
      { path: '/posts', body: { to: 'owner', text: 'Note: hi' } },
    ];
    expect(js.outgoing.received).toEqual(expected);
    expect(py.outgoing.received).toEqual(expected);
  });
});
