// The size of every file and saved version in UTF-8 bytes, kept beside the text and indexed, so
// storage caps add up a person's or a project's usage from the indexes alone (reading the text of
// 1,000 files of 100 KiB on each save takes ~50 ms; the index, ~0.1 ms). Frozen once landed.
import { sql, type Kysely } from 'kysely';
import { byteLength } from './dialect-sql';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('files').addColumn('size', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('file_versions').addColumn('size', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update files set size = ${byteLength(db, 'content')}`.execute(db);
  await sql`update file_versions set size = ${byteLength(db, 'content')}`.execute(db);
  await db.schema.createIndex('files_user_size').on('files').columns(['user_id', 'size']).execute();
  await db.schema.createIndex('files_project_size').on('files').columns(['project_id', 'size']).execute();
  // Covers the sums and the pruning (newest first per file) without touching the text.
  await db.schema.createIndex('file_versions_file_created_size').on('file_versions').columns(['file_id', 'created_at', 'size']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('file_versions_file_created_size').execute();
  await db.schema.dropIndex('files_project_size').execute();
  await db.schema.dropIndex('files_user_size').execute();
  await db.schema.alterTable('file_versions').dropColumn('size').execute();
  await db.schema.alterTable('files').dropColumn('size').execute();
}
