// The server as `npm start` runs it: bundled by scripts/build-server.mjs (main.js and its chunks),
// started with plain node on a fresh DATA_DIR. A person signs up through the outbox, saves a
// TypeScript bot and runs it over /ws: the bundle must find the TypeScript loader (and the code
// analysis worker) beside main.js whichever chunk the code finding them lands in.
// One build for the file, into a folder of its own under dist/ (node_modules resolves as for dist/server).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RunClient } from '../server/testing/run-client';
import { startServerProcess } from '../server/testing/server-process';
import { signUpThroughOutbox } from '../server/testing/outbox-sign-up';

const REPO = path.resolve(import.meta.dirname, '..');
let built: string;
let dataDir: string;
let server: Awaited<ReturnType<typeof startServerProcess>> | null = null;

beforeAll(() => {
  mkdirSync(path.join(REPO, 'dist'), { recursive: true });
  built = mkdtempSync(path.join(REPO, 'dist', 'test-server-'));
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', built], { cwd: REPO, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the build failed: ${build.stderr}`);
  dataDir = mkdtempSync(path.join(tmpdir(), 'botwright-built-'));
  // Like a real DATA_DIR: the sandbox's uid reaches a project's mounted dependencies by path.
  chmodSync(dataDir, 0o711);
}, 120_000);

afterAll(async () => {
  if (server) {
    process.kill(-server.child.pid!, 'SIGTERM');
    await new Promise((r) => server!.child.once('exit', r));
  }
  rmSync(built, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the built server (npm start)', () => {
  it('runs a TypeScript bot, and analyses its code', async () => {
    server = await startServerProcess(
      { DATA_DIR: dataDir, HOST: '127.0.0.1', RUNNER_MEMORY_MB: '256' },
      { file: process.execPath, args: ['--enable-source-maps', path.join(built, 'main.js')] },
    );
    const token = await signUpThroughOutbox(server.url, dataDir, 'built-server@example.com');
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const content = "const greeting: string = 'typed';\nconsole.log(`hello from ${greeting} TypeScript`);\n";
    const saved = await fetch(`${server.url}/api/projects/default/files/bot.ts`, { method: 'PUT', headers: auth, body: JSON.stringify({ content }) });
    expect(saved.status).toBe(200);
    const fileId = ((await saved.json()) as { id: string }).id;

    const client = await RunClient.open(server.url, { token });
    try {
      client.send({ type: 'execute-file', fileId });
      const exit = await client.waitForExit(fileId);
      expect({ exit, lines: client.lines() }).toMatchObject({ exit: { code: 0 }, lines: expect.arrayContaining(['hello from typed TypeScript']) });
    } finally {
      client.close();
    }
    expect(server.output()).not.toContain('The TypeScript loader is missing');

    // The analysis worker is a bundle entry beside main.js too.
    const parsed = await fetch(`${server.url}/api/parse-imports`, { method: 'POST', headers: auth, body: JSON.stringify({ content: "import { Telegraf } from 'telegraf';\n", language: 'typescript' }) });
    expect(parsed.status).toBe(200);
    expect(await parsed.json()).toMatchObject({ imports: ['telegraf'] });
  }, 60_000);
});
