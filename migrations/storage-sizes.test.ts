// 005_storage_sizes: files and versions that existed before it get their size in UTF-8 bytes, so
// quotas count an upgraded database correctly from the first request.
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

it('fills in the size of existing files and versions, and indexes it', async () => {
  const m = migrator(db);
  expect((await m.migrateTo('004_env_vars')).error).toBeUndefined();
  const now = new Date().toISOString();
  await sql`insert into users (id, name, email, email_verified, created_at) values ('u1', 'N', 'u1@example.com', 1, ${now})`.execute(db);
  await sql`insert into projects (id, user_id, name, created_at) values ('p1', 'u1', 'My Bots', ${now})`.execute(db);
  await sql`insert into files (id, project_id, user_id, filename, content, created_at, updated_at) values ('f1', 'p1', 'u1', 'a.py', 'print("héllo")', ${now}, ${now})`.execute(db);
  await sql`insert into file_versions (id, file_id, content, reason, created_at) values ('v1', 'f1', 'ünï', 'save', ${now})`.execute(db);

  expect((await m.migrateToLatest()).error).toBeUndefined();
  expect(await db.selectFrom('files').select('size').executeTakeFirstOrThrow()).toEqual({ size: 15 });
  expect(await db.selectFrom('file_versions').select('size').executeTakeFirstOrThrow()).toEqual({ size: 5 }); // ü and ï are two bytes each
  const wanted = indexOnly(db, 'files_user_size');
  expect(await queryPlan(db, sql`select count(*), sum(size) from files where user_id = 'u1'`, wanted)).toMatch(wanted);
});
