// A run as Runs keeps it while it lives and for a while after: who and what it is, where it stands,
// its output and viewers, its process; and how a fresh one is made.
import type { ExitReason } from '../../../../shared/runner.schema';
import type { SandboxedProcess } from '../sandbox/sandbox';
import { secretMask } from '../secret-mask';
import { RunOutput, type OutputLimits, type OutputLine } from './run-output';
import type { EndedBy, RunClaims, RunExit, RunMode, RunViewer } from './runs';

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
