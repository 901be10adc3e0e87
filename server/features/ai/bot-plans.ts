// The builtin assistant's plan of each file it generated (migrations/009): read with the project's
// files for a chat, written when it creates a file and when the person accepts a follow-up.
import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../db/schema';
import type { GeneratedFrom } from './provider';

export async function plansOf(db: Kysely<Database>, fileIds: string[]): Promise<Map<string, GeneratedFrom>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db.selectFrom('bot_plans').select(['file_id', 'request', 'rendered']).where('file_id', 'in', fileIds).execute();
  return new Map(rows.map((r) => [r.file_id, { request: r.request, rendered: r.rendered }]));
}

export async function savePlan(trx: Kysely<Database>, deps: Pick<Deps, 'clock'>, fileId: string, plan: GeneratedFrom): Promise<void> {
  const row = { file_id: fileId, request: plan.request, rendered: plan.rendered, updated_at: deps.clock.now().toISOString() };
  await trx
    .insertInto('bot_plans')
    .values(row)
    .onConflict((oc) => oc.column('file_id').doUpdateSet({ request: row.request, rendered: row.rendered, updated_at: row.updated_at }))
    .execute();
}
