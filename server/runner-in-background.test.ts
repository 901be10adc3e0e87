// Start-up with the runner set up in the background (what `npm start` does): the server answers the
// client's files at once; the first request under /api or /trpc sets the runner up and waits for
// it rather than failing; with no request, it is set up shortly after listening; closing first
// sets nothing up, and closing while it is being set up waits for it.
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

  it('with no request, the runner is set up shortly after listening (deployed bots come back without a visitor)', async () => {
    const t = await startTestApp({}, { runnerInBackground: true, clientDir });
    apps.push(t);
    expect(t.logs.join('')).not.toContain('Runner dependencies');
    await t.app.runnerReady;
    expect(t.logs.join('')).toContain('Runner dependencies');
  });

  it('closing before the runner is set up sets nothing up; closing while it is being set up waits for it', async () => {
    const early = await startTestApp({}, { runnerInBackground: true, clientDir });
    await early.close();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(early.logs.join('')).not.toContain('Runner dependencies');

    const during = await startTestApp({}, { runnerInBackground: true, clientDir });
    // The request's connection is cut by the close: only that it set the runner up matters here.
    const asked = during.request('GET', '/api/auth/me').catch(() => null);
    // Closed once the request is in (its arrival is logged before the hooks run), however busy the machine.
    while (!during.logs.some((line) => line.includes('incoming request') && line.includes('/api/auth/me'))) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await during.close();
    await expect(during.app.runnerReady).resolves.toBeUndefined();
    await asked;
  });
});
