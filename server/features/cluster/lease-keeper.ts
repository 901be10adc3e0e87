// A node's side of a server on several machines. Every node beats in `nodes` (cluster/nodes.ts) each
// third of a lease time. A node that runs bots also, in the same beat: renews its bots' leases and its
// runs' token claims, starts the bots it was given and stops the ones it lost (undeployed, or taken by
// another runner after it failed to renew), places the bots nobody holds, and, when it is being
// drained, stops its bots one by one and hands their leases back.
//
// Self-fencing: each renewal holds for one lease time from when it was asked (the database's clock
// reads later, so the lease in the database ends later still). If no renewal succeeds before
// `leaseMs - fenceMarginMs` has passed since the last good one was asked, the node kills every run it
// has: by the time another runner may take a lease, its bots are gone. So two copies of one bot, or
// two runs with one token, never run at once.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DeployedState } from '../bots/supervisor';
import { heartbeat, leaveNodes, type NodeIdentity, type NodeLoad } from './nodes';
import { bumpEpoch, deleteLease, placeUnheld, releaseLease, releaseNodeLeases, renewLeases, saveLeaseState, type HeldBot } from './bot-leases';
import { renewTokens } from './held-tokens';
import type { NodeChannel } from './node-channel';

/** What the keeper asks of the node's supervisor. */
export type HeldBotsHandler = {
  /** Starts this bot (again): it was placed here, or restarted under a new epoch (`previous`: what this node ran of it until now). */
  take(bot: HeldBot, previous: HeldBot | undefined): Promise<void>;
  /** Stops this bot here: its lease is gone, or is being handed back. */
  letGo(bot: HeldBot): Promise<void>;
  state(bot: HeldBot): DeployedState;
  /** Kills every run of this node now; answers how many there were. */
  fence(): Promise<number>;
};

export type LeaseKeeperOptions = {
  db: Kysely<Database>;
  node: NodeIdentity;
  leaseMs: number;
  log: FastifyBaseLogger;
  /** A web node beats and places nothing; a runner (or 'all') holds bots. */
  holdsBots: boolean;
  load: () => NodeLoad;
  channel?: NodeChannel;
};

/** Where a bot was placed, from this node's point of view. */
export type Placed = 'here' | 'elsewhere' | 'nowhere';

export class LeaseKeeper {
  private readonly held = new Map<string, HeldBot>();
  private readonly published = new Map<string, string>();
  private handler: HeldBotsHandler | null = null;
  private timer: NodeJS.Timeout | null = null;
  private fenceTimer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private again = false;
  private first = true;
  private failing = false;
  private closed = false;

  constructor(private readonly options: LeaseKeeperOptions) {}

  get nodeId(): string {
    return this.options.node.id;
  }

  /** Whether this node holds the bot's lease now (a crashed run of it is started again only then). */
  holds(projectId: string): boolean {
    return this.held.has(projectId);
  }

  private readonly alsoEachBeat: Array<() => Promise<unknown>> = [];

  /** Work a runner does at each beat too, after placing (ending the runs of nodes that are gone). */
  eachBeat(work: () => Promise<unknown>): void {
    this.alsoEachBeat.push(work);
  }

  /** Begins beating; the handler is told of the bots this node is given and loses. */
  start(handler: HeldBotsHandler | null): Promise<void> {
    this.handler = handler;
    const every = Math.max(200, Math.floor(this.options.leaseMs / 3));
    this.timer = setInterval(() => void this.tick(), every);
    this.timer.unref();
    return this.tick();
  }

  /** Looks at the leases now (a wake-up from another node). */
  wake(): void {
    void this.tick();
  }

  /** Places a just-deployed bot (or makes its holder start it again with a new file): here, on another runner, or nowhere yet. */
  async place(bot: Omit<HeldBot, 'epoch'>): Promise<Placed> {
    const { db, leaseMs } = this.options;
    const placed = (await placeUnheld(db, leaseMs, bot.projectId))[0] ?? (await bumpEpoch(db, bot.projectId));
    return this.landed(bot, placed);
  }

  /** A restart: the holder starts the bot again under a new epoch. */
  async restart(bot: Omit<HeldBot, 'epoch'>): Promise<Placed> {
    const placed = (await bumpEpoch(this.options.db, bot.projectId)) ?? (await placeUnheld(this.options.db, this.options.leaseMs, bot.projectId))[0];
    return this.landed(bot, placed);
  }

  private async landed(bot: Omit<HeldBot, 'epoch'>, placed: { nodeId: string; epoch: number } | undefined | null): Promise<Placed> {
    if (!placed) return 'nowhere';
    if (placed.nodeId === this.nodeId && this.options.holdsBots) {
      this.held.set(bot.projectId, { ...bot, epoch: placed.epoch });
      return 'here';
    }
    await this.wakeRunners();
    return 'elsewhere';
  }

  /** The bot is undeployed: its lease goes, and its holder stops it. */
  async release(projectId: string): Promise<void> {
    this.held.delete(projectId);
    this.published.delete(projectId);
    await deleteLease(this.options.db, projectId);
    await this.wakeRunners();
  }

  /** Tells the runners to look at their leases now. */
  private async wakeRunners(): Promise<void> {
    await this.options.channel?.say('bots').catch(() => {});
  }

  /** One beat; a beat asked for while one runs happens right after it. */
  tick(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.ticking) {
      this.again = true;
      return this.ticking;
    }
    this.ticking = this.beat()
      .catch((err) => this.failed(err))
      .finally(() => {
        this.ticking = null;
        if (this.again && !this.closed) {
          this.again = false;
          void this.tick();
        }
      });
    return this.ticking;
  }

  private async beat(): Promise<void> {
    const { db, node, leaseMs, holdsBots } = this.options;
    const askedAt = performance.now();
    void this.options.channel?.ensure();
    const { draining } = await withTimeout(heartbeat(db, node, this.options.load(), this.first), leaseMs);
    this.first = false;
    if (!holdsBots) return this.recovered();
    const bots = await withTimeout(renewLeases(db, node.id, leaseMs), leaseMs);
    await withTimeout(renewTokens(db, node.id, leaseMs), leaseMs);
    this.renewed(askedAt);
    this.recovered();
    await this.follow(bots, draining);
    if (!draining && (await placeUnheld(db, leaseMs)).some((p) => p.nodeId === node.id)) this.again = true;
    await this.publish();
    for (const work of this.alsoEachBeat) await work();
  }

  /** Starts what this node was given, stops what it lost; a drained node hands its bots back. */
  private async follow(bots: HeldBot[], draining: boolean): Promise<void> {
    const handler = this.handler;
    if (!handler) return;
    const now = new Map(bots.map((b) => [b.projectId, b]));
    for (const [projectId, mine] of this.held) {
      if (now.has(projectId)) continue;
      this.held.delete(projectId);
      this.published.delete(projectId);
      await handler.letGo(mine);
    }
    for (const bot of bots) {
      if (draining) {
        this.held.delete(bot.projectId);
        await handler.letGo(bot);
        await releaseLease(this.options.db, bot.projectId, this.nodeId, bot.epoch);
        this.options.log.info({ projectId: bot.projectId }, 'drained: a deployed bot was stopped here and handed back');
        await this.wakeRunners();
        continue;
      }
      const mine = this.held.get(bot.projectId);
      if (mine && mine.epoch === bot.epoch && mine.fileId === bot.fileId) continue;
      this.held.set(bot.projectId, bot);
      await handler.take(bot, mine);
    }
  }

  /** Says what changed in each held bot's state, for /bots on every node. */
  private async publish(): Promise<void> {
    if (!this.handler) return;
    for (const bot of this.held.values()) {
      const state = this.handler.state(bot);
      const said = JSON.stringify(state);
      if (this.published.get(bot.projectId) === said) continue;
      await saveLeaseState(this.options.db, this.nodeId, { projectId: bot.projectId, status: state.status, nextStartAt: state.nextStartAt, silent: state.silent });
      this.published.set(bot.projectId, said);
    }
  }

  /** A renewal asked at `askedAt` went through: the fence moves to one lease time after it, less the margin. */
  private renewed(askedAt: number): void {
    if (this.fenceTimer) clearTimeout(this.fenceTimer);
    const fenceAt = askedAt + this.options.leaseMs - fenceMargin(this.options.leaseMs);
    this.fenceTimer = setTimeout(() => void this.fence(), Math.max(0, fenceAt - performance.now()));
    this.fenceTimer.unref();
  }

  private async fence(): Promise<void> {
    this.fenceTimer = null;
    const bots = this.held.size;
    this.held.clear();
    this.published.clear();
    const runs = (await this.handler?.fence()) ?? 0;
    if (runs > 0 || bots > 0) {
      this.options.log.error({ runs, bots }, 'this node could not renew its leases in time: it stopped its runs, so another runner can take its bots without two copies running');
    }
  }

  private failed(err: unknown): void {
    if (!this.failing) this.options.log.warn({ err }, 'this node could not reach the database to renew its leases (it tries again at its next beat)');
    this.failing = true;
  }

  private recovered(): void {
    if (this.failing) this.options.log.info('this node reaches the database again');
    this.failing = false;
  }

  /** The server is closing and its runs have ended: its bots' leases go, so other runners take them at once. */
  async handBack(): Promise<void> {
    if (this.options.holdsBots) {
      this.held.clear();
      await releaseNodeLeases(this.options.db, this.nodeId);
      await this.wakeRunners();
    }
    // Not alive for the others from now: people whose runner this was move on their next call.
    await leaveNodes(this.options.db, this.nodeId, this.options.leaseMs);
  }

  /** Stops beating (the server is closing: its runs end with it). */
  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.fenceTimer) clearTimeout(this.fenceTimer);
  }
}

/** How long before a lease could expire a node stops its runs: time to kill them, and a clock that runs a little fast. */
export function fenceMargin(leaseMs: number): number {
  return Math.min(3000, Math.max(300, Math.floor(leaseMs / 4)));
}

/** A query that hangs (the database's machine unreachable) fails after `ms`; the fence does not wait for it. */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the database in ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
