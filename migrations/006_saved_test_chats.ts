// Saved test chats (golden chats): a conversation with a bot in the test chat kept as a test. The
// user's side as steps to replay, the bot's replies as what it should answer; gone with the file.
// Frozen once landed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('saved_test_chats')
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('chat', 'text', (c) => c.notNull())
    /** JSON: [{input, replies: string[]}] (see test-chat/saved-chats.ts). */
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('saved_test_chats_pk', ['file_id', 'name'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('saved_test_chats').execute();
}
