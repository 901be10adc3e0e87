// 008_bots: chat messages stored without a project move to their person's oldest project (made as
// 'My Bots' for a person with such messages and no project); everything else stays as it was.
import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import type { Db } from '../server/db/database';
import { migrator } from '../server/db/migrate';
import { freshDatabasePerTest } from './fresh-database';
import { queryPlan } from './query-plan';

const fresh = freshDatabasePerTest();
let db: Db;
beforeEach(() => {
  db = fresh.current();
});

const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString();

it('moves project-less messages to the oldest project, making one only where needed, and keeps the rest', async () => {
  const m = migrator(db);
  expect((await m.migrateTo('007_code_edit_proposals')).error).toBeUndefined();
  for (const u of ['u1', 'u2', 'u3']) {
    await sql`insert into users (id, name, email, email_verified, created_at) values (${u}, 'N', ${`${u}@example.com`}, 1, ${at(0)})`.execute(db);
  }
  // u1: two projects (the older one is 'default'), a file, old messages without a project and a newer one with.
  await sql`insert into projects (id, user_id, name, created_at) values ('p1new', 'u1', 'Second', ${at(5)})`.execute(db);
  await sql`insert into projects (id, user_id, name, created_at) values ('p1old', 'u1', 'My Bots', ${at(1)})`.execute(db);
  await sql`insert into files (id, project_id, user_id, filename, content, created_at, updated_at, size) values ('f1', 'p1new', 'u1', 'bot.py', 'print(1)', ${at(2)}, ${at(2)}, 8)`.execute(db);
  await sql`insert into chat_messages (id, user_id, project_id, role, content, created_at) values ('m1', 'u1', null, 'user', 'hi', ${at(2)})`.execute(db);
  await sql`insert into chat_messages (id, user_id, project_id, role, content, created_at) values ('m2', 'u1', null, 'assistant', 'hello', ${at(3)})`.execute(db);
  await sql`insert into chat_messages (id, user_id, project_id, role, content, created_at) values ('m3', 'u1', 'p1new', 'user', 'later', ${at(6)})`.execute(db);
  // u2: messages and no project at all.
  await sql`insert into chat_messages (id, user_id, project_id, role, content, created_at) values ('m4', 'u2', null, 'user', 'first', ${at(4)})`.execute(db);
  await sql`insert into chat_messages (id, user_id, project_id, role, content, created_at) values ('m5', 'u2', null, 'assistant', 'answer', ${at(7)})`.execute(db);
  // u3: nothing at all; gets nothing.

  expect((await m.migrateToLatest()).error).toBeUndefined();

  const messages = await db.selectFrom('chat_messages').select(['id', 'project_id', 'content']).orderBy('id').execute();
  const u2Projects = await db.selectFrom('projects').selectAll().where('user_id', '=', 'u2').execute();
  expect(u2Projects).toHaveLength(1);
  expect(u2Projects[0]).toMatchObject({ name: 'My Bots', created_at: at(4) });
  expect(u2Projects[0]!.id).toMatch(/^[A-Za-z0-9]{1,64}$/);
  expect(messages).toEqual([
    { id: 'm1', project_id: 'p1old', content: 'hi' },
    { id: 'm2', project_id: 'p1old', content: 'hello' },
    { id: 'm3', project_id: 'p1new', content: 'later' },
    { id: 'm4', project_id: u2Projects[0]!.id, content: 'first' },
    { id: 'm5', project_id: u2Projects[0]!.id, content: 'answer' },
  ]);
  expect(await db.selectFrom('projects').select(['id', 'name']).where('user_id', '=', 'u1').orderBy('created_at').execute()).toEqual([
    { id: 'p1old', name: 'My Bots' },
    { id: 'p1new', name: 'Second' },
  ]);
  expect(await db.selectFrom('projects').select('id').where('user_id', '=', 'u3').execute()).toEqual([]);
  expect(await db.selectFrom('files').select(['id', 'project_id', 'content']).execute()).toEqual([{ id: 'f1', project_id: 'p1new', content: 'print(1)' }]);

  const wanted = /chat_messages_project_created/;
  expect(await queryPlan(db, sql`select id from chat_messages where project_id = 'p1old' order by created_at desc`, wanted)).toMatch(wanted);
  // Down keeps the data (the messages stay with their bot) and drops only the index.
  expect((await m.migrateTo('007_code_edit_proposals')).error).toBeUndefined();
  expect(await db.selectFrom('chat_messages').select('project_id').where('id', '=', 'm1').executeTakeFirstOrThrow()).toEqual({ project_id: 'p1old' });
});
