// What a run's last lines say: why the server is stopping it (a limit), and how it ended.
import type { ExitReason } from '../../../../shared/runner.schema';
import type { SandboxExit } from '../sandbox/sandbox';
import { DEFAULT_OUTPUT_LIMITS } from './run-output';
import type { RunsOptions } from './runs';
import { npmPackageFor, pythonPackageFor } from '../analysis/package-names';

export function limitMessage(reason: 'memory' | 'time' | 'output', options: RunsOptions): string {
  if (reason === 'time') return `The bot reached the time limit of ${Math.round(options.config.wallClockMs / 60_000)} minutes: stopping it`;
  if (reason === 'output') return `The bot printed more than ${Math.round((options.outputLimits ?? DEFAULT_OUTPUT_LIMITS).maxTotalBytes / 1048576)} MiB of output: stopping it`;
  return 'The bot ran out of memory: stopping it';
}

/**
 * The setting a bot said it stopped without, from its last lines: the assistant's templates print
 * "Missing environment variable NAME" before they exit.
 */
export function missingSetting(lines: string[]): string | null {
  for (const line of lines.slice(-20).reverse()) {
    const m = /Missing environment variable ([A-Z][A-Z0-9_]*)/.exec(line);
    if (m) return m[1]!;
  }
  return null;
}

/** The package a bot died without, from its last lines (Python's ModuleNotFoundError, Node's Cannot find module). */
export function missingPackage(lines: string[]): string | null {
  for (const line of lines.slice(-20).reverse()) {
    const python = /ModuleNotFoundError: No module named '([\w.]+)'/.exec(line);
    if (python) return pythonPackageFor(python[1]!)?.package ?? null;
    const node = /Cannot find (?:module|package) '([^']+)'/.exec(line);
    if (node) return npmPackageFor(node[1]!);
  }
  return null;
}

/**
 * How a run ended, in words /bots and the console show. `by`: who stopped it; `lastLines`: what it
 * printed last (a missing setting is named rather than an exit code).
 */
export function exitMessage(
  reason: ExitReason,
  exit: SandboxExit,
  failure: string | undefined,
  options: RunsOptions,
  ending: { by?: 'person' | 'restart' | 'server' | null; lastLines?: string[] } = {},
): string {
  const how = exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
  switch (reason) {
    case 'failed':
      return `The bot could not be started: ${failure}`;
    case 'memory':
      return `The bot was stopped: it used more than its ${Math.round(options.config.memoryBytes / 1048576)} MiB of memory`;
    case 'time':
      return `The bot was stopped: it reached the time limit of ${Math.round(options.config.wallClockMs / 60_000)} minutes`;
    case 'output':
      return `The bot was stopped: it printed more output than a run may (${Math.round((options.outputLimits ?? DEFAULT_OUTPUT_LIMITS).maxTotalBytes / 1048576)} MiB)`;
    case 'stopped':
      return ending.by === 'person' ? 'Execution stopped by its owner' : `Execution stopped (${how})`;
    default: {
      if (exit.code === 0) return 'The bot finished (exit code 0)';
      const notInstalled = missingPackage(ending.lastLines ?? []);
      if (notInstalled) return `The bot stopped: the package ${notInstalled} is not installed (install it under Dependencies)`;
      const missing = missingSetting(ending.lastLines ?? []);
      if (missing) return `The bot stopped: ${/TOKEN$/.test(missing) ? 'token' : missing} not set (${/TOKEN$/.test(missing) ? `${missing}; ` : ''}set it under Environment Variables)`;
      return `The bot exited with ${how}`;
    }
  }
}
