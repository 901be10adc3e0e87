// Migrations: all up then all down on a fresh database, and the constraints the product relies on
// are enforced by the database itself (credits >= 0, unique email and Google subject, foreign keys).
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../server/db/database';
import { migrator } from '../server/db/migrate';
import { freshDatabasePerTest } from './fresh-database';
import { migrations } from './index';

const fresh = freshDatabasePerTest();
let db: Db;
beforeEach(() => {
  db = fresh.current();
});

// The app's tables (Kysely's own bookkeeping tables left out), on either engine.
const appTables = async () => (await db.introspection.getTables()).map((t) => t.name).sort();

describe('the migration list', () => {
  it('is numbered, in order, with no gaps', () => {
    const names = Object.keys(migrations);
    expect(names.length).toBeGreaterThan(0);
    names.forEach((name, i) => expect(name).toMatch(new RegExp(`^${String(i + 1).padStart(3, '0')}_[a-z0-9_]+$`)));
    expect([...names].sort()).toEqual(names);
  });
});

describe('up and down', () => {
  it('all up, then all down, then up again, on a fresh database', async () => {
    const m = migrator(db);
    const up = await m.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(up.results?.map((r) => [r.migrationName, r.status])).toEqual(Object.keys(migrations).map((n) => [n, 'Success']));
    expect(await appTables()).toEqual(['bot_hooks', 'bot_leases', 'bot_plans', 'chat_messages', 'code_edit_proposals', 'credit_transactions', 'deployments', 'file_versions', 'files', 'likes', 'log_lines', 'nodes', 'posts', 'project_env_vars', 'project_packages', 'projects', 'rate_limits', 'runner_homes', 'runs', 'saved_test_chats', 'sessions', 'token_claims', 'uploads', 'users', 'verification_codes']);

    const again = await m.migrateToLatest();
    expect(again.results).toEqual([]);

    for (let i = Object.keys(migrations).length; i > 0; i--) {
      const down = await m.migrateDown();
      expect(down.error).toBeUndefined();
      expect(down.results?.[0]?.status).toBe('Success');
    }
    expect(await appTables()).toEqual([]);
    expect((await m.migrateDown()).results).toEqual([]);

    const reup = await m.migrateToLatest();
    expect(reup.error).toBeUndefined();
    expect(await appTables()).toHaveLength(25);
  });
});

describe('constraints held by the database', () => {
  beforeEach(async () => {
    expect((await migrator(db).migrateToLatest()).error).toBeUndefined();
  });
  const user = (id: string, over: Record<string, unknown> = {}) => ({
    id,
    name: 'N',
    email: `${id}@example.com`,
    password_hash: null,
    email_verified: 1,
    google_sub: null,
    created_at: new Date().toISOString(),
    ...over,
  });

  it('credits never go below zero', async () => {
    await db.insertInto('users').values(user('u1')).execute();
    await expect(db.updateTable('users').set({ credits: -1 }).where('id', '=', 'u1').execute()).rejects.toThrow(/CHECK/i);
    await expect(db.insertInto('users').values(user('u2', { credits: -5 })).execute()).rejects.toThrow(/CHECK/i);
  });

  it('an email and a Google subject belong to one user', async () => {
    await db.insertInto('users').values(user('u1', { google_sub: 'g1' })).execute();
    await expect(db.insertInto('users').values(user('u2', { email: 'u1@example.com' })).execute()).rejects.toThrow(/UNIQUE/i);
    await expect(db.insertInto('users').values(user('u3', { google_sub: 'g1' })).execute()).rejects.toThrow(/UNIQUE/i);
  });

  it('one code per (email, purpose), and only the two purposes', async () => {
    const code = { email: 'a@example.com', purpose: 'signup' as const, code_hash: 'h', sent_at: 'now', expires_at: 'later' };
    await db.insertInto('verification_codes').values(code).execute();
    await expect(db.insertInto('verification_codes').values(code).execute()).rejects.toThrow(/UNIQUE|PRIMARY/i);
    await db.insertInto('verification_codes').values({ ...code, purpose: 'reset' }).execute();
    await expect(db.insertInto('verification_codes').values({ ...code, purpose: 'admin' as never }).execute()).rejects.toThrow(/CHECK/i);
  });

  it('sessions and ledger rows need a real user and go with it', async () => {
    const now = new Date().toISOString();
    await expect(
      db.insertInto('sessions').values({ id: 's0', user_id: 'ghost', created_at: now, expires_at: now, revoked_at: null }).execute(),
    ).rejects.toThrow(/FOREIGN KEY/i);
    await db.insertInto('users').values(user('u1')).execute();
    await db.insertInto('sessions').values({ id: 's1', user_id: 'u1', created_at: now, expires_at: now, revoked_at: null }).execute();
    await db.insertInto('credit_transactions').values({ id: 't1', user_id: 'u1', type: 'signup_bonus', description: 'd', amount: 100, created_at: now }).execute();
    await db.deleteFrom('users').where('id', '=', 'u1').execute();
    expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('credit_transactions').selectAll().execute()).toEqual([]);
  });
});
