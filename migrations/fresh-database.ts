// Test helper for the migration tests: an empty database file of its own for each test, removed
// after it. `current()` is the open database of the running test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openDatabase, type Db } from '../server/db/database';

export function freshDatabasePerTest(): { current(): Db } {
  let dir = '';
  let db: Db | null = null;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'botwright-migrations-'));
    db = openDatabase(dir).db;
  });
  afterEach(async () => {
    await db?.destroy();
    db = null;
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    current() {
      if (!db) throw new Error('no database outside a test');
      return db;
    },
  };
}
