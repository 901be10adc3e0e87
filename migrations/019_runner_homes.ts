// Where each person's interactive work happens on a server of several nodes: the runner their runs,
// test chats, installs and builds go to when a web node answers them (server/features/cluster/
// runner-homes.ts). One row per person, chosen on their first such call and again when that runner
// is gone or drained. A single process on SQLite never writes it. Frozen once landed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('runner_homes')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('node_id', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('runner_homes').execute();
}
