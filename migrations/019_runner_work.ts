// What lets a person's work move between the runners of a server of several nodes:
// - `runner_homes`: the runner their interactive work (runs, test chats, installs, builds) goes to
//   when a web node answers it (server/features/cluster/runner-homes.ts), one row per person, chosen
//   on their first such call and again when that runner is gone or drained;
// - `project_packages`: the packages each project asked for, per package manager, so a runner that
//   starts the bot without them (a deployed bot placed elsewhere, a runner that took over) installs
//   them first (runner/dependencies/packages-here.ts);
// - `log_lines`: every bot's kept log on PostgreSQL, whichever runner ran it, so that any node pages
//   it and downloads a run (runner/logs/shared-run-logs.ts); a server on SQLite keeps its logs in
//   files under DATA_DIR and never writes the table.
// - `uploads.data`: a feed image's bytes on PostgreSQL, so any web node serves it (on SQLite the
//   bytes stay in DATA_DIR/uploads and the column is empty).
// A single process on SQLite writes only `project_packages`. Frozen once landed.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../server/db/dialect';
import { bytesType } from './dialect-sql';

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
  await db.schema
    .createTable('log_lines')
    .addColumn('seq', isPostgres(db) ? sql`bigserial` : 'integer', (c) => (isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('log_lines_project').on('log_lines').columns(['project_id', 'seq']).execute();
  await db.schema.createIndex('log_lines_run').on('log_lines').columns(['run_id', 'seq']).execute();
  await db.schema.alterTable('uploads').addColumn('data', bytesType(db)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('data').execute();
  await db.schema.dropTable('log_lines').execute();
  await db.schema.dropTable('project_packages').execute();
  await db.schema.dropTable('runner_homes').execute();
}
