// Always-on bots through the real app and the real sandbox: deploy starts the bot and /api/bots
// shows it; a bot that exits is started again, its restarts and last exit kept; Stop or Undeploy
// lets it go; the per-person cap; another person's bot is 404; and after the server stops and
// starts again on the same data, every deployed bot is running again with no action from anyone.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import { RunClient } from '../../testing/run-client';
import type { BotSummary } from '../../../shared/bots.schema';
import { Backoff, CRASHING_AFTER, HEALTHY_MS, MAX_DELAY_MS } from './backoff';
import { RUN_STARTS_PER_MINUTE } from '../runner/runs/runs';

const ENV = { RUNNER_MEMORY_MB: '128', RUNNER_STOP_GRACE_MS: '300', RUNNER_MAX_DEPLOYED_PER_USER: '2' };
const SLEEPER = 'import time\nprint("up and polling", flush=True)\ntime.sleep(600)\n';
const CRASHER = 'import sys\nprint("starting", flush=True)\nraise ValueError("the token is malformed")\n';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close().catch(() => {});
});

async function app(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await startTestApp({ ...ENV, ...env });
  apps.push(t);
  return t;
}

async function botWith(t: TestApp, token: string, name: string, code: string): Promise<{ projectId: string; fileId: string }> {
  const projectId = (await t.request('POST', '/api/projects', { token, body: { name } })).body.id as string;
  const file = await t.request('PUT', `/api/projects/${projectId}/files/bot.py`, { token, body: { content: code } });
  expect(file.status).toBe(200);
  return { projectId, fileId: file.body.id };
}

const botsOf = async (t: TestApp, token: string) => (await t.request('GET', '/api/bots', { token })).body.bots as BotSummary[];
const botOf = async (t: TestApp, token: string, projectId: string) => (await botsOf(t, token)).find((b) => b.projectId === projectId)!;

describe('deploying a bot', () => {
  it('deploy starts it and /api/bots shows it running and deployed; another person gets 404', async () => {
    const t = await app();
    const user = await newUser(t);
    const bot = await botWith(t, user.token, 'Sleeper', SLEEPER);
    const res = await t.request('POST', `/api/bots/${bot.projectId}/deploy`, { token: user.token, body: { fileId: bot.fileId } });
    expect(res.status).toBe(200);
    await expect.poll(async () => (await botOf(t, user.token, bot.projectId)).status).toBe('running');
    const shown = await botOf(t, user.token, bot.projectId);
    expect(shown).toMatchObject({ name: 'Sleeper', fileId: bot.fileId, deployed: true, restarts: 0, lastExit: null });
    expect(Date.parse(shown.startedAt!)).toBeGreaterThan(Date.now() - 60_000);

    const other = await newUser(t);
    for (const action of ['deploy', 'undeploy', 'restart']) {
      const r = await t.request('POST', `/api/bots/${bot.projectId}/${action}`, { token: other.token, body: { fileId: bot.fileId } });
      expect(r.status, action).toBe(404);
    }
    expect(await botsOf(t, other.token)).toEqual([]);
    expect((await botOf(t, user.token, bot.projectId)).status).toBe('running');

    // Restart: a new process, the old one gone first; the bot stays deployed.
    const before = (await botOf(t, user.token, bot.projectId)).startedAt;
    expect((await t.request('POST', `/api/bots/${bot.projectId}/restart`, { token: user.token })).status).toBe(200);
    await expect.poll(async () => (await botOf(t, user.token, bot.projectId)).startedAt).not.toBe(before);
    expect((await botOf(t, user.token, bot.projectId)).deployed).toBe(true);

    expect((await t.request('POST', `/api/bots/${bot.projectId}/undeploy`, { token: user.token })).status).toBe(200);
    expect(await botOf(t, user.token, bot.projectId)).toMatchObject({ status: 'stopped', deployed: false });
  });

  it('a bot that exits is started again; its restarts and last error are kept', async () => {
    const t = await app();
    const user = await newUser(t);
    const bot = await botWith(t, user.token, 'Crasher', CRASHER);
    expect((await t.request('POST', `/api/bots/${bot.projectId}/deploy`, { token: user.token, body: { fileId: bot.fileId } })).status).toBe(200);
    // Backoff 1 s, then 2 s: two restarts within about 4 s.
    await expect.poll(async () => (await botOf(t, user.token, bot.projectId)).restarts, { timeout: 15_000, interval: 250 }).toBeGreaterThanOrEqual(2);
    const shown = await botOf(t, user.token, bot.projectId);
    expect(shown.deployed).toBe(true);
    expect(shown.lastExit?.message).toBe('The bot exited with exit code 1 (ValueError: the token is malformed)');
    await t.request('POST', `/api/bots/${bot.projectId}/undeploy`, { token: user.token });
  });

  it("Stop on the runner page undeploys it; the cap counts deployed bots only; a token in use refuses the deploy", async () => {
    const t = await app();
    const user = await newUser(t);
    const a = await botWith(t, user.token, 'A', SLEEPER);
    const b = await botWith(t, user.token, 'B', SLEEPER);
    const c = await botWith(t, user.token, 'C', SLEEPER);
    for (const bot of [a, b]) expect((await t.request('POST', `/api/bots/${bot.projectId}/deploy`, { token: user.token, body: { fileId: bot.fileId } })).status).toBe(200);
    const third = await t.request('POST', `/api/bots/${c.projectId}/deploy`, { token: user.token, body: { fileId: c.fileId } });
    expect(third.status).toBe(429);
    expect(third.body.error).toBe('You can have at most 2 bots deployed. Undeploy one to deploy another.');

    const client = await RunClient.open(t.url, { token: user.token });
    client.send({ type: 'stop-execution', fileId: a.fileId });
    await expect.poll(async () => (await botOf(t, user.token, a.projectId)).deployed).toBe(false);
    expect((await botOf(t, user.token, a.projectId)).status).toBe('stopped');
    await expect.poll(async () => (await botOf(t, user.token, a.projectId)).lastExit?.message).toBe('Execution stopped by its owner');
    client.close();

    // One run per token: a deployed bot holds its token.
    const token = '7400000001:AAdeployedBotHoldsItsTokenForTheTest';
    for (const bot of [b, c]) await t.request('PUT', `/api/projects/${bot.projectId}/env-vars`, { token: user.token, body: { set: { TELEGRAM_BOT_TOKEN: token } } });
    expect((await t.request('POST', `/api/bots/${b.projectId}/restart`, { token: user.token })).status).toBe(200);
    const refused = await t.request('POST', `/api/bots/${c.projectId}/deploy`, { token: user.token, body: { fileId: c.fileId } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^This token is already used by your bot 'B'/);
    expect((await botOf(t, user.token, c.projectId)).deployed).toBe(false);
  });

  it(`deploy and restart spend the person's ${RUN_STARTS_PER_MINUTE} starts a minute (the next is 429, no sandbox); restarts after a crash do not`, async () => {
    const t = await app();
    const user = await newUser(t);
    const crasher = await botWith(t, user.token, 'Crasher', CRASHER);
    const sleeper = await botWith(t, user.token, 'Sleeper', SLEEPER);
    // The sandbox starts of each bot, told apart by the code in their workdir.
    const spawns = { crasher: 0, sleeper: 0 };
    const sandbox = t.app.deps.sandbox;
    const spawn = sandbox.spawn.bind(sandbox);
    sandbox.spawn = (spec) => {
      const code = spec.workdir?.files.map((f) => f.content) ?? [];
      if (code.includes(CRASHER)) spawns.crasher++;
      if (code.includes(SLEEPER)) spawns.sleeper++;
      return spawn(spec);
    };
    const deploy = (bot: { projectId: string; fileId: string }) => t.request('POST', `/api/bots/${bot.projectId}/deploy`, { token: user.token, body: { fileId: bot.fileId } });
    const restart = (bot: { projectId: string }) => t.request('POST', `/api/bots/${bot.projectId}/restart`, { token: user.token });

    // Ten starts: two deploys and eight restarts, while the crasher is started again after each crash.
    expect((await deploy(crasher)).status).toBe(200);
    expect((await deploy(sleeper)).status).toBe(200);
    for (let i = 0; i < RUN_STARTS_PER_MINUTE - 2; i++) expect((await restart(sleeper)).status).toBe(200);
    await expect.poll(() => spawns.sleeper).toBe(RUN_STARTS_PER_MINUTE - 1);

    for (const refused of [await restart(sleeper), await deploy(sleeper)]) {
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused.body.error).toMatch(/^You can start a bot at most 10 times a minute\. Please try again in \d+ seconds\.$/);
    }
    expect(spawns.sleeper).toBe(RUN_STARTS_PER_MINUTE - 1);
    // Refused before anything changed: still deployed, still the same run.
    expect(await botOf(t, user.token, sleeper.projectId)).toMatchObject({ deployed: true, status: 'running' });

    // The crasher's restarts are the supervisor's, paced by its backoff: none is refused by the budget.
    const crashes = spawns.crasher;
    await expect.poll(() => spawns.crasher, { timeout: 15_000 }).toBeGreaterThan(crashes);
    expect((await botOf(t, user.token, crasher.projectId)).lastExit?.message).toBe('The bot exited with exit code 1 (ValueError: the token is malformed)');
    for (const bot of [crasher, sleeper]) await t.request('POST', `/api/bots/${bot.projectId}/undeploy`, { token: user.token });
  });

  it('after the server stops and starts again on the same data, the deployed bot runs again by itself', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'botwright-deploy-'));
    chmodSync(dataDir, 0o711);
    try {
      const first = await startTestApp({ ...ENV, DATA_DIR: dataDir });
      const user = await newUser(first);
      const bot = await botWith(first, user.token, 'Survivor', SLEEPER);
      expect((await first.request('POST', `/api/bots/${bot.projectId}/deploy`, { token: user.token, body: { fileId: bot.fileId } })).status).toBe(200);
      await expect.poll(async () => (await botOf(first, user.token, bot.projectId)).status).toBe('running');
      await first.close();

      const started = Date.now();
      const second = await startTestApp({ ...ENV, DATA_DIR: dataDir });
      try {
        await expect.poll(() => second.app.deps.runs.live(bot.fileId)?.running, { timeout: 5000, interval: 100 }).toBe(true);
        expect(Date.now() - started).toBeLessThan(5000 + 2000);
        expect(await botOf(second, user.token, bot.projectId)).toMatchObject({ status: 'running', deployed: true });
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a bot that cannot start without its variables', () => {
  it('is not deployed until they are saved; a run that stopped for one says which', async () => {
    const t = await app();
    const user = await newUser(t);
    const needsToken = await botWith(t, user.token, 'Needs a token', 'import os, time\ntoken = os.environ["TELEGRAM_BOT_TOKEN"]\ntime.sleep(600)\n');
    const refused = await t.request('POST', `/api/bots/${needsToken.projectId}/deploy`, { token: user.token, body: { fileId: needsToken.fileId } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Set TELEGRAM_BOT_TOKEN first: the bot cannot start without it');
    expect((await botOf(t, user.token, needsToken.projectId)).deployed).toBe(false);
    await t.request('PUT', `/api/projects/${needsToken.projectId}/env-vars`, { token: user.token, body: { set: { TELEGRAM_BOT_TOKEN: '7400000002:AAdeployGateTokenSavedForTheTestXYZ' } } });
    // The go-live list says the same, and that a bot listening for webhooks on a localhost address cannot be reached.
    const webhook = await botWith(t, user.token, 'Webhook', 'import os\nport = int(os.environ.get("PORT", "8080"))\n');
    const list = (await t.request('GET', `/api/files/${webhook.fileId}/go-live`, { token: user.token })).body.items as Array<{ key: string; ok: boolean; detail: string }>;
    expect(list.find((i) => i.key === 'publicUrl')).toMatchObject({ ok: false, detail: expect.stringMatching(/^PUBLIC_URL is http:\/\/localhost:\d+: the platforms cannot reach it/) });
    // Another person's file is not found; a malformed id is refused before anything is read.
    const stranger = await newUser(t);
    expect((await t.request('GET', `/api/files/${webhook.fileId}/go-live`, { token: stranger.token })).status).toBe(404);
    expect((await t.request('GET', '/api/files/not-an-id!/go-live', { token: user.token })).status).toBe(400);
        expect((await t.request('POST', `/api/bots/${needsToken.projectId}/deploy`, { token: user.token, body: { fileId: needsToken.fileId } })).status).toBe(200);
    expect((await t.request('POST', `/api/bots/${needsToken.projectId}/undeploy`, { token: user.token })).status).toBe(200);

    // As the assistant's bots stop without it: one line naming it, exit code 1. /bots names it too.
    const saysMissing = await botWith(t, user.token, 'Says missing', 'import sys\nprint("Missing environment variable TELEGRAM_BOT_TOKEN: set it before starting the bot.", file=sys.stderr)\nsys.exit(1)\n');
    const client = await RunClient.open(t.url, { token: user.token });
    client.send({ type: 'execute-file', fileId: saysMissing.fileId });
    await expect
      .poll(async () => (await botOf(t, user.token, saysMissing.projectId)).lastExit?.message, { timeout: 15_000 })
      .toBe('The bot stopped: token not set (TELEGRAM_BOT_TOKEN; set it under Environment Variables)');
    client.close();
  });
});

describe('restart delays', () => {
  it('double from 1 s to 5 minutes, start again at 1 s after 10 minutes up, and say crashing after 5 crashes in 10 minutes', () => {
    const b = new Backoff();
    let now = 1_000_000;
    const delays = Array.from({ length: 11 }, () => {
      const d = b.crashed(now, now + 10);
      now += 20;
      return d;
    });
    expect(delays.slice(0, 5)).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(delays.at(-1)).toBe(MAX_DELAY_MS);
    expect(b.crashing(now)).toBe(true);
    expect(b.crashed(now, now + HEALTHY_MS)).toBe(1000);
    const calm = new Backoff();
    for (let i = 0; i < CRASHING_AFTER - 1; i++) calm.crashed(0, i * 1000);
    expect(calm.crashing(5000)).toBe(false);
    expect(calm.crashing(11 * 60_000)).toBe(false);
  });
});
