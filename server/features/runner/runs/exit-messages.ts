// What a run's last lines say: why the server is stopping it (a limit), and how it ended.
import type { ExitReason } from '../../../../shared/runner.schema';
import type { SandboxExit } from '../sandbox/sandbox';
import { DEFAULT_OUTPUT_LIMITS, type OutputLimits, type OutputLine } from './run-output';
import type { RunnerConfig } from '../../../config';
import { npmPackageFor, pythonPackageFor } from '../analysis/package-names';

/** What the limit messages name: the run's limits as the server has them. */
type Limits = { config: Pick<RunnerConfig, 'wallClockMs' | 'memoryBytes'>; outputLimits?: OutputLimits };

export function limitMessage(reason: 'memory' | 'time' | 'output', options: Limits): string {
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

/** Longer error lines are cut: the exit's words are one line on /bots and in the history. */
const MAX_ERROR_LINE = 200;

/** What the exit's words read of a run's last output: its last lines, and its last lines on stderr. */
export function endingLines(recent: OutputLine[]): { lastLines: string[]; errorLines: string[] } {
  const texts = (lines: OutputLine[]) => lines.flatMap((l) => l.text.split('\n'));
  return { lastLines: texts(recent.slice(-20)), errorLines: texts(recent.filter((l) => l.kind === 'error')).slice(-100) };
}

/** Node's own lines after an uncaught error: they say nothing of what went wrong. */
const NODE_TRAILER = /^(Node\.js v\d|\(Use `node --trace-)/;
const STACK_FRAME = /^\s+(at\s|\.\.\. \d+ lines? matching)/;

/**
 * The line that says what went wrong, from what the bot printed last on stderr: the last line of a
 * Python traceback (`ValueError: bad token`), the message line above a JavaScript stack
 * (`Error: bad token`), else its last line there.
 */
export function lastErrorLine(errorLines: string[]): string | null {
  const lines = errorLines.filter((l) => l.trim() !== '' && !NODE_TRAILER.test(l));
  let index = lines.length - 1;
  const traceback = lines.findLastIndex((l) => l.startsWith('Traceback (most recent call last)'));
  const frame = lines.findLastIndex((l) => STACK_FRAME.test(l));
  if (traceback !== -1) index = lines.findLastIndex((l, i) => i > traceback && !/^\s/.test(l));
  else if (frame !== -1) {
    index = frame;
    while (index >= 0 && STACK_FRAME.test(lines[index]!)) index--;
  }
  const line = lines[index]?.trim();
  if (!line) return null;
  return line.length > MAX_ERROR_LINE ? `${line.slice(0, MAX_ERROR_LINE - 1)}…` : line;
}

/**
 * How a run ended, in words /bots and the console show. `by`: who stopped it; `lastLines`: what it
 * printed last (a missing setting is named rather than an exit code); `errorLines`: what it printed
 * last on stderr (a crash's error line follows its exit code).
 */
export function exitMessage(
  reason: ExitReason,
  exit: SandboxExit,
  failure: string | undefined,
  options: Limits,
  ending: { by?: 'person' | 'restart' | 'server' | null; lastLines?: string[]; errorLines?: string[] } = {},
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
      const error = lastErrorLine(ending.errorLines ?? []);
      // In brackets: readers of the log take the word after 'exit code' as the code (ai-help/bot-log.ts).
      return `The bot exited with ${how}${error ? ` (${error})` : ''}`;
    }
  }
}
