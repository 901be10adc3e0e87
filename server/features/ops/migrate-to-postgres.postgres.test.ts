// `npm run migrate-to-postgres` as an operator runs it: a server on SQLite is used, stopped, and its
// database copied into an empty PostgreSQL database by the real script; a server started on
// PostgreSQL with the same DATA_DIR then serves the same people, bots, versions (in the order they
// were written), secrets and balances. It refuses a database that is not empty and a running
// server, with one line and nothing changed. Runs in the `unit-postgres` project (it needs the run's
// PostgreSQL server).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../testing/test-app';
import { runNpmScript } from '../../testing/npm-script';
import { newUser } from '../../testing/fixtures';
import { testDatabaseEnv } from '../../testing/test-database';
import { inTransaction } from '../../db/transaction';
import { recordCredit } from '../credits/ledger';
import { TABLES_IN_ORDER, TABLES_NOT_COPIED } from './migrate-to-postgres';
import type { Db } from '../../db/database';

const JWT_SECRET = 'migrate-to-postgres-test-secret-0123456789ab';
const PNG_1x1 = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const runMigration = (dataDir: string, databaseUrl: string) => runNpmScript('migrate-to-postgres', [], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, JWT_SECRET });

const counts = async (db: Db) => Object.fromEntries(await Promise.all(TABLES_IN_ORDER.map(async (table) => [table, Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)] as const)));

describe('npm run migrate-to-postgres', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'botwright-to-pg-'));
  let target: Awaited<ReturnType<typeof testDatabaseEnv>>;
  let before: { projectId: string; counts: Record<string, number>; versions: string[]; sealed: unknown[]; credits: number; token: string; fileId: string };

  beforeAll(async () => {
    // The server on SQLite (DATABASE_URL empty), used as people use it.
    const sqlite = await startTestApp({ DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET });
    const user = await newUser(sqlite, { credits: 40, password: 'a-long-password-1' });
    const other = await newUser(sqlite);
    const projectId = (await sqlite.request('POST', '/api/projects', { token: user.token, body: { name: 'Café bot' } })).body.id;
    const put = await sqlite.request('PUT', `/api/projects/${projectId}/files/bot.py`, { token: user.token, body: { content: 'print("v1 é")\n' } });
    for (const v of ['v2', 'v3', 'v4']) await sqlite.request('PUT', `/api/files/${put.body.id}`, { token: user.token, body: { content: `print("${v}")\n` } });
    await sqlite.request('PUT', `/api/projects/${projectId}/env-vars`, { token: user.token, body: { set: { TELEGRAM_BOT_TOKEN: '7400000009:AAmigrationTestTokenXYZ' } } });
    const post = await sqlite.request('POST', '/api/bot-posts', { token: user.token, body: { title: 'My café bot', description: 'Answers the menu', platform: 'telegram', imageUrl: PNG_1x1 } });
    expect(post.status).toBe(200);
    await sqlite.request('POST', `/api/bot-posts/${post.body.id}/like`, { token: other.token });
    const db = sqlite.app.deps.db;
    await inTransaction(db, (trx) => recordCredit(trx, sqlite.app.deps.clock, { userId: other.id, amount: -25, type: 'adjustment', description: 'Operator correction' }));
    // A kept log (files in DATA_DIR/logs on SQLite).
    sqlite.app.deps.runLogs.append(projectId, [1, 2, 3].map((i) => ({ at: 1_800_000_000_000 + i, level: 'output' as const, text: `kept line ${i}`, runId: 'runBeforeMove' })));
    await sqlite.app.deps.runLogs.flush();
    const versions = (await sqlite.request('GET', `/api/files/${put.body.id}/versions`, { token: user.token })).body.map((v: { id: string }) => v.id);
    before = {
      projectId,
      counts: await counts(db),
      versions,
      sealed: await db.selectFrom('project_env_vars').select(['ciphertext', 'nonce', 'tag']).execute(),
      credits: (await db.selectFrom('users').select('credits').where('id', '=', user.id).executeTakeFirstOrThrow()).credits,
      token: user.token,
      fileId: put.body.id,
    };
    await sqlite.close();
    target = await testDatabaseEnv({ migrated: false });
  });
  afterAll(async () => {
    await target?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('knows every table: each is copied or said not to be', async () => {
    const pg = await startTestApp({ DATA_DIR: dataDir, DATABASE_URL: target.env.DATABASE_URL!, JWT_SECRET });
    try {
      const tables = (await pg.app.deps.db.introspection.getTables()).map((t) => t.name).sort();
      expect([...TABLES_IN_ORDER, ...TABLES_NOT_COPIED].sort()).toEqual(tables);
    } finally {
      await pg.close();
    }
    // The app's start migrated the target: the copy below still finds it without rows.
  });

  it('refuses while a server runs on the DATA_DIR, and copies nothing', async () => {
    const running = await startTestApp({ DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET });
    try {
      const out = await runMigration(dataDir, target.env.DATABASE_URL!);
      expect(out.code).toBe(1);
      expect(out.stderr.trim()).toBe(`Migration refused: a Botwright server is running on ${dataDir} (it holds ${path.join(dataDir, 'server.lock')}); stop it, then migrate`);
    } finally {
      await running.close();
    }
  });

  it('copies every row, and a server on PostgreSQL serves the same data', async () => {
    const out = await runMigration(dataDir, target.env.DATABASE_URL!);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const rows = Object.values(before.counts).reduce((a, b) => a + b, 0);
    expect(out.stdout.trim()).toMatch(new RegExp(`^Copied ${rows} rows in ${TABLES_IN_ORDER.length} tables and 3 kept log lines to PostgreSQL in \\d+ ms; row counts match, and 2 people's balances \\(\\d+ credits\\) match their ledgers\\.$`));

    const pg = await startTestApp({ DATA_DIR: dataDir, DATABASE_URL: target.env.DATABASE_URL!, JWT_SECRET });
    try {
      const db = pg.app.deps.db;
      expect(await counts(db)).toEqual(before.counts);
      // The session made on SQLite still signs in; versions come newest first, as they did.
      const versions = await pg.request('GET', `/api/files/${before.fileId}/versions`, { token: before.token });
      expect(versions.status).toBe(200);
      expect(versions.body.map((v: { id: string }) => v.id)).toEqual(before.versions);
      expect((await pg.request('GET', `/api/files/${before.fileId}/versions/${before.versions.at(-1)}`, { token: before.token })).body.content).toBe('print("v1 é")\n');
      expect(await db.selectFrom('project_env_vars').select(['ciphertext', 'nonce', 'tag']).execute()).toEqual(before.sealed);
      const posts = (await pg.request('GET', '/api/bot-posts', { token: before.token })).body;
      expect(posts).toMatchObject([{ title: 'My café bot', likesCount: 1 }]);
      // Its image is served from the database now (any node can).
      rmSync(path.join(dataDir, 'uploads'), { recursive: true, force: true });
      const image = await fetch(pg.url + posts[0].imageUrl);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(Buffer.from(PNG_1x1.split(',')[1]!, 'base64'));
      const users = await db.selectFrom('users').select(['id', 'credits']).execute();
      for (const u of users) {
        const sum = await db.selectFrom('credit_transactions').select((eb) => eb.fn.sum<number>('amount').as('s')).where('user_id', '=', u.id).executeTakeFirstOrThrow();
        expect(Number(sum.s)).toBe(u.credits);
      }
      expect(users.map((u) => u.credits)).toContain(before.credits);
      // The kept log is read from the database now.
      const log = await pg.request('GET', `/api/bots/${before.projectId}/logs`, { token: before.token });
      expect(log.body.lines.map((l: { text: string }) => l.text)).toEqual(['kept line 3', 'kept line 2', 'kept line 1']);
    } finally {
      await pg.close();
    }
  });

  it('refuses a PostgreSQL database that already holds rows, and changes nothing there', async () => {
    const out = await runMigration(dataDir, target.env.DATABASE_URL!);
    expect(out.code).toBe(1);
    expect(out.stderr.trim()).toBe('Migration refused: the PostgreSQL database is not empty (its users table has rows); give an empty database');
    const pg = await startTestApp({ DATA_DIR: dataDir, DATABASE_URL: target.env.DATABASE_URL!, JWT_SECRET });
    try {
      expect(await counts(pg.app.deps.db)).toEqual(before.counts);
    } finally {
      await pg.close();
    }
  });
});
