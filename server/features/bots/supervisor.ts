// Always-on bots. A deployed bot's desired state is a row of `deployments` (migrations/011); this
// supervisor, in the server's process, makes the runs match it: it starts every deployed bot when
// the server starts (reconcile), starts a bot again when its run ends (backoff.ts), and lets go of a
// bot when the person undeploys it or presses Stop. Deploy and restart are the person's starts and
// spend their run-start budget; the supervisor's own starts are paced by the backoff instead. It
// reads each deployed bot's processes every little while, so a bot that is up but has printed
// nothing and had no network traffic for `silentAfterMs` is flagged 'silent' (a hung bot; it is
// not restarted). On a server that refuses runs (its sandbox is not what HOST and RUNNER_SANDBOX
// ask for) deployed bots are 'refused': each is tried once at start-up, keeps the refusal as its
// last exit, and is not tried again (nothing changes before the server restarts). What a second machine would need to take over
// (which bots should run, their restarts and last exit) is in the database, not in memory.
//
// On a server of several nodes (PostgreSQL), a bot runs on the runner that holds its lease
// (cluster/lease-keeper.ts): deploy and restart place it, and this supervisor starts only the bots its
// node holds, and stops the ones its node loses.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { RunEnded, Runs } from '../runner/runs/runs';
import { SandboxUnavailableError } from '../runner/sandbox';
import { isProjectFile } from '../workspace/files';
import { Backoff } from './backoff';
import type { HeldBotsHandler, LeaseKeeper } from '../cluster/lease-keeper';
import type { HeldBot } from '../cluster/bot-leases';
import {
  allDeployments,
  countDeployments,
  deleteDeployment,
  deployedFileIds,
  deployedFileOf,
  deploymentOf,
  deploymentOfFile,
  recordFailedStart,
  recordRestart,
  saveDeployment,
  type Deployment,
} from './deployments';

export type SupervisorOptions = {
  db: Kysely<Database>;
  runs: Runs;
  log: FastifyBaseLogger;
  maxDeployedPerUser: number;
  /** A running deployed bot quiet for this long is flagged silent; 0 = never. */
  silentAfterMs: number;
  /** Starts the saved file as a supervised live run (runs/run.service.ts). */
  start: (userId: string, fileId: string) => Promise<void>;
  now?: () => number;
  /** A server of several nodes: which bots this node holds (none given: this process runs every deployed bot). */
  leases?: LeaseKeeper;
  /** A web node: it runs no bot, and its deploys go to the runners. */
  webNode?: boolean;
};

export type DeployedState = { status: 'running' | 'starting' | 'crashing' | 'refused'; nextStartAt: number | null; silent: boolean };

/** How often deployed bots' processes are read (more often when the silent time is short). */
const MAX_READING_EVERY_MS = 30_000;

export class Supervisor {
  private readonly timers = new Map<string, { timer: NodeJS.Timeout; at: number }>();
  private readonly backoffs = new Map<string, Backoff>();
  private readonly now: () => number;
  private closing = false;
  private readonly unsubscribe: () => void;
  private readonly readings: NodeJS.Timeout | null;

  constructor(private readonly options: SupervisorOptions) {
    this.now = options.now ?? Date.now;
    this.unsubscribe = options.runs.onEnded((ended) => void this.ended(ended));
    // The network moves only between two readings: read often enough to see it within the silent time.
    this.readings = options.silentAfterMs > 0 ? setInterval(() => void this.readDeployed(), Math.max(1000, Math.min(MAX_READING_EVERY_MS, options.silentAfterMs / 4))) : null;
    this.readings?.unref();
  }

  /** Starts every deployed bot (server start-up); a bot that cannot start now is retried later. */
  /**
   * On several nodes, the lease keeper that places the bots; null on one process, and on a runner
   * whose sandbox refuses every run, which answers as one process does (each start refused, with why).
   */
  private get leases(): LeaseKeeper | null {
    const { leases, runs, webNode } = this.options;
    return leases && (webNode || runs.refusal === null) ? leases : null;
  }

  async reconcile(): Promise<number> {
    if (this.options.leases) {
      await this.options.leases.start(this.leases && this.options.runs.refusal === null ? this.heldBots() : null);
      if (this.leases) return countDeployments(this.options.db);
    }
    const rows = await allDeployments(this.options.db);
    await Promise.all(rows.map((row) => this.startNow(row)));
    if (rows.length > 0) this.options.log.info({ bots: rows.length }, 'deployed bots started');
    return rows.length;
  }

  /** Makes the bot always on with this file of it, and starts it (restarting it if it runs). */
  async deploy(userId: string, projectId: string, fileId: string): Promise<void> {
    const { db } = this.options;
    if (!(await isProjectFile(db, { userId, projectId, fileId }))) throw new AppError('NOT_FOUND', 'File not found');
    const previous = await deployedFileOf(db, projectId);
    if (previous === undefined && (await countDeployments(db, userId)) >= this.options.maxDeployedPerUser) {
      throw new AppError('TOO_MANY_REQUESTS', `You can have at most ${this.options.maxDeployedPerUser} bots deployed. Undeploy one to deploy another.`);
    }
    // The person starts a sandbox: it counts toward their starts a minute, refused before anything changes.
    this.options.runs.spendStart(userId);
    await saveDeployment(db, { project_id: projectId, user_id: userId, file_id: fileId, deployedAt: new Date(this.now()).toISOString() });
    this.forget(projectId);
    // On several nodes: placed on a runner, which starts it (this one, or another told at once).
    const placed = this.leases ? await this.leases.place({ projectId, userId, fileId }) : 'here';
    // Another file of the bot was the deployed one: it stops being always on.
    if (previous !== undefined && previous !== fileId) await this.options.runs.stop(userId, previous, 'restart');
    if (placed === 'nowhere') {
      // No runner is alive and taking bots: nothing deployed, as when a bot cannot start.
      await deleteDeployment(db, projectId);
      throw new AppError('SERVICE_UNAVAILABLE', 'No runner can take the bot right now, so it was not deployed. Please try again in a minute.');
    }
    if (placed !== 'here') return;
    try {
      await this.options.start(userId, fileId);
    } catch (err) {
      // Nothing deployed when it cannot start (a token in use, an install running, the server full).
      await deleteDeployment(db, projectId);
      await this.leases?.release(projectId);
      throw err;
    }
  }

  /** The bot stops being always on, and stops. */
  async undeploy(userId: string, projectId: string): Promise<void> {
    const row = await this.deploymentOf(userId, projectId);
    await deleteDeployment(this.options.db, projectId);
    await this.leases?.release(projectId);
    this.forget(projectId);
    await this.options.runs.stop(userId, row.file_id, 'restart');
  }

  /** Starts the deployed bot again now (a new process; the old one is gone first). */
  async restart(userId: string, projectId: string): Promise<void> {
    const row = await this.deploymentOf(userId, projectId);
    this.options.runs.spendStart(userId);
    this.forget(projectId);
    const placed = this.leases ? await this.leases.restart({ projectId, userId, fileId: row.file_id }) : 'here';
    if (placed === 'here') await this.options.start(userId, row.file_id);
  }

  /** What this node does with the bots its lease keeper gives it and takes from it. */
  private heldBots(): HeldBotsHandler {
    const rowOf = (bot: HeldBot): Deployment => ({ project_id: bot.projectId, user_id: bot.userId, file_id: bot.fileId });
    return {
      take: async (bot, previous) => {
        this.forget(bot.projectId);
        if (previous && previous.fileId !== bot.fileId) await this.options.runs.stop(previous.userId, previous.fileId, 'restart');
        await this.startNow(rowOf(bot), true);
      },
      letGo: async (bot) => {
        this.forget(bot.projectId);
        await this.options.runs.stop(bot.userId, bot.fileId, 'restart');
      },
      state: (bot) => this.state(bot.projectId, bot.fileId),
      fence: async () => {
        for (const projectId of [...this.timers.keys()]) this.forget(projectId);
        return this.options.runs.stopAll();
      },
    };
  }

  /** Whether this node runs the deployed bot (on several nodes, the one holding its lease does). */
  runsHere(projectId: string): boolean {
    return !this.leases || this.leases.holds(projectId);
  }

  /** What the supervisor knows of a deployed bot now. */
  state(projectId: string, fileId: string): DeployedState {
    if (this.options.runs.refusal) return { status: 'refused', nextStartAt: null, silent: false };
    const waiting = this.timers.get(projectId);
    const crashing = this.backoffs.get(projectId)?.crashing(this.now()) ?? false;
    if (crashing) return { status: 'crashing', nextStartAt: waiting?.at ?? null, silent: false };
    if (this.options.runs.live(fileId)?.running) return { status: 'running', nextStartAt: null, silent: this.silent(fileId) };
    return { status: 'starting', nextStartAt: waiting?.at ?? null, silent: false };
  }

  private silent(fileId: string): boolean {
    const { silentAfterMs } = this.options;
    const usage = silentAfterMs > 0 ? this.options.runs.usage(fileId) : null;
    return usage !== null && this.now() - usage.lastActiveAt >= silentAfterMs;
  }

  private async readDeployed(): Promise<void> {
    if (this.closing) return;
    const fileIds = await deployedFileIds(this.options.db).catch(() => []);
    for (const fileId of fileIds) this.options.runs.usage(fileId);
  }

  /** Server shutdown: the runs end, the bots stay deployed. */
  close(): void {
    this.closing = true;
    this.options.leases?.close();
    this.unsubscribe();
    if (this.readings) clearInterval(this.readings);
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** After close, once the runs have ended: on several nodes, the bots this node held go to other runners at once. */
  async handBack(): Promise<void> {
    await this.options.leases?.handBack();
  }

  private async deploymentOf(userId: string, projectId: string): Promise<Deployment> {
    const row = await deploymentOf(this.options.db, userId, projectId);
    if (!row) throw new AppError('NOT_FOUND', 'This bot is not deployed');
    return row;
  }

  private forget(projectId: string): void {
    const waiting = this.timers.get(projectId);
    if (waiting) clearTimeout(waiting.timer);
    this.timers.delete(projectId);
    this.backoffs.delete(projectId);
  }

  private async ended(ended: RunEnded): Promise<void> {
    if (this.closing || ended.mode !== 'live' || ended.endedBy === 'restart' || ended.endedBy === 'server') return;
    const row = await deploymentOfFile(this.options.db, ended.fileId);
    if (!row || this.closing) return;
    if (ended.endedBy === 'person') {
      // Stop on a deployed bot: the person wants it off, so it is no longer always on.
      await deleteDeployment(this.options.db, row.project_id);
      await this.leases?.release(row.project_id);
      this.forget(row.project_id);
      this.options.log.info({ projectId: row.project_id }, 'a deployed bot was stopped by its owner: undeployed');
      return;
    }
    // Another node holds it now (this one lost its lease while it ran).
    if (this.leases && !this.leases.holds(row.project_id)) return;
    const now = this.now();
    const backoff = this.backoffs.get(row.project_id) ?? new Backoff();
    this.backoffs.set(row.project_id, backoff);
    const delay = backoff.crashed(ended.startedAt, now);
    await recordRestart(this.options.db, row.project_id, { message: ended.exit.message, at: new Date(ended.exit.at).toISOString() });
    this.options.log.warn({ projectId: row.project_id, delayMs: delay, crashing: backoff.crashing(now) }, 'a deployed bot ended: starting it again');
    this.schedule(row, delay);
  }

  private schedule(row: Deployment, delayMs: number): void {
    const waiting = this.timers.get(row.project_id);
    if (waiting) clearTimeout(waiting.timer);
    const timer = setTimeout(() => {
      this.timers.delete(row.project_id);
      void this.startNow(row);
    }, delayMs);
    timer.unref();
    this.timers.set(row.project_id, { timer, at: this.now() + delayMs });
  }

  /**
   * Starts a deployed bot if it is still deployed (and, on several nodes, held here); when it cannot
   * start, tries again with backoff. `evenIfLive`: a new epoch, so a run of it is started again.
   */
  private async startNow(row: Deployment, evenIfLive = false): Promise<void> {
    if (this.closing) return;
    if (this.leases && !this.leases.holds(row.project_id)) return;
    const still = await deployedFileOf(this.options.db, row.project_id);
    if (still === undefined || (this.options.runs.live(still) && !evenIfLive)) return;
    try {
      await this.options.start(row.user_id, still);
    } catch (err) {
      if (err instanceof SandboxUnavailableError) {
        // The server refuses every run for its whole life: trying again would only fill the log.
        await recordFailedStart(this.options.db, row.project_id, { message: `The bot could not be started: ${err.message}`, at: new Date(this.now()).toISOString() });
        this.options.log.warn({ projectId: row.project_id }, 'a deployed bot was not started: this server refuses runs (see "Runner sandbox" above)');
        return;
      }
      const backoff = this.backoffs.get(row.project_id) ?? new Backoff();
      this.backoffs.set(row.project_id, backoff);
      const delay = backoff.crashed(this.now(), this.now());
      const message = err instanceof AppError ? err.message : 'the bot could not be started';
      await recordFailedStart(this.options.db, row.project_id, { message: `The bot could not be started: ${message}`, at: new Date(this.now()).toISOString() });
      this.options.log.warn({ projectId: row.project_id, err: message, delayMs: delay }, 'a deployed bot could not start: trying again later');
      this.schedule({ ...row, file_id: still }, delay);
    }
  }
}
