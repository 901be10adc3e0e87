// Environment variables saved per project: each value sealed with AES-256-GCM (ciphertext, nonce and
// tag kept apart), one row per (project, key), gone with the project. Frozen once landed.
import type { Kysely } from 'kysely';
import { bytesType } from './dialect-sql';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('project_env_vars')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('ciphertext', bytesType(db), (c) => c.notNull())
    .addColumn('nonce', bytesType(db), (c) => c.notNull())
    .addColumn('tag', bytesType(db), (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_env_vars_pk', ['project_id', 'key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('project_env_vars').execute();
}
