// The tables that let several nodes share one PostgreSQL (server/features/cluster): the nodes and
// their heartbeats, which runner holds each deployed bot (a lease with an epoch and an expiry, both on
// the database's clock), and which node's run holds each platform token (keyed hashes, never the
// tokens). `runs` gains the node a run ran on. A single process on SQLite has the tables too and
// keeps them nearly empty. Frozen once landed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('nodes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('heartbeat_at', 'bigint', (c) => c.notNull())
    .addColumn('draining', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('memory_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cpu_percent', 'real', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('bot_leases')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('epoch', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('starting'))
    .addColumn('next_start_at', 'bigint')
    .addColumn('silent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('bot_leases_node').on('bot_leases').column('node_id').execute();
  await db.schema
    .createTable('token_claims')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('bot_name', 'text', (c) => c.notNull())
    .addColumn('node_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('token_claims_node').on('token_claims').column('node_id').execute();
  await db.schema.alterTable('runs').addColumn('node_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('runs').dropColumn('node_id').execute();
  await db.schema.dropTable('token_claims').execute();
  await db.schema.dropTable('bot_leases').execute();
  await db.schema.dropTable('nodes').execute();
}
