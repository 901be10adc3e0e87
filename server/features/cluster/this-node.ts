// This process as a node of a server on PostgreSQL: its name, role and address, its lease keeper
// (heartbeats, leases, self-fencing), the wake-ups it listens for, and the tokens its runs hold in
// the database. A server on SQLite is one process and has none of this.
import { availableParallelism, freemem, loadavg, totalmem } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { SharedTokens } from '../runner/runs/runs';
import { LeaseKeeper } from './lease-keeper';
import { holdTokens, letGoOfTokens } from './held-tokens';
import { nodeIdOf } from './node-id';
import type { NodeChannel } from './node-channel';
import { migrations } from '../../../migrations';
import pkg from '../../../package.json' with { type: 'json' };

/** What /admin shows as a node's version: the release, and how many migrations its code knows (nodes of two schemas must not mix). */
export const NODE_VERSION = `${pkg.version}, schema ${Object.keys(migrations).length}`;

export type ThisNode = { id: string; keeper: LeaseKeeper; sharedTokens: SharedTokens };

/** Why a web node starts no run. */
export const WEB_NODE_REFUSAL = 'this is a web node: bots run on the runner nodes';

export function thisNode(config: Config, db: Db, channel: NodeChannel | null, log: FastifyBaseLogger, opts: { holdsBots: boolean; liveRuns: () => number }): ThisNode | null {
  if (!config.databaseUrl || !channel) return null;
  const { role, nodeUrl, leaseMs } = config.cluster;
  const id = nodeIdOf(config.dataDir);
  const keeper = new LeaseKeeper({
    db,
    // A runner whose sandbox refuses every run is no place for a bot: the others see it as a web node.
    node: { id, role: opts.holdsBots || role === 'web' ? role : 'web', url: nodeUrl, version: NODE_VERSION },
    leaseMs,
    log,
    holdsBots: opts.holdsBots,
    channel,
    load: () => ({
      runs: opts.liveRuns(),
      memoryBytes: totalmem() - freemem(),
      cpuPercent: Math.round((loadavg()[0]! / availableParallelism()) * 1000) / 10,
    }),
  });
  channel.on('bots', () => keeper.wake());
  const sharedTokens: SharedTokens = {
    hold: (run) => holdTokens(db, id, leaseMs, run),
    letGo: (runId) => void letGoOfTokens(db, runId).catch((err) => log.warn({ err }, 'a run’s tokens could not be let go of (they expire with the lease)')),
  };
  return { id, keeper, sharedTokens };
}
