// `npm start` as a person runs it, after `npm run build` (which the test command runs before this
// project): nothing changed since that build, so it starts the built server at once, without
// building again (scripts/start.mjs, scripts/build-stamp.mjs), and serves the client. Then a person
// signs up (the code from the outbox) and runs a Python, a JavaScript and a TypeScript bot on it:
// the built server finds its sandbox's interpreters and the TypeScript loader.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../server/testing/server-process';
import { signUpThroughOutbox } from '../server/testing/outbox-sign-up';
import { RunClient } from '../server/testing/run-client';

const dataDir = mkdtempSync(path.join(tmpdir(), 'botwright-npm-start-'));
// Like a real DATA_DIR: the sandbox's uid reaches a project's files by path.
chmodSync(dataDir, 0o711);
let stop: (() => Promise<void>) | null = null;
afterAll(async () => {
  await stop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const BOTS = [
  { filename: 'bot.py', content: 'name = "Python"\nprint(f"hello from {name}", flush=True)\n', line: 'hello from Python' },
  { filename: 'bot.js', content: "const name = 'JavaScript';\nconsole.log(`hello from ${name}`);\n", line: 'hello from JavaScript' },
  { filename: 'bot.ts', content: "const name: string = 'TypeScript';\nconsole.log(`hello from ${name}`);\n", line: 'hello from TypeScript' },
];

describe('npm start after a build', () => {
  let url = '';
  it('starts the built server without building again, and serves the client', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir, HOST: '127.0.0.1', RUNNER_MEMORY_MB: '256' }, { file: 'npm', args: ['start', '--silent'] });
    stop = async () => {
      // npm runs the server in a process of its own: the whole group goes.
      process.kill(-server.child.pid!, 'SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
    };
    url = server.url;
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(server.output()).not.toContain('Building Botwright first');
  }, 60_000);

  it('runs a Python, a JavaScript and a TypeScript bot', async () => {
    const token = await signUpThroughOutbox(url, dataDir, 'npm-start@example.com');
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const client = await RunClient.open(url, { token });
    try {
      for (const bot of BOTS) {
        const saved = await fetch(`${url}/api/projects/default/files/${bot.filename}`, { method: 'PUT', headers: auth, body: JSON.stringify({ content: bot.content }) });
        expect(saved.status, bot.filename).toBe(200);
        const fileId = ((await saved.json()) as { id: string }).id;
        client.send({ type: 'execute-file', fileId });
        const exit = await client.waitForExit(fileId);
        expect({ file: bot.filename, exit, lines: client.lines() }).toMatchObject({ exit: { code: 0 }, lines: expect.arrayContaining([bot.line]) });
      }
    } finally {
      client.close();
    }
  }, 90_000);
});
