// Vitest global setup of the `unit-postgres` project: one throwaway PostgreSQL server for the run,
// with a template database holding every migration; test apps copy it (test-database.ts).
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../db/postgres';
import { migrateToLatest } from '../db/migrate';
import { onServer, startPostgresServer } from './postgres-server';
import { MIGRATED_TEMPLATE } from './test-database';

declare module 'vitest' {
  interface ProvidedContext {
    /** The run's PostgreSQL server, as a URL without a database name; absent: tests use SQLite. */
    postgresServer?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const server = await startPostgresServer();
  await onServer(server.url('postgres'), [`create database ${MIGRATED_TEMPLATE}`]);
  const template = openPostgres(server.url(MIGRATED_TEMPLATE));
  try {
    await migrateToLatest(template.db);
  } finally {
    await template.close();
  }
  project.provide('postgresServer', server.url(''));
  return () => server.stop();
}
