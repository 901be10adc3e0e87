// What features receive: the database, the clock, the mailer and the keys, built once in buildApp.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import type { Clock } from './clock';
import type { Mailer } from './mail/mailer';
import type { SessionKeys } from './features/auth/sessions';
import type { CodeKey } from './features/auth/codes';
import type { GoogleIdentity } from './features/auth/google';
import type { AiProvider } from './features/ai/provider';
import type { AdminGuard } from './features/admin/admin-key';
import type { Sandbox } from './features/runner/sandbox';
import type { Runs } from './features/runner/runs/runs';
import type { RunLogs } from './features/runner/logs/run-logs';
import type { Supervisor } from './features/bots/supervisor';
import type { RunRecords } from './features/runner/runs/run-records';
import type { SessionRevocations } from './features/auth/revocations';
import type { PackageVolumes } from './features/runner/dependencies/package-volumes';
import type { Installs } from './features/runner/dependencies/installs';
import type { HookTargets } from './features/runner/hooks/hook-targets';
import type { CodeAnalyser } from './features/runner/analysis/code-analyser';
import type { TestChatDeps } from './features/test-chat';
import type { LandingState } from './features/landing/landing-figures';

export type Deps = {
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
  /** Runs untrusted code: bots and dependency installs. Probed for this app's RUNNER_* settings. */
  sandbox: Sandbox;
  /** Where each project's installed dependencies live (a volume of its own where possible). */
  packageVolumes: PackageVolumes;
  /** The dependency installs going on now (a run or a delete of that project waits for them). */
  installs: Installs;
  /** Sessions ended on the server, announced to live sockets opened with them. */
  revocations: SessionRevocations;
  /** Where each project's webhooks go now: its live runs that listen on PORT. */
  hookTargets: HookTargets;
  /** The bots running now (and recently ended), followed over /ws. */
  runs: Runs;
  /** Every bot's kept log: its runs' lines on disk under DATA_DIR/logs, paged and downloaded. */
  runLogs: RunLogs;
  runRecords: RunRecords;
  /** Always-on bots: deploy, restarts, reconcile at start-up. */
  supervisor: Supervisor;
  /** Test mode: the conversations with bots and the Bot API emulator they talk to. */
  testChat: TestChatDeps;
  /** The landing page's figures: when this app started, and the last count (kept a minute). */
  landing: LandingState;
  log: FastifyBaseLogger;
};
