// The statement cache under Kysely: the same SQL is compiled once, the least recently used is
// dropped past the bound, a kept statement streams again, and answers are unchanged.
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache';

type Db = { notes: { id: number; body: string } };
const opened: SQLite.Database[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) if (s.open) s.close();
});

/** A database whose prepare() calls are counted, behind the cache. */
function counted(kept?: number) {
  const sqlite = new SQLite(':memory:');
  opened.push(sqlite);
  sqlite.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  const compiled: string[] = [];
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((text: string) => {
    compiled.push(text);
    return prepare(text);
  }) as typeof sqlite.prepare;
  const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, kept) }) });
  return { db, sqlite, compiled };
}

describe('withStatementCache', () => {
  it('compiles each SQL text once and answers as before', async () => {
    const { db, compiled } = counted();
    for (let i = 1; i <= 5; i++) await db.insertInto('notes').values({ id: i, body: `note ${i}` }).execute();
    for (let i = 1; i <= 5; i++) expect(await db.selectFrom('notes').select('body').where('id', '=', i).executeTakeFirst()).toEqual({ body: `note ${i}` });
    expect(compiled.filter((s) => s.startsWith('insert'))).toHaveLength(1);
    expect(compiled.filter((s) => s.startsWith('select'))).toHaveLength(1);
  });

  it('keeps at most the bound, dropping the least recently used', async () => {
    const { db, compiled } = counted(2);
    const a = () => db.selectFrom('notes').select('id').execute();
    const b = () => db.selectFrom('notes').select('body').execute();
    const c = () => db.selectFrom('notes').selectAll().execute();
    await a();
    await b();
    await a(); // a is now the most recent: c pushes b out
    await c();
    await a();
    await b();
    expect(compiled.map((s) => s.replace(/ from.*/, ''))).toEqual(['select "id"', 'select "body"', 'select *', 'select "body"']);
  });

  it('streams through a kept statement', async () => {
    const { db } = counted();
    for (let i = 1; i <= 3; i++) await db.insertInto('notes').values({ id: i, body: `n${i}` }).execute();
    for (let round = 0; round < 2; round++) {
      const seen: number[] = [];
      for await (const row of db.selectFrom('notes').select('id').orderBy('id').stream()) seen.push(row.id);
      expect(seen).toEqual([1, 2, 3]);
    }
  });

  it('closing closes the database', async () => {
    const { db, sqlite } = counted();
    await sql`select 1`.execute(db);
    await db.destroy();
    expect(sqlite.open).toBe(false);
  });
});
