// Webhooks in: each bot (project) has one stable public address for its webhooks,
// PUBLIC_URL/hooks/<projectId>/<secret>/..., made on first need. The secret is random (192 bits,
// base64url) and can be rotated, which ends the old address. Frozen once landed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bot_hooks')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('rotated_at', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bot_hooks').execute();
}
