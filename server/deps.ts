// What features receive, built once in buildApp, in two parts: what exists at once (the database,
// the clock, the mailer, the keys, ...) and the runner's parts, set up a moment later (the sandbox
// probe runs sandboxes; the test chat makes its certificate). Every request that needs the runner
// waits for it (app.ts), so a feature reads `Deps` whole; code that runs before (start-up, close)
// holds only `CoreDeps` and the runner's parts once they exist.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import type { Clock } from './clock';
import type { Mailer } from './mail/mailer';
import type { SessionKeys } from './features/auth/sessions';
import type { CodeKey } from './features/auth/codes';
import type { GoogleIdentity } from './features/auth/google-identity';
import type { AiProvider } from './features/ai/provider';
import type { AdminGuard } from './features/admin/admin-key';
import type { Sandbox } from './features/runner/sandbox';
import type { Runs } from './features/runner/runs/runs';
import type { KeptLogs } from './features/runner/logs/run-logs';
import type { Supervisor } from './features/bots/supervisor';
import type { RunRecords } from './features/runner/runs/run-records';
import type { SessionRevocations } from './features/auth/revocations';
import type { NodeChannel } from './features/cluster/node-channel';
import type { PackageVolumes } from './features/runner/dependencies/package-volumes';
import type { Installs } from './features/runner/dependencies/installs';
import type { HookTargets } from './features/runner/hooks/hook-targets';
import type { CodeAnalyser } from './features/runner/analysis/code-analyser';
import type { TestChatDeps } from './features/test-chat';
import type { LandingState } from './features/landing/landing-state';

export type CoreDeps = {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sessionKeys: SessionKeys;
  codeKey: CodeKey;
  google: GoogleIdentity | null;
  ai: AiProvider;
  adminGuard: AdminGuard;
  /** Parses bot code (imports, env vars) in worker threads, off the event loop. */
  analyser: CodeAnalyser;
  /** The dependency installs going on now (a run or a delete of that project waits for them). */
  installs: Installs;
  /** Sessions ended on the server, announced to live sockets opened with them (on every node). */
  revocations: SessionRevocations;
  /** On PostgreSQL, what this node and the others say to each other at once (cluster/node-channel.ts); null on SQLite. */
  channel: NodeChannel | null;
  /** Where each project's webhooks go now: its live runs that listen on PORT. */
  hookTargets: HookTargets;
  /** The landing page's figures: when this app started, and the last count (kept a minute). */
  landing: LandingState;
  log: FastifyBaseLogger;
};

/** The runner's parts: present once the runner is set up (app.ts startRunner), never before. */
export type RunnerDeps = {
  /** Runs untrusted code: bots and dependency installs. Probed for this app's RUNNER_* settings. */
  sandbox: Sandbox;
  /** Where each project's installed dependencies live (a volume of its own where possible). */
  packageVolumes: PackageVolumes;
  /** The bots running now (and recently ended), followed over /ws. */
  runs: Runs;
  /** Every bot's kept log: its runs' lines on disk under DATA_DIR/logs (in log_lines on PostgreSQL), paged and downloaded. */
  runLogs: KeptLogs;
  runRecords: RunRecords;
  /** Always-on bots: deploy, restarts, reconcile at start-up. */
  supervisor: Supervisor;
  /** Test mode: the conversations with bots and the Bot API emulator they talk to. */
  testChat: TestChatDeps;
};

export type Deps = CoreDeps & RunnerDeps;

/** Every part of RunnerDeps, named once (the type checker holds this to the type's keys). */
const RUNNER_PARTS = Object.keys({ sandbox: 0, packageVolumes: 0, runs: 0, runLogs: 0, runRecords: 0, supervisor: 0, testChat: 0 } satisfies Record<keyof RunnerDeps, 0>) as Array<keyof RunnerDeps>;

const RUNNER = Symbol('the runner parts, once set up');

/**
 * The runner's parts if they are set up yet, else null: for what answers before the runner is (the
 * readiness probe, the metrics). A bag made whole at once (a test's) has them.
 */
export function runnerPartsOf(deps: Partial<Deps>): RunnerDeps | null {
  const runner = (deps as { [RUNNER]?: () => RunnerDeps | null })[RUNNER];
  return runner ? runner() : (deps as RunnerDeps);
}

/**
 * The whole bag: the core as it is, the runner's parts read from `runner()` at each use. Reading one
 * before the runner is set up throws, naming it, instead of handing out `undefined`.
 */
export function depsWithRunner(core: CoreDeps, runner: () => RunnerDeps | null): Deps {
  const deps = { ...core, [RUNNER]: runner };
  for (const part of RUNNER_PARTS) {
    Object.defineProperty(deps, part, {
      enumerable: true,
      get() {
        const parts = runner();
        if (!parts) throw new Error(`deps.${part} was read before the runner was set up`);
        return parts[part];
      },
    });
  }
  // Every RunnerDeps key now has its getter: the object is the whole of Deps.
  return deps as unknown as Deps;
}
