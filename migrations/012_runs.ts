// Each run of a bot, kept in the database (runner/runs/run-records.ts): which file ran, in which mode,
// when it started and ended, and how (exit code, signal, reason, who stopped it). What /bots says of
// a stopped bot's last exit, the History drawer's run headers, and what a second machine would need
// to know of the runs live now (`ended_at` null) come from here. Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode IN ('live', 'test')`))
    .addColumn('supervised', 'integer', (c) => c.notNull().check(sql`supervised IN (0, 1)`))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('exit_reason', 'text')
    .addColumn('exit_code', 'integer')
    .addColumn('exit_signal', 'text')
    .addColumn('exit_message', 'text')
    .addColumn('ended_by', 'text')
    .execute();
  await db.schema.createIndex('runs_project_started').on('runs').columns(['project_id', 'started_at']).execute();
  await db.schema.createIndex('runs_live').on('runs').column('ended_at').where(sql.ref('ended_at'), 'is', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('runs').execute();
}
