// Rate-limit counters kept in the database, so that every web node of a server on PostgreSQL counts
// on the same ones (server/rate-limit-store.ts): one row per counted key, the hits of its current
// window and when that window ends (Unix milliseconds). A single process on SQLite counts in memory
// and leaves the table empty. Frozen once landed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_ends', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_window_ends').on('rate_limits').column('window_ends').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
