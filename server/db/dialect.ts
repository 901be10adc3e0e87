// Which engine a Kysely instance (or a transaction of it) talks to, for the few places where the
// SQL differs: a column type, a function, the order rows were written in, a write probe.
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export const isPostgres = (db: Kysely<any>): boolean => dialectOf(db) === 'postgres';

/** The order rows of file_versions were written in: SQLite's rowid, PostgreSQL's seq (migration 016). */
export const writtenOrder = (db: Kysely<any>): RawBuilder<number> => (isPostgres(db) ? sql<number>`seq` : sql<number>`rowid`);

/** Now on the database's clock, in Unix milliseconds: what every node of a server agrees on (leases, heartbeats). */
export const databaseNow = (db: Kysely<any>): RawBuilder<number> =>
  isPostgres(db) ? sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint` : sql<number>`cast((julianday('now') - 2440587.5) * 86400000 as integer)`;
