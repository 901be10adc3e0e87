import { defineConfig } from 'vitest/config';
import { testsTouchingTheDatabase } from './server/testing/database-tests';

// Three projects: `unit` (pure logic + the real app over HTTP, on SQLite), `unit-postgres` (the unit
// tests that touch the database, again on a throwaway PostgreSQL server) and `e2e` (real Chromium on
// the built client). Each runs two files at a time and shares one module graph per worker (isolate:
// false): most of a file's time was importing the server again, and tests wait on child processes
// and the browser about as much as they compute. Every app a test starts is its own object, so
// nothing leaks.

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
