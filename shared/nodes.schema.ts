// The nodes of a server on several machines, as /admin shows them: the payloads shared by tRPC, REST
// and the client.
import { z } from 'zod';

export const nodeIdInput = z.strictObject({ id: z.string().trim().min(1, { error: 'Node id is required' }).max(100, { error: 'Node id is too long' }) });

export const nodeSummary = z.object({
  id: z.string(),
  role: z.enum(['all', 'web', 'runner']),
  url: z.string(),
  version: z.string(),
  /** Unix milliseconds, on the database's clock. */
  startedAt: z.number(),
  heartbeatAt: z.number(),
  /** Its heartbeat is younger than one lease time. */
  alive: z.boolean(),
  draining: z.boolean(),
  /** Runs live on it now, and deployed bots it holds. */
  runs: z.number(),
  bots: z.number(),
  /** The machine's memory in use, and its load as a share of its cores. */
  memoryBytes: z.number(),
  cpuPercent: z.number(),
});
export type NodeSummary = z.infer<typeof nodeSummary>;

export const nodeList = z.object({
  /** False on SQLite: one process is the whole server, and there are no nodes to show. */
  severalNodes: z.boolean(),
  /** This node (the one that answered). */
  thisNode: z.string().nullable(),
  nodes: z.array(nodeSummary),
});
export type NodeList = z.infer<typeof nodeList>;
