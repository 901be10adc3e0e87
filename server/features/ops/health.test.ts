// GET /healthz and GET /readyz through the real app: alive, ready with its three checks, and not
// ready (503) when the database takes no write (another process holds its write lock; the
// connection is read-only), when RUNNER_SANDBOX=required finds no full sandbox, or when the SMTP
// server does not answer.
import { createServer } from 'node:net';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { onPostgres, testPostgres } from '../../testing/test-database';
import { onServer } from '../../testing/postgres-server';
import { dbSnapshot } from '../../testing/db-snapshot';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { depsWithRunner } from '../../deps';
import { readiness } from './readiness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'warn' });
});
afterAll(() => t?.close());

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('GET /healthz', () => {
  it('answers 200 {"status":"ok"}, unauthenticated, never cached', async () => {
    const res = await t.request('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('is not rate limited: a burst past any limit still answers 200', async () => {
    // In waves of 40: an address holds at most 128 connections at once (connection-limit.ts).
    const answers: number[] = [];
    for (let wave = 0; wave < 8; wave++) answers.push(...(await Promise.all(Array.from({ length: 40 }, () => fetch(`${t.url}/healthz`).then((r) => r.status)))));
    expect(answers).toHaveLength(320);
    expect(new Set(answers)).toEqual(new Set([200]));
  });
});

describe('GET /readyz', () => {
  it('answers 200 ready with the database, sandbox and mail checks', async () => {
    const res = await t.request('GET', '/readyz');
    const full = t.app.deps.sandbox.status.full;
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      status: 'ready',
      checks: {
        database: { ok: true, detail: 'writable' },
        sandbox: { ok: true, detail: expect.stringMatching(full ? /^full: bubblewrap/ : /^partial: .*RUNNER_SANDBOX=auto/) },
        mail: { ok: true, detail: 'outbox' },
      },
    });
  });

  it.runIf(onPostgres())('PostgreSQL: the transaction it tries is rolled back: the database is unchanged', async () => {
    const before = await dbSnapshot(t.app.deps.db);
    expect((await t.request('GET', '/readyz')).status).toBe(200);
    expect(await dbSnapshot(t.app.deps.db)).toEqual(before);
  });

  it.runIf(onPostgres())('PostgreSQL: 503 when the database accepts no writes (a separate app), 200 once it does again', async () => {
    const own = await startTestApp({ LOG_LEVEL: 'warn' });
    const database = new URL(own.config.databaseUrl!).pathname.slice(1);
    const server = testPostgres()!.url('postgres');
    // New connections of the database are read-only; the app's open ones are ended, so it opens new ones.
    const reconnect = [`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database}' and pid <> pg_backend_pid()`];
    try {
      await onServer(server, [`alter database ${database} set default_transaction_read_only = on`, ...reconnect]);
      await expect.poll(async () => (await own.request('GET', '/readyz')).body.checks?.database).toEqual({ ok: false, detail: 'not writable: the database is read-only' });
      expect((await own.request('GET', '/readyz')).status).toBe(503);
      await onServer(server, [`alter database ${database} reset default_transaction_read_only`, ...reconnect]);
      await expect.poll(async () => (await own.request('GET', '/readyz')).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it.skipIf(onPostgres())('SQLite: the write it tries is rolled back: the database is unchanged', async () => {
    const version = async () => (await sql<{ user_version: number }>`PRAGMA user_version`.execute(t.app.deps.db)).rows[0]!.user_version;
    const before = await version();
    const changes = async () => (await sql<{ c: number }>`SELECT total_changes() AS c`.execute(t.app.deps.db)).rows[0]!.c;
    const changed = await changes();
    expect((await t.request('GET', '/readyz')).status).toBe(200);
    expect(await version()).toBe(before);
    expect(await changes()).toBe(changed);
  });

  it.skipIf(onPostgres())('SQLite: 503 while another process holds the database write lock, 200 once it lets go', async () => {
    const other = new SQLite(path.join(t.config.dataDir, 'app.db'));
    try {
      other.exec('BEGIN IMMEDIATE');
      const started = Date.now();
      const res = await t.request('GET', '/readyz');
      expect(res.status).toBe(503);
      expect(res.body.status).toBe('not ready');
      expect(res.body.checks.database).toEqual({ ok: false, detail: 'not writable: another process holds the write lock' });
      // The probe waits a quarter of a second, not the app's 5 s.
      expect(Date.now() - started).toBeLessThan(3000);
      other.exec('ROLLBACK');
      expect((await t.request('GET', '/readyz')).status).toBe(200);
    } finally {
      other.close();
    }
    // The app's own busy timeout is as it was.
    expect((await sql<{ timeout: number }>`PRAGMA busy_timeout`.execute(t.app.deps.db)).rows[0]!.timeout).toBe(5000);
  });

  it.skipIf(onPostgres())('SQLite: 503 when the database connection is read-only (a separate app)', async () => {
    const own = await startTestApp({ LOG_LEVEL: 'warn' });
    try {
      await sql`PRAGMA query_only = ON`.execute(own.app.deps.db);
      const res = await own.request('GET', '/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 'not ready', checks: { database: { ok: false, detail: 'not writable: the database is read-only' } } });
      expect(res.body.checks.mail).toEqual({ ok: true, detail: 'outbox' });
    } finally {
      await own.close();
    }
  });

  it('not ready while the runner is still being set up (a server started with runnerInBackground)', async () => {
    const starting = depsWithRunner(t.app.deps, () => null);
    const result = await readiness(starting, async () => ({ ok: true, detail: 'outbox' }));
    expect(result).toEqual({
      status: 'not ready',
      checks: { database: { ok: true, detail: 'writable' }, sandbox: { ok: false, detail: 'starting: the sandbox is being probed' }, mail: { ok: true, detail: 'outbox' } },
    });
  });

  it('with RUNNER_SANDBOX=required: ready only when every protection of the sandbox works', async () => {
    const own = await startTestApp({ LOG_LEVEL: 'warn', RUNNER_SANDBOX: 'required' });
    try {
      const res = await own.request('GET', '/readyz');
      if (own.app.deps.sandbox.status.full) {
        expect(res.status).toBe(200);
        expect(res.body.checks.sandbox.ok).toBe(true);
      } else {
        expect(res.status).toBe(503);
        expect(res.body.checks.sandbox).toEqual({ ok: false, detail: expect.stringMatching(/^partial: .*missing .*RUNNER_SANDBOX=required: bots cannot run/) });
      }
    } finally {
      await own.close();
    }
  });

  describe('with SMTP_URL', () => {
    let smtp: SmtpSink;
    beforeAll(async () => {
      smtp = await startSmtpSink();
    });
    afterAll(() => smtp?.close());

    it('mail is ok when the SMTP server answers (no mail is sent)', async () => {
      const own = await startTestApp({ LOG_LEVEL: 'warn', SMTP_URL: smtp.url });
      try {
        const res = await own.request('GET', '/readyz');
        expect(res.status).toBe(200);
        expect(res.body.checks.mail).toEqual({ ok: true, detail: 'smtp' });
        expect(smtp.messages).toHaveLength(0);
      } finally {
        await own.close();
      }
    });

    it('503 when the SMTP server cannot be reached, no secret of the URL shown; the answer is remembered for a while', async () => {
      const own = await startTestApp({ LOG_LEVEL: 'warn', SMTP_URL: `smtp://mailer:very-secret-password@127.0.0.1:${await closedPort()}` });
      try {
        const res = await own.request('GET', '/readyz');
        expect(res.status).toBe(503);
        expect(res.body.checks.mail).toEqual({ ok: false, detail: expect.stringMatching(/^smtp: the server could not be reached \(E[A-Z]+\)$/) });
        expect(res.body.checks.database.ok).toBe(true);
        expect(JSON.stringify(res.body)).not.toContain('very-secret-password');
        expect(own.logs.join('')).not.toContain('very-secret-password');
        // Cached: the second answer comes at once and says the same.
        const started = Date.now();
        const again = await own.request('GET', '/readyz');
        expect(Date.now() - started).toBeLessThan(500);
        expect(again.body.checks.mail).toEqual(res.body.checks.mail);
      } finally {
        await own.close();
      }
    });
  });
});
