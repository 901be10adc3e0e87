// What lets a person's work move between the runners of a server of several nodes:
// - `runner_homes`: the runner their interactive work (runs, test chats, installs, builds) goes to
//   when a web node answers it (server/features/cluster/runner-homes.ts), one row per person, chosen
//   on their first such call and again when that runner is gone or drained;
// - `project_packages`: the packages each project asked for, per package manager, so a runner that
//   starts the bot without them (a deployed bot placed elsewhere, a runner that took over) installs
//   them first (runner/dependencies/packages-here.ts).
// A single process on SQLite writes only the second. Frozen once landed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('runner_homes')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('node_id', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('project_packages')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('ecosystem', 'text', (c) => c.notNull())
    .addColumn('packages', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_packages_pk', ['project_id', 'ecosystem'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('project_packages').execute();
  await db.schema.dropTable('runner_homes').execute();
}
