// Runs kept in the database (run-records.ts) through the real app and sandbox: every run of a bot is
// a row from its start to its end, listed newest first at GET /api/bots/:projectId/runs for its owner
// only (another person gets 404); a stopped bot's last exit on /bots comes from there; rows a killed
// server left live are ended at the next start; each bot keeps its newest KEPT_PER_BOT runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../testing/test-app';
import { newUser } from '../../../testing/fixtures';
import { RunClient } from '../../../testing/run-client';
import type { BotSummary } from '../../../../shared/bots.schema';
import type { KeptRun } from '../../../../shared/run-logs.schema';
import { KEPT_PER_BOT } from './run-records';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RUNNER_MEMORY_MB: '128', RUNNER_STOP_GRACE_MS: '300' });
});
afterAll(async () => t?.close());

async function bot(token: string, name: string, code: string, filename = 'bot.py'): Promise<{ projectId: string; fileId: string }> {
  const projectId = (await t.request('POST', '/api/projects', { token, body: { name } })).body.id as string;
  const file = await t.request('PUT', `/api/projects/${projectId}/files/${filename}`, { token, body: { content: code } });
  expect(file.status).toBe(200);
  return { projectId, fileId: file.body.id };
}

const keptRuns = async (token: string, projectId: string) => {
  const res = await t.request('GET', `/api/bots/${projectId}/runs`, { token });
  expect(res.status).toBe(200);
  return res.body.runs as KeptRun[];
};

describe('runs kept in the database', () => {
  it('a run is a row from start to end; the list is the owner’s, newest first; /bots shows the last exit', async () => {
    const user = await newUser(t);
    const b = await bot(user.token, 'Counter', 'import sys\nprint("hello", flush=True)\nsys.exit(3)\n');
    const client = await RunClient.open(t.url, { token: user.token });
    try {
      for (let i = 0; i < 2; i++) {
        client.send({ type: 'execute-file', fileId: b.fileId });
        await client.waitFor((f) => f.type === 'execution_exit' && f.fileId === b.fileId, 30_000);
        client.frames.length = 0;
      }
    } finally {
      client.close();
    }
    await expect.poll(async () => (await keptRuns(user.token, b.projectId)).filter((r) => r.endedAt).length).toBe(2);
    const runs = await keptRuns(user.token, b.projectId);
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({ fileId: b.fileId, filename: 'bot.py', mode: 'live', exit: { reason: 'exited', code: 3, signal: null, message: 'The bot exited with exit code 3' } });
    expect(Date.parse(runs[0]!.startedAt)).toBeGreaterThan(Date.parse(runs[1]!.startedAt) - 1);
    expect(Date.parse(runs[0]!.endedAt!)).toBeGreaterThanOrEqual(Date.parse(runs[0]!.startedAt));
    // The same ids as the run's lines in the kept log.
    const page = await t.request('GET', `/api/bots/${b.projectId}/logs?limit=100`, { token: user.token });
    expect(new Set((page.body.lines as Array<{ runId: string }>).map((l) => l.runId))).toEqual(new Set(runs.map((r) => r.runId)));

    const shown = ((await t.request('GET', '/api/bots', { token: user.token })).body.bots as BotSummary[]).find((x) => x.projectId === b.projectId)!;
    expect(shown).toMatchObject({ status: 'stopped', deployed: false, lastExit: { message: 'The bot exited with exit code 3', at: runs[0]!.endedAt } });

    const other = await newUser(t);
    expect((await t.request('GET', `/api/bots/${b.projectId}/runs`, { token: other.token })).status).toBe(404);
    expect((await t.request('GET', `/api/bots/${b.projectId}/runs`)).status).toBe(401);
  }, 60_000);

  it("a crash's last exit carries the error line the bot printed: a Python traceback's last line, a JavaScript error's message", async () => {
    const user = await newUser(t);
    const python = await bot(user.token, 'Python crash', 'print("starting", flush=True)\nraise ValueError("bad token")\n');
    const node = await bot(user.token, 'Node crash', "console.log('starting');\nthrow new Error('bad token');\n", 'bot.js');
    const client = await RunClient.open(t.url, { token: user.token });
    try {
      for (const b of [python, node]) {
        client.send({ type: 'execute-file', fileId: b.fileId });
        await client.waitFor((f) => f.type === 'execution_exit' && f.fileId === b.fileId, 30_000);
      }
    } finally {
      client.close();
    }
    const lastExit = async (projectId: string) => {
      const bots = (await t.request('GET', '/api/bots', { token: user.token })).body.bots as BotSummary[];
      return bots.find((x) => x.projectId === projectId)?.lastExit?.message;
    };
    await expect.poll(() => lastExit(python.projectId)).toBe('The bot exited with exit code 1 (ValueError: bad token)');
    await expect.poll(() => lastExit(node.projectId)).toBe('The bot exited with exit code 1 (Error: bad token)');
    expect((await keptRuns(user.token, node.projectId))[0]?.exit?.message).toBe('The bot exited with exit code 1 (Error: bad token)');
  }, 60_000);

  it('a live run has no end yet; rows a killed server left live are ended at the next start', async () => {
    const user = await newUser(t);
    const b = await bot(user.token, 'Sleeper', 'import time\nprint("up", flush=True)\ntime.sleep(600)\n');
    const client = await RunClient.open(t.url, { token: user.token });
    try {
      client.send({ type: 'execute-file', fileId: b.fileId });
      await client.waitForLine('up', 30_000);
      await expect.poll(async () => (await keptRuns(user.token, b.projectId)).length).toBe(1);
      expect((await keptRuns(user.token, b.projectId))[0]).toMatchObject({ endedAt: null, exit: null });
      // What a killed server leaves behind: a row still live with no process. The next start ends it.
      const records = t.app.deps.runRecords;
      await t.app.deps.db.insertInto('runs').values({ id: 'leftover01', project_id: b.projectId, file_id: b.fileId, user_id: user.id, filename: 'bot.py', mode: 'live', supervised: 1, started_at: '2026-01-01T00:00:00.000Z' }).execute();
      expect(await records.endLeftovers(Date.now())).toBeGreaterThanOrEqual(1);
      const leftover = (await keptRuns(user.token, b.projectId)).find((r) => r.runId === 'leftover01')!;
      expect(leftover.exit).toEqual({ reason: 'stopped', code: null, signal: null, message: 'The server stopped while the bot was running' });
    } finally {
      client.send({ type: 'stop-execution', fileId: b.fileId });
      await client.waitFor((f) => f.type === 'execution_exit', 30_000).catch(() => {});
      client.close();
    }
  }, 60_000);

  it(`each bot keeps its newest ${KEPT_PER_BOT} runs`, async () => {
    const user = await newUser(t);
    const b = await bot(user.token, 'Busy', 'print("x")\n');
    const records = t.app.deps.runRecords;
    const exit = { reason: 'exited' as const, code: 0, signal: null, message: 'The bot finished (exit code 0)', at: 0 };
    for (let i = 0; i < KEPT_PER_BOT + 5; i++) {
      const startedAt = Date.UTC(2026, 0, 1) + i * 1000;
      const id = `run${String(i).padStart(5, '0')}`;
      records.started({ id, projectId: b.projectId, fileId: b.fileId, userId: user.id, filename: 'bot.py', mode: 'live', supervised: false, startedAt });
      records.ended(id, { ...exit, at: startedAt + 500 }, null);
    }
    await records.flush();
    const rows = await t.app.deps.db.selectFrom('runs').select('id').where('project_id', '=', b.projectId).orderBy('started_at').execute();
    expect(rows).toHaveLength(KEPT_PER_BOT);
    expect(rows[0]!.id).toBe('run00005');
  }, 60_000);
});
