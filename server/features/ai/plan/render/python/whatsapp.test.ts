// The rendered Python WhatsApp bot, run for real: python3 with Flask and requests on a loopback port,
// sent Cloud API webhook calls (signed with the app secret); what it sends must reach the Graph API
// with the plan's words: texts, reply buttons (numbered lines beyond 3, answered by number or label),
// reactions both ways. Real: python3, Flask, requests, the rendered file, HTTP on loopback. Fake: the
// Graph API (a small HTTP server here recording the messages; GRAPH_API in the file points at it, as
// a person would edit it).

import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotPlanSchema } from '../../../../../../shared/bot-plan.schema';
import { markUnsupported } from '../../../../../../shared/bot-plan-platforms';
import { renderPython } from './index';
import { pythonWith } from './python-with.harness';
import { freePort } from '../../../../../testing/free-port';

const PYTHON = pythonWith('flask, requests');

const dir = mkdtempSync(join(tmpdir(), 'python-whatsapp-bot-'));
const APP_SECRET = 'app-secret';

const plan = markUnsupported(
  BotPlanSchema.parse({
    name: 'Shop',
    platform: 'whatsapp',
    language: 'python',
    rules: [
      { id: 'size', when: { kind: 'command', name: 'size' }, do: [{ kind: 'buttons', text: 'Which size, {name}?', buttons: [{ id: 's', label: 'Small' }, { id: 'l', label: 'Large' }] }] },
      {
        id: 'day',
        when: { kind: 'command', name: 'day' },
        do: [{ kind: 'buttons', text: 'Which day?', buttons: ['Mon', 'Tue', 'Wed', 'Thu'].map((d) => ({ id: d.toLowerCase(), label: d })) }],
      },
      { id: 'small', when: { kind: 'button', id: 's' }, do: [{ kind: 'reply', text: 'Small it is' }] },
      { id: 'tue', when: { kind: 'button', id: 'tue' }, do: [{ kind: 'reply', text: 'See you on {text}' }] },
      { id: 'thanks', when: { kind: 'keyword', words: ['thanks'] }, do: [{ kind: 'react', emoji: '❤️' }] },
      { id: 'liked', when: { kind: 'reaction', emoji: '👍' }, do: [{ kind: 'reply', text: 'Glad you like it, {name}' }] },
      { id: 'lunch', when: { kind: 'command', name: 'lunch' }, do: [{ kind: 'poll', question: 'Lunch?', options: ['Pizza', 'Soup'] }] },
      { id: 'other', when: { kind: 'message' }, do: [{ kind: 'reply', text: 'You wrote: {text}' }] },
      { id: 'gone', when: { kind: 'join' }, do: [{ kind: 'reply', text: 'Nobody joins here' }] },
    ],
  }),
);

const sent: Array<Record<string, unknown>> = [];
let graph: Server;
let graphBase = '';
let child: ChildProcess;
let url = '';
let output = '';


async function until<T>(check: () => Promise<T> | T, timeoutMs: number, what: string): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n--- the bot's output ---\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A webhook call as Meta makes it, signed with the app secret (or not). */
async function deliver(message: Record<string, unknown>, signed = true): Promise<number> {
  const body = JSON.stringify({ entry: [{ changes: [{ value: { contacts: [{ wa_id: '4915100000001', profile: { name: 'Ann' } }], messages: [{ from: '4915100000001', id: `wamid.${sent.length}.${Date.now()}`, ...message }] } }] }] });
  const signature = `sha256=${createHmac('sha256', signed ? APP_SECRET : 'wrong').update(body).digest('hex')}`;
  const response = await fetch(`${url}/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature }, body });
  return response.status;
}

/** What the bot sends after this incoming message (it answers in the background). */
async function answers(message: Record<string, unknown>, count = 1): Promise<Array<Record<string, unknown>>> {
  const before = sent.length;
  expect(await deliver(message)).toBe(200);
  await until(() => sent.length >= before + count, 10_000, `${count} message(s) to the Graph API`);
  await new Promise((resolve) => setTimeout(resolve, 150)); // nothing more comes
  return sent.slice(before).map(({ messaging_product: _p, to: _to, ...rest }) => rest);
}

const text = (body: string) => ({ type: 'text', text: { body } });

beforeAll(async () => {
  if (!PYTHON) throw new Error('No python3 with Flask and requests: install python3-flask and python3-requests (.ci/run does).');
  graph = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/v21.0/phone-1/messages' && req.headers.authorization === 'Bearer wa-token') sent.push(JSON.parse(body) as Record<string, unknown>);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"messages":[{"id":"wamid.out"}]}');
    });
  });
  await new Promise<void>((resolve) => graph.listen(0, '127.0.0.1', resolve));
  const address = graph.address();
  graphBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const code = renderPython(plan, { filename: 'whatsapp_bot.py' }).code.replace('https://graph.facebook.com/v21.0', `${graphBase}/v21.0`);
  writeFileSync(join(dir, 'whatsapp_bot.py'), code);
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  child = spawn(PYTHON, ['whatsapp_bot.py'], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      PYTHONUNBUFFERED: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      WHATSAPP_TOKEN: 'wa-token',
      WHATSAPP_PHONE_NUMBER_ID: 'phone-1',
      WHATSAPP_VERIFY_TOKEN: 'verify-me',
      WHATSAPP_APP_SECRET: APP_SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`the bot exited\n${output}`);
      return (await fetch(`${url}/webhook?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=ready`).catch(() => null))?.ok;
    },
    20_000,
    'the bot to listen',
  );
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
  await new Promise((resolve) => graph?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('the rendered Python WhatsApp bot, running on Flask', () => {
  it('answers the verification with the challenge, refuses a wrong verify token and an unsigned call', async () => {
    const ok = await fetch(`${url}/webhook?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=12345`);
    expect(await ok.text()).toBe('12345');
    expect((await fetch(`${url}/webhook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1`)).status).toBe(403);
    expect(await deliver(text('/size'), false)).toBe(403);
  });

  it('sends up to 3 buttons as reply buttons; a press comes back as the button event', async () => {
    expect(await answers(text('/size'))).toEqual([
      {
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: 'Which size, Ann?' },
          action: { buttons: [{ type: 'reply', reply: { id: 'b:s', title: 'Small' } }, { type: 'reply', reply: { id: 'b:l', title: 'Large' } }] },
        },
      },
    ]);
    expect(await answers({ type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'b:s', title: 'Small' } } })).toEqual([{ type: 'text', text: { body: 'Small it is' } }]);
  });

  it('writes more than 3 buttons as numbered lines; a reply of the number or the label presses one', async () => {
    expect(await answers(text('/day'))).toEqual([{ type: 'text', text: { body: 'Which day?\n1. Mon\n2. Tue\n3. Wed\n4. Thu\n(Reply with the number or the name.)' } }]);
    expect(await answers(text(' 2 '))).toEqual([{ type: 'text', text: { body: 'See you on Tue' } }]);
    // The offer is used up: "2" is a plain message now.
    expect(await answers(text('2'))).toEqual([{ type: 'text', text: { body: 'You wrote: 2' } }]);
    await answers(text('/day'));
    expect(await answers(text('tue'))).toEqual([{ type: 'text', text: { body: 'See you on Tue' } }]);
  });

  it('reacts to a message, answers a reaction, writes polls as numbered lines', async () => {
    const thanks = await answers(text('thanks a lot'));
    expect(thanks).toEqual([{ type: 'reaction', reaction: { message_id: expect.stringMatching(/^wamid\./), emoji: '❤️' } }]);
    expect(await answers({ type: 'reaction', reaction: { message_id: 'wamid.out', emoji: '👍' } })).toEqual([{ type: 'text', text: { body: 'Glad you like it, Ann' } }]);
    expect(await answers(text('/lunch'))).toEqual([{ type: 'text', text: { body: '📊 Lunch?\n1. Pizza\n2. Soup' } }]);
    expect(renderPython(plan, { filename: 'bot.py' }).code).not.toContain('Nobody joins here');
  });
});
