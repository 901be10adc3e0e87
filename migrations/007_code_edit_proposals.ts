// A code edit proposal (Modify with AI) is paid when it is made; rejecting it refunds the charge
// once. This row is what makes "once" hold: the refund flips `status` from 'open' in the same
// transaction as its ledger row. `code_hash` (sha256 of the proposed text, never the text) tells
// whether the proposal was saved, which makes it accepted. Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('code_edit_proposals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'text')
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('cost', 'integer', (c) => c.notNull().check(sql`cost >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'rejected', 'accepted')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .execute();
  await db.schema.createIndex('code_edit_proposals_user_created').on('code_edit_proposals').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('code_edit_proposals').execute();
}
