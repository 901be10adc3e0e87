// Durability: the pragmas on the app's own connection (on PostgreSQL: serializable transactions),
// 50 concurrent mixed requests without a 5xx and with balances equal to the ledger, a live backup
// that passes integrity_check (SQLite's online backup: PostgreSQL's is pg_dump), and a real server
// process killed with SIGKILL right after a 200 losing nothing that 200 confirmed.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from './testing/smtp-sink';
import { startTestApp, type TestApp } from './testing/test-app';
import { signUp, type SignedUpUser } from './testing/fixtures';
import { startServerProcess } from './testing/server-process';
import { databaseEnvOf, onPostgres } from './testing/test-database';
import { connectDatabase } from './db/database';
import { inTransaction } from './db/transaction';

let smtp: SmtpSink;
let t: TestApp;
let users: SignedUpUser[];

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ SMTP_URL: smtp.url }, { rateLimits: false });
  users = [];
  for (let i = 0; i < 5; i++) users.push(await signUp(t, smtp));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('the database connection', () => {
  it.runIf(onPostgres())('PostgreSQL: every transaction of the app is serializable', async () => {
    const level = await inTransaction(t.app.deps.db, async (trx) => (await sql<{ level: string }>`select current_setting('transaction_isolation') as level`.execute(trx)).rows[0]!.level);
    expect(level).toBe('serializable');
  });

  it.skipIf(onPostgres())('SQLite: runs WAL with durable commits, enforced foreign keys and a busy timeout', async () => {
    const pragma = async (name: string) => Object.values((await sql.raw(`PRAGMA ${name}`).execute(t.app.deps.db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(2);
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBeGreaterThanOrEqual(1000);
  });
});

describe('under load', () => {
  it('50 concurrent mixed requests: no 5xx, every balance equals its ledger', async () => {
    const jobs: Array<Promise<{ status: number }>> = [];
    for (let i = 0; i < 50; i++) {
      const u = users[i % users.length]!;
      const kind = i % 6;
      jobs.push(
        kind === 0 ? t.request('POST', '/api/auth/login', { body: { email: u.email, password: u.password } })
        : kind === 1 ? t.request('POST', '/api/auth/login', { body: { email: u.email, password: 'wrong-password-1' } })
        : kind === 2 ? t.request('GET', '/api/auth/me', { token: u.token })
        : kind === 3 ? t.request('POST', '/api/auth/send-otp', { body: { name: 'Load Test', email: `load${i}@example.com`, password: 'a-fine-password-9' } })
        : kind === 4 ? t.request('POST', '/trpc/auth.forgotPassword', { body: { email: `nobody${i}@example.com` } })
        : t.request('GET', '/api/credits/transactions', { token: u.token }),
      );
    }
    const statuses = (await Promise.all(jobs)).map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(new Set(statuses)).toEqual(new Set([200, 401]));
    const mismatched = await sql<{ id: string }>`
      select u.id from users u left join credit_transactions c on c.user_id = u.id
      group by u.id having u.credits != coalesce(sum(c.amount), 0)`.execute(t.app.deps.db);
    expect(mismatched.rows).toEqual([]);
  });

  it.skipIf(onPostgres())('SQLite: a backup copy taken while the app serves writes passes integrity_check', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'botwright-backup-'));
    try {
      const live = new SQLite(path.join(t.config.dataDir, 'app.db'), { readonly: true });
      const writes = Promise.all(Array.from({ length: 10 }, (_, i) => t.request('POST', '/api/auth/login', { body: { email: users[i % 5]!.email, password: users[i % 5]!.password } })));
      await live.backup(path.join(dir, 'copy.db'));
      live.close();
      expect((await writes).every((r) => r.status === 200)).toBe(true);
      const copy = new SQLite(path.join(dir, 'copy.db'), { readonly: true });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.pragma('foreign_key_check')).toEqual([]);
      expect((copy.prepare('select count(*) as n from users').get() as { n: number }).n).toBeGreaterThanOrEqual(5);
      copy.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('kill -9 right after a 200', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('loses nothing the 200 confirmed', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'botwright-kill-'));
    try {
      const server = await startServerProcess({ DATA_DIR: dataDir, SMTP_URL: smtp.url });
      child = server.child;
      const url = server.url;
      const post = (p: string, body: unknown) =>
        fetch(url + p, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const email = 'durable@example.com';
      expect((await post('/api/auth/send-otp', { name: 'Durable', email, password: 'survive-a-crash-1' })).status).toBe(200);
      const otp = await smtp.waitForCode(email);
      const verified = await post('/api/auth/verify-otp', { email, otp });
      expect(verified.status).toBe(200);
      const login = await post('/api/auth/login', { email, password: 'survive-a-crash-1' });
      expect(login.status).toBe(200);
      child.kill('SIGKILL');
      await new Promise((r) => child!.once('exit', r));

      // The database the killed server used: its SQLite file, or its PostgreSQL database.
      const database = connectDatabase({ dataDir, databaseUrl: (await databaseEnvOf(dataDir)).DATABASE_URL ?? null });
      try {
        const { db } = database;
        const user = await db.selectFrom('users').select(['id', 'credits']).where('email', '=', email).executeTakeFirstOrThrow();
        expect(user.credits).toBe(100);
        expect(await db.selectFrom('credit_transactions').select('amount').where('user_id', '=', user.id).execute()).toEqual([{ amount: 100 }]);
        expect(await db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(2);
        expect(await db.selectFrom('verification_codes').selectAll().where('email', '=', email).execute()).toEqual([]);
      } finally {
        await database.close();
      }
      if (!onPostgres()) {
        const file = new SQLite(path.join(dataDir, 'app.db'));
        expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
        file.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
