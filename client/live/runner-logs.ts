// The runner's console as data: server frames become timed, levelled lines,
// the log stays bounded, and a run's end reads as one plain sentence. Pure, so it is unit-tested.
import type { ExitReason, ServerFrame } from '../../shared/runner.schema';

export type LogLevel = 'info' | 'error' | 'output' | 'debug';

export interface LogLine {
  /** Unique within the page, for React keys. */
  id: number;
  /** Epoch ms: the server's `at` when it sent one, else when the line arrived. */
  at: number;
  level: LogLevel;
  text: string;
}

/** The console keeps this many lines; older ones fall off the top. */
export const MAX_LOG_LINES = 2000;

let nextId = 0;

export function logLine(level: LogLevel, text: string, at: number = Date.now()): LogLine {
  nextId += 1;
  return { id: nextId, at, level, text };
}

/** Appends and keeps only the newest `max` lines (a new array, for React state). */
export function appendBounded(lines: readonly LogLine[], added: readonly LogLine[], max = MAX_LOG_LINES): LogLine[] {
  if (added.length === 0) return lines as LogLine[];
  const all = lines.concat(added);
  return all.length > max ? all.slice(all.length - max) : all;
}

// HTTP client chatter (python-telegram-bot logs every poll) is shown as DEBUG.
const DEBUG_MARKERS = ['HTTP Request:', '200 OK'];

// Python's logging (and most others) writes every record to stderr, so a healthy bot's INFO lines
// would all read as errors. A stderr line whose level word sits in its prefix, the way logging
// formats put it ('INFO:bot:...', '2025-01-01 10:00:00,123 - bot - INFO - ...', '[INFO] ...'),
// takes that level; anything else on stderr stays an error.
const LEVEL_WORD = /(?:^|[\s[\]|:,()-])(DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL)(?=$|[\s[\]|:,()-])/;
const PREFIX_LENGTH = 60;

function stderrLevel(text: string): LogLevel {
  const match = LEVEL_WORD.exec(text.slice(0, PREFIX_LENGTH));
  if (match?.[1] === 'INFO') return 'info';
  if (match?.[1] === 'DEBUG') return 'debug';
  return 'error';
}

export function classify(type: 'execution_log' | 'execution_error' | 'execution_output', text: string): LogLevel {
  if (DEBUG_MARKERS.some((m) => text.includes(m))) return 'debug';
  if (type === 'execution_log') return 'info';
  if (type === 'execution_output') return 'output';
  return stderrLevel(text);
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
  return parts.map((text) => logLine(classify(frame.type, text), text, at));
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
