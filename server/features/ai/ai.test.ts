// AI chat and code edits through the real app: files and ledger rows written together, credits
// charged exactly once per paid answer, nothing stored or charged on refusals and failures.
// The assistant is the real builtin one; the parallel-chats test holds its answers back (a fake
// delay in front of it) so that every request has read the balance before any is charged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import { parseAssistantReply } from '../../../shared/code-blocks';
import { builtinProvider } from './builtin-provider';
import type { AiProvider } from './provider';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'warn' });
});
afterAll(() => t.close());

async function ledger(token: string, app = t) {
  const me = (await app.request('GET', '/api/auth/me', { token })).body;
  const rows = (await app.request('GET', '/api/credits/transactions', { token })).body as Array<{ type: string; amount: number }>;
  return { credits: me.credits as number, rows, sum: rows.reduce((a, r) => a + r.amount, 0) };
}

/**
 * The builtin assistant, each chat held until `chats` chats are waiting (5 s at most): by then every
 * one of them has passed the early balance check, so only the charge's own condition can refuse.
 */
function heldAssistant(chats: number): AiProvider & { waited: number } {
  const builtin = builtinProvider();
  let release!: () => void;
  const everyoneWaiting = new Promise<void>((resolve) => (release = resolve));
  const held: AiProvider & { waited: number } = {
    ...builtin,
    waited: 0,
    async chat(request, onDelta, signal) {
      if (++held.waited >= chats) release();
      await Promise.race([everyoneWaiting, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      return builtin.chat(request, onDelta, signal);
    },
  };
  return held;
}

const counts = async (userId: string, app = t) => {
  const db = app.app.deps.db;
  const [messages, files] = await Promise.all([
    db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
    db.selectFrom('files').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return { messages: Number(messages.n), files: Number(files.n) };
};

describe('chat with the builtin assistant', () => {
  it('answers with a file and dependencies, stores both messages and charges 5 credits as ai_message', async () => {
    const { token } = await newUser(t);
    const res = await t.request('POST', '/api/ai/chat', {
      token,
      body: { message: 'Make a Telegram bot in Python that answers /start and echoes messages', projectId: 'default' },
    });
    expect(res.status).toBe(200);
    expect(res.body.createdFile.filename).toMatch(/\.py$/);
    expect(res.body.createdFiles).toHaveLength(1);
    expect(res.body.dependencies).toContain('python-telegram-bot');
    expect(res.body.credits).toBe(95);
    const parsed = parseAssistantReply(res.body.message);
    expect(parsed.blocks[0]!.filename).toBe(res.body.createdFile.filename);

    const file = await t.request('GET', `/api/files/${res.body.createdFile.id}`, { token });
    expect(file.body.content).toBe(parsed.blocks[0]!.code);
    expect(file.body.platform).toBe('telegram');

    const messages = await t.request('GET', '/api/chat/messages', { token });
    expect(messages.body.map((m: { role: string }) => m.role)).toEqual(['assistant', 'user']);
    const l = await ledger(token);
    expect(l.rows[0]).toMatchObject({ type: 'ai_message', amount: -5 });
    expect(l.credits).toBe(95);
    expect(l.sum).toBe(l.credits);
  });

  it('a request naming neither a platform nor a purpose gets help, no file and no charge', async () => {
    const { token, id } = await newUser(t);
    const res = await t.request('POST', '/api/ai/chat', { token, body: { message: 'hmm', projectId: 'default' } });
    expect(res.status).toBe(200);
    expect(res.body.createdFiles).toEqual([]);
    expect(res.body.credits).toBe(100);
    expect((await counts(id)).files).toBe(0);
  });

  it('with too few credits answers 402 and stores nothing', async () => {
    const { token, id } = await newUser(t, { credits: 4 });
    const res = await t.request('POST', '/api/ai/chat', { token, body: { message: 'Make a Discord bot in JavaScript', projectId: 'default' } });
    expect(res.status).toBe(402);
    expect(res.body.error).toMatch(/credits/i);
    expect(await counts(id)).toEqual({ messages: 0, files: 0 });
    expect((await ledger(token)).credits).toBe(4);
  });

  it('20 parallel chats with 10 credits left succeed exactly twice; the balance equals the ledger sum', async () => {
    // An app of its own whose assistant answers only once all 20 chats wait for it: each has read
    // a balance of 10 before the first charge, so the conditional charge alone keeps it at 2.
    const assistant = heldAssistant(20);
    const held = await startTestApp({ LOG_LEVEL: 'warn' }, { ai: assistant });
    try {
      const { token, id } = await newUser(held, { credits: 10 });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          held.request('POST', '/api/ai/chat', { token, body: { message: `Make another Telegram bot that echoes messages, number ${i}`, projectId: 'default' } }),
        ),
      );
      expect(assistant.waited).toBe(20);
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(2);
      expect(statuses.filter((s) => s === 402)).toHaveLength(18);
      const l = await ledger(token, held);
      expect(l.credits).toBe(0);
      expect(l.sum).toBe(0);
      expect(l.rows.filter((r) => r.type === 'ai_message')).toHaveLength(2);
      expect((await counts(id, held)).messages).toBe(4);
    } finally {
      await held.close();
    }
  });

  it('rejects blank and oversized messages with 400', async () => {
    const { token } = await newUser(t);
    for (const message of ['', '   ', 'x'.repeat(8001)]) {
      expect((await t.request('POST', '/api/ai/chat', { token, body: { message, projectId: 'default' } })).status).toBe(400);
    }
    expect((await t.request('POST', '/api/ai/chat', { token, body: { message: 'Telegram bot', projectId: 'default', credits: 1000 } })).status).toBe(400);
  });
});

describe('modify-code with the builtin assistant', () => {
  it('performs a documented edit and charges 5 as code_edit', async () => {
    const { token } = await newUser(t);
    const chat = await t.request('POST', '/api/ai/chat', { token, body: { message: 'Make a Telegram bot in Python with /start', projectId: 'default' } });
    const file = (await t.request('GET', `/api/files/${chat.body.createdFile.id}`, { token })).body;
    const res = await t.request('POST', '/api/ai/modify-code', {
      token,
      body: { code: file.content, filename: file.filename, prompt: "add a /price command that replies 'Bread is 3 euros'", projectId: file.projectId },
    });
    expect(res.status).toBe(200);
    expect(res.body.modifiedCode).toContain('Bread is 3 euros');
    const l = await ledger(token);
    expect(l.rows[0]).toMatchObject({ type: 'code_edit', amount: -5 });
    expect(l.credits).toBe(90);
    // Only the proposal is returned: the stored file is unchanged until the person saves.
    expect((await t.request('GET', `/api/files/${file.id}`, { token })).body.content).toBe(file.content);
  });

  it('answers 422 naming the setting for free-form edits, without charging', async () => {
    const { token } = await newUser(t);
    const res = await t.request('POST', '/api/ai/modify-code', {
      token,
      body: { code: 'print("hi")\n', filename: 'bot.py', prompt: 'rewrite this as a quantum neural blockchain', projectId: 'default' },
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toContain('OPENAI_API_KEY');
    expect((await ledger(token)).credits).toBe(100);
  });
});
