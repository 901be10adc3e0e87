// What /api/bots says of each bot beyond its status, through the real app and the real sandbox:
// every bot whose code takes webhooks has its address in the list from the first list on (deployed
// and running, or not yet started), the same one the runner page shows, and it reaches the bot; a
// bot that takes none has none and gets no secret; a run the test chat started reads as test mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import { RunClient } from '../../testing/run-client';
import type { BotSummary } from '../../../shared/bots.schema';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RUNNER_MEMORY_MB: '128', RUNNER_STOP_GRACE_MS: '300' });
});
afterAll(async () => t?.close());

/** Listens on PORT (it reads the variable, never says "webhook") and answers every request. */
const LISTENING_BOT = String.raw`
import os
from http.server import BaseHTTPRequestHandler, HTTPServer

class Answer(BaseHTTPRequestHandler):
    def do_POST(self):
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"got it")

print("listening", flush=True)
HTTPServer(("127.0.0.1", int(os.getenv("PORT", "8080"))), Answer).serve_forever()
`;
const SLEEPER = 'import time\nprint("up and polling", flush=True)\ntime.sleep(600)\n';
const WEBHOOK_WORDS = '# Telegram in webhook mode: set_webhook is called once the address is known\nprint("hi")\n';

async function botWith(token: string, name: string, filename: string, code: string): Promise<{ projectId: string; fileId: string }> {
  const projectId = (await t.request('POST', '/api/projects', { token, body: { name } })).body.id as string;
  const file = await t.request('PUT', `/api/projects/${projectId}/files/${filename}`, { token, body: { content: code } });
  expect(file.status).toBe(200);
  return { projectId, fileId: file.body.id };
}

const botsOf = async (token: string) => (await t.request('GET', '/api/bots', { token })).body.bots as BotSummary[];
const botOf = async (token: string, projectId: string) => (await botsOf(token)).find((b) => b.projectId === projectId)!;
const hookRows = (projectId: string) => t.app.deps.db.selectFrom('bot_hooks').selectAll().where('project_id', '=', projectId).execute();

describe('webhook addresses in the list of bots', () => {
  it('a deployed, running bot that listens on PORT has its address in the first list, the one the runner page shows, and it reaches the bot', async () => {
    const user = await newUser(t);
    const bot = await botWith(user.token, 'Listener', 'listener.py', LISTENING_BOT);
    expect(await hookRows(bot.projectId)).toEqual([]);
    expect((await t.request('POST', `/api/bots/${bot.projectId}/deploy`, { token: user.token, body: { fileId: bot.fileId } })).status).toBe(200);
    await expect.poll(async () => (await botOf(user.token, bot.projectId)).status, { timeout: 15_000 }).toBe('running');

    // Nobody has opened the runner page: the list made the address itself.
    const listed = (await botOf(user.token, bot.projectId)).webhookUrl;
    expect(listed).toMatch(new RegExp(`^${t.config.publicUrl}/hooks/${bot.projectId}/[A-Za-z0-9_-]{32}$`));
    expect(await hookRows(bot.projectId)).toHaveLength(1);
    expect((await t.request('GET', `/api/bots/${bot.projectId}/hook`, { token: user.token })).body.webhookUrl).toBe(listed);
    expect((await botOf(user.token, bot.projectId)).webhookUrl).toBe(listed);

    const path = new URL(listed!).pathname;
    await expect
      .poll(async () => {
        const res = await fetch(`${t.url}${path}/update`, { method: 'POST', body: '{}' });
        return `${res.status} ${await res.text()}`;
      }, { timeout: 15_000 })
      .toBe('200 got it');
    await t.request('POST', `/api/bots/${bot.projectId}/undeploy`, { token: user.token });
  });

  it('a bot whose code speaks of webhooks has one before it ever ran; a bot that takes none has none, and no secret is made for it', async () => {
    const user = await newUser(t);
    const words = await botWith(user.token, 'Words', 'hook_bot.py', WEBHOOK_WORDS);
    const sleeper = await botWith(user.token, 'Sleeper', 'sleeper.py', SLEEPER);
    const listed = await botsOf(user.token);
    expect(listed.find((b) => b.projectId === words.projectId)).toMatchObject({ status: 'stopped', webhookUrl: expect.stringContaining(`/hooks/${words.projectId}/`) });
    expect(listed.find((b) => b.projectId === sleeper.projectId)?.webhookUrl).toBeNull();
    expect(await hookRows(sleeper.projectId)).toEqual([]);

    // Another person's list never shows (nor makes) these addresses.
    const other = await newUser(t);
    expect(await botsOf(other.token)).toEqual([]);
  });
});

describe('test mode in the list of bots', () => {
  it('a run the test chat started reads testMode; a live run of the same file does not', async () => {
    const user = await newUser(t);
    const bot = await botWith(user.token, 'Poller', 'telegram_bot.py', SLEEPER);
    const client = await RunClient.open(t.url, { token: user.token });
    client.send({ type: 'execute-file', fileId: bot.fileId, mode: 'test' });
    await client.waitForLine('up and polling');
    expect(await botOf(user.token, bot.projectId)).toMatchObject({ status: 'running', testMode: true });

    client.send({ type: 'execute-file', fileId: bot.fileId });
    await expect.poll(async () => (await botOf(user.token, bot.projectId)).testMode, { timeout: 15_000 }).toBe(false);
    await expect.poll(async () => (await botOf(user.token, bot.projectId)).status, { timeout: 15_000 }).toBe('running');
    client.send({ type: 'stop-execution', fileId: bot.fileId });
    await expect.poll(async () => (await botOf(user.token, bot.projectId)).status, { timeout: 15_000 }).toBe('stopped');
    expect((await botOf(user.token, bot.projectId)).testMode).toBe(false);
    client.close();
  });
});
