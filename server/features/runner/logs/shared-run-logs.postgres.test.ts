// The kept logs of a server on PostgreSQL (log_lines): two nodes write one bot's log and either reads
// it whole, newest first in pages; a run downloads alone; a bot keeps about its bytes, oldest lines
// going first; a deleted bot's log goes with it. Runs in the `unit-postgres` project.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../testing/test-app';
import { newUser } from '../../../testing/fixtures';
import { testDatabaseEnv } from '../../../testing/test-database';
import { SharedRunLogs } from './shared-run-logs';
import type { RunLogLine } from '../../../../shared/run-logs.schema';

describe('kept logs on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof testDatabaseEnv>>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await testDatabaseEnv();
    a = await startTestApp({ DATABASE_URL: database.env.DATABASE_URL!, JWT_SECRET: 'a-secret-both-nodes-of-this-server-share-0123456789', LOG_LEVEL: 'warn' });
    b = await startTestApp({ DATABASE_URL: database.env.DATABASE_URL!, JWT_SECRET: 'a-secret-both-nodes-of-this-server-share-0123456789', LOG_LEVEL: 'warn' });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  const lines = (runId: string, from: number, count: number): RunLogLine[] => Array.from({ length: count }, (_, i) => ({ at: 1_800_000_000_000 + from + i, level: 'output', text: `line ${from + i}`, runId }));

  it("one bot's log written on two nodes is read whole from either, newest first, page after page; a run downloads alone", async () => {
    const user = await newUser(a);
    const projectId = (await a.request('POST', '/api/projects', { token: user.token, body: { name: 'Moved' } })).body.id as string;
    a.app.deps.runLogs.append(projectId, lines('runOnNodeA', 0, 30));
    await a.app.deps.runLogs.flush();
    // Its run's batches as a run hands them over: a multi-line entry is kept line by line.
    b.app.deps.runLogs.recorder(projectId, 'runOnNodeB')([{ at: 1_800_000_001_000, kind: 'error', text: 'Traceback\n  boom' }]);
    await b.app.deps.runLogs.flush();

    const texts: string[] = [];
    let before: string | null = null;
    do {
      const page = await a.request('GET', `/api/bots/${projectId}/logs?limit=7${before ? `&before=${before}` : ''}`, { token: user.token });
      expect(page.status).toBe(200);
      texts.push(...(page.body.lines as RunLogLine[]).map((l) => l.text));
      before = page.body.next;
    } while (before);
    expect(texts).toEqual(['  boom', 'Traceback', ...Array.from({ length: 30 }, (_, i) => `line ${29 - i}`)]);

    const download = await fetch(`${b.url}/api/bots/${projectId}/runs/runOnNodeA/log`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(download.status).toBe(200);
    const text = await download.text();
    expect(text.split('\n').filter(Boolean)).toHaveLength(30);
    expect(text.startsWith(`[${new Date(1_800_000_000_000).toISOString()}] OUTPUT line 0\n`)).toBe(true);
    // Somebody else reads none of it; a cursor that is not one of ours reads nothing.
    const stranger = await newUser(b);
    expect((await b.request('GET', `/api/bots/${projectId}/logs`, { token: stranger.token })).status).toBe(404);
    expect((await b.request('GET', `/api/bots/${projectId}/logs?before=abc`, { token: user.token })).body).toEqual({ error: 'Invalid cursor: use the `next` of the previous page' });

    // A deleted bot takes its log.
    expect((await a.request('DELETE', `/api/projects/${projectId}`, { token: user.token })).status).toBe(200);
    expect(await a.app.deps.db.selectFrom('log_lines').select('seq').where('project_id', '=', projectId).execute()).toEqual([]);
  });

  it('a bot keeps about its bytes: past them the oldest lines go', async () => {
    const user = await newUser(a);
    const projectId = (await a.request('POST', '/api/projects', { token: user.token, body: { name: 'Chatty' } })).body.id as string;
    const kept = new SharedRunLogs({ db: a.app.deps.db, keptBytes: 20_000, log: a.app.log });
    for (let batch = 0; batch < 10; batch++) kept.append(projectId, Array.from({ length: 50 }, (_, i) => ({ at: batch * 100 + i, level: 'output' as const, text: `${batch}-${i} ${'x'.repeat(100)}`, runId: 'run' })));
    await kept.flush();
    const used = await kept.usedBytes(projectId);
    expect(used).toBeLessThanOrEqual(20_000);
    expect(used).toBeGreaterThan(10_000);
    const newest = await kept.page(projectId, null, 1);
    expect(newest.lines[0]!.text).toMatch(/^9-49 /);
  });
});
