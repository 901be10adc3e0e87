// /ws with a real websocket client against the real app and the real sandbox: authentication,
// origin, ownership, execute/stop/exit, replay after a reconnect, limits, masking and a flood.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../testing/test-app';
import { newUser } from '../../../testing/fixtures';
import { RunClient } from '../../../testing/run-client';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RUNNER_MEMORY_MB: '128', RUNNER_STOP_GRACE_MS: '500', RUNNER_MAX_RUNS_PER_USER: '2' });
});
afterAll(async () => t?.close());

/** A socket client to this test's app. */
const Client = { open: (opts: Parameters<typeof RunClient.open>[1] = {}) => RunClient.open(t.url, opts) };

async function saveFile(token: string, filename: string, content: string): Promise<{ id: string; projectId: string }> {
  const res = await t.request('PUT', `/api/projects/default/files/${filename}`, { token, body: { content } });
  expect(res.status).toBe(200);
  return { id: res.body.id, projectId: res.body.projectId };
}

describe('/ws authentication and origin', () => {
  it('refuses an upgrade from a foreign Origin', async () => {
    await expect(Client.open({ origin: 'https://evil.example.com' })).rejects.toThrow('upgrade refused: 403');
  });

  it('runs nothing without authentication and closes the socket', async () => {
    const { token } = await newUser(t);
    const file = await saveFile(token, 'noauth.py', 'print("should not run")\n');
    const client = await Client.open();
    client.send({ type: 'execute-file', fileId: file.id, filename: 'noauth.py', content: '', envVars: {} });
    const refused = await client.waitFor((f) => f.type === 'execution_error');
    expect(refused).toMatchObject({ message: 'Please sign in to continue' });
    expect(t.app.deps.runs.list((await t.request('GET', '/api/auth/me', { token })).body.id)).toEqual([]);

    const bad = await Client.open();
    bad.send({ type: 'auth', token: 'not-a-token' });
    await bad.waitFor(() => false, 3000).catch(() => {});
    expect(bad.closeCode).toBe(4401);
  });

  it('refuses a token in the address (query strings end up in logs): only the auth message signs in', async () => {
    const { token } = await newUser(t);
    const client = await Client.open({ query: `?token=${encodeURIComponent(token)}` });
    await client.waitFor(() => false, 3000).catch(() => {});
    expect(client.closeCode).toBe(4401);
    expect(client.frames).toEqual([{ type: 'execution_error', message: 'Send the sign-in token in an auth message, not in the address' }]);
  });

  it("refuses another user's file and bad frames, and the socket stays usable", async () => {
    const owner = await newUser(t);
    const other = await newUser(t);
    const file = await saveFile(owner.token, 'mine.py', 'print("owner only")\n');
    const client = await Client.open({ token: other.token });
    client.send('{not json');
    await client.waitFor((f) => f.type === 'execution_error' && f.message === 'Messages must be JSON');
    client.send({ type: 'launch-missiles' });
    await client.waitFor((f) => f.type === 'execution_error' && f.message.startsWith('Invalid message'));
    client.send({ type: 'execute-file', fileId: file.id, filename: 'mine.py', content: 'print(1)', envVars: {} });
    await client.waitFor((f) => f.type === 'execution_error' && f.message === 'File not found');
    expect(t.app.deps.runs.list(owner.id)).toEqual([]);
    expect(t.app.deps.runs.list(other.id)).toEqual([]);
    client.send({ type: 'attach', fileId: file.id });
    await client.waitFor((f) => f.type === 'execution_log' && f.message === 'This file is not running');
    client.close();
  });
});

describe('/ws runs', () => {
  it('runs a Python bot: Starting execution, its output, a masked secret, then the exit', async () => {
    const user = await newUser(t);
    const file = await saveFile(
      user.token,
      'hello.py',
      'import os\nprint("hello from the bot")\nprint("token is", os.environ["BOT_TOKEN"])\nimport sys\nprint("to stderr", file=sys.stderr)\n',
    );
    const secret = 'tg-123456:very-secret-value';
    await t.request('PUT', `/api/projects/${file.projectId}/env-vars`, { token: user.token, body: { set: { BOT_TOKEN: secret } } });
    const client = await Client.open({ token: user.token });
    client.send({ type: 'execute-file', fileId: file.id, filename: 'hello.py', content: '', envVars: {} });
    const exit = await client.waitForExit(file.id);
    expect(exit).toMatchObject({ reason: 'exited', code: 0 });
    const lines = client.lines();
    expect(lines[0]).toBe('Starting execution');
    expect(lines).toContain('hello from the bot');
    expect(lines).toContain('token is ********');
    expect(client.lines(['execution_error'])).toContain('to stderr');
    expect(JSON.stringify(client.frames)).not.toContain(secret);
    expect(t.logs.join('')).not.toContain(secret);
    client.close();
  });

  it('starts a 200 KiB file from an execute-file frame that carries its content (ignored); a frame past 1 MiB closes that socket (1009), a new one works', async () => {
    const user = await newUser(t);
    const padding = `# ${'x'.repeat(100)}\n`.repeat(2000); // ~200 KiB of comments
    const content = `${padding}print("the big bot runs")\n`;
    expect(Buffer.byteLength(content)).toBeGreaterThan(200 * 1024);
    const file = await saveFile(user.token, 'big.py', content);
    const client = await Client.open({ token: user.token });
    client.send({ type: 'execute-file', fileId: file.id, filename: 'big.py', content, envVars: {} });
    expect(await client.waitForExit(file.id)).toMatchObject({ reason: 'exited', code: 0 });
    expect(client.lines(['execution_output'])).toContain('the big bot runs');

    client.send({ type: 'execute-file', fileId: file.id, filename: 'big.py', content: 'y'.repeat(1024 * 1024), envVars: {} });
    await client.waitFor(() => false, 1500).catch(() => {});
    expect(client.closeCode).toBe(1009); // past the socket's limit, as any websocket server does
    const again = await Client.open({ token: user.token });
    again.send({ type: 'execute-file', fileId: file.id });
    expect(await again.waitForExit(file.id)).toMatchObject({ reason: 'exited', code: 0 });
    again.close();
  });

  it('runs JavaScript (import or require) and TypeScript bots', async () => {
    const user = await newUser(t);
    const esm = await saveFile(user.token, 'esm.js', 'import os from "node:os";\nconsole.log("esm", typeof os.cpus);\n');
    const cjs = await saveFile(user.token, 'cjs.js', 'const os = require("node:os");\nconsole.log("cjs", typeof os.cpus);\n');
    await saveFile(user.token, 'greet.ts', 'export function greet(name: string): string {\n  return `hi ${name}`;\n}\n');
    const ts = await saveFile(user.token, 'main.ts', 'import { greet } from "./greet";\ninterface Bot { name: string }\nconst bot: Bot = { name: "ts" };\nconsole.log(greet(bot.name));\n');
    const client = await Client.open({ token: user.token });
    for (const [file, line] of [[esm, 'esm function'], [cjs, 'cjs function'], [ts, 'hi ts']] as const) {
      client.send({ type: 'execute-file', fileId: file.id });
      expect(await client.waitForExit(file.id), JSON.stringify(client.frames.slice(-5))).toMatchObject({ reason: 'exited', code: 0 });
      expect(client.lines(['execution_output'])).toContain(line);
    }
    client.close();
  });

  it('Stop ends a long-running bot (and its children) and says so; a reconnect replays the lines', async () => {
    const user = await newUser(t);
    const file = await saveFile(
      user.token,
      'loop.py',
      'import time, subprocess\nsubprocess.Popen(["sleep", "31337"])\ni = 0\nwhile True:\n    print("tick", i)\n    i += 1\n    time.sleep(0.05)\n',
    );
    const first = await Client.open({ token: user.token });
    first.send({ type: 'execute-file', fileId: file.id, filename: 'loop.py', content: '', envVars: {} });
    await first.waitForLine('tick 3');
    first.close();

    // The run belongs to the server: a new socket sees it running and gets the recent lines.
    const second = await Client.open({ token: user.token });
    const runs = second.frames.find((f) => f.type === 'runs');
    expect(runs).toMatchObject({ runs: [{ fileId: file.id, filename: 'loop.py', status: 'running' }] });
    second.send({ type: 'attach', fileId: file.id });
    await second.waitForLine('tick 0');
    expect(second.lines()).toContain('Starting execution');
    await second.waitForLine('tick 10');

    second.send({ type: 'stop-execution' });
    const exit = await second.waitForExit(file.id);
    expect(exit.reason).toBe('stopped');
    expect(second.lines()).toContain('Stopping execution...');
    const { execFileSync } = await import('node:child_process');
    const leftovers = (() => {
      try {
        return execFileSync('pgrep', ['-f', 'sleep 31337']).toString();
      } catch {
        return '';
      }
    })();
    expect(leftovers).toBe('');
    second.close();
  });

  it('reports a crash with its exit code, and a memory hog as stopped by the memory limit', async () => {
    const user = await newUser(t);
    const crash = await saveFile(user.token, 'crash.py', 'raise SystemExit(3)\n');
    const hog = await saveFile(user.token, 'hog.py', 'x = bytearray(1 << 30)\nprint(len(x))\n');
    const client = await Client.open({ token: user.token });
    client.send({ type: 'execute-file', fileId: crash.id, filename: 'crash.py', content: '', envVars: {} });
    expect(await client.waitForExit(crash.id)).toMatchObject({ reason: 'exited', code: 3, message: 'The bot exited with exit code 3' });
    client.send({ type: 'execute-file', fileId: hog.id, filename: 'hog.py', content: '', envVars: {} });
    const exit = await client.waitForExit(hog.id);
    if (t.app.deps.sandbox.status.protections.find((p) => p.name === 'cgroup-memory')?.active) {
      expect(exit.reason).toBe('memory');
      expect(exit.message).toContain('128 MiB');
    }
    client.close();
  });

  it('holds a person to their number of runs at once', async () => {
    const user = await newUser(t);
    const files = await Promise.all(['a.py', 'b.py', 'c.py'].map((n) => saveFile(user.token, n, 'import time\nprint("up", flush=True)\ntime.sleep(60)\n')));
    const client = await Client.open({ token: user.token });
    for (const f of files.slice(0, 2)) {
      client.send({ type: 'execute-file', fileId: f.id, filename: 'x', content: '', envVars: {} });
      await client.waitFor((fr) => fr.type === 'execution_output' && fr.fileId === f.id);
    }
    client.send({ type: 'execute-file', fileId: files[2]!.id, filename: 'c.py', content: '', envVars: {} });
    const refused = await client.waitFor((f) => f.type === 'execution_error' && f.fileId === files[2]!.id);
    expect((refused as { message: string }).message).toContain('at most 2 bots at once');
    for (const f of files.slice(0, 2)) client.send({ type: 'stop-execution', fileId: f.id });
    await Promise.all(files.slice(0, 2).map((f) => client.waitForExit(f.id)));
    client.close();
  });

  it('keeps answering HTTP while a bot floods its output, and says how many lines were dropped', async () => {
    const user = await newUser(t);
    const file = await saveFile(user.token, 'flood.py', 'import sys\nwhile True:\n    sys.stdout.write("flood " * 10 + "\\n")\n');
    const client = await Client.open({ token: user.token });
    client.send({ type: 'execute-file', fileId: file.id, filename: 'flood.py', content: '', envVars: {} });
    await client.waitFor((f) => f.type === 'execution_log' && /lines dropped/.test(f.message));
    const answered: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await t.request('GET', '/api/runner/status', { token: user.token });
      expect(res.status).toBe(200);
      answered.push(i);
    }
    expect(answered).toHaveLength(10);
    client.send({ type: 'stop-execution', fileId: file.id });
    expect((await client.waitForExit(file.id)).reason).toMatch(/stopped|output/);
    client.close();
  });
});

describe('GET /api/runner/status', () => {
  it('lists the protections and the limits of a run', async () => {
    const { token } = await newUser(t);
    const res = await t.request('GET', '/api/runner/status', { token });
    expect(res.status).toBe(200);
    expect(res.body.limits).toEqual({ memoryMb: 128, pids: 128, maxRunsPerUser: 2, wallClockMinutes: 1440 });
    expect(res.body.sandbox.protections.map((p: { name: string }) => p.name)).toEqual([
      'bubblewrap',
      'unprivileged-user',
      'cgroup-memory',
      'cgroup-pids',
      'cgroup-cpu',
      'network-isolation',
      'syscall-filter',
    ]);
    // Listening on loopback with RUNNER_SANDBOX=auto: runs are allowed whatever this host offers.
    expect(res.body.sandbox).toMatchObject({ mode: 'auto', runs: 'allowed', refusal: null });
    expect(res.body.dependencies).toEqual({ volumes: true, detail: "each project's dependencies on a size-limited volume of their own" });
  });
});
