// What the builtin assistant built a file from, so a follow-up ("add a /joke command") can change
// the bot it made instead of writing a new one: the request it understood (JSON) and the exact
// text its templates rendered (the base of the three-way merge that keeps the person's own edits).
// A proposed follow-up carries its new plan until the person accepts it. Frozen once landed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bot_plans')
    .addColumn('file_id', 'text', (c) => c.primaryKey().references('files.id').onDelete('cascade'))
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('rendered', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('code_edit_proposals').addColumn('file_id', 'text').execute();
  await db.schema.alterTable('code_edit_proposals').addColumn('plan', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('code_edit_proposals').dropColumn('plan').execute();
  await db.schema.alterTable('code_edit_proposals').dropColumn('file_id').execute();
  await db.schema.dropTable('bot_plans').execute();
}
