// The operator's view of everyone's bots through the real app and the real sandbox: /api/admin/bots
// lists them with their owner; Stop undeploys a deployed bot (it stays off) and stops a plain live
// run; the admin key is required, and an unknown bot is 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import { RunClient } from '../../testing/run-client';
import type { BotSummary } from '../../../shared/bots.schema';

const KEY = 'operator-key-for-bot-tests-0123456789';
const SLEEPER = 'import time\nprint("up and polling", flush=True)\ntime.sleep(600)\n';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ADMIN_KEY: KEY, RUNNER_MEMORY_MB: '128', RUNNER_STOP_GRACE_MS: '300' });
});
afterAll(() => t.close());

type AdminBot = BotSummary & { userId: string; userEmail: string };
const asAdmin = (method: string, path: string, key = KEY) => t.request(method, path, { headers: { 'x-admin-key': key } });
const adminBot = async (projectId: string) => ((await asAdmin('GET', '/api/admin/bots')).body.bots as AdminBot[]).find((b) => b.projectId === projectId)!;

async function botWith(token: string, name: string): Promise<{ projectId: string; fileId: string }> {
  const projectId = (await t.request('POST', '/api/projects', { token, body: { name } })).body.id as string;
  const file = await t.request('PUT', `/api/projects/${projectId}/files/bot.py`, { token, body: { content: SLEEPER } });
  expect(file.status).toBe(200);
  return { projectId, fileId: file.body.id };
}

describe('admin: stopping a bot', () => {
  it('undeploys a deployed bot of any person: it stops and is not started again', async () => {
    const email = `owner-${Date.now()}@example.com`;
    const owner = await newUser(t, { name: 'Owner One', email });
    const bot = await botWith(owner.token, 'Always on');
    expect((await t.request('POST', `/api/bots/${bot.projectId}/deploy`, { token: owner.token, body: { fileId: bot.fileId } })).status).toBe(200);
    await expect.poll(async () => (await adminBot(bot.projectId)).status).toBe('running');
    expect(await adminBot(bot.projectId)).toMatchObject({ name: 'Always on', deployed: true, userId: owner.id, userEmail: email });

    // Without the key (or with a wrong one) nothing happens.
    expect((await t.request('POST', `/api/admin/bots/${bot.projectId}/stop`)).status).toBe(401);
    expect((await asAdmin('POST', `/api/admin/bots/${bot.projectId}/stop`, 'not-the-operator-key-000000')).status).toBe(401);
    expect((await t.request('POST', `/api/admin/bots/${bot.projectId}/stop`, { token: owner.token })).status).toBe(401);
    expect((await adminBot(bot.projectId)).deployed).toBe(true);

    const res = await asAdmin('POST', `/api/admin/bots/${bot.projectId}/stop`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Bot stopped' });
    expect(await adminBot(bot.projectId)).toMatchObject({ deployed: false, status: 'stopped', startedAt: null });
    expect(t.app.deps.runs.live(bot.fileId)).toBeNull();
    // The supervisor does not bring it back (its first restart would come after 1 s).
    await new Promise((r) => setTimeout(r, 1500));
    expect(t.app.deps.runs.live(bot.fileId)).toBeNull();
    const owners = (await t.request('GET', '/api/bots', { token: owner.token })).body.bots as BotSummary[];
    expect(owners.find((b) => b.projectId === bot.projectId)).toMatchObject({ deployed: false, status: 'stopped' });
  });

  it('stops a live run that is not deployed; a stopped bot says so; an unknown bot is 404', async () => {
    const owner = await newUser(t);
    const bot = await botWith(owner.token, 'Started by hand');
    const client = await RunClient.open(t.url, { token: owner.token });
    try {
      client.send({ type: 'execute-file', fileId: bot.fileId, filename: 'bot.py', envVars: {} });
      await client.waitFor((f) => f.type === 'execution_output' && f.message.includes('up and polling'));
      expect(await adminBot(bot.projectId)).toMatchObject({ status: 'running', deployed: false });

      expect((await asAdmin('POST', `/api/admin/bots/${bot.projectId}/stop`)).body).toEqual({ message: 'Bot stopped' });
      await client.waitFor((f) => f.type === 'execution_exit' && f.fileId === bot.fileId);
      expect((await adminBot(bot.projectId)).status).toBe('stopped');
    } finally {
      client.close();
    }

    expect((await asAdmin('POST', `/api/admin/bots/${bot.projectId}/stop`)).body).toEqual({ message: 'The bot was not running' });
    expect((await asAdmin('POST', '/api/admin/bots/nosuchbot/stop')).status).toBe(404);
  });
});
