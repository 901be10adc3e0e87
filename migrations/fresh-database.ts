// Test helper for the migration tests: an empty database of its own for each test (a SQLite file,
// or in the `unit-postgres` project an empty PostgreSQL database), removed after it. `current()` is
// the open database of the running test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { connectDatabase, type Db, type OpenDatabase } from '../server/db/database';
import { testDatabaseEnv } from '../server/testing/test-database';

export function freshDatabasePerTest(): { current(): Db } {
  let dir = '';
  let open: OpenDatabase | null = null;
  let drop = async () => {};
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'botwright-migrations-'));
    const database = await testDatabaseEnv({ migrated: false });
    drop = database.drop;
    open = connectDatabase({ dataDir: dir, databaseUrl: database.env.DATABASE_URL ?? null });
  });
  afterEach(async () => {
    await open?.close();
    open = null;
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    current(): Db {
      if (!open) throw new Error('no database outside a test');
      return open.db;
    },
  };
}
