// A deployed bot survives the server being killed: a real server process
// (src/main.ts) with a deployed bot is killed with SIGKILL and started again on the same data; the
// bot is running again within 5 s of the new server's first 200, with no action from anyone, and
// its log continues in the same history (the lines of both runs, each with its own run id), and
// the killed run is kept as ended with that server.
import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import { startServerProcess } from '../../testing/server-process';
import type { BotSummary } from '../../../shared/bots.schema';

const BOT = 'import time\nprint("up and polling", flush=True)\ntime.sleep(600)\n';
const ENV = { RUNNER_MEMORY_MB: '128', RUNNER_STOP_GRACE_MS: '300' };

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

async function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const server = await startServerProcess({ DATA_DIR: dataDir, ...ENV });
  children.push(server.child);
  return server;
}

const get = async (url: string, token: string) => {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('kill -9 with a deployed bot', () => {
  it('the bot runs again within 5 s of the first 200, its log continuing the same history', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'botwright-kill9-'));
    chmodSync(dataDir, 0o711);
    try {
      // The person's bot, deployed through the real app on this data.
      const setup = await startTestApp({ ...ENV, DATA_DIR: dataDir });
      const user = await newUser(setup);
      const projectId = (await setup.request('POST', '/api/projects', { token: user.token, body: { name: 'Survivor' } })).body.id as string;
      const fileId = (await setup.request('PUT', `/api/projects/${projectId}/files/bot.py`, { token: user.token, body: { content: BOT } })).body.id as string;
      expect((await setup.request('POST', `/api/bots/${projectId}/deploy`, { token: user.token, body: { fileId } })).status).toBe(200);
      await setup.close();

      const status = async (url: string) => {
        const res = await get(`${url}/api/bots`, user.token);
        return res.status === 200 ? (res.body.bots as BotSummary[]).find((b) => b.projectId === projectId)?.status : undefined;
      };
      const runsInLog = async (url: string) => {
        const page = await get(`${url}/api/bots/${projectId}/logs?limit=500`, user.token);
        const lines = page.body.lines as Array<{ text: string; runId: string }>;
        return new Set(lines.filter((l) => l.text === 'up and polling').map((l) => l.runId)).size;
      };
      const first = await startServer(dataDir);
      await expect.poll(() => status(first.url), { timeout: 15_000, interval: 100 }).toBe('running');
      // The run's first line on disk before the kill (the runs of the set-up may have logged theirs).
      await expect.poll(() => runsInLog(first.url), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
      const logged = await runsInLog(first.url);
      first.child.kill('SIGKILL');
      await new Promise((r) => first.child.once('exit', r));

      const second = await startServer(dataDir);
      // The server's first 200, then the bot running again, with no action from anyone.
      let firstOk = 0;
      await expect.poll(async () => {
        const res = await fetch(`${second.url}/api/bots`, { headers: { authorization: `Bearer ${user.token}` } }).catch(() => null);
        if (res?.status === 200 && !firstOk) firstOk = Date.now();
        return res?.status;
      }).toBe(200);
      await expect.poll(() => status(second.url), { timeout: 5000, interval: 100 }).toBe('running');
      expect(Date.now() - firstOk).toBeLessThan(5000);

      // Its log: both runs' lines in one history, newest first.
      await expect.poll(() => runsInLog(second.url), { timeout: 5000 }).toBe(logged + 1);
      // Its kept runs: the new one live, the killed one ended with the server that was killed.
      const kept = (await get(`${second.url}/api/bots/${projectId}/runs`, user.token)).body.runs as Array<{ endedAt: string | null; exit: { message: string } | null }>;
      expect(kept[0]).toMatchObject({ endedAt: null, exit: null });
      expect(kept[1]!.exit!.message).toBe('The server stopped while the bot was running');
      second.child.kill('SIGTERM');
      await new Promise((r) => second.child.once('exit', r));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
