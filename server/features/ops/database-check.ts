// Readiness of the database: can the server write to it right now? On SQLite, a real write (the
// header's user_version, set to the value it already has) inside BEGIN IMMEDIATE, always rolled
// back: it takes the write lock and needs a writable file, yet changes nothing, not even on commit.
// On PostgreSQL, an UPDATE that matches no row (refused as a whole on a read-only database, server
// or standby), rolled back.
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect';
import type { Check } from './check';

/** How long the probe waits for another process's write lock (the app itself waits 5 s). */
const PROBE_BUSY_MS = 250;

export async function checkDatabase(db: Db): Promise<Check> {
  if (isPostgres(db)) return checkPostgres(db);
  try {
    // One connection for the whole probe: Kysely lends it to nobody else meanwhile.
    await db.connection().execute(async (conn) => {
      const timeout = Number((await sql<{ timeout: number }>`PRAGMA busy_timeout`.execute(conn)).rows[0]?.timeout ?? 5000);
      await sql.raw(`PRAGMA busy_timeout = ${PROBE_BUSY_MS}`).execute(conn);
      try {
        await sql`BEGIN IMMEDIATE`.execute(conn);
        try {
          const version = Number((await sql<{ user_version: number }>`PRAGMA user_version`.execute(conn)).rows[0]?.user_version ?? 0);
          await sql.raw(`PRAGMA user_version = ${Math.trunc(version)}`).execute(conn);
        } finally {
          await sql`ROLLBACK`.execute(conn);
        }
      } finally {
        await sql.raw(`PRAGMA busy_timeout = ${Math.trunc(timeout)}`).execute(conn);
      }
    });
    return { ok: true, detail: 'writable' };
  } catch (err) {
    return { ok: false, detail: databaseProblem(err) };
  }
}

async function checkPostgres(db: Db): Promise<Check> {
  try {
    await db.connection().execute(async (conn) => {
      await sql`begin`.execute(conn);
      try {
        await sql.raw(`set local statement_timeout = ${PROBE_BUSY_MS * 4}`).execute(conn);
        await sql`update kysely_migration set name = name where false`.execute(conn);
      } finally {
        await sql`rollback`.execute(conn);
      }
    });
    return { ok: true, detail: 'writable' };
  } catch (err) {
    return { ok: false, detail: postgresProblem(err) };
  }
}

/** Words for a PostgreSQL failure (no address, no SQL). */
function postgresProblem(err: unknown): string {
  const code = String((err as { code?: unknown }).code ?? '');
  if (code === '25006') return 'not writable: the database is read-only';
  if (code === '57014') return 'not writable: the database did not answer in time';
  if (code === '53100') return 'not writable: the disk is full';
  if (code.startsWith('08') || /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH)$/.test(code)) return 'not reachable: no connection to the database';
  if (code === '57P01' || code === '57P02' || code === '57P03') return 'not reachable: the database is shutting down or starting';
  return `not writable${code ? ` (${code})` : ''}`;
}

/** Words for the failure (no paths, no SQL): the log of the request holds nothing more useful. */
function databaseProblem(err: unknown): string {
  const code = String((err as { code?: unknown }).code ?? '');
  if (code.startsWith('SQLITE_READONLY')) return 'not writable: the database is read-only';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'not writable: another process holds the write lock';
  if (code === 'SQLITE_FULL') return 'not writable: the disk is full';
  if (code.startsWith('SQLITE_IOERR')) return 'not writable: input/output error';
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return 'not writable: the database file is damaged';
  if (err instanceof TypeError && /not open/i.test(err.message)) return 'not writable: the database is closed';
  return `not writable${code ? ` (${code})` : ''}`;
}
