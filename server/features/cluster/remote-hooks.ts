// A webhook that reaches a node where its bot does not run (a web node, or another runner) goes on to
// the node that runs the bot's newest live run, at the address that node registered (NODE_URL, never
// one a caller chooses), signed so that node answers it itself and never passes it on again.
import { connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { Deps } from '../../deps';
import type { HookTarget } from '../runner/hooks/hook-targets';
import { aliveNodeUrls } from './nodes';
import { nodeIdOf } from './node-id';
import { NODE_HEADER, isSignedByNode, nodeSignature } from './node-auth';

/** Whether this webhook request was passed on by another node (it is then answered here, or not at all). */
export function passedOnByNode(deps: Pick<Deps, 'config'>, headers: Record<string, string | string[] | undefined>, rawUrl: string): boolean {
  return isSignedByNode(deps.config.cluster.secret, headers[NODE_HEADER], `hook ${rawUrl}`);
}

/** The way to the node that runs the project's newest live run, when that is another node; else null. */
export async function remoteHookTarget(deps: Deps, projectId: string, rawUrl: string): Promise<HookTarget | null> {
  if (!deps.config.databaseUrl) return null;
  const self = nodeIdOf(deps.config.dataDir);
  const nodes = (await deps.runRecords.liveRunNodes(projectId)).filter((id) => id !== self);
  const [url] = await aliveNodeUrls(deps.db, nodes, deps.config.cluster.leaseMs);
  if (!url) return null;
  const node = new URL(url);
  const secure = node.protocol === 'https:';
  const port = Number(node.port || (secure ? 443 : 80));
  return {
    projectId,
    userId: '',
    fileId: '',
    startedAt: 0,
    port,
    connect: (): Socket => (secure ? tlsConnect({ host: node.hostname, port, servername: node.hostname }) : tcpConnect(port, node.hostname)),
    headers: { [NODE_HEADER]: nodeSignature(deps.config.cluster.secret, `hook ${rawUrl}`) },
  };
}
