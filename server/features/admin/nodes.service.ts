// The operator's view of the nodes of a server on PostgreSQL (cluster/nodes.ts): each with its role,
// address, version, heartbeat, runs, deployed bots, memory and CPU; and drain, which moves a runner's
// bots to the other runners and keeps new ones off it until it is taken back.
import type { ServiceCtx } from '../../trpc';
import { AppError } from '../../errors';
import { listNodes, setDraining } from '../cluster/nodes';
import { nodeIdOf } from '../cluster/node-id';
import type { NodeList } from '../../../shared/nodes.schema';

type Operator = Pick<ServiceCtx, 'deps'>;

export async function nodes({ deps }: Operator): Promise<NodeList> {
  if (!deps.config.databaseUrl) return { severalNodes: false, thisNode: null, nodes: [] };
  return { severalNodes: true, thisNode: nodeIdOf(deps.config.dataDir), nodes: await listNodes(deps.db, deps.config.cluster.leaseMs) };
}

export async function drain({ deps }: Operator, input: { id: string }, draining: boolean) {
  if (!deps.config.databaseUrl) throw new AppError('BAD_REQUEST', 'This server is one process on SQLite: there is no node to drain');
  const node = (await listNodes(deps.db, deps.config.cluster.leaseMs)).find((n) => n.id === input.id);
  if (!node || !(await setDraining(deps.db, input.id, draining))) throw new AppError('NOT_FOUND', 'Node not found');
  if (draining && node.role === 'web') throw new AppError('BAD_REQUEST', 'A web node runs no bots: there is nothing to drain');
  await deps.channel?.say('bots').catch(() => {});
  return { message: draining ? `Draining ${input.id}: its bots move to the other runners` : `${input.id} takes bots again` };
}
