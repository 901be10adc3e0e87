// Which database a test's app uses: in the `unit-postgres` project, a PostgreSQL database of its own
// (copied from the migrated template, dropped when the app closes); elsewhere DATA_DIR/app.db.
import { inject } from 'vitest';
import { testDatabase } from './postgres-server';

export const MIGRATED_TEMPLATE = 'botwright_migrated';

/** The run's PostgreSQL server (postgres-setup.ts), or null when the tests run on SQLite. */
export function testPostgres(): { url(database: string): string } | null {
  let base: string | undefined;
  try {
    base = inject('postgresServer');
  } catch {
    // Outside a Vitest run (the benches start test apps too): SQLite.
    return null;
  }
  return base ? { url: (database) => base + database } : null;
}

/** Whether this test run's apps are on PostgreSQL (the `unit-postgres` project). */
export const onPostgres = (): boolean => testPostgres() !== null;

/** Env for a test's server: DATABASE_URL of a new database when on PostgreSQL (none on SQLite). */
export async function testDatabaseEnv(opts: { migrated?: boolean } = {}): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const server = testPostgres();
  if (!server) return { env: {}, async drop() {} };
  const database = await testDatabase(server, opts.migrated === false ? null : MIGRATED_TEMPLATE);
  return { env: { DATABASE_URL: database.url }, drop: database.drop };
}

/** The database of each DATA_DIR a test's server used: a server started again on it finds the same one. */
const databaseOfDataDir = new Map<string, Awaited<ReturnType<typeof testDatabaseEnv>>>();

/** Env naming the database of this DATA_DIR's server, made on first use (empty on SQLite). */
export async function databaseEnvOf(dataDir: string): Promise<Record<string, string>> {
  let database = databaseOfDataDir.get(dataDir);
  if (!database) {
    database = await testDatabaseEnv();
    databaseOfDataDir.set(dataDir, database);
  }
  return database.env;
}

/** Drops the database of a DATA_DIR the test is done with. */
export async function dropDatabaseOf(dataDir: string): Promise<void> {
  const database = databaseOfDataDir.get(dataDir);
  databaseOfDataDir.delete(dataDir);
  await database?.drop();
}
