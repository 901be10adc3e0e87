// The `bot_leases` table (migrations/018): which runner holds each deployed bot, under which epoch,
// until when (the database's clock), and what that runner last said of it. A runner runs a bot only
// while it holds the bot's lease and renews it; a lease not renewed in time expires and the bot is
// placed again, on the least-loaded live runner that is not being drained. Every query on it.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { DeployedState } from '../bots/supervisor';
import { databaseNow } from '../../db/dialect';
import { inTransaction } from '../../db/transaction';

/** A bot this node holds: which file of whose to run, and the epoch it was placed (or restarted) under. */
export type HeldBot = { projectId: string; fileId: string; userId: string; epoch: number };

/** What the holder last said of a bot (shown by /bots on every node). */
export type LeaseState = { projectId: string; nodeId: string; status: DeployedState['status']; nextStartAt: number | null; silent: boolean };

/**
 * Renews this node's leases that have not expired; answers the bots it holds now (a deployed bot whose
 * lease it lost, or that was undeployed, is not among them).
 */
export async function renewLeases(db: Kysely<Database>, nodeId: string, leaseMs: number): Promise<HeldBot[]> {
  const now = databaseNow(db);
  const renewed = await db
    .updateTable('bot_leases')
    .set({ expires_at: sql<number>`${now} + ${leaseMs}` })
    .where('node_id', '=', nodeId)
    .where('expires_at', '>', now)
    .returning(['project_id', 'epoch'])
    .execute();
  if (renewed.length === 0) return [];
  const deployed = await db
    .selectFrom('deployments')
    .select(['project_id', 'file_id', 'user_id'])
    .where('project_id', 'in', renewed.map((r) => r.project_id))
    .execute();
  const epochs = new Map(renewed.map((r) => [r.project_id, Number(r.epoch)]));
  return deployed.map((d) => ({ projectId: d.project_id, fileId: d.file_id, userId: d.user_id, epoch: epochs.get(d.project_id)! }));
}

/**
 * Places every deployed bot without a live lease (new, or its runner gone or drained away) on the
 * live runners that are not being drained, the least-loaded first. One transaction, so nodes placing
 * at once never give one bot two holders. Answers where each was placed.
 */
export async function placeUnheld(db: Kysely<Database>, leaseMs: number, only?: string): Promise<Array<{ projectId: string; nodeId: string; epoch: number }>> {
  return inTransaction(db, async (trx) => {
    const now = databaseNow(trx);
    let unheld = trx
      .selectFrom('deployments')
      .leftJoin('bot_leases', 'bot_leases.project_id', 'deployments.project_id')
      .select(['deployments.project_id', 'bot_leases.epoch'])
      .where((eb) => eb.or([eb('bot_leases.project_id', 'is', null), eb('bot_leases.expires_at', '<=', now)]))
      .orderBy('deployments.project_id');
    if (only !== undefined) unheld = unheld.where('deployments.project_id', '=', only);
    const bots = await unheld.execute();
    if (bots.length === 0) return [];
    const loads = await runnerLoads(trx, leaseMs);
    if (loads.length === 0) return [];
    const placed = [];
    for (const bot of bots) {
      loads.sort((a, b) => a.bots - b.bots || a.id.localeCompare(b.id));
      const runner = loads[0]!;
      runner.bots += 1;
      const epoch = Number(bot.epoch ?? 0) + 1;
      await trx
        .insertInto('bot_leases')
        .values({ project_id: bot.project_id, node_id: runner.id, epoch, expires_at: sql<number>`${now} + ${leaseMs}`, status: 'starting', next_start_at: null, silent: 0 })
        .onConflict((oc) => oc.column('project_id').doUpdateSet({ node_id: runner.id, epoch, expires_at: sql<number>`${now} + ${leaseMs}`, status: 'starting', next_start_at: null, silent: 0 }))
        .execute();
      placed.push({ projectId: bot.project_id, nodeId: runner.id, epoch });
    }
    return placed;
  });
}

/** The live runners that take bots, with how many live leases each holds. */
async function runnerLoads(trx: Transaction<Database>, leaseMs: number): Promise<Array<{ id: string; bots: number }>> {
  const now = databaseNow(trx);
  const rows = await trx
    .selectFrom('nodes')
    .select((eb) => [
      'nodes.id',
      eb.selectFrom('bot_leases').whereRef('bot_leases.node_id', '=', 'nodes.id').where('bot_leases.expires_at', '>', now).select((e) => e.fn.countAll<number>().as('n')).as('bots'),
    ])
    .where('role', 'in', ['runner', 'all'])
    .where('draining', '=', 0)
    .where('heartbeat_at', '>', sql<number>`${now} - ${leaseMs}`)
    .execute();
  return rows.map((r) => ({ id: r.id, bots: Number(r.bots ?? 0) }));
}

/** A restart: a new epoch on the same holder, which starts the bot again when it sees it. Answers the holder, if any. */
export async function bumpEpoch(db: Kysely<Database>, projectId: string): Promise<{ nodeId: string; epoch: number } | null> {
  const row = await db
    .updateTable('bot_leases')
    .set((eb) => ({ epoch: eb('epoch', '+', 1), status: 'starting' }))
    .where('project_id', '=', projectId)
    .where('expires_at', '>', databaseNow(db))
    .returning(['node_id', 'epoch'])
    .executeTakeFirst();
  return row ? { nodeId: row.node_id, epoch: Number(row.epoch) } : null;
}

/** The holder lets go of a bot it has stopped (drained, or its start refused): the bot is placed again. */
export async function releaseLease(db: Kysely<Database>, projectId: string, nodeId: string, epoch: number): Promise<void> {
  await db.deleteFrom('bot_leases').where('project_id', '=', projectId).where('node_id', '=', nodeId).where('epoch', '=', epoch).execute();
}

/** A node that closes hands back every bot it held (it has stopped them). */
export async function releaseNodeLeases(db: Kysely<Database>, nodeId: string): Promise<void> {
  await db.deleteFrom('bot_leases').where('node_id', '=', nodeId).execute();
}

/** The bot is undeployed: nobody holds it. */
export async function deleteLease(db: Kysely<Database>, projectId: string): Promise<void> {
  await db.deleteFrom('bot_leases').where('project_id', '=', projectId).execute();
}

/** What the holder says of its bot now. */
export async function saveLeaseState(db: Kysely<Database>, nodeId: string, state: Omit<LeaseState, 'nodeId'>): Promise<void> {
  await db
    .updateTable('bot_leases')
    .set({ status: state.status, next_start_at: state.nextStartAt, silent: state.silent ? 1 : 0 })
    .where('project_id', '=', state.projectId)
    .where('node_id', '=', nodeId)
    .execute();
}

/** The live leases of these bots, with what their holders last said. */
export async function leaseStatesOf(db: Kysely<Database>, projectIds: string[]): Promise<LeaseState[]> {
  if (projectIds.length === 0) return [];
  const rows = await db
    .selectFrom('bot_leases')
    .select(['project_id', 'node_id', 'status', 'next_start_at', 'silent'])
    .where('project_id', 'in', projectIds)
    .where('expires_at', '>', databaseNow(db))
    .execute();
  return rows.map((r) => ({ projectId: r.project_id, nodeId: r.node_id, status: r.status, nextStartAt: r.next_start_at === null ? null : Number(r.next_start_at), silent: Number(r.silent) === 1 }));
}
