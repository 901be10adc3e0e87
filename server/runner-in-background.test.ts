// Start-up with the runner set up in the background (what `npm start` does): the server answers the
// client's files at once, and a request that needs the runner (or anything else under /api, /trpc)
// waits for it rather than failing; closing while the runner is still being set up waits for it
// and leaves nothing behind.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/test-app';
import { newUser } from './testing/fixtures';

const clientDir = mkdtempSync(path.join(tmpdir(), 'botwright-client-'));
writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close().catch(() => {});
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the runner set up in the background', () => {
  it('the client is served at once; API requests made before the runner is ready wait for it and succeed', async () => {
    const t = await startTestApp({}, { runnerInBackground: true, clientDir });
    apps.push(t);
    let runnerReady = false;
    void t.app.runnerReady.then(() => (runnerReady = true));
    const page = await t.request('GET', '/');
    expect(page.status).toBe(200);
    const user = await newUser(t);
    const [status, me] = await Promise.all([t.request('GET', '/api/runner/status', { token: user.token }), t.request('GET', '/api/auth/me', { token: user.token })]);
    expect(runnerReady).toBe(true);
    expect(status.status).toBe(200);
    expect(status.body.sandbox.protections.length).toBeGreaterThan(0);
    expect(me.status).toBe(200);
  });

  it('closing before the runner is ready waits for it', async () => {
    const t = await startTestApp({}, { runnerInBackground: true, clientDir });
    await t.close();
    await expect(t.app.runnerReady).resolves.toBeUndefined();
  });
});
