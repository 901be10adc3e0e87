// The `openai` provider against a real OpenAI-compatible server on loopback: structured chat answers
// (a plain answer here; plans in model-plans.test.ts), the SSE subscription the client uses, honest
// errors, timeouts and the truncation guard.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTRPCClient, httpLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { EventSource } from 'eventsource';
import type { AppRouter } from '../../router';
import type { TestApp } from '../../testing/test-app';
import { modelAnswer, startAppWithModel, type OpenAiServer } from '../../testing/openai-server';
import { MODIFY_SYSTEM_PROMPT } from './prompts';
import { newUser } from '../../testing/fixtures';

let llm: OpenAiServer;
let t: TestApp;

const BOT_REPLY = [
  'Here is your Telegram echo bot. Set TELEGRAM_BOT_TOKEN and run it.',
  '',
  '```python filename: echo_bot.py',
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
  '```',
  '',
  'Dependencies: python-telegram-bot',
].join('\n');

let world: Awaited<ReturnType<typeof startAppWithModel>>;
beforeAll(async () => {
  world = await startAppWithModel();
  ({ t, llm } = world);
});
afterAll(async () => world.close());
beforeEach(() => world.reset());

const credits = async (token: string) => (await t.request('GET', '/api/auth/me', { token })).body.credits as number;

function client(token: string) {
  const url = `${t.url}/trpc`;
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({
          url,
          EventSource,
          eventSourceOptions: () => ({
            fetch: (input: string | URL, init?: RequestInit) =>
              fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), authorization: `Bearer ${token}` } }),
          }),
        }),
        false: httpLink({ url, headers: { authorization: `Bearer ${token}` } }),
      }),
    ],
  });
}

describe('chat through an OpenAI-compatible server', () => {
  it('REST chat stores the model answer, its file and charges 5; the request carries the prompt, files and history', async () => {
    const { token } = await newUser(t);
    llm.queue.push({ reply: modelAnswer({ reply: BOT_REPLY }) });
    const res = await t.request('POST', '/api/ai/chat', { token, body: { message: 'Make an echo bot', projectId: 'default' } });
    expect(res.status).toBe(200);
    expect(res.body.createdFile.filename).toBe('echo_bot.py');
    expect(res.body.dependencies).toEqual(['python-telegram-bot']);
    expect(res.body.credits).toBe(95);

    llm.queue.push({ reply: modelAnswer({ reply: 'Sure, it echoes every text message.' }) });
    await t.request('POST', '/api/ai/chat', { token, body: { message: 'What does it do?', projectId: 'default' } });
    const sent = llm.requests[1]!;
    expect(sent.model).toBe('test-model');
    expect(sent.response_format?.type).toBe('json_schema');
    expect(sent.messages[0]!.content).toContain('Answer with one JSON object');
    // The free-form prompt (a platform the renderer does not write yet, model-plans.test.ts): Telegram
    // bots the model writes must answer in the test chat, one option line per library.
    for (const option of [
      'TELEGRAM_API_BASE',
      '.base_url(f"{api}/bot").base_file_url(f"{api}/file/bot")',
      'AiohttpSession(api=TelegramAPIServer.from_base(api))',
      'new Telegraf(token, { telegram: { apiRoot: api } })',
      'new Bot(token, { client: { apiRoot: api } })',
      'baseApiUrl: api',
    ]) {
      expect(MODIFY_SYSTEM_PROMPT).toContain(option);
    }
    // The model editing a hand-written file is told which major versions get installed, and their APIs.
    for (const pinned of ['python-telegram-bot 21+', 'discord.py 2', 'discord.js 14', 'telegraf 4', 'slack_bolt', 'never Updater, use_context=True']) {
      expect(MODIFY_SYSTEM_PROMPT).toContain(pinned);
    }
    expect(sent.messages.map((m) => m.content).join('\n')).toContain("token(os.environ['TELEGRAM_BOT_TOKEN'])");
    expect(sent.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['Make an echo bot', 'What does it do?']);
  });

  it('the subscription sends the composed reply (never the JSON) once it is ready, then the stored result', async () => {
    const { token } = await newUser(t);
    llm.queue.push({ reply: modelAnswer({ reply: BOT_REPLY }), chunkSize: 16 });
    const events: Array<{ type: string; text?: string; result?: any }> = [];
    await new Promise<void>((resolve, reject) => {
      const sub = client(token).chat.stream.subscribe(
        { message: 'Make an echo bot', projectId: 'default' },
        {
          onData: (e) => {
            events.push(e as never);
            if ((e as { type: string }).type === 'done') {
              sub.unsubscribe();
              resolve();
            }
          },
          onError: reject,
        },
      );
    });
    const deltas = events.filter((e) => e.type === 'delta');
    expect(deltas.map((d) => d.text)).toEqual([BOT_REPLY]);
    expect(events.at(-1)!.result).toMatchObject({ createdFile: { filename: 'echo_bot.py' }, credits: 95 });
  });

  it('a model error answers 502 with its message; nothing is stored or charged', async () => {
    const { token, id } = await newUser(t);
    llm.queue.push({ status: 500, errorMessage: 'model is overloaded' }, { status: 500, errorMessage: 'model is overloaded' });
    const res = await t.request('POST', '/api/ai/chat', { token, body: { message: 'Make an echo bot', projectId: 'default' } });
    expect(res.status).toBe(502);
    expect(res.body.error).toContain('model is overloaded');
    expect(await credits(token)).toBe(100);
    const stored = await t.app.deps.db.selectFrom('chat_messages').selectAll().where('user_id', '=', id).execute();
    expect(stored).toEqual([]);
  });

  it('a model slower than the timeout answers 504 without a charge', async () => {
    const { token } = await newUser(t);
    llm.queue.push({ reply: modelAnswer({ reply: BOT_REPLY }), delayMs: 4000 }, { reply: modelAnswer({ reply: BOT_REPLY }), delayMs: 4000 });
    const res = await t.request('POST', '/api/ai/chat', { token, body: { message: 'Make an echo bot', projectId: 'default' } });
    expect(res.status).toBe(504);
    expect(await credits(token)).toBe(100);
  });
});

describe('a reply not delivered whole is not charged', () => {
  const stored = async (userId: string) => t.app.deps.db.selectFrom('chat_messages').selectAll().where('user_id', '=', userId).execute();

  it('a chat reply cut at the length limit answers 502; nothing is stored or charged', async () => {
    const { token, id } = await newUser(t);
    llm.queue.push({ reply: modelAnswer({ reply: BOT_REPLY }), finishReason: 'length' });
    const res = await t.request('POST', '/api/ai/chat', { token, body: { message: 'Make an echo bot', projectId: 'default' } });
    expect(res.status).toBe(502);
    expect(res.body.error).toMatch(/cut off/);
    expect(await credits(token)).toBe(100);
    expect(await stored(id)).toEqual([]);
  });

  it('a stream that ends with no finish reason is a failure, not a reply', async () => {
    const { token, id } = await newUser(t);
    llm.queue.push({ reply: modelAnswer({ reply: BOT_REPLY }), endEarly: true });
    const res = await t.request('POST', '/api/ai/chat', { token, body: { message: 'Make an echo bot', projectId: 'default' } });
    expect(res.status).toBe(502);
    expect(await credits(token)).toBe(100);
    expect(await stored(id)).toEqual([]);
  });

  it('the subscription shows nothing of a cut-off structured answer, then the error, and charges nothing', async () => {
    const { token } = await newUser(t);
    llm.queue.push({ reply: modelAnswer({ reply: BOT_REPLY }), chunkSize: 16, finishReason: 'length' });
    const deltas: string[] = [];
    // As the client does (use-chat.ts): the first error settles it, and EventSource may not reconnect.
    const error = await new Promise<Error>((resolve, reject) => {
      const sub = client(token).chat.stream.subscribe(
        { message: 'Make an echo bot', projectId: 'default' },
        {
          onData: (e) => {
            if (e.type === 'delta') deltas.push(e.text);
            else reject(new Error('a cut-off reply must not complete'));
          },
          onError: (err) => {
            sub.unsubscribe();
            resolve(err);
          },
          onConnectionStateChange: (state) => {
            if (state.state !== 'connecting' || !state.error) return;
            sub.unsubscribe();
            resolve(state.error);
          },
        },
      );
    });
    expect(deltas).toEqual([]);
    expect(error.message).toMatch(/cut off/);
    expect(await credits(token)).toBe(100);
  });

  it('a chat reply the truncation guard refuses (placeholder for an existing file) charges nothing', async () => {
    const { token } = await newUser(t);
    llm.queue.push({ reply: modelAnswer({ reply: BOT_REPLY }) });
    expect((await t.request('POST', '/api/ai/chat', { token, body: { message: 'Make an echo bot', projectId: 'default' } })).status).toBe(200);
    llm.queue.push({ reply: modelAnswer({ reply: 'Updated.\n\n```python filename: echo_bot.py\nimport os\n# ... rest of the code ...\n```' }) });
    const res = await t.request('POST', '/api/ai/chat', { token, body: { message: 'Add a comment', projectId: 'default' } });
    expect(res.status).toBe(422);
    expect(await credits(token)).toBe(95);
  });
});

describe('modify-code through an OpenAI-compatible server', () => {
  const original = BOT_REPLY.split('```')[1]!.split('\n').slice(1).join('\n');

  it('returns the full modified file and charges 5 as code_edit', async () => {
    const { token } = await newUser(t);
    const changed = original.replace('logging.INFO', 'logging.DEBUG');
    llm.queue.push({ reply: '```python\n' + changed + '```' });
    const res = await t.request('POST', '/api/ai/modify-code', { token, body: { code: original, filename: 'echo_bot.py', prompt: 'debug logging' } });
    expect(res.status).toBe(200);
    expect(res.body.modifiedCode.trimEnd()).toBe(changed.trimEnd());
    expect(await credits(token)).toBe(95);
    expect(llm.requests[0]!.messages[0]!.content).toContain('TELEGRAM_API_BASE');
  });

  it('refuses a proposal with a placeholder for omitted code, or one that drops most of the file, without charging', async () => {
    const { token } = await newUser(t);
    llm.queue.push({ reply: '```python\nimport os\n# ... rest of the code ...\n```' });
    const placeholder = await t.request('POST', '/api/ai/modify-code', { token, body: { code: original, filename: 'echo_bot.py', prompt: 'add a comment' } });
    expect(placeholder.status).toBe(422);
    llm.queue.push({ reply: '```python\nimport os\nprint(1)\n```' });
    const shrunk = await t.request('POST', '/api/ai/modify-code', { token, body: { code: original, filename: 'echo_bot.py', prompt: 'add a comment' } });
    expect(shrunk.status).toBe(422);
    expect(await credits(token)).toBe(100);
  });

  it('a proposal cut at the length limit or stopped by a content filter answers 502 without charging', async () => {
    const { token } = await newUser(t);
    const changed = original.replace('logging.INFO', 'logging.DEBUG');
    llm.queue.push({ reply: '```python\n' + changed + '```', finishReason: 'length' });
    const cut = await t.request('POST', '/api/ai/modify-code', { token, body: { code: original, filename: 'echo_bot.py', prompt: 'debug logging' } });
    expect(cut.status).toBe(502);
    expect(cut.body.error).toMatch(/cut off/);
    llm.queue.push({ reply: '```python\n' + changed + '```', finishReason: 'content_filter' });
    const filtered = await t.request('POST', '/api/ai/modify-code', { token, body: { code: original, filename: 'echo_bot.py', prompt: 'debug logging' } });
    expect(filtered.status).toBe(502);
    expect(await credits(token)).toBe(100);
  });

  it('a rejected proposal is refunded', async () => {
    const { token } = await newUser(t);
    llm.queue.push({ reply: '```python\n' + original.replace('logging.INFO', 'logging.DEBUG') + '```' });
    const res = await t.request('POST', '/api/ai/modify-code', { token, body: { code: original, filename: 'echo_bot.py', prompt: 'debug logging' } });
    expect(res.body.credits).toBe(95);
    const rejected = await client(token).ai.rejectModification.mutate({ proposalId: res.body.proposalId });
    expect(rejected).toEqual({ refunded: true, credits: 100 });
    expect(await credits(token)).toBe(100);
  });
});
