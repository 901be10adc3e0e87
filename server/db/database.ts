// The product's one database: the SQLite file DATA_DIR/app.db by default, or PostgreSQL when
// DATABASE_URL is set (postgres.ts). The SQLite file is opened with the pragmas the product relies
// on: WAL for concurrent reads, durable commits (synchronous=FULL), enforced foreign keys and a
// busy timeout instead of SQLITE_BUSY; each query's SQL is compiled once (statement-cache.ts).
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema';
import { createDataDir, privateFile } from '../data-dir';
import { withStatementCache } from './statement-cache';
import { openPostgres } from './postgres';

export type Db = Kysely<Database>;

/** An open database and how to close it (a pool's connections, or the file). */
export type OpenDatabase = { db: Db; close(): Promise<void> };

/** The database the configuration names: PostgreSQL at DATABASE_URL, else DATA_DIR/app.db. */
export function connectDatabase(config: { dataDir: string; databaseUrl: string | null }): OpenDatabase {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const { db, sqlite } = openDatabase(config.dataDir);
  return {
    db,
    async close() {
      await db.destroy();
      if (sqlite.open) sqlite.close();
    },
  };
}

export function openDatabase(dataDir: string): { db: Db; sqlite: SQLite.Database } {
  createDataDir(dataDir);
  const file = path.join(dataDir, 'app.db');
  // SQLite would create the file 0644 (less the umask) and gives the -wal and -shm files it makes
  // later the database file's mode: so the file is made here and set to 0600, with any older ones.
  closeSync(openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) privateFile(f);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, sqlite };
}
