// A run as Runs keeps it while it lives and for a while after: who and what it is, where it stands,
// its output and viewers, its process; and how a fresh one is made.
import type { ExitReason, RunSummary } from '../../../../shared/runner.schema';
import type { SandboxSpec, SandboxedProcess } from '../sandbox/sandbox';
import { secretMask } from '../secret-mask';
import { RunOutput, type OutputLimits, type OutputLine } from './run-output';

export type RunExit = { reason: ExitReason; code: number | null; signal: string | null; message: string; at: number };

/** What a viewer receives: batches of lines, then (once) the exit. */
export type RunViewer = { lines(lines: OutputLine[], fileId: string): void; exit(exit: RunExit, fileId: string): void };

/** 'test': a Telegram bot talking to the test chat's emulator (test-chat/test-mode.ts). */
export type RunMode = 'live' | 'test';

/** Who ended a run, when the server did: the person (Stop), a restart of the file, or the server's shutdown. */
export type EndedBy = 'person' | 'restart' | 'server';

/** What a live run claims for itself alone: its platform tokens' keyed hashes (token-claims.ts). */
export type RunClaims = { tokens: string[]; botName: string };

export type BotLaunch = Pick<SandboxSpec, 'argv' | 'cwd' | 'mounts' | 'workdir' | 'env' | 'files'>;

/** What a start asks for. */
export type RunInput = { userId: string; fileId: string; filename: string; secrets: Record<string, string>; mode?: RunMode; claims?: RunClaims; supervised?: boolean; projectId?: string };

export type Run = {
  /** The run's id in its log lines and its row of `runs`. */
  runId: string;
  /** Kept in `runs` and the bot's log only when the run belongs to a project. */
  projectId: string | null;
  userId: string;
  fileId: string;
  filename: string;
  claims: RunClaims | null;
  /** Started by the deploy supervisor: no wall clock, not counted in the person's run limit. */
  supervised: boolean;
  endedBy: EndedBy | null;
  mode: RunMode;
  release: (() => void) | null;
  startedAt: number;
  status: 'starting' | 'running' | 'stopping' | 'exited';
  output: RunOutput;
  viewers: Set<RunViewer>;
  process: SandboxedProcess | null;
  /** Set when the server ends the run; otherwise the bot ended it. */
  endReason: Exclude<ExitReason, 'exited' | 'failed'> | null;
  exit: RunExit | null;
  wallClock: NodeJS.Timeout | null;
  done: Promise<void>;
  /** When the bot last printed, or its network moved between two readings (the 'silent' flag's clock). */
  lastActiveAt: number;
  /** The last reading of its processes: CPU is what they used between two readings. */
  reading: { at: number; cpuMs: number; netPackets: number | null; memoryBytes: number; cpuPercent: number } | null;
};

/**
 * A run 'starting': its output masks the run's secrets, reaches its viewers (and its kept log), and
 * past the volume limit calls `onVolumeExceeded`. `settle` once it has ended: ending a run that is
 * still starting waits for it.
 */
export function newRun(
  input: RunInput,
  runId: string,
  options: { now: () => number; limits: OutputLimits; record?: (lines: OutputLine[]) => void; onVolumeExceeded: (run: Run) => void },
): { run: Run; settle: () => void } {
  const { now } = options;
  let settle!: () => void;
  const done = new Promise<void>((resolve) => (settle = resolve));
  const output = new RunOutput({
    limits: options.limits,
    mask: secretMask(Object.values(input.secrets)),
    now,
    record: options.record,
    onBatch: (lines) => {
      run.lastActiveAt = now();
      for (const v of run.viewers) v.lines(lines, run.fileId);
    },
    onVolumeExceeded: () => options.onVolumeExceeded(run),
  });
  const run: Run = {
    runId,
    projectId: input.projectId ?? null,
    userId: input.userId,
    fileId: input.fileId,
    filename: input.filename,
    claims: input.claims ?? null,
    supervised: input.supervised ?? false,
    endedBy: null,
    mode: input.mode ?? 'live',
    release: null,
    startedAt: now(),
    status: 'starting',
    output,
    viewers: new Set(),
    process: null,
    endReason: null,
    exit: null,
    wallClock: null,
    done,
    lastActiveAt: now(),
    reading: null,
  };
  return { run, settle };
}

/** A run as its person's pages see it: a run still starting is shown running. */
export function summaryOf(r: Run): RunSummary {
  return { fileId: r.fileId, filename: r.filename, status: r.status === 'starting' ? 'running' : r.status, startedAt: new Date(r.startedAt).toISOString(), mode: r.mode };
}
