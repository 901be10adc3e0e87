// A page's socket is told of every start and end of its person's runs, whoever caused it: a deploy
// made elsewhere (another tab, /bots), the supervisor's restart after a crash. The page then follows
// the new run on the same connection (attach): no poll, no reconnect. Another person hears nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { newUser } from '../../testing/fixtures';
import { RunClient } from '../../testing/run-client';
import type { ServerFrame } from '../../../shared/runner.schema';

const ENV = { RUNNER_MEMORY_MB: '128', RUNNER_STOP_GRACE_MS: '300' };
// Lives about a second, then crashes: the supervisor starts it again.
const SHORT_LIVED = 'import time, sys\nprint("up", flush=True)\ntime.sleep(1)\nsys.exit(3)\n';

let t: TestApp;
afterAll(async () => {
  await t?.close().catch(() => {});
});

type RunFrame = Extract<ServerFrame, { type: 'run' }>;
const runFrames = (client: RunClient, fileId: string) => client.frames.filter((f): f is RunFrame => f.type === 'run' && f.run.fileId === fileId);

describe('runs pushed to the pages of their person', () => {
  it('a deploy and the restart after a crash reach an open socket, which follows each new run without reconnecting', async () => {
    t = await startTestApp(ENV);
    const user = await newUser(t);
    const other = await newUser(t);
    const projectId = (await t.request('POST', '/api/projects', { token: user.token, body: { name: 'Crasher' } })).body.id as string;
    const fileId = (await t.request('PUT', `/api/projects/${projectId}/files/bot.py`, { token: user.token, body: { content: SHORT_LIVED } })).body.id as string;
    const page = await RunClient.open(t.url, { token: user.token });
    const stranger = await RunClient.open(t.url, { token: other.token });

    // Deployed through the API, as /bots does: the page's socket hears the start.
    expect((await t.request('POST', `/api/bots/${projectId}/deploy`, { token: user.token, body: { fileId } })).status).toBe(200);
    const first = (await page.waitFor((f) => f.type === 'run' && f.run.fileId === fileId && f.run.status === 'running')) as RunFrame;
    expect(first.run).toMatchObject({ filename: 'bot.py', mode: 'live' });
    page.send({ type: 'attach', fileId });
    await page.waitFor((f) => f.type === 'execution_output' && f.message.includes('up'));

    // It crashes; the page is told it ended, then that a new run started (the supervisor's).
    await page.waitFor((f) => f.type === 'run' && f.run.fileId === fileId && f.run.status === 'exited', 20_000);
    const restarted = (await page.waitFor((f) => f.type === 'run' && f.run.status === 'running' && f.run.startedAt !== first.run.startedAt, 20_000)) as RunFrame;
    const before = page.frames.length;
    page.send({ type: 'attach', fileId });
    await page.waitFor((f) => page.frames.indexOf(f) >= before && f.type === 'execution_output' && f.message.includes('up'));
    expect(Date.parse(restarted.run.startedAt)).toBeGreaterThan(Date.parse(first.run.startedAt));

    // One connection throughout; the other person's socket heard nothing of this bot.
    expect(page.closeCode).toBeNull();
    // A start is told twice (the run, then its process up); the statuses in turn are these.
    const statuses = runFrames(page, fileId).map((f) => f.run.status);
    expect(statuses.filter((s, i) => s !== statuses[i - 1]).slice(0, 3)).toEqual(['running', 'exited', 'running']);
    expect(stranger.frames.filter((f) => f.type === 'run')).toEqual([]);
    await t.request('POST', `/api/bots/${projectId}/undeploy`, { token: user.token });
    page.ws.close();
    stranger.ws.close();
  }, 60_000);
});
