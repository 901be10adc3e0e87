// Whether the real app runs bots on a host without the full sandbox, by HOST and RUNNER_SANDBOX
// (docs/runner.md "Hosts without the full sandbox"). The host is made to lack bubblewrap (and
// slirp4netns) by the app's `hostTools`; HOST=0.0.0.0 is only what the configuration says: the
// test apps still listen on 127.0.0.1 alone. Off loopback with RUNNER_SANDBOX=auto, a run start
// (/ws), an install (REST) and a deploy are refused with the message naming what to install, a
// deployed bot shows it on /bots without being started again and again, and the Runner page's
// status says so; RUNNER_SANDBOX=off and a loopback HOST run as before.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import { RunClient } from '../../testing/run-client';
import type { BotSummary } from '../../../shared/bots.schema';

const NO_BUBBLEWRAP = { bwrap: null };
const NO_BUBBLEWRAP_NOR_SLIRP = { bwrap: null, slirp4netns: null };
const REFUSAL =
  'This server runs bots only in a full sandbox: install bubblewrap and slirp4netns (apt-get install bubblewrap slirp4netns), or set RUNNER_SANDBOX=off to run them without it at your own risk';
const HELLO = 'print("hello from the bot")\n';
const SLEEPER = 'import time\nprint("up", flush=True)\ntime.sleep(600)\n';

const apps: TestApp[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const t of apps) await t.close().catch(() => {});
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function app(env: Record<string, string>, hostTools?: Record<string, null>): Promise<TestApp> {
  const t = await startTestApp({ LOG_LEVEL: 'info', RUNNER_STOP_GRACE_MS: '300', ...env }, { hostTools });
  apps.push(t);
  return t;
}

async function botWith(t: TestApp, token: string, code: string): Promise<{ projectId: string; fileId: string }> {
  const projectId = (await t.request('POST', '/api/projects', { token, body: { name: 'Policy bot' } })).body.id as string;
  const file = await t.request('PUT', `/api/projects/${projectId}/files/bot.py`, { token, body: { content: code } });
  expect(file.status).toBe(200);
  return { projectId, fileId: file.body.id };
}

/** Starts the file over /ws and waits for its exit or a refusal. */
async function start(t: TestApp, token: string, fileId: string) {
  const client = await RunClient.open(t.url, { token });
  client.send({ type: 'execute-file', fileId });
  const answer = await client.waitFor((f) => (f.type === 'execution_exit' && f.fileId === fileId) || (f.type === 'execution_error' && f.fileId === fileId));
  return { client, answer };
}

const botOf = async (t: TestApp, token: string, projectId: string) =>
  ((await t.request('GET', '/api/bots', { token })).body.bots as BotSummary[]).find((b) => b.projectId === projectId)!;

describe('HOST off loopback, RUNNER_SANDBOX=auto, a host without bubblewrap and slirp4netns', () => {
  it('refuses a run over /ws with the message, starting nothing', async () => {
    const t = await app({ HOST: '0.0.0.0' }, NO_BUBBLEWRAP_NOR_SLIRP);
    const user = await newUser(t);
    const bot = await botWith(t, user.token, HELLO);
    const { client, answer } = await start(t, user.token, bot.fileId);
    expect(answer).toEqual({ type: 'execution_error', message: REFUSAL, fileId: bot.fileId });
    expect(client.lines(['execution_output'])).toEqual([]);
    expect(t.app.deps.runs.list(user.id)).toEqual([]);
    client.close();

    // The start-up log says which rule applies and what is missing.
    const log = t.logs.join('');
    expect(log).toContain('Runner sandbox: RUNNER_SANDBOX=auto and HOST=0.0.0.0 is reachable from other machines: bots run only in the full sandbox, so every run and install is refused');
    expect(log).toContain(REFUSAL);
  });

  it('refuses an install (503 with the message), and a deploy (nothing deployed)', async () => {
    // A wheel directory of its own: were the install to start, pip would have no network at all.
    const wheels = mkdtempSync(path.join(tmpdir(), 'botwright-policy-wheels-'));
    chmodSync(wheels, 0o755);
    dirs.push(wheels);
    const t = await app({ HOST: '0.0.0.0', RUNNER_PIP_FIND_LINKS: wheels }, NO_BUBBLEWRAP_NOR_SLIRP);
    const user = await newUser(t);
    const bot = await botWith(t, user.token, HELLO);
    const installed = await t.request('POST', '/api/dependencies/install', { token: user.token, body: { command: 'pip install mypkg', projectId: bot.projectId } });
    expect(installed).toMatchObject({ status: 503, body: { error: REFUSAL } });
    expect(t.app.deps.installs.has(bot.projectId)).toBe(false);

    const deployed = await t.request('POST', `/api/bots/${bot.projectId}/deploy`, { token: user.token, body: { fileId: bot.fileId } });
    expect(deployed).toMatchObject({ status: 503, body: { error: REFUSAL } });
    expect(await botOf(t, user.token, bot.projectId)).toMatchObject({ deployed: false, status: 'stopped' });
  });

  it('GET /api/runner/status says runs are refused, why, and the fix; /readyz is not ready', async () => {
    const t = await app({ HOST: '0.0.0.0' }, NO_BUBBLEWRAP);
    const user = await newUser(t);
    const res = await t.request('GET', '/api/runner/status', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.sandbox).toMatchObject({
      full: false,
      mode: 'auto',
      runs: 'refused',
      reason: 'RUNNER_SANDBOX=auto and HOST=0.0.0.0 is reachable from other machines: bots run only in the full sandbox, so every run and install is refused',
      refusal: 'This server runs bots only in a full sandbox: install bubblewrap (apt-get install bubblewrap), or set RUNNER_SANDBOX=off to run them without it at your own risk',
    });
    const bubblewrap = (res.body.sandbox.protections as { name: string; active: boolean; fix?: unknown }[]).find((p) => p.name === 'bubblewrap');
    expect(bubblewrap).toMatchObject({ active: false, fix: { install: ['bubblewrap'], other: [] } });

    const ready = await t.request('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.checks.sandbox).toEqual({ ok: false, detail: expect.stringMatching(/^partial: .*missing bubblewrap.*\(RUNNER_SANDBOX=auto with HOST=0\.0\.0\.0: bots cannot run\)$/) });
  });

  it('a bot deployed earlier is not started again and again: /bots shows it refused, with the reason', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'botwright-policy-'));
    chmodSync(dataDir, 0o711);
    dirs.push(dataDir);
    // Deployed while the server ran bots (loopback, this host's own sandbox)...
    const before = await app({ DATA_DIR: dataDir });
    const user = await newUser(before);
    const bot = await botWith(before, user.token, SLEEPER);
    expect((await before.request('POST', `/api/bots/${bot.projectId}/deploy`, { token: user.token, body: { fileId: bot.fileId } })).status).toBe(200);
    await expect.poll(async () => (await botOf(before, user.token, bot.projectId)).status, { timeout: 15_000 }).toBe('running');
    await before.close();
    apps.splice(apps.indexOf(before), 1);

    // ...then started again listening on every address, without bubblewrap.
    const after = await app({ DATA_DIR: dataDir, HOST: '0.0.0.0' }, NO_BUBBLEWRAP_NOR_SLIRP);
    const shown = await botOf(after, user.token, bot.projectId);
    expect(shown).toMatchObject({ deployed: true, status: 'refused', restarts: 0, lastExit: { message: `The bot could not be started: ${REFUSAL}` } });
    // No retry is scheduled: a while later it is still refused, never started, tried once.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await botOf(after, user.token, bot.projectId)).toMatchObject({ status: 'refused', restarts: 0 });
    expect(after.app.deps.runs.live(bot.fileId)).toBeNull();
    expect(after.logs.join('').split('a deployed bot was not started').length - 1).toBe(1);
    // Restart from /bots gets the message too, and the bot stays refused.
    const restarted = await after.request('POST', `/api/bots/${bot.projectId}/restart`, { token: user.token });
    expect(restarted).toMatchObject({ status: 503, body: { error: REFUSAL } });
    expect(await botOf(after, user.token, bot.projectId)).toMatchObject({ status: 'refused', deployed: true });
  });
});

describe('where runs are allowed without the full sandbox', () => {
  it('RUNNER_SANDBOX=off runs on any HOST, as a plain process without bubblewrap', async () => {
    const t = await app({ HOST: '0.0.0.0', RUNNER_SANDBOX: 'off' }, NO_BUBBLEWRAP);
    const user = await newUser(t);
    const status = await t.request('GET', '/api/runner/status', { token: user.token });
    expect(status.body.sandbox).toMatchObject({ full: false, mode: 'off', runs: 'allowed', refusal: null });
    const bot = await botWith(t, user.token, HELLO);
    const { client, answer } = await start(t, user.token, bot.fileId);
    expect(answer).toMatchObject({ type: 'execution_exit', reason: 'exited', code: 0 });
    expect(client.lines(['execution_output'])).toContain('hello from the bot');
    client.close();
    expect(t.logs.join('')).toContain("Runner sandbox: RUNNER_SANDBOX=off: bots run with the protections this host offers, on any HOST, at the operator's risk");
  });

  it('a loopback HOST (the default) with RUNNER_SANDBOX=auto runs as before', async () => {
    const t = await app({}, NO_BUBBLEWRAP);
    expect(t.config.host).toBe('127.0.0.1');
    const user = await newUser(t);
    const status = await t.request('GET', '/api/runner/status', { token: user.token });
    expect(status.body.sandbox).toMatchObject({ mode: 'auto', runs: 'allowed', refusal: null });
    expect(status.body.sandbox.reason).toMatch(/^RUNNER_SANDBOX=auto and HOST=127\.0\.0\.1 is this machine only/);
    const bot = await botWith(t, user.token, HELLO);
    const { client, answer } = await start(t, user.token, bot.fileId);
    expect(answer).toMatchObject({ type: 'execution_exit', reason: 'exited', code: 0 });
    expect(client.lines(['execution_output'])).toContain('hello from the bot');
    client.close();
  });

  it('HOST off loopback with the full sandbox runs (where this host has it)', async () => {
    const t = await app({ HOST: '0.0.0.0' });
    const user = await newUser(t);
    const status = await t.request('GET', '/api/runner/status', { token: user.token });
    if (!t.app.deps.sandbox.status.full) {
      expect(status.body.sandbox.runs).toBe('refused');
      return;
    }
    expect(status.body.sandbox).toMatchObject({ full: true, runs: 'allowed', refusal: null });
    const bot = await botWith(t, user.token, HELLO);
    const { client, answer } = await start(t, user.token, bot.fileId);
    expect(answer).toMatchObject({ type: 'execution_exit', reason: 'exited', code: 0 });
    client.close();
  });
});
