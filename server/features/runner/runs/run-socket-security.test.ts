// Security checks of the socket and the runs, through the real
// app, a real SMTP sink and the real sandbox: loader variables refused everywhere, revoked sessions
// lose their sockets at once, no internal error text over /ws, the run-start budget and the
// server-wide admission limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, signUp } from '../../../testing/fixtures';
import { RunClient } from '../../../testing/run-client';
import { startSmtpSink, type SmtpSink } from '../../../testing/smtp-sink';
import { startTestApp, type TestApp } from '../../../testing/test-app';
import { loadProjectSecrets, saveEnvVars } from '../env-vars/env-vars.store';
import { RUN_STARTS_PER_MINUTE } from './runs';

let t: TestApp;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ SMTP_URL: smtp.url, RUNNER_MEMORY_MB: '128', RUNNER_STOP_GRACE_MS: '200', RUNNER_MAX_RUNS_PER_USER: '20' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const open = (token?: string) => RunClient.open(t.url, { token });

async function saveFile(token: string, filename: string, content: string): Promise<{ id: string; projectId: string }> {
  const res = await t.request('PUT', `/api/projects/default/files/${filename}`, { token, body: { content } });
  expect(res.status).toBe(200);
  return { id: res.body.id, projectId: res.body.projectId };
}

const execute = (client: RunClient, fileId: string, envVars: Record<string, string> = {}) =>
  client.send({ type: 'execute-file', fileId, filename: 'x', content: '', envVars });

const LOADER_VARIABLES = ['LD_PRELOAD', 'LD_LIBRARY_PATH', 'LD_AUDIT', 'GCONV_PATH', 'LOCPATH', 'NLSPATH', 'MALLOC_ARENA_MAX', 'HOSTALIASES', 'RES_OPTIONS', 'GLIBC_TUNABLES'];

describe('variables the program loader acts on', () => {
  it('are refused with a message naming them when saved (REST and tRPC), and nothing is stored', async () => {
    const { token } = await newUser(t);
    const file = await saveFile(token, 'loader.py', 'print("hi")\n');
    for (const key of LOADER_VARIABLES) {
      const rest = await t.request('PUT', '/api/projects/default/env-vars', { token, body: { set: { [key]: '/tmp/x.so', OK_NAME: 'value-1234' } } });
      expect(rest.status, key).toBe(400);
      expect(rest.body.error).toBe(`${key} cannot be set: the system's program loader acts on it`);
    }
    const trpc = await t.request('POST', '/trpc/runner.saveEnvVars', { token, body: { projectId: 'default', set: { LD_PRELOAD: '/tmp/x.so' } } });
    expect(trpc.status).toBe(400);
    expect(JSON.stringify(trpc.body)).toContain('LD_PRELOAD cannot be set');
    expect(await loadProjectSecrets(t.app.deps, file.projectId)).toEqual({});
  });

  it('are refused in the execute-file frame, and nothing runs', async () => {
    const user = await newUser(t);
    const file = await saveFile(user.token, 'frame.py', 'print("should not run")\n');
    const client = await open(user.token);
    execute(client, file.id, { LD_PRELOAD: '/proc/1/root/tmp/e.so' });
    const refused = await client.waitFor((f) => f.type === 'execution_error');
    expect(refused).toMatchObject({ message: expect.stringContaining("LD_PRELOAD cannot be set: the system's program loader acts on it") });
    expect(t.app.deps.runs.list(user.id)).toEqual([]);
    client.close();
  });

  it('saved before they were refused: the run does not start until the person clears them', async () => {
    const user = await newUser(t);
    const file = await saveFile(user.token, 'legacy.py', 'import os\nprint("preload", os.environ.get("LD_PRELOAD"))\n');
    // Written by the store directly, as an older version of the server would have.
    await saveEnvVars(t.app.deps, file.projectId, { set: { LD_PRELOAD: '/tmp/old.so' }, clear: [] });
    const client = await open(user.token);
    execute(client, file.id);
    const refused = await client.waitFor((f) => f.type === 'execution_error');
    expect(refused).toMatchObject({ message: "LD_PRELOAD cannot be set: the system's program loader acts on it. Remove it under Environment Variables to run this bot." });
    expect(t.app.deps.runs.list(user.id)).toEqual([]);
    // Clearing it is allowed (only setting is refused), and then the bot runs.
    const cleared = await t.request('PUT', '/api/projects/default/env-vars', { token: user.token, body: { clear: ['LD_PRELOAD'] } });
    expect(cleared.status).toBe(200);
    execute(client, file.id);
    expect(await client.waitForExit(file.id)).toMatchObject({ reason: 'exited', code: 0 });
    expect(client.lines()).toContain('preload None');
    client.close();
  });
});

describe('revoked sessions lose their sockets', () => {
  it('logout closes the sockets of that session (4401), not those of the person\'s other sessions', async () => {
    const alice = await signUp(t, smtp);
    const other = await t.request('POST', '/api/auth/login', { body: { email: alice.email, password: alice.password } });
    expect(other.status).toBe(200);
    const first = await open(alice.token);
    const second = await open(other.body.token);
    expect((await t.request('POST', '/api/auth/logout', { token: alice.token })).status).toBe(200);
    await first.waitFor(() => false, 2000).catch(() => {});
    expect(first.closeCode).toBe(4401);
    expect(first.frames.at(-1)).toEqual({ type: 'execution_error', message: 'Your session has ended. Please sign in again.' });
    expect(second.closeCode).toBeNull();
    second.close();
  });

  it('a password reset closes every socket of the person, and nothing starts afterwards', async () => {
    const bob = await signUp(t, smtp);
    const file = await saveFile(bob.token, 'after-reset.py', 'print("started after reset")\n');
    const client = await open(bob.token);
    const since = smtp.mailsTo(bob.email).length;
    expect((await t.request('POST', '/api/auth/forgot-password', { body: { email: bob.email } })).status).toBe(200);
    const otp = await smtp.waitForCode(bob.email, { since });
    const reset = await t.request('POST', '/api/auth/reset-password', { body: { email: bob.email, otp, newPassword: 'a-new-passphrase-for-bob' } });
    expect(reset.status).toBe(200);
    await client.waitFor(() => false, 2000).catch(() => {});
    expect(client.closeCode).toBe(4401);
    execute(client, file.id);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.app.deps.runs.list(bob.id)).toEqual([]);
  });

  it('a session revoked without a word to the socket is caught by the check before every start', async () => {
    const user = await newUser(t);
    const file = await saveFile(user.token, 'recheck.py', 'print("should not run")\n');
    const client = await open(user.token);
    // Revoked behind the app's back (another server process, an operator in the database).
    await t.app.deps.db.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).where('user_id', '=', user.id).execute();
    execute(client, file.id);
    await client.waitFor(() => false, 1500).catch(() => {});
    expect(client.closeCode).toBe(4401);
    expect(t.app.deps.runs.list(user.id)).toEqual([]);
  });
});

describe('failures over the socket', () => {
  it('an internal failure says only that something went wrong, with a reference found in the log', async () => {
    const user = await newUser(t);
    const file = await saveFile(user.token, 'internal.py', 'print(1)\n');
    const client = await open(user.token);
    // Fault injection: reading the project's saved variables throws a programming error.
    const db = t.app.deps.db;
    const selectFrom = db.selectFrom.bind(db);
    (db as { selectFrom: unknown }).selectFrom = (table: string) => {
      if (table === 'project_env_vars') throw new TypeError("Cannot read properties of undefined (reading 'project_id')");
      return selectFrom(table as never);
    };
    try {
      execute(client, file.id);
      const error = await client.waitFor((f) => f.type === 'execution_error');
      expect(error).toMatchObject({ message: expect.stringMatching(/^Something went wrong on our side \(reference [0-9a-f]{8}\)\. Please try again\.$/) });
      const reference = (error as { message: string }).message.match(/reference ([0-9a-f]{8})/)![1]!;
      expect(JSON.stringify(client.frames)).not.toContain('Cannot read');
      expect(t.logs.join('\n')).toMatch(new RegExp(`${reference}[\\s\\S]*Cannot read|Cannot read[\\s\\S]*${reference}`));
    } finally {
      (db as { selectFrom: unknown }).selectFrom = selectFrom;
    }
    client.close();
  });
});

describe('limits on starting runs', () => {
  it(`a person may start bots ${RUN_STARTS_PER_MINUTE} times a minute; the next start is refused and runs nothing`, async () => {
    const user = await newUser(t);
    const file = await saveFile(user.token, 'quick.py', 'print("quick")\n');
    const client = await open(user.token);
    for (let i = 0; i < RUN_STARTS_PER_MINUTE; i++) {
      execute(client, file.id);
      await client.waitFor((f) => f.type === 'execution_exit' && f.fileId === file.id && client.frames.filter((g) => g.type === 'execution_exit').length > i);
    }
    const before = client.frames.length;
    execute(client, file.id);
    const refused = await client.waitFor((f) => f.type === 'execution_error' && client.frames.indexOf(f) >= before);
    expect(refused).toMatchObject({ message: expect.stringMatching(/^You can start a bot at most 10 times a minute\. Please try again in \d+ seconds\.$/) });
    // Another person is not affected.
    const other = await newUser(t);
    const theirs = await saveFile(other.token, 'theirs.py', 'print("theirs")\n');
    const otherClient = await open(other.token);
    execute(otherClient, theirs.id);
    expect(await otherClient.waitForExit(theirs.id)).toMatchObject({ reason: 'exited', code: 0 });
    client.close();
    otherClient.close();
  });

  it('the server refuses a start past its own ceiling of runs at once, across everyone, with a clear answer', async () => {
    const busy = await startTestApp({ RUNNER_MAX_RUNS: '2', RUNNER_MEMORY_MB: '128', RUNNER_STOP_GRACE_MS: '100' });
    try {
      const clients: RunClient[] = [];
      const people = [await newUser(busy), await newUser(busy), await newUser(busy)];
      const files = [];
      for (const [i, p] of people.entries()) {
        const res = await busy.request('PUT', `/api/projects/default/files/sleeper${i}.py`, { token: p.token, body: { content: 'import time\nprint("up", flush=True)\ntime.sleep(30)\n' } });
        files.push(res.body.id as string);
        clients.push(await RunClient.open(busy.url, { token: p.token }));
      }
      for (const i of [0, 1]) {
        execute(clients[i]!, files[i]!);
        await clients[i]!.waitForLine('up');
      }
      execute(clients[2]!, files[2]!);
      const refused = await clients[2]!.waitFor((f) => f.type === 'execution_error');
      expect(refused).toMatchObject({ message: 'The server is busy: it is running as many bots as it can right now. Please try again in a few minutes.' });
      expect(busy.app.deps.runs.list(people[2]!.id)).toEqual([]);
      // Once one stops, the third starts.
      clients[0]!.send({ type: 'stop-execution', fileId: files[0] });
      await clients[0]!.waitForExit(files[0]!);
      execute(clients[2]!, files[2]!);
      await clients[2]!.waitForLine('up');
      for (const c of clients) c.close();
    } finally {
      await busy.close();
    }
  });
});
