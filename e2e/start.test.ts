// `npm start` as a person runs it, after `npm run build` (which the test command runs before this
// project): nothing changed since that build, so it starts the built server at once, without
// building again (scripts/start.mjs, scripts/build-stamp.mjs), and serves the client.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../server/testing/server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'botwright-npm-start-'));
let stop: (() => Promise<void>) | null = null;
afterAll(async () => {
  await stop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start after a build', () => {
  it('starts the built server without building again, and serves the client', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir, HOST: '127.0.0.1' }, { file: 'npm', args: ['start', '--silent'] });
    stop = async () => {
      // npm runs the server in a process of its own: the whole group goes.
      process.kill(-server.child.pid!, 'SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
    };
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(server.output()).not.toContain('Building Botwright first');
  }, 60_000);
});
