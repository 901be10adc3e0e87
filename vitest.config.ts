import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Three projects: `unit` (pure logic + the real app over HTTP, on SQLite), `unit-postgres` (the unit
// tests that touch the database, again on a throwaway PostgreSQL server) and `e2e` (real Chromium on
// the built client). Each runs two files at a time and shares one module graph per worker (isolate:
// false): most of a file's time was importing the server again, and tests wait on child processes
// and the browser about as much as they compute. Every app a test starts is its own object, so
// nothing leaks.

// The test files that touch the database: those that start the app (in-process or as a process)
// or open a database themselves. `unit-postgres` runs exactly these a second time, on PostgreSQL;
// the rest (the assistant's reading, the sandbox, the emulator) never open one.
const OPENS_A_DATABASE = /\b(startTestApp|startServerProcess|startAppWithModel|freshDatabasePerTest|connectDatabase|openDatabase|testDatabaseEnv|buildApp)\b/;

/** Tests about the SQLite file itself (its statement cache, file modes, online backup): SQLite only. */
const ABOUT_THE_SQLITE_FILE = new Set(['server/db/statement-cache.test.ts', 'server/features/ops/backup-restore.test.ts', 'server/data-dir-modes.test.ts']);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(file);
    return entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** Under these folders (relative to the repository), the database tests (and every `*.postgres.test.ts`), as paths Vitest includes. */
function testsTouchingTheDatabase(root: string, folders: string[]): string[] {
  return folders
    .flatMap((folder) => testFiles(path.join(root, folder)))
    .map((file) => path.relative(root, file))
    .filter((file) => file.endsWith('.postgres.test.ts') || (!ABOUT_THE_SQLITE_FILE.has(file) && OPENS_A_DATABASE.test(readFileSync(path.join(root, file), 'utf8'))))
    .sort();
}

/** What both unit projects share. */
const unitTests = {
  environment: 'node',
  // Polls wait on real processes (a bot starting in its sandbox): a busy machine takes more than a second.
  expect: { poll: { timeout: 10_000 } },
  testTimeout: 30_000,
  hookTimeout: 30_000,
  maxWorkers: 2,
  isolate: false,
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'client/**/*.test.ts', 'migrations/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Tests about PostgreSQL alone (they need the run's server): in `unit-postgres`.
          exclude: ['**/*.postgres.test.ts', '**/node_modules/**'],
          ...unitTests,
        },
      },
      {
        test: {
          // The tests that touch the database, again, each app on a PostgreSQL database of its own.
          name: 'unit-postgres',
          include: testsTouchingTheDatabase(import.meta.dirname, ['server', 'migrations', 'scripts']),
          globalSetup: ['server/testing/postgres-setup.ts'],
          ...unitTests,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // A failing test prints the server's last log lines (the app runs in-process, its log in memory).
          setupFiles: ['e2e/server-log-on-failure.ts'],
          // A page's state is polled for as long as a click may wait (a lazy page or the editor's
          // chunk takes longer than the default second on a busy machine).
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          isolate: false,
        },
      },
    ],
  },
});
