// Kysely prepares every query anew, and better-sqlite3 compiles the SQL on each prepare(): for a
// short read that costs about as much as running it. The app sends the same few hundred SQL
// strings over and over (parameters are bound, never written into the SQL), so each is compiled
// once and kept, the least recently used dropped past a bound. (One connection runs one query at a
// time, Kysely's own lock, so a kept statement is never in use when it is handed out again.)
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

export const STATEMENTS_KEPT = 500;

export function withStatementCache(sqlite: SQLite.Database, kept = STATEMENTS_KEPT): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached) {
        // Map order is insertion order: moving it to the end keeps the oldest first.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > kept) statements.delete(statements.keys().next().value!);
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
