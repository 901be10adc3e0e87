// A restart of a bot never overlaps its old process. Telegram lets one getUpdates poller live per
// token and ends the other with 409 Conflict; the test chat's emulator does the same, so a real
// Telegraf bot is started in test mode, restarted again and again (and twice at once), and none of
// its runs may print a 409. First, two pollers in one process must see that 409: the check can fail.
// Real: app, sandbox, emulator, Telegraf.
import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../testing/test-app';
import { newUser } from '../../../testing/fixtures';
import { RunClient } from '../../../testing/run-client';
import { copyPackages } from '../../../testing/node-packages';
import { startServerProcess } from '../../../testing/server-process';
import type { ServerFrame } from '../../../../shared/runner.schema';

const ENV = { RUNNER_MEMORY_MB: '512', RUNNER_STOP_GRACE_MS: '300' };
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(ENV);
});
afterAll(async () => t?.close());

const TELEGRAF = String.raw`
const { Telegraf } = require('telegraf');
const apiBase = process.env.TELEGRAM_API_BASE;
const make = () => new Telegraf(process.env.TELEGRAM_BOT_TOKEN, apiBase ? { telegram: { apiRoot: apiBase } } : {});
`;

/** Two pollers with one token in one process: one of them must be told 409 Conflict. */
const TWO_POLLERS = String.raw`${TELEGRAF}
for (const name of ['first', 'second']) {
  const bot = make();
  bot.catch((e) => console.log('handler error ' + name + ': ' + e.message));
  bot.launch(() => console.log('polling ' + name)).then(
    () => console.log('polling ended ' + name),
    (e) => console.log('polling error ' + name + ': ' + e.message),
  );
}
`;

/** An echo bot as the templates write one: stops polling on SIGTERM, prints every error. */
const ECHO_BOT = String.raw`${TELEGRAF}
const me = process.pid + '-' + Math.random().toString(36).slice(2, 8);
const bot = make();
bot.on('text', (ctx) => ctx.reply('echo ' + me + ': ' + ctx.message.text));
bot.catch((e) => console.log('handler error ' + me + ': ' + e.message));
bot.launch(() => console.log('polling as ' + me + ' at ' + Date.now())).then(
  () => console.log('polling ended ' + me),
  (e) => console.log('polling error ' + me + ': ' + e.message),
);
process.once('SIGTERM', () => bot.stop('SIGTERM'));
process.on('exit', () => console.log('bye ' + me + ' at ' + Date.now()));
`;

type Bot = { url: string; token: string; fileId: string; client: RunClient };

/** A person of `app` with this Telegraf file (Telegraf installed in its project). */
async function saveBot(app: TestApp, filename: string, content: string): Promise<{ token: string; fileId: string }> {
  const user = await newUser(app);
  const res = await app.request('PUT', `/api/projects/default/files/${filename}`, { token: user.token, body: { content } });
  expect(res.status).toBe(200);
  const packagesDir = await app.app.deps.packageVolumes.dir(res.body.projectId, true);
  copyPackages(['telegraf'], path.join(packagesDir!, 'node_modules'));
  return { token: user.token, fileId: res.body.id };
}

/** The same, on the shared app, with a socket of theirs. */
async function botOf(filename: string, content: string): Promise<Bot> {
  const saved = await saveBot(t, filename, content);
  return { url: t.url, ...saved, client: await RunClient.open(t.url, { token: saved.token }) };
}

function start(bot: Bot): void {
  bot.client.send({ type: 'execute-file', fileId: bot.fileId, mode: 'test' });
}

/** Stop, and wait for that run's exit (earlier runs' exits are already among the frames). */
async function stop(bot: Bot): Promise<void> {
  const from = bot.client.frames.length;
  bot.client.send({ type: 'stop-execution', fileId: bot.fileId });
  await bot.client.waitFor((f) => f.type === 'execution_exit' && f.fileId === bot.fileId && bot.client.frames.indexOf(f) >= from, 30_000);
}

/** Lines of every run the socket followed, from frame `from` on. */
function linesFrom(client: RunClient, from = 0): string[] {
  return client.frames.slice(from).flatMap((f) => ((f.type === 'execution_output' || f.type === 'execution_error' || f.type === 'execution_log') && f.message ? f.message.split('\n') : []));
}

/** The first line from frame `from` on that matches, once it has come. */
async function lineMatching(client: RunClient, from: number, pattern: RegExp, timeoutMs = 60_000): Promise<RegExpMatchArray> {
  let found: RegExpMatchArray | undefined;
  await client.waitFor((f) => {
    if (client.frames.indexOf(f) < from || !(f.type === 'execution_output' || f.type === 'execution_error' || f.type === 'execution_log')) return false;
    for (const line of f.message.split('\n')) if ((found = line.match(pattern) ?? undefined)) return true;
    return false;
  }, timeoutMs);
  return found!;
}

/** Says `text` in the test chat and waits for the bot process `id` to echo it. */
async function echoed(bot: Bot, id: string, text: string): Promise<void> {
  const posted = await fetch(`${bot.url}/api/test-chat/${bot.fileId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bot.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
    signal: AbortSignal.timeout(20_000),
  });
  expect(posted.status).toBe(200);
  await bot.client.waitFor((f: ServerFrame) => f.type === 'test_chat_update' && f.fileId === bot.fileId && f.message?.from === 'bot' && f.message.text === `echo ${id}: ${text}`, 30_000);
}

// A 409 as an error code, not digits inside a timestamp or an id.
const CONFLICT = /\b409\b|conflict/i;
const POLLING = /^polling as (\S+) at (\d+)$/;

describe('restarting a Telegram bot in test mode', () => {
  it('control: two pollers with one token in one process are told 409 Conflict', async () => {
    const bot = await botOf('two_pollers.js', TWO_POLLERS);
    start(bot);
    const [line] = await lineMatching(bot.client, 0, /^polling error (first|second): .*/);
    expect(line).toMatch(/409: Conflict: terminated by other getUpdates request/);
    await stop(bot);
    bot.client.close();
  }, 120_000);

  it('five restarts in a row: each new process answers, the old one is gone first, and no run sees a 409', async () => {
    const bot = await botOf('echo_bot.js', ECHO_BOT);
    start(bot);
    let [, id] = await lineMatching(bot.client, 0, POLLING);
    await echoed(bot, id!, 'hello 0');
    let byes = 0;
    for (let restart = 1; restart <= 5; restart++) {
      const from = bot.client.frames.length;
      start(bot);
      const [, next, nextAt] = await lineMatching(bot.client, from, POLLING);
      expect(next).not.toBe(id);
      await echoed(bot, next!, `hello ${restart}`);
      // The old process's last words (when it ended on SIGTERM, not SIGKILL) came before the new one's first.
      const bye = linesFrom(bot.client, from).map((l) => l.match(new RegExp(`^bye ${id} at (\\d+)$`))).find(Boolean);
      if (bye) expect(Number(bye[1]), `restart ${restart}`).toBeLessThanOrEqual(Number(nextAt));
      if (bye) byes++;
      id = next;
    }
    await stop(bot);
    const lines = linesFrom(bot.client);
    expect(lines.filter((l) => POLLING.test(l))).toHaveLength(6);
    expect(byes, 'no old process lived to say bye: the order was never checked').toBeGreaterThan(0);
    expect(lines.filter((l) => CONFLICT.test(l)), lines.join('\n')).toEqual([]);
    bot.client.close();
  }, 120_000);
});

// A server process of its own: should the two restarts wedge the server, this test fails on its
// timeouts instead of freezing the test runner (the shared app runs in the runner's own process).
describe('two restarts sent back to back', () => {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('the bot still answers afterwards and no run sees a 409', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'botwright-handover-'));
    chmodSync(dataDir, 0o711);
    dirs.push(dataDir);
    const setup = await startTestApp({ ...ENV, DATA_DIR: dataDir });
    const saved = await saveBot(setup, 'echo_bot.js', ECHO_BOT);
    await setup.close();
    const server = await startServerProcess({ ...ENV, DATA_DIR: dataDir });
    children.push(server.child);
    const bot: Bot = { url: server.url, ...saved, client: await RunClient.open(server.url, { token: saved.token }) };

    start(bot);
    const [, first] = await lineMatching(bot.client, 0, POLLING);
    await echoed(bot, first!, 'before');
    const from = bot.client.frames.length;
    start(bot);
    start(bot);
    // Both starts are handled once two runs have begun since, and the last of them polls.
    const since = () => linesFrom(bot.client, from);
    const lastRun = () => since().slice(since().lastIndexOf('Starting execution'));
    await bot.client.waitFor(() => since().filter((l) => l === 'Starting execution').length >= 2 && lastRun().some((l) => POLLING.test(l)), 60_000);
    const [, last] = lastRun().find((l) => POLLING.test(l))!.match(POLLING)!;
    await echoed(bot, last!, 'after');
    await stop(bot);
    const lines = linesFrom(bot.client);
    expect(lines.filter((l) => CONFLICT.test(l)), lines.join('\n')).toEqual([]);
    bot.client.close();
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
  }, 120_000);
});
