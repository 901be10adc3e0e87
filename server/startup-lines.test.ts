// What the server says when it starts, as a real process (src/main.ts): where mail goes and which
// assistant answers, without a password or a key; and a port that is already taken gets one clear
// line and exit code 1, not a stack trace.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './testing/server-process';
import { freePort } from './testing/free-port';
import { testPostgres } from './testing/test-database';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'botwright-startup-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('start-up lines', () => {
  it('say where mail goes and which assistant answers, never the SMTP password or the API key', async () => {
    const server = await startServerProcess({
      DATA_DIR: dataDir(),
      LOG_FORMAT: 'pretty',
      SMTP_URL: 'smtp://mailer:hunter2-secret@127.0.0.1:2525',
      OPENAI_API_KEY: 'sk-test-key-never-logged',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_MODEL: 'llama3.1',
    });
    try {
      // Logged one after the other just after listening: they may reach the pipe a little later.
      await expect.poll(() => server.output()).toMatch(/INFO {2}Botwright is ready at /);
      await expect.poll(() => server.output()).toMatch(/Mail: sent through smtp:\/\/127\.0\.0\.1:2525 as /);
      await expect.poll(() => server.output()).toContain('Assistant: the model llama3.1 at 127.0.0.1:11434');
      // In the unit-postgres project the server has a database of its own there.
      await expect.poll(() => server.output()).toMatch(testPostgres() ? /Database: PostgreSQL at 127\.0\.0\.1:\d+\/t_\w+\n/ : /Database: SQLite in DATA_DIR\/app\.db \(set DATABASE_URL to use PostgreSQL\)/);
      expect(server.output()).not.toContain('hunter2-secret');
      expect(server.output()).not.toContain('sk-test-key-never-logged');
    } finally {
      process.kill(-server.child.pid!, 'SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
    }
  }, 60_000);

  it('without SMTP_URL: each mail is a file in DATA_DIR/outbox, which holds the code; the log names the file, never the code', async () => {
    const dir = dataDir();
    const server = await startServerProcess({ DATA_DIR: dir, LOG_FORMAT: 'pretty' });
    try {
      await expect.poll(() => server.output()).toContain(
        'Mail: SMTP_URL is not set, so each mail is written to DATA_DIR/outbox/<file>.eml (sign-up codes are in it, not in this log)',
      );
      const email = 'startup-outbox@example.com';
      const sent = await fetch(`${server.url}/api/auth/send-otp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Out Box', email, password: 'outbox-Pa55word' }),
      });
      expect(sent.status).toBe(200);
      const outbox = path.join(dir, 'outbox');
      const [file] = readdirSync(outbox);
      const code = /code is (\d{6})/.exec(readFileSync(path.join(outbox, file!), 'utf8').replace(/=\r?\n/g, ''))![1]!;
      await expect.poll(() => server.output()).toContain(
        `mail written to the outbox (SMTP_URL is not set): any code it holds is in the file, not in this log  to=${email} file=${path.join(outbox, file!)}`,
      );
      expect(server.output()).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    } finally {
      process.kill(-server.child.pid!, 'SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
    }
  }, 60_000);

  it('a port already in use: one line naming it, exit code 1', async () => {
    const taken = net.createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: { PATH: process.env.PATH, DATA_DIR: dataDir(), PORT: String(port), HOST: '127.0.0.1', LOG_FORMAT: 'json' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (c) => (stderr += c));
      const code = await new Promise((r) => child.once('exit', r));
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(`Port ${port} on 127.0.0.1 is already in use (another Botwright, or another program). Stop it, or start with PORT set to a free port.`);
    } finally {
      taken.close();
    }
  }, 60_000);

  it('a DATABASE_URL where no PostgreSQL answers: one line naming the host and port, never the password, exit code 1', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { PATH: process.env.PATH, DATA_DIR: dataDir(), PORT: '0', HOST: '127.0.0.1', LOG_FORMAT: 'json', DATABASE_URL: `postgres://botwright:pw-never-shown@127.0.0.1:${port}/botwright` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const code = await new Promise((r) => child.once('exit', r));
    expect(code).toBe(1);
    expect(output.trim()).toBe(`PostgreSQL at 127.0.0.1:${port}/botwright refused the connection: is it running, and are the host and port of DATABASE_URL right?`);
  }, 60_000);
});
