// The few pieces of SQL that differ between SQLite and PostgreSQL, for the migrations (one list runs
// on both). What a migration does on SQLite stays exactly what it did when it landed.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isPostgres } from '../server/db/dialect';

/** Bytes kept as they are (a sealed secret): SQLite's blob, PostgreSQL's bytea. */
export const bytesType = (db: Kysely<any>) => (isPostgres(db) ? 'bytea' : 'blob');

/** The UTF-8 size in bytes of a text column (SQLite's length() of a text counts characters; of a blob, bytes). */
export const byteLength = (db: Kysely<any>, column: string): RawBuilder<number> =>
  isPostgres(db) ? sql<number>`octet_length(${sql.ref(column)})` : sql<number>`length(cast(${sql.ref(column)} as blob))`;

/** A new random id of 24 hex digits, made by the database. */
export const randomHexId = (db: Kysely<any>): RawBuilder<string> =>
  isPostgres(db) ? sql<string>`substr(md5(random()::text || clock_timestamp()::text), 1, 24)` : sql<string>`lower(hex(randomblob(12)))`;
