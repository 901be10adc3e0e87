// The runner's console as data: server frames become timed, levelled lines,
// the log stays bounded, and a run's end reads as one plain sentence. Pure, so it is unit-tested.
import type { RunLogLine } from '../../shared/run-logs.schema';
import type { ExitReason, ServerFrame } from '../../shared/runner.schema';
import { parseAnsi, type StyledSpan } from './ansi';
import { classify, markTracebacks, type LogLevel } from './log-levels';

export type { LogLevel } from './log-levels';

export interface LogLine {
  /** Unique within the page, for React keys. */
  id: number;
  /** Epoch ms: the server's `at` when it sent one, else when the line arrived. */
  at: number;
  level: LogLevel;
  /** Without escape codes: what is copied, searched and sent to the assistant. */
  text: string;
  /** The bot's colours, when it printed any (ansi.ts). */
  spans?: StyledSpan[];
  /** In a Python traceback whose last line is still to come (log-levels.ts). */
  traceback?: true;
}

/** The console keeps this many lines; older ones fall off the top. */
export const MAX_LOG_LINES = 2000;

let nextId = 0;

export function logLine(level: LogLevel, text: string, at: number = Date.now(), spans?: StyledSpan[] | null): LogLine {
  nextId += 1;
  return spans ? { id: nextId, at, level, text, spans } : { id: nextId, at, level, text };
}

/**
 * Appends and keeps only the newest `max` lines (a new array, for React state). A traceback the
 * earlier lines left going takes the new lines in, so it stays one error across frames.
 */
export function appendBounded(lines: readonly LogLine[], added: readonly LogLine[], max = MAX_LOG_LINES): LogLine[] {
  if (added.length === 0) return lines as LogLine[];
  const all = lines.concat(markTracebacks(added, lines[lines.length - 1]?.traceback === true));
  return all.length > max ? all.slice(all.length - max) : all;
}

/** The lines of one log frame: a frame may carry several lines joined by '\n' (batched sends). */
export function linesOfFrame(
  frame: Extract<ServerFrame, { type: 'execution_log' | 'execution_error' | 'execution_output' }>,
  now: number = Date.now(),
): LogLine[] {
  const parts = frame.message.replace(/\r\n?/g, '\n').split('\n');
  // A trailing newline ends the last line; it does not start an empty one.
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  const at = frame.at ?? now;
  // The bot's lines all carry their time; an error without one is the server's own answer (a refused start).
  const serverError = frame.type === 'execution_error' && frame.at === undefined;
  return parts.map((raw) => {
    const { text, spans } = parseAnsi(raw);
    return logLine(serverError ? 'error' : classify(frame.type, text), text, at, spans);
  });
}

const STREAM_OF_KEPT = { log: 'execution_log', error: 'execution_error', output: 'execution_output' } as const;

/** A bot's kept lines (newest first, as its history pages them) as console lines, levelled alike. */
export function linesOfKept(kept: readonly RunLogLine[]): LogLine[] {
  const oldestFirst = kept.toReversed().flatMap((line) => linesOfFrame({ type: STREAM_OF_KEPT[line.level], message: line.text, at: line.at }));
  return markTracebacks(oldestFirst, false).reverse();
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

export interface RunLimits {
  memoryMb: number;
  wallClockMinutes: number;
}

// Used only when the server gave no sentence of its own.
const FALLBACKS: Record<ExitReason, (frame: ExitFrame, limits?: RunLimits) => string> = {
  exited: (f) => (f.code !== null ? `Process exited with code ${f.code}` : `Process exited by signal ${f.signal ?? 'unknown'}`),
  stopped: () => 'Execution stopped',
  memory: (_f, l) => `The bot was stopped: it used more than its memory limit${l ? ` (${l.memoryMb} MB)` : ''}`,
  time: (_f, l) => `The bot was stopped: it reached its time limit${l && l.wallClockMinutes > 0 ? ` (${plural(l.wallClockMinutes, 'minute')})` : ''}`,
  output: () => 'The bot was stopped: it printed more output than a run may',
  failed: () => 'The bot could not be started',
};

type ExitFrame = Extract<ServerFrame, { type: 'execution_exit' }>;

/** How a run ended, in one sentence (the server's, which also closes the log), and its level. */
export function exitSummary(frame: ExitFrame, limits?: RunLimits): { level: LogLevel; text: string } {
  const clean = (frame.reason === 'exited' && frame.code === 0) || frame.reason === 'stopped';
  return { level: clean ? 'info' : 'error', text: frame.message.trim() || FALLBACKS[frame.reason](frame, limits) };
}

// What makes the AI assistant open with an error analysis.
const ERROR_MARKERS = ['ERROR', 'ImportError', 'Traceback', 'Exception', 'failed', 'Error:'];

export function hasErrorMarkers(lines: readonly LogLine[]): boolean {
  return lines.some((l) => ERROR_MARKERS.some((m) => l.text.includes(m)));
}

/** 'HH:MM:SS' in the viewer's time zone, the prefix of every console line. */
export function clockTime(at: number): string {
  return new Date(at).toLocaleTimeString('en-GB', { hour12: false, hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** A line as text, the way it is copied or sent to the assistant: '[10:00:01] ERROR Traceback...'. */
export function formatLine(line: LogLine): string {
  return `[${clockTime(line.at)}] ${line.level.toUpperCase()} ${line.text}`;
}
