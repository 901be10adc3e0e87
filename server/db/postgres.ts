// PostgreSQL through Kysely's dialect and a `pg` pool. Counts and sums come back as numbers, as they
// do from SQLite (pg gives bigint and numeric as strings by default: every one here fits a double).
// The URL is never logged: a failure names the host and the reason only (connection-problem.ts).
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './schema';
import type { OpenDatabase } from './database';

const INT8 = 20;
const NUMERIC = 1700;

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/** Connections per process: a web node's requests and a runner's writes share them. */
export const POOL_SIZE = 10;

export function openPostgres(url: string): OpenDatabase {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, types, connectionTimeoutMillis: 10_000 });
  // An idle connection the server dropped (a restart, a failover) is an error event on the pool:
  // the pool replaces it on the next query; without a listener the process would exit.
  pool.on('error', () => {});
  // A connection lost while checked out between two statements (a transaction's) is an error event
  // on its client, which the pool does not listen to then: the statement after it fails instead, and
  // the pool drops the broken client when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    async close() {
      await db.destroy();
    },
  };
}
