// The size of every saved test chat in UTF-8 bytes (its steps and its name), kept beside it and
// indexed by person, so the storage a person uses adds saved chats up from the index alone: a saved
// chat's steps may run to megabytes (200 steps of up to 50 replies). Frozen once landed.
import { sql, type Kysely } from 'kysely';
import { byteLength } from './dialect-sql';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('saved_test_chats').addColumn('size', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update saved_test_chats set size = ${byteLength(db, 'steps')} + ${byteLength(db, 'name')}`.execute(db);
  await db.schema.createIndex('saved_test_chats_user_size').on('saved_test_chats').columns(['user_id', 'size']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('saved_test_chats_user_size').execute();
  await db.schema.alterTable('saved_test_chats').dropColumn('size').execute();
}
