// Always-on bots: the desired state of each deployed bot (one file of its project) lives here, so
// the server starts every deployed bot again after any restart (deploy/supervisor.ts), and so does
// what a person sees on /bots about its restarts and its last exit. Frozen once landed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('deployments')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('deployed_at', 'text', (c) => c.notNull())
    .addColumn('restarts', 'integer', (c) => c.notNull().defaultTo(0).check(sql`restarts >= 0`))
    .addColumn('last_exit', 'text')
    .addColumn('last_exit_at', 'text')
    .execute();
  await db.schema.createIndex('deployments_user').on('deployments').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('deployments').execute();
}
