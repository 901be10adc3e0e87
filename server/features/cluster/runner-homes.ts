// Each person's runner on a server of several nodes: where a web node sends what needs a runner's
// parts (their runs, test chats, dependency installs, builds checked in the test chat, logs), so all
// of one person's interactive work shares one runner's memory and disk, as on a single process.
// Chosen on their first such call (the live runner, not drained, that is home to the fewest people)
// and again when it stops beating or is drained. Their deployed bots are placed apart, by leases.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { databaseNow } from '../../db/dialect';

export type RunnerNode = { id: string; url: string };

/** The live runners that take work (not drained), with how many people each is home to. */
async function openRunners(db: Kysely<Database>, leaseMs: number): Promise<Array<RunnerNode & { homes: number }>> {
  const now = databaseNow(db);
  const rows = await db
    .selectFrom('nodes')
    .select((eb) => ['nodes.id', 'nodes.url', eb.selectFrom('runner_homes').whereRef('runner_homes.node_id', '=', 'nodes.id').select((e) => e.fn.countAll<number>().as('n')).as('homes')])
    .where('role', 'in', ['runner', 'all'])
    .where('draining', '=', 0)
    .where('heartbeat_at', '>', sql<number>`${now} - ${leaseMs}`)
    .execute();
  return rows.map((r) => ({ id: r.id, url: r.url, homes: Number(r.homes ?? 0) }));
}

/**
 * The person's runner, chosen now if they have none or theirs is gone or drained (`preferred` when it
 * is open: an `all` node is home to the people it serves first); null when no runner is open.
 */
export async function runnerHomeOf(db: Kysely<Database>, userId: string, leaseMs: number, preferred?: string): Promise<RunnerNode | null> {
  const runners = await openRunners(db, leaseMs);
  const current = await db.selectFrom('runner_homes').select('node_id').where('user_id', '=', userId).executeTakeFirst();
  const kept = current && runners.find((r) => r.id === current.node_id);
  if (kept) return { id: kept.id, url: kept.url };
  if (runners.length === 0) return null;
  const chosen = runners.find((r) => r.id === preferred) ?? runners.sort((a, b) => a.homes - b.homes || a.id.localeCompare(b.id))[0]!;
  // Two web nodes choosing at once: the first write wins (a home that moved on is replaced only if
  // it is still the one read), and both answer the row as it stands.
  if (current) await db.updateTable('runner_homes').set({ node_id: chosen.id }).where('user_id', '=', userId).where('node_id', '=', current.node_id).execute();
  else await db.insertInto('runner_homes').values({ user_id: userId, node_id: chosen.id }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
  const now = await db.selectFrom('runner_homes').select('node_id').where('user_id', '=', userId).executeTakeFirst();
  const home = runners.find((r) => r.id === now?.node_id);
  return home ? { id: home.id, url: home.url } : { id: chosen.id, url: chosen.url };
}
