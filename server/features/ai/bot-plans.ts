// What the assistant built each file from (migrations/009, 014): the request it understood (JSON),
// the text it rendered (the base that lets a follow-up keep the person's own edits) and the bot plan.
// Read with the project's files for a chat, written when a file is created and when the person
// accepts a change.
import type { Kysely } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../db/schema';
import { BotPlanSchema, type BotPlan } from '../../../shared/bot-plan.schema';
import type { GeneratedFrom } from './provider';

/** A stored plan, or undefined when it no longer reads as one (written by an older version). */
function planOf(json: string | null): BotPlan | undefined {
  if (!json) return undefined;
  const parsed = BotPlanSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : undefined;
}

export async function plansOf(db: Kysely<Database>, fileIds: string[]): Promise<Map<string, GeneratedFrom>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db.selectFrom('bot_plans').select(['file_id', 'request', 'rendered', 'plan']).where('file_id', 'in', fileIds).execute();
  return new Map(
    rows.map((r) => {
      const plan = planOf(r.plan);
      return [r.file_id, { request: r.request, rendered: r.rendered, ...(plan ? { plan } : {}) }];
    }),
  );
}

export async function savePlan(trx: Kysely<Database>, deps: Pick<Deps, 'clock'>, fileId: string, from: GeneratedFrom): Promise<void> {
  const row = {
    file_id: fileId,
    request: from.request,
    rendered: from.rendered,
    plan: from.plan ? JSON.stringify(from.plan) : null,
    updated_at: deps.clock.now().toISOString(),
  };
  await trx
    .insertInto('bot_plans')
    .values(row)
    .onConflict((oc) => oc.column('file_id').doUpdateSet({ request: row.request, rendered: row.rendered, plan: row.plan, updated_at: row.updated_at }))
    .execute();
}
