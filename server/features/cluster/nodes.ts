// The `nodes` table (migrations/018): every node of the server, with its role, the address the other
// nodes reach it at, its version, its last heartbeat (on the database's clock) and its load. A node
// is alive while its heartbeat is younger than one lease time. Every query on it.
import { sql, type Kysely } from 'kysely';
import type { Database, NodesTable } from '../../db/schema';
import { databaseNow } from '../../db/dialect';
import type { ClusterConfig } from '../../config';

export type NodeIdentity = { id: string; role: ClusterConfig['role']; url: string; version: string };
export type NodeLoad = { runs: number; memoryBytes: number; cpuPercent: number };

/** A node as /admin shows it. */
export type NodeRow = {
  id: string;
  role: NodesTable['role'];
  url: string;
  version: string;
  startedAt: number;
  heartbeatAt: number;
  alive: boolean;
  draining: boolean;
  runs: number;
  bots: number;
  memoryBytes: number;
  cpuPercent: number;
};

/** Says this node is alive with this load (its first beat also says when it started); answers whether it is being drained. */
export async function heartbeat(db: Kysely<Database>, node: NodeIdentity, load: NodeLoad, first: boolean): Promise<{ draining: boolean }> {
  const now = databaseNow(db);
  const row = await db
    .insertInto('nodes')
    .values({ id: node.id, role: node.role, url: node.url, version: node.version, started_at: now, heartbeat_at: now, runs: load.runs, memory_bytes: load.memoryBytes, cpu_percent: load.cpuPercent })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        role: node.role,
        url: node.url,
        version: node.version,
        heartbeat_at: now,
        runs: load.runs,
        memory_bytes: load.memoryBytes,
        cpu_percent: load.cpuPercent,
        ...(first ? { started_at: now, draining: 0 } : {}),
      }),
    )
    .returning('draining')
    .executeTakeFirstOrThrow();
  return { draining: Number(row.draining) === 1 };
}

/** Every node, alive or not, with the bots it holds now; the newest heartbeat first. */
export async function listNodes(db: Kysely<Database>, leaseMs: number): Promise<NodeRow[]> {
  const now = databaseNow(db);
  const rows = await db
    .selectFrom('nodes')
    .selectAll('nodes')
    .select((eb) => [
      sql<number>`${now}`.as('now'),
      eb.selectFrom('bot_leases').whereRef('bot_leases.node_id', '=', 'nodes.id').where('bot_leases.expires_at', '>', now).select((e) => e.fn.countAll<number>().as('n')).as('bots'),
    ])
    .orderBy('heartbeat_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    role: r.role,
    url: r.url,
    version: r.version,
    startedAt: Number(r.started_at),
    heartbeatAt: Number(r.heartbeat_at),
    alive: Number(r.now) - Number(r.heartbeat_at) < leaseMs,
    draining: Number(r.draining) === 1,
    runs: Number(r.runs),
    bots: Number(r.bots ?? 0),
    memoryBytes: Number(r.memory_bytes),
    cpuPercent: Number(r.cpu_percent),
  }));
}

/** Marks a node drained (its bots move, it takes no new ones) or takes it back; false when there is no such node. */
export async function setDraining(db: Kysely<Database>, id: string, draining: boolean): Promise<boolean> {
  const result = await db.updateTable('nodes').set({ draining: draining ? 1 : 0 }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Forgets a node that is gone (its heartbeat older than `olderThanMs`); false when it is alive or unknown. */
export async function forgetNode(db: Kysely<Database>, id: string, olderThanMs: number): Promise<boolean> {
  const result = await db
    .deleteFrom('nodes')
    .where('id', '=', id)
    .where('heartbeat_at', '<', sql<number>`${databaseNow(db)} - ${olderThanMs}`)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The address of each of these nodes that is alive, in the order asked. */
export async function aliveNodeUrls(db: Kysely<Database>, ids: string[], leaseMs: number): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('nodes')
    .select(['id', 'url'])
    .where('id', 'in', ids)
    .where('heartbeat_at', '>', sql<number>`${databaseNow(db)} - ${leaseMs}`)
    .execute();
  return ids.flatMap((id) => rows.filter((r) => r.id === id).map((r) => r.url));
}

/** A node that stops says so: from now it is not alive for the others (its heartbeat a lease time old). */
export async function leaveNodes(db: Kysely<Database>, id: string, leaseMs: number): Promise<void> {
  await db.updateTable('nodes').set({ heartbeat_at: sql<number>`${databaseNow(db)} - ${leaseMs}` }).where('id', '=', id).execute();
}
