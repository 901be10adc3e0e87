// The bot plan (shared/bot-plan.schema.ts): the rules a file was rendered from, as JSON, beside the
// request and rendered text of 009. Null for files built before plans had rules. Frozen once landed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bot_plans').addColumn('plan', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bot_plans').dropColumn('plan').execute();
}
