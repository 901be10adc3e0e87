// Kept bot logs with the real app and the real sandbox (runs started over /ws): each line on disk in
// order with its own time, paging back across runs and rotated files, the download, the owner-only
// 404s, a saved secret never on disk, flood notices once a second, a server restart (the last lines
// written at shutdown, the log still there after), and a deleted bot's log gone.
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunLogLine } from '../../../../shared/run-logs.schema';
import { startTestApp, type TestApp } from '../../../testing/test-app';
import { newUser } from '../../../testing/fixtures';
import { RunClient } from '../../../testing/run-client';
import { onPostgres } from '../../../testing/test-database';

let t: TestApp;
beforeAll(async () => {
  // 100 lines a second (bursts of 500) so that a flood is quick to make.
  t = await startTestApp({ RUNNER_MEMORY_MB: '128', RUNNER_STOP_GRACE_MS: '500', RUNNER_LOG_LINES_PER_SECOND: '100' });
});
afterAll(async () => t?.close());

type Bot = { token: string; projectId: string; fileId: string };

/** A new person's bot with one file. */
async function newBot(app: TestApp, filename: string, content: string, user?: { token: string }): Promise<Bot> {
  const { token } = user ?? (await newUser(app));
  const res = await app.request('PUT', `/api/projects/default/files/${filename}`, { token, body: { content } });
  expect(res.status).toBe(200);
  return { token, projectId: res.body.projectId, fileId: res.body.id };
}

/** Runs the bot's file to its end over /ws; the socket's frames, once the lines are on disk. */
async function runToExit(app: TestApp, bot: Bot): Promise<RunClient> {
  const client = await RunClient.open(app.url, { token: bot.token });
  client.send({ type: 'execute-file', fileId: bot.fileId });
  await client.waitForExit(bot.fileId);
  client.close();
  await app.app.deps.runLogs.flush();
  return client;
}

/** Every line kept for the bot, oldest first: on disk, or on PostgreSQL in log_lines. */
async function keptLines(app: TestApp, projectId: string): Promise<RunLogLine[]> {
  if (app.config.databaseUrl) {
    const rows = await app.app.deps.db.selectFrom('log_lines').select(['at', 'level', 'text', 'run_id']).where('project_id', '=', projectId).orderBy('seq').execute();
    return rows.map((r) => ({ at: Number(r.at), level: r.level, text: r.text, runId: r.run_id }));
  }
  const dir = path.join(app.config.dataDir, 'logs', projectId);
  return readdirSync(dir)
    .sort()
    .flatMap((f) => readFileSync(path.join(dir, f), 'utf8').split('\n').filter(Boolean))
    .map((l) => JSON.parse(l));
}

async function allPages(app: TestApp, bot: Bot, limit: number): Promise<{ lines: RunLogLine[]; pages: number }> {
  const lines: RunLogLine[] = [];
  let pages = 0;
  for (let before: string | null = null; ; ) {
    const query = `?limit=${limit}${before ? `&before=${before}` : ''}`;
    const res = await app.request('GET', `/api/bots/${bot.projectId}/logs${query}`, { token: bot.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    lines.push(...res.body.lines);
    pages++;
    if (res.body.next === null) return { lines, pages };
    before = res.body.next;
  }
}

describe('kept logs', () => {
  it('writes each line to disk as viewers see it, in order, with the time it was printed', async () => {
    const bot = await newBot(t, 'timing.py', 'import time, sys\nprint("first")\ntime.sleep(0.3)\nprint("second")\nprint("oops", file=sys.stderr)\n');
    await runToExit(t, bot);
    const lines = await keptLines(t, bot.projectId);
    expect(lines.map((l) => [l.level, l.text])).toEqual([
      ['log', 'Starting execution'],
      ['log', 'Running timing.py'],
      ['output', 'first'],
      ['output', 'second'],
      ['error', 'oops'],
      ['log', 'The bot finished (exit code 0)'],
    ]);
    expect(Object.keys(lines[0]!)).toEqual(['at', 'level', 'text', 'runId']);
    expect(new Set(lines.map((l) => l.runId)).size).toBe(1);
    expect(lines[0]!.runId).toMatch(/^[A-Za-z0-9]{10}$/);
    const at = (text: string) => lines.find((l) => l.text === text)!.at;
    expect(at('second') - at('first')).toBeGreaterThanOrEqual(250);
    for (let i = 1; i < lines.length; i++) expect(lines[i]!.at).toBeGreaterThanOrEqual(lines[i - 1]!.at);
    expect(Math.abs(at('first') - Date.now())).toBeLessThan(60_000);

    // A viewer attaching after the end gets the replay with each line's own time, not its batch's.
    const late = await RunClient.open(t.url, { token: bot.token });
    late.send({ type: 'attach', fileId: bot.fileId });
    await late.waitForExit(bot.fileId);
    const frameAt = (text: string) =>
      (late.frames.find((f) => (f.type === 'execution_output' || f.type === 'execution_log') && f.message.split('\n').includes(text)) as { at: number }).at;
    expect(frameAt('first')).toBe(at('first'));
    expect(frameAt('second')).toBe(at('second'));
    late.close();

    // The API gives the same lines, newest first.
    const page = await t.request('GET', `/api/bots/${bot.projectId}/logs`, { token: bot.token });
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ lines: [...lines].reverse(), next: null });
  });

  it('pages back through earlier output and earlier runs', async () => {
    const bot = await newBot(t, 'count.py', 'for i in range(7):\n    print(f"line {i}")\n');
    await runToExit(t, bot);
    await runToExit(t, bot);
    const kept = await keptLines(t, bot.projectId);
    expect(kept).toHaveLength(2 * 10);
    const { lines, pages } = await allPages(t, bot, 3);
    expect(pages).toBe(7);
    expect(lines).toEqual([...kept].reverse());
    const runs = [...new Set(lines.map((l) => l.runId))];
    expect(runs).toHaveLength(2);
    // Newest first: the second run's exit is the first line, the first run's start the last.
    expect(lines[0]).toMatchObject({ runId: runs[0], text: 'The bot finished (exit code 0)' });
    expect(lines.at(-1)).toMatchObject({ runId: runs[1], text: 'Starting execution' });

    // tRPC reads the same page.
    const trpc = await t.request('GET', `/trpc/logs.page?input=${encodeURIComponent(JSON.stringify({ projectId: bot.projectId, limit: 2 }))}`, { token: bot.token });
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data.lines).toEqual(lines.slice(0, 2));

    for (const bad of ['?limit=0', '?limit=501', '?limit=abc', '?before=not*a*cursor', `?before=${Buffer.from('nonsense').toString('base64url')}`]) {
      const res = await t.request('GET', `/api/bots/${bot.projectId}/logs${bad}`, { token: bot.token });
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toBeTruthy();
    }
    const max = await t.request('GET', `/api/bots/${bot.projectId}/logs?limit=500`, { token: bot.token });
    expect(max.body.lines).toHaveLength(20);
  });

  it('downloads one run as text, and answers 404 for an unknown run or to anyone but the owner', async () => {
    const bot = await newBot(t, 'dl.py', 'print("hello")\nprint("bye")\n');
    await t.request('PATCH', `/api/projects/${bot.projectId}`, { token: bot.token, body: { name: 'Pizza Pal' } });
    await runToExit(t, bot);
    await runToExit(t, bot);
    const kept = await keptLines(t, bot.projectId);
    const runId = kept[0]!.runId;
    const res = await fetch(`${t.url}/api/bots/${bot.projectId}/runs/${runId}/log`, { headers: { authorization: `Bearer ${bot.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(`attachment; filename="Pizza Pal-${runId}.log"`);
    const text = await res.text();
    const mine = kept.filter((l) => l.runId === runId);
    expect(mine).toHaveLength(5);
    expect(text).toBe(mine.map((l) => `[${new Date(l.at).toISOString()}] ${l.level.toUpperCase()} ${l.text}\n`).join(''));
    expect(text).toMatch(/^\[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\] LOG Starting execution\n/);
    expect(text).toContain('] OUTPUT hello\n');

    const other = await newUser(t);
    const asOther = (p: string) => fetch(`${t.url}${p}`, { headers: { authorization: `Bearer ${other.token}` } });
    expect((await asOther(`/api/bots/${bot.projectId}/runs/${runId}/log`)).status).toBe(404);
    expect((await asOther(`/api/bots/${bot.projectId}/logs`)).status).toBe(404);
    const trpc = await t.request('GET', `/trpc/logs.page?input=${encodeURIComponent(JSON.stringify({ projectId: bot.projectId }))}`, { token: other.token });
    expect(trpc.status).toBe(404);
    expect((await fetch(`${t.url}/api/bots/${bot.projectId}/runs/${runId}/log`)).status).toBe(401);
    expect((await fetch(`${t.url}/api/bots/${bot.projectId}/logs`)).status).toBe(401);
    const owner = (p: string) => fetch(`${t.url}${p}`, { headers: { authorization: `Bearer ${bot.token}` } });
    expect((await owner(`/api/bots/${bot.projectId}/runs/NoSuchRun1/log`)).status).toBe(404);
    expect((await owner(`/api/bots/${bot.projectId}/runs/${'x'.repeat(40)}/log`)).status).toBe(404);
    expect((await owner(`/api/bots/NoSuchProject/runs/${runId}/log`)).status).toBe(404);
  });

  it('never keeps a saved secret: the lines are masked before they are kept', async () => {
    const bot = await newBot(t, 'leak.py', 'import os, sys\nprint("token is", os.environ["BOT_TOKEN"])\nprint(os.environ["BOT_TOKEN"], file=sys.stderr)\n');
    const secret = 'tg-987654:another-very-secret-value';
    expect((await t.request('PUT', `/api/projects/${bot.projectId}/env-vars`, { token: bot.token, body: { set: { BOT_TOKEN: secret } } })).status).toBe(200);
    await runToExit(t, bot);
    const raw = JSON.stringify(await keptLines(t, bot.projectId));
    expect(raw).toContain('token is ********');
    expect(raw).not.toContain(secret);
    expect(raw).not.toContain('another-very-secret');
  });

  it('keeps one "N lines dropped" line a second during a flood, and every line is either kept or counted', async () => {
    const flood = [
      'import time',
      'n = 0',
      'end = time.time() + 2.5',
      'while time.time() < end:',
      '    print(f"line {n}")',
      '    n += 1',
      '    if n % 20 == 0: time.sleep(0.002)',
      'time.sleep(1.5)',
      'print(f"printed {n}")',
    ].join('\n');
    const bot = await newBot(t, 'flood.py', flood + '\n');
    await runToExit(t, bot);
    const lines = await keptLines(t, bot.projectId);
    const printed = Number(/^printed (\d+)$/.exec(lines.find((l) => l.text.startsWith('printed '))!.text)![1]);
    const notices = lines.filter((l) => / dropped \(the bot printed faster than 100 lines a second\)$/.test(l.text));
    const dropped = notices.reduce((n, l) => n + Number(/^(\d+) lines? dropped/.exec(l.text)![1]), 0);
    const kept = lines.filter((l) => /^line \d+$/.test(l.text)).length;
    expect(printed).toBeGreaterThan(2000);
    expect(kept + dropped).toBe(printed);
    expect(notices.length).toBeGreaterThanOrEqual(2);
    expect(notices.length).toBeLessThanOrEqual(5);
    for (let i = 1; i < notices.length; i++) expect(notices[i]!.at - notices[i - 1]!.at).toBeGreaterThanOrEqual(990);
    expect(notices.every((l) => l.level === 'log')).toBe(true);
  });

  it("deletes a bot's log with the bot", async () => {
    const bot = await newBot(t, 'gone.py', 'print("soon gone")\n');
    await runToExit(t, bot);
    if (t.config.databaseUrl) {
      expect(await keptLines(t, bot.projectId)).not.toEqual([]);
      expect((await t.request('DELETE', `/api/projects/${bot.projectId}`, { token: bot.token })).status).toBe(200);
      return expect(await keptLines(t, bot.projectId)).toEqual([]);
    }
    const dir = path.join(t.config.dataDir, 'logs', bot.projectId);
    expect(existsSync(dir)).toBe(true);
    expect((statSync(dir).mode & 0o777).toString(8)).toBe('700');
    expect(readdirSync(dir).map((f) => (statSync(path.join(dir, f)).mode & 0o777).toString(8))).toEqual(['600']);
    expect((await t.request('DELETE', `/api/projects/${bot.projectId}`, { token: bot.token })).status).toBe(200);
    expect(existsSync(dir)).toBe(false);
  });
});

describe('rotation', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({ RUNNER_MEMORY_MB: '128', RUN_LOG_FILE_MB: '0.01', RUN_LOG_FILES: '3' });
  });
  afterAll(async () => small?.close());

  // On PostgreSQL a bot keeps bytes, not files (shared-run-logs.postgres.test.ts).
  it.skipIf(onPostgres())('SQLite: rotates a bot past RUN_LOG_FILE_MB, keeps RUN_LOG_FILES files, and pages across them', async () => {
    const bot = await newBot(small, 'rotate.py', 'for i in range(400):\n    print(f"line {i:04d} " + "x" * 80)\n');
    await runToExit(small, bot);
    const dir = path.join(small.config.dataDir, 'logs', bot.projectId);
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(3);
    const seqs = files.map((f) => Number(f.slice(0, 8)));
    expect(seqs[0]).toBeGreaterThan(1); // older files went
    expect(seqs).toEqual([seqs[0], seqs[0]! + 1, seqs[0]! + 2]);
    for (const f of files) expect(statSync(path.join(dir, f)).size).toBeLessThanOrEqual(Math.round(0.01 * 1024 * 1024));

    const kept = await keptLines(small, bot.projectId);
    expect(kept.at(-1)!.text).toBe('The bot finished (exit code 0)');
    expect(kept[0]!.text).toMatch(/^line \d{4} x+$/); // the run's start was rotated away
    const { lines, pages } = await allPages(small, bot, 50);
    expect(lines).toEqual([...kept].reverse());
    expect(pages).toBe(Math.ceil(kept.length / 50));
    // Consecutive lines, newest first, across the files' edges.
    const numbers = lines.filter((l) => l.text.startsWith('line ')).map((l) => Number(l.text.slice(5, 9)));
    expect(numbers[0]).toBe(399);
    expect(numbers).toEqual(numbers.map((_, i) => 399 - i));

    // The download holds what is kept of the run.
    const res = await fetch(`${small.url}/api/bots/${bot.projectId}/runs/${kept[0]!.runId}/log`, { headers: { authorization: `Bearer ${bot.token}` } });
    expect((await res.text()).trimEnd().split('\n')).toHaveLength(kept.length);
  });
});

describe('across a restart', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'botwright-restart-'));
  chmodSync(dataDir, 0o711);
  const env = { DATA_DIR: dataDir, RUNNER_MEMORY_MB: '128', RUNNER_STOP_GRACE_MS: '500' };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes a running bot\'s last lines at shutdown, and the log is there after the server starts again', async () => {
    const first = await startTestApp(env);
    let bot!: Bot;
    try {
      bot = await newBot(first, 'forever.py', 'import time\nprint("before the restart", flush=True)\nwhile True: time.sleep(1)\n');
      const client = await RunClient.open(first.url, { token: bot.token });
      client.send({ type: 'execute-file', fileId: bot.fileId });
      await client.waitForLine('before the restart');
      client.close();
    } finally {
      await first.close(); // ends the run; its stop line is written before close resolves
    }
    // On disk, or on PostgreSQL (read once the second server is up: the first closed its pool).
    let kept = first.config.databaseUrl ? [] : await keptLines(first, bot.projectId);

    const second = await startTestApp(env);
    try {
      if (second.config.databaseUrl) kept = await keptLines(second, bot.projectId);
      expect(kept.map((l) => l.text)).toEqual(['Starting execution', 'Running forever.py', 'before the restart', 'Stopping execution...', expect.stringMatching(/^Execution stopped/)]);
      const page = await second.request('GET', `/api/bots/${bot.projectId}/logs`, { token: bot.token });
      expect(page.status).toBe(200);
      expect(page.body.lines).toEqual([...kept].reverse());
      // A run after the restart goes on in the same log.
      await second.request('PUT', `/api/projects/${bot.projectId}/files/forever.py`, { token: bot.token, body: { content: 'print("after the restart")\n' } });
      await runToExit(second, bot);
      const both = await allPages(second, bot, 4);
      expect(both.lines.map((l) => l.text)).toEqual([
        'The bot finished (exit code 0)',
        'after the restart',
        'Running forever.py',
        'Starting execution',
        ...[...kept].reverse().map((l) => l.text),
      ]);
      expect(new Set(both.lines.map((l) => l.runId)).size).toBe(2);
    } finally {
      await second.close();
    }
  });
});
