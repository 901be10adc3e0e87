// The server's runs. A run belongs to the server, not to a browser tab: it lives on when every
// viewer is gone, viewers attach and detach freely (getting the last lines replayed), and it ends
// by its own exit, by Stop, or by a limit (memory, wall clock, output volume), which every viewer
// is told. One run per file (Start on a running file restarts it, the old process gone before the new
// one starts), one run per platform token (token-claims.ts), a few runs per person.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../../errors';
import type { RunnerConfig } from '../../../config';
import type { ExitReason, RunSummary } from '../../../../shared/runner.schema';
import type { Sandbox, SandboxExit, SandboxLimits, SandboxSpec, SandboxedProcess } from '../sandbox/sandbox';
import { SandboxUnavailableError } from '../sandbox';
import { DEFAULT_OUTPUT_LIMITS, type OutputLimits } from './run-output';
import { newRun, summaryOf, type BotLaunch, type EndedBy, type Run, type RunClaims, type RunExit, type RunInput, type RunMode, type RunViewer } from './run-state';

// What a run is, said once in run-state.ts, named here too for the callers of Runs.
export type { EndedBy, RunClaims, RunExit, RunMode, RunViewer };
import { newRunId, type KeptLogs } from '../logs/run-logs';
import { endingLines, exitMessage, limitMessage } from './exit-messages';
import type { RunRecords } from './run-records';

/** What a run starts from: the bot's sandbox spec, and what to let go of when it ends. */
export type RunLaunch = BotLaunch & Pick<SandboxSpec, 'hosts' | 'bridge'> & { release?: () => void };

/** Told once per run when it has ended (the deploy supervisor listens). */
export type RunEnded = { userId: string; fileId: string; mode: RunMode; supervised: boolean; startedAt: number; exit: RunExit; endedBy: EndedBy | null };

/** Told when one of a person's runs starts or ends (run-socket.ts pushes it to their pages). */
export type RunChangeListener = (userId: string, run: RunSummary) => void;

/** What a live run uses now, and when it last did something a person could see. */
export type RunUsage = { memoryBytes: number; cpuPercent: number; lastActiveAt: number };

/** Readings closer together than this give the previous figures (CPU over a few ms is noise). */
const MIN_READING_GAP_MS = 1000;

/** Starts (and restarts) one person may make in a minute (docs/security.md "Rate limits"). */
export const RUN_STARTS_PER_MINUTE = 10;

export type RunsOptions = {
  sandbox: Sandbox;
  config: RunnerConfig;
  limits: SandboxLimits;
  log: FastifyBaseLogger;
  now?: () => number;
  outputLimits?: OutputLimits;
  /** Where each run's lines are kept on disk, per bot (logs/run-logs.ts); without it only the ring. */
  logs?: KeptLogs;
  /** Where each run is kept as a row (run-records.ts). */
  records?: RunRecords;
  /** How long an ended run stays attachable (its last lines and exit). */
  keepEndedMs?: number;
  /** On a server of several nodes: the tokens every node's runs hold. Without it, this process's runs are all there is. */
  sharedTokens?: SharedTokens;
  /** Why this node runs no bot at all (a web node): every start is refused with it. */
  refusal?: string;
};

/** Why a start is refused: another live run holds one of its platform tokens. */
export function tokenInUse(yours: boolean, botName: string, filename?: string): string {
  return yours
    ? `This token is already used by your bot '${botName}'${filename ? ` (${filename})` : ''}. Stop it first: two copies of a bot with one token make the platform refuse one of them.`
    : 'This token is already used by another bot on this server. Each bot needs a token of its own: create another one for this bot.';
}

/** Platform tokens held across every node of a server on PostgreSQL (cluster/held-tokens.ts). */
export type SharedTokens = {
  /** Takes the tokens for this run, or answers who holds one of them. */
  hold(run: { runId: string; fileId: string; userId: string; botName: string; tokens: string[] }): Promise<{ userId: string; botName: string } | null>;
  /** The run has ended (its tokens are free). */
  letGo(runId: string): void;
};

export class Runs {
  private readonly runs = new Map<string, Run>();
  /** When each person started runs within the last minute. */
  private readonly starts = new Map<string, number[]>();
  private readonly now: () => number;
  private closed = false;
  private readonly endedListeners = new Set<(ended: RunEnded) => void>();
  private readonly changeListeners = new Set<RunChangeListener>();

  constructor(private readonly options: RunsOptions) {
    this.now = options.now ?? Date.now;
  }

  private outputLimits(): OutputLimits {
    const lps = this.options.config.logLinesPerSecond;
    return this.options.outputLimits ?? { ...DEFAULT_OUTPUT_LIMITS, linesPerSecond: lps, burstLines: lps * 5 };
  }

  /** Why this server refuses every run (its sandbox is not what HOST and RUNNER_SANDBOX ask for), or null. */
  get refusal(): string | null {
    return this.options.refusal ?? this.options.sandbox.policy.refusal;
  }

  /** The person's runs, live and recently ended. */
  list(userId: string): RunSummary[] {
    return [...this.runs.values()].filter((r) => r.userId === userId).map(summaryOf);
  }

  /** Starts a file (restarting it if it runs). `launch` is built only once the run may start. */
  async start(input: RunInput, launch: () => Promise<RunLaunch>): Promise<void> {
    this.admitStart(input);
    // A restart: the file's live run ends first. Checked again after each wait, and nothing awaited
    // from the last check to keeping the new run: of two starts sent back to back, the second finds
    // the first's run and ends it, so never do two processes of one file (one token) run at once.
    let runId: string;
    for (;;) {
      for (let previous = this.liveRunOf(input.fileId); previous; previous = this.liveRunOf(input.fileId)) {
        if (previous.userId !== input.userId) throw new AppError('NOT_FOUND', 'File not found');
        await this.end(previous, 'stopped', this.options.config.stopGraceMs, 'restart');
      }
      this.assertRoomFor(input);
      runId = newRunId();
      if (!this.options.sharedTokens || !input.claims?.tokens.length) break;
      // The other nodes' runs hold tokens too: asked of the database, then checked again here, since
      // a start of this file may have come while waiting (it ends first, as above).
      await this.holdSharedTokens(input, input.claims, runId);
      if (!this.liveRunOf(input.fileId)) break;
    }
    const { run, settle } = newRun(input, runId, {
      now: this.now,
      limits: this.outputLimits(),
      record: input.projectId ? this.options.logs?.recorder(input.projectId, runId) : undefined,
      onVolumeExceeded: (r) => void this.end(r, 'output'),
    });
    this.runs.set(input.fileId, run);
    this.changed(run);
    if (run.projectId) {
      this.options.records?.started({ id: runId, projectId: run.projectId, fileId: run.fileId, userId: run.userId, filename: run.filename, mode: run.mode, supervised: run.supervised, startedAt: run.startedAt });
    }
    run.output.log('Starting execution');
    run.output.log(`Running ${input.filename}`);
    await this.launch(run, launch, settle);
  }

  /** Whether the server takes runs and the person has starts left (every attempt counts). */
  private admitStart(input: RunInput): void {
    if (this.closed) throw new AppError('SERVICE_UNAVAILABLE', 'The server is shutting down');
    // Before anything counts or is kept: a server that refuses runs refuses them all, for its whole life.
    if (this.refusal) throw new SandboxUnavailableError(this.refusal);
    // A supervised start is either a person's deploy or restart, which spent the budget before
    // changing anything (deploy/supervisor.ts), or a restart after a crash, paced by the backoff.
    if (!input.supervised) this.spendStart(input.userId);
  }

  private liveRunOf(fileId: string): Run | null {
    const run = this.runs.get(fileId);
    return run && run.status !== 'exited' ? run : null;
  }

  /** The person's runs at once, the server's ceiling, and the run's tokens free. */
  private assertRoomFor(input: RunInput): void {
    const live = [...this.runs.values()].filter((r) => r.userId === input.userId && r.status !== 'exited' && !r.supervised);
    if (!input.supervised && live.length >= this.options.config.maxRunsPerUser) {
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `You can run at most ${this.options.config.maxRunsPerUser} bots at once. Stop one (${live.map((r) => r.filename).join(', ')}) to start another.`,
      );
    }
    this.admit();
    if (input.claims) this.assertTokensFree(input.userId, input.fileId, input.claims);
  }

  /** Builds the launch and spawns it in the sandbox; a failure to do so ends the run with its reason. */
  private async launch(run: Run, launch: () => Promise<RunLaunch>, settle: () => void): Promise<void> {
    let child: SandboxedProcess;
    try {
      const { release, ...spec } = await launch();
      run.release = release ?? null;
      child = await this.options.sandbox.spawn({ ...spec, network: 'internet', limits: this.options.limits });
    } catch (err) {
      try {
        this.finish(run, { code: null, signal: null, oomKilled: false }, this.failureMessage(err));
      } finally {
        settle();
      }
      return;
    }
    run.process = child;
    run.status = run.endReason ? 'stopping' : 'running';
    if (run.endReason) void child.stop(0);
    // Its process is up: /bots turns 'Starting' into 'Running' on this (the pages saw a run from its start).
    else this.changed(run);
    if (this.options.config.wallClockMs > 0 && !run.supervised) {
      run.wallClock = setTimeout(() => void this.end(run, 'time'), this.options.config.wallClockMs);
      run.wallClock.unref();
    }
    const reading = Promise.all([run.output.read(child.stdout, 'output'), run.output.read(child.stderr, 'error')]);
    void child.exit.then(async (exit) => {
      try {
        await reading;
        this.finish(run, exit);
      } finally {
        settle();
      }
    });
  }

  /** 429 past RUN_STARTS_PER_MINUTE starts in the last minute (every attempt counts). */
  spendStart(userId: string): void {
    const now = this.now();
    const recent = (this.starts.get(userId) ?? []).filter((t) => now - t < 60_000);
    if (recent.length >= RUN_STARTS_PER_MINUTE) {
      const retryAfterSeconds = Math.max(1, Math.ceil((recent[0]! + 60_000 - now) / 1000));
      throw new AppError('TOO_MANY_REQUESTS', `You can start a bot at most ${RUN_STARTS_PER_MINUTE} times a minute. Please try again in ${retryAfterSeconds} seconds.`, { retryAfterSeconds });
    }
    recent.push(now);
    this.starts.set(userId, recent);
  }

  /** Refuses a start whose platform token another live run of any person holds (409). */
  private assertTokensFree(userId: string, fileId: string, claims: RunClaims): void {
    const wanted = new Set(claims.tokens);
    if (wanted.size === 0) return;
    for (const run of this.runs.values()) {
      if (run.status === 'exited' || run.fileId === fileId || !run.claims?.tokens.some((t) => wanted.has(t))) continue;
      throw new AppError('CONFLICT', tokenInUse(run.userId === userId, run.claims.botName, run.filename));
    }
  }

  /** Takes the run's tokens across every node of the server, or refuses the start (409) naming who holds one. */
  private async holdSharedTokens(input: RunInput, claims: RunClaims, runId: string): Promise<void> {
    const holder = await this.options.sharedTokens!.hold({ runId, fileId: input.fileId, userId: input.userId, botName: claims.botName, tokens: claims.tokens });
    if (holder) throw new AppError('CONFLICT', tokenInUse(holder.userId === input.userId, holder.botName));
  }

  /** The server's own ceiling, across everyone: runs at once, and the memory they may use together. */
  private admit(): void {
    const { maxRuns, maxMemoryBytes } = this.options.config;
    const live = [...this.runs.values()].filter((r) => r.status !== 'exited').length;
    if (live >= maxRuns || (live + 1) * this.options.limits.memoryBytes > maxMemoryBytes) {
      this.options.log.warn({ live, maxRuns, maxMemoryBytes }, 'run refused: the server is at its limit');
      throw new AppError('SERVICE_UNAVAILABLE', 'The server is busy: it is running as many bots as it can right now. Please try again in a few minutes.');
    }
  }

  /** Our own messages as they are; a host failure (with paths, errno names) stays in the log under a reference. */
  private failureMessage(err: unknown): string {
    if (err instanceof AppError) return err.message;
    const reference = randomBytes(4).toString('hex');
    this.options.log.error({ err, reference }, 'the sandbox could not be set up');
    return `the server could not set up its sandbox (reference ${reference})`;
  }

  /** A file's run, live or recently ended: its mode, and its exit once it has ended. */
  state(userId: string, fileId: string): { mode: RunMode; live: boolean; exit: RunExit | null } | null {
    const run = this.runs.get(fileId);
    if (!run || run.userId !== userId) return null;
    return { mode: run.mode, live: run.status !== 'exited', exit: run.exit };
  }

  /** Follows a file's run: replays its recent lines, then streams. Returns the detach function. */
  attach(userId: string, fileId: string, viewer: RunViewer): (() => void) | null {
    const run = this.runs.get(fileId);
    if (!run || run.userId !== userId) return null;
    const recent = run.output.recent();
    if (recent.length) viewer.lines(recent, fileId);
    if (run.exit) {
      viewer.exit(run.exit, fileId);
      return () => {};
    }
    run.viewers.add(viewer);
    return () => run.viewers.delete(viewer);
  }

  /** Stop: SIGTERM, then SIGKILL after the grace period. Resolves once the run has ended. */
  async stop(userId: string, fileId: string, by: EndedBy = 'person'): Promise<boolean> {
    const run = this.runs.get(fileId);
    if (!run || run.userId !== userId || run.status === 'exited') return false;
    await this.end(run, 'stopped', this.options.config.stopGraceMs, by);
    return true;
  }

  /** Ends every run now (server shutdown): no grace, the sandboxes are killed. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.runs.values()].map((r) => this.end(r, 'stopped', 0, 'server')));
    // The runs' last lines reach the disk before the server goes.
    await Promise.all([this.options.logs?.flush(), this.options.records?.flush()]);
  }

  /** How many runs are live now (a node's load). */
  liveCount(): number {
    return [...this.runs.values()].filter((r) => r.status !== 'exited').length;
  }

  /** Kills every live run now, the server going on (a node that lost its leases); answers how many there were. */
  async stopAll(): Promise<number> {
    const live = [...this.runs.values()].filter((r) => r.status !== 'exited');
    await Promise.all(live.map((r) => this.end(r, 'stopped', 0, 'server')));
    return live.length;
  }

  /** Calls `listener` each time a run has ended; returns the unsubscribe function. */
  onEnded(listener: (ended: RunEnded) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  /** Calls `listener` each time a run starts or ends, whoever started it (a page, a deploy, the supervisor, a replay). */
  onChange(listener: RunChangeListener): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private changed(run: Run): void {
    const summary = summaryOf(run);
    for (const listener of this.changeListeners) {
      try {
        listener(run.userId, summary);
      } catch (err) {
        this.options.log.error({ err }, 'a run-change listener failed');
      }
    }
  }

  /** A file's live run, of any person (the deploy supervisor's view); `running` once its process is up. */
  live(fileId: string): { userId: string; startedAt: number; supervised: boolean; running: boolean } | null {
    const run = this.runs.get(fileId);
    if (!run || run.status === 'exited') return null;
    return { userId: run.userId, startedAt: run.startedAt, supervised: run.supervised, running: run.status === 'running' };
  }

  /** What a file's live run uses now: memory, CPU (% of one core) since the previous reading or its start, and its last activity. */
  usage(fileId: string): RunUsage | null {
    const run = this.runs.get(fileId);
    if (!run || run.status !== 'running' || !run.process) return null;
    const now = this.now();
    const previous = run.reading;
    if (!previous || now - previous.at >= MIN_READING_GAP_MS) {
      const used = run.process.usage();
      const since = previous ?? { at: run.startedAt, cpuMs: 0, netPackets: null };
      const cpuPercent = now > since.at ? Math.max(0, ((used.cpuMs - since.cpuMs) / (now - since.at)) * 100) : 0;
      if (previous && used.netPackets !== null && used.netPackets !== previous.netPackets) run.lastActiveAt = now;
      run.reading = { at: now, cpuMs: used.cpuMs, netPackets: used.netPackets, memoryBytes: used.memoryBytes, cpuPercent: Math.round(cpuPercent * 10) / 10 };
    }
    return { memoryBytes: run.reading!.memoryBytes, cpuPercent: run.reading!.cpuPercent, lastActiveAt: run.lastActiveAt };
  }

  private async end(run: Run, reason: Exclude<ExitReason, 'exited' | 'failed'>, graceMs = this.options.config.stopGraceMs, by?: EndedBy): Promise<void> {
    if (run.status === 'exited') return;
    run.endReason ??= reason;
    if (by) run.endedBy ??= by;
    if (run.status !== 'stopping') {
      run.status = 'stopping';
      run.output.log(reason === 'stopped' ? 'Stopping execution...' : limitMessage(reason, this.options));
    }
    await run.process?.stop(graceMs);
    await run.done;
  }

  private finish(run: Run, exit: SandboxExit, failure?: string): void {
    if (run.wallClock) clearTimeout(run.wallClock);
    run.release?.();
    run.release = null;
    const reason: ExitReason = failure ? 'failed' : exit.oomKilled ? 'memory' : (run.endReason ?? 'exited');
    // The last lines out first: the exit's words read them (a missing setting or package).
    run.output.flush();
    const result: RunExit = {
      reason,
      code: exit.code,
      signal: exit.signal,
      message: exitMessage(reason, exit, failure, this.options, { by: run.endedBy, ...endingLines(run.output.recent()) }),
      at: this.now(),
    };
    run.status = 'exited';
    run.exit = result;
    run.output.log(result.message, reason === 'exited' && exit.code === 0 ? 'log' : reason === 'stopped' ? 'log' : 'error');
    run.output.flush();
    for (const v of run.viewers) v.exit(result, run.fileId);
    run.viewers.clear();
    if (run.projectId) this.options.records?.ended(run.runId, result, run.endedBy);
    if (run.claims?.tokens.length) this.options.sharedTokens?.letGo(run.runId);
    this.changed(run);
    const ended: RunEnded = { userId: run.userId, fileId: run.fileId, mode: run.mode, supervised: run.supervised, startedAt: run.startedAt, exit: result, endedBy: run.endedBy };
    for (const listener of this.endedListeners) {
      try {
        listener(ended);
      } catch (err) {
        this.options.log.error({ err }, 'a run-ended listener failed');
      }
    }
    if (failure) this.options.log.warn({ fileId: run.fileId, err: failure }, 'run failed to start');
    // Keep the ended run attachable for a while, unless a new run of the file took its place.
    setTimeout(() => {
      if (this.runs.get(run.fileId) === run) this.runs.delete(run.fileId);
    }, this.options.keepEndedMs ?? 10 * 60_000).unref();
  }
}
