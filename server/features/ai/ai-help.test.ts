// AI Help (POST /api/ai/assistant, tRPC ai.help) through the real app: the builtin answer names
// the fix and is charged 5 credits as an ai_message; too few credits answer 402 and charge nothing;
// another person's file answers 404; an OpenAI-compatible server on loopback receives exactly the
// last 10 log lines and the file, with the project's saved secrets masked, and a failure charges nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTRPCClient, httpLink } from '@trpc/client';
import type { AppRouter } from '../../router';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { startAppWithModel, type OpenAiServer } from '../../testing/openai-server';
import { newUser } from '../../testing/fixtures';
import { AI_HELP_SYSTEM_PROMPT } from './ai-help-prompt';

const BOT_TOKEN = '7766554433:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';

const BOT_FILE = [
  'import os',
  'import logging',
  'from telegram import Update',
  'from telegram.ext import Application, CommandHandler',
  '',
  '# The token stays out of the code: it comes from Environment Variables.',
  `TOKEN = os.getenv("TELEGRAM_BOT_TOKEN", "${BOT_TOKEN}")`,
  '',
  'async def start(update: Update, context):',
  '    await update.message.reply_text("Hi!")',
  '',
  'app = Application.builder().token(TOKEN).build()',
  'app.add_handler(CommandHandler("start", start))',
  'app.run_polling()',
].join('\n');

const MISSING_MODULE_LOG = [
  'Traceback (most recent call last):',
  '  File "/run/bot.py", line 3, in <module>',
  '    from telegram import Update',
  "ModuleNotFoundError: No module named 'telegram'",
];

async function ledger(t: TestApp, token: string) {
  const credits = (await t.request('GET', '/api/auth/me', { token })).body.credits as number;
  const rows = (await t.request('GET', '/api/credits/transactions', { token })).body as Array<{ type: string; amount: number; description: string }>;
  return { credits, rows, sum: rows.reduce((a, r) => a + r.amount, 0) };
}

async function botFile(t: TestApp, token: string, content = BOT_FILE): Promise<{ id: string; projectId: string }> {
  const projectId = (await t.request('POST', '/api/projects', { token, body: { name: 'My Bots', description: '' } })).body.id as string;
  const file = await t.request('PUT', `/api/projects/${projectId}/files/bot.py`, { token, body: { content } });
  expect(file.status).toBe(200);
  return { id: file.body.id, projectId };
}

async function saveToken(t: TestApp, token: string, projectId: string) {
  const saved = await t.request('PUT', `/api/projects/${projectId}/env-vars`, { token, body: { set: { TELEGRAM_BOT_TOKEN: BOT_TOKEN } } });
  expect(saved.status).toBe(200);
}

/** The analysis the dialog asks for by itself, by a new person: it names the package and costs nothing. */
async function automaticAnalysis(t: TestApp): Promise<string> {
  const { token } = await newUser(t);
  const res = await t.request('POST', '/api/ai/assistant', {
    token,
    body: { message: 'Please analyze the errors in these logs.', logs: MISSING_MODULE_LOG, filename: 'bot.py', fileContent: BOT_FILE, automatic: true },
  });
  expect(res.status).toBe(200);
  expect(res.body.response).toContain('python-telegram-bot');
  expect(res.body.credits).toBe(100);
  return token;
}

describe('AI Help with the builtin assistant', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: 'info' });
  });
  afterAll(() => t.close());

  it('REST answers {response} naming the package to install, and charges 5 credits as ai_message', async () => {
    const { token } = await newUser(t);
    const res = await t.request('POST', '/api/ai/assistant', {
      token,
      body: { message: 'Why does my bot crash?', logs: MISSING_MODULE_LOG, filename: 'bot.py', fileContent: BOT_FILE },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ response: expect.any(String), credits: 95 });
    expect(res.body.response).toContain('python-telegram-bot');
    expect(res.body.response).toContain('Install Dependencies');
    const l = await ledger(t, token);
    expect(l.rows[0]).toMatchObject({ type: 'ai_message', amount: -5 });
    expect(l.rows.filter((r) => r.type === 'ai_message')).toHaveLength(1);
    expect(l.credits).toBe(95);
    expect(l.sum).toBe(l.credits);
  });

  it('the same call over tRPC (ai.help) with a saved file: the answer knows which variables are saved', async () => {
    const { token } = await newUser(t);
    const file = await botFile(t, token);
    const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${t.url}/trpc`, headers: { authorization: `Bearer ${token}` } })] });
    const logs = ['telegram.error.InvalidToken: You must pass the token you received from https://t.me/Botfather!'];
    const unsaved = await client.ai.help.mutate({ message: 'help', logs, fileId: file.id });
    expect(unsaved.response).toContain('TELEGRAM_BOT_TOKEN has no value');
    await saveToken(t, token, file.projectId);
    const saved = await client.ai.help.mutate({ message: 'help', logs, fileId: file.id });
    expect(saved.response).toContain('although one is saved');
    expect(saved.credits).toBe(90);
  });

  it('offers the fix it can make as a proposal of the saved file: a missing import', async () => {
    const { token } = await newUser(t);
    const code = 'import logging\n\nlogging.basicConfig(level=logging.INFO)\nprint(os.getenv("TELEGRAM_BOT_TOKEN"))\n';
    const file = await botFile(t, token, code);
    const logs = ['Traceback (most recent call last):', '  File "/run/bot.py", line 4, in <module>', '    print(os.getenv("TELEGRAM_BOT_TOKEN"))', "NameError: name 'os' is not defined"];
    const res = await t.request('POST', '/api/ai/assistant', { token, body: { message: 'why?', logs, filename: 'bot.py', fileContent: code, fileId: file.id } });
    expect(res.status).toBe(200);
    expect(res.body.response).toContain('Review the fix');
    expect(res.body.fix).toMatchObject({ fileId: file.id, filename: 'bot.py', proposalId: expect.any(String) });
    expect(res.body.fix.modifiedCode).toBe('import logging\nimport os\n\nlogging.basicConfig(level=logging.INFO)\nprint(os.getenv("TELEGRAM_BOT_TOKEN"))\n');
    expect(res.body.credits).toBe(95);
    // Nothing is written until the person accepts and saves.
    expect((await t.request('GET', `/api/files/${file.id}`, { token })).body.content).toBe(code);
    // The text the answer read is not the saved file: no fix is offered.
    const edited = await t.request('POST', '/api/ai/assistant', { token, body: { message: 'why?', logs, filename: 'bot.py', fileContent: `${code}\n# edited`, fileId: file.id } });
    expect(edited.body.fix).toBeUndefined();
  });

  it('the analysis the dialog asks for by itself when it opens over errors is free', async () => {
    const token = await automaticAnalysis(t);
    expect((await ledger(t, token)).rows.filter((r) => r.type === 'ai_message')).toHaveLength(0);
  });

  it('with no logs asks to run the bot first and charges nothing', async () => {
    const { token } = await newUser(t);
    const res = await t.request('POST', '/api/ai/assistant', { token, body: { message: 'why does it crash?', logs: [] } });
    expect(res.status).toBe(200);
    expect(res.body.response).toContain('Start');
    expect(res.body.credits).toBe(100);
    expect((await ledger(t, token)).rows.filter((r) => r.type === 'ai_message')).toEqual([]);
  });

  it('with fewer than 5 credits answers 402 and charges nothing', async () => {
    const { token } = await newUser(t, { credits: 4 });
    const res = await t.request('POST', '/api/ai/assistant', { token, body: { message: 'Why does my bot crash?', logs: MISSING_MODULE_LOG } });
    expect(res.status).toBe(402);
    expect(res.body.error).toMatch(/credits/i);
    const l = await ledger(t, token);
    expect(l.credits).toBe(4);
    expect(l.rows.filter((r) => r.type === 'ai_message')).toEqual([]);
  });

  it("another person's fileId answers 404 and charges nothing", async () => {
    const owner = await newUser(t);
    const file = await botFile(t, owner.token);
    const other = await newUser(t);
    const res = await t.request('POST', '/api/ai/assistant', { token: other.token, body: { message: 'help', logs: MISSING_MODULE_LOG, fileId: file.id } });
    expect(res.status).toBe(404);
    expect((await ledger(t, other.token)).credits).toBe(100);
  });

  it('refuses unauthenticated calls, blank messages and unknown fields', async () => {
    expect((await t.request('POST', '/api/ai/assistant', { body: { message: 'help', logs: [] } })).status).toBe(401);
    const { token } = await newUser(t);
    for (const body of [{ message: '   ', logs: [] }, { message: 'help', logs: [], credits: 1000 }, { message: 'help', logs: 'not a list' }]) {
      expect((await t.request('POST', '/api/ai/assistant', { token, body })).status).toBe(400);
    }
  });

  it('takes a file of 1 MiB (the body limit is 2 MiB)', async () => {
    const { token } = await newUser(t);
    const fileContent = `${'# padding line\n'.repeat(69_000)}import telegram\n`.slice(-1024 * 1024);
    const res = await t.request('POST', '/api/ai/assistant', { token, body: { message: 'help', logs: MISSING_MODULE_LOG, filename: 'bot.py', fileContent } });
    expect(res.status).toBe(200);
    expect(res.body.response).toContain('python-telegram-bot');
  });
});

describe('AI Help through an OpenAI-compatible server', () => {
  let llm: OpenAiServer;
  let t: TestApp;
  let world: Awaited<ReturnType<typeof startAppWithModel>>;
  beforeAll(async () => {
    world = await startAppWithModel('info');
    ({ t, llm } = world);
  });
  afterAll(async () => world.close());
  beforeEach(() => world.reset());

  it('the analysis the dialog starts by itself is read by the builtin, never sent to the model, and free', async () => {
    await automaticAnalysis(t);
    expect(llm.requests).toHaveLength(0);
  });

  it('sends the prompt, exactly the last 10 log lines and the file with the saved secret masked; answers {response} and charges 5', async () => {
    const { token } = await newUser(t);
    const file = await botFile(t, token);
    await saveToken(t, token, file.projectId);
    const logs = [
      ...Array.from({ length: 12 }, (_, i) => `INFO line ${i + 1}`),
      `httpx - INFO - HTTP Request: POST https://api.telegram.org/bot${BOT_TOKEN}/getMe "HTTP/1.1 401 Unauthorized"`,
      ...MISSING_MODULE_LOG.slice(1),
    ];
    const reply = 'Telegram refused the token. Open Environment Variables, paste a new token from @BotFather, Save and Start again.';
    llm.queue.push({ reply });

    const res = await t.request('POST', '/api/ai/assistant', {
      token,
      body: { message: `Why 401? My token is ${BOT_TOKEN}`, logs, filename: 'bot.py', fileContent: BOT_FILE, fileId: file.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ response: reply, credits: 95 });

    expect(llm.requests).toHaveLength(1);
    const sent = llm.requests[0]!;
    expect(JSON.stringify(sent)).not.toContain(BOT_TOKEN);
    expect(sent.model).toBe('test-model');
    expect(sent.messages[0]).toEqual({ role: 'system', content: AI_HELP_SYSTEM_PROMPT });
    const context = sent.messages[1]!.content;
    const logBlock = /console log:\n```\n([\s\S]*?)\n```/.exec(context)![1]!.split('\n');
    expect(logBlock).toEqual([
      'INFO line 7',
      'INFO line 8',
      'INFO line 9',
      'INFO line 10',
      'INFO line 11',
      'INFO line 12',
      'httpx - INFO - HTTP Request: POST https://api.telegram.org/bot********/getMe "HTTP/1.1 401 Unauthorized"',
      ...MISSING_MODULE_LOG.slice(1),
    ]);
    expect(logBlock).toHaveLength(10);
    expect(context).toContain('7 | TOKEN = os.getenv("TELEGRAM_BOT_TOKEN", "********")');
    expect(context).toContain('Environment Variables saved for this project (names only): TELEGRAM_BOT_TOKEN.');
    expect(sent.messages[2]).toEqual({ role: 'user', content: 'Why 401? My token is ********' });

    const l = await ledger(t, token);
    expect(l.rows[0]).toMatchObject({ type: 'ai_message', amount: -5 });
    expect(l.rows[0]!.description).not.toContain(BOT_TOKEN);
    expect(t.logs.join('')).not.toContain(BOT_TOKEN);
  });

  it('a long file is cut, keeping the lines the log points at', async () => {
    const { token } = await newUser(t);
    const fileContent = [...Array.from({ length: 5000 }, (_, i) => `x_${i + 1} = ${i + 1}  # filler`), 'raise RuntimeError("boom")'].join('\n');
    llm.queue.push({ reply: 'Line 5001 raises the error on purpose.' });
    const res = await t.request('POST', '/api/ai/assistant', {
      token,
      body: { message: 'why?', logs: ['  File "/run/bot.py", line 5001, in <module>', 'RuntimeError: boom'], filename: 'bot.py', fileContent },
    });
    expect(res.status).toBe(200);
    const context = llm.requests[0]!.messages[1]!.content;
    expect(context.length).toBeLessThan(40_000);
    expect(context).toContain('5001 | raise RuntimeError("boom")');
    expect(context).toMatch(/\[\.\.\. lines \d+-\d+ not shown \.\.\.\]/);
  });

  it('a model error answers 502 and charges nothing; so does an empty answer', async () => {
    const { token } = await newUser(t);
    llm.queue.push({ status: 500, errorMessage: 'model is overloaded' }, { status: 500, errorMessage: 'model is overloaded' });
    const failed = await t.request('POST', '/api/ai/assistant', { token, body: { message: 'why?', logs: MISSING_MODULE_LOG } });
    expect(failed.status).toBe(502);
    expect(failed.body.error).toContain('model is overloaded');
    llm.queue.push({ reply: '   ' });
    expect((await t.request('POST', '/api/ai/assistant', { token, body: { message: 'why?', logs: MISSING_MODULE_LOG } })).status).toBe(502);
    const l = await ledger(t, token);
    expect(l.credits).toBe(100);
    expect(l.rows.filter((r) => r.type === 'ai_message')).toEqual([]);
  });

  it('with too few credits answers 402 before the model is asked', async () => {
    const { token } = await newUser(t, { credits: 3 });
    const res = await t.request('POST', '/api/ai/assistant', { token, body: { message: 'why?', logs: MISSING_MODULE_LOG } });
    expect(res.status).toBe(402);
    expect(llm.requests).toHaveLength(0);
    expect((await ledger(t, token)).credits).toBe(3);
  });
});
