// 013_saved_chat_sizes: saved test chats that existed before it get their size in UTF-8 bytes (their
// steps and name), so the storage a person uses counts them from the index, never reading the steps.
import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import type { Db } from '../server/db/database';
import { migrator } from '../server/db/migrate';
import { freshDatabasePerTest } from './fresh-database';
import { indexOnly, queryPlan } from './query-plan';

const fresh = freshDatabasePerTest();
let db: Db;
beforeEach(() => {
  db = fresh.current();
});

it('fills in the size of existing saved chats, and indexes it by person', async () => {
  const m = migrator(db);
  expect((await m.migrateTo('012_runs')).error).toBeUndefined();
  const now = new Date().toISOString();
  const steps = JSON.stringify([{ input: { text: '/start' }, replies: ['Grüße!'] }]);
  await sql`insert into users (id, name, email, email_verified, created_at) values ('u1', 'N', 'u1@example.com', 1, ${now})`.execute(db);
  await sql`insert into projects (id, user_id, name, created_at) values ('p1', 'u1', 'Bot', ${now})`.execute(db);
  await sql`insert into files (id, project_id, user_id, filename, content, created_at, updated_at) values ('f1', 'p1', 'u1', 'a.py', 'x', ${now}, ${now})`.execute(db);
  await sql`insert into saved_test_chats (file_id, user_id, name, chat, steps, created_at) values ('f1', 'u1', 'grüß', 'private', ${steps}, ${now})`.execute(db);

  expect((await m.migrateToLatest()).error).toBeUndefined();
  // ü and ß are two bytes each: in the steps and in the name.
  expect(await db.selectFrom('saved_test_chats').select('size').executeTakeFirstOrThrow()).toEqual({ size: steps.length + 2 + 'grüß'.length + 2 });
  const wanted = indexOnly(db, 'saved_test_chats_user_size');
  expect(await queryPlan(db, sql`select sum(size) from saved_test_chats where user_id = 'u1'`, wanted)).toMatch(wanted);
});
