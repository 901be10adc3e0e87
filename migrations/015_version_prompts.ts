// The request behind an AI change, kept with the version the change replaced, so the editor's
// history can say what was asked for. Null for every other version and for those made before it.
// Frozen once landed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('file_versions').addColumn('prompt', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('file_versions').dropColumn('prompt').execute();
}
