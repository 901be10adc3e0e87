// Which console lines are errors. Bots write much more than errors to stderr (Flask's banner,
// Python logging's INFO records), so stderr alone says nothing: a line is an error, red and counted,
// only when it is one: a traceback, an uncaught error and its stack, a line marked ERROR/CRITICAL/FATAL,
// or the runner's word that the bot ended badly. Other stderr lines are ordinary ('stderr').

export type LogLevel = 'info' | 'error' | 'warn' | 'stderr' | 'output' | 'debug';

/** The frame a line came in: the runner's own notes, the bot's stderr, or its stdout. */
export type LogStream = 'execution_log' | 'execution_error' | 'execution_output';

// HTTP client chatter (python-telegram-bot logs every poll) is shown as DEBUG.
const DEBUG_MARKERS = ['HTTP Request:', '200 OK'];

// A logging record's level word, where logging formats put it: 'ERROR:root:...',
// '2025-01-01 10:00:00,123 - bot - ERROR - ...', '[ERROR] ...'. Only the line's start is read, so a
// message that mentions a level ('... INFO channel closed') keeps the record's own.
const LEVEL_WORD = /(?:^|[\s[\]|:,()-])(DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL)(?=$|[\s[\]|:,()-])/;
const PREFIX_LENGTH = 60;

const TRACEBACK_START = /Traceback \(most recent call last\):\s*$/;
// A Python stack frame; a SyntaxError's report starts with one, without the 'Traceback' line.
const PYTHON_FRAME = /^\s+File ".*", line \d+/;
const ERROR_LINES = [
  TRACEBACK_START,
  PYTHON_FRAME,
  /^(?:During handling of the above exception|The above exception was the direct cause)/,
  // An uncaught error's name and message, Python's or JavaScript's: 'TypeError: ...', 'Error: ...',
  // 'requests.exceptions.ConnectionError: ...'. A name alone ('KeyError') ends a traceback.
  /^(?:[\w$]+\.)*[\w$]*(?:Error|Exception)(?::|$)/,
  /^Exception in thread /,
  // A JavaScript stack line: '    at handler (/app/bot.js:12:5)', '    at /app/bot.js:3:1'.
  /^\s+at (?:.*\(.*\)|\S+:\d+:\d+)\s*$/,
  /UnhandledPromiseRejection/,
];

// The runner's own sentence when a bot ended badly (server/features/runner/runs/exit-messages.ts);
// a clean end comes as a note, not on the error stream.
const BAD_EXIT = /^The bot (?:exited with|stopped: |was stopped: |could not be started)/;

/** A line that is an error whatever stream it came on. */
export function isErrorText(text: string): boolean {
  if (ERROR_LINES.some((pattern) => pattern.test(text))) return true;
  const word = LEVEL_WORD.exec(text.slice(0, PREFIX_LENGTH))?.[1];
  return word === 'ERROR' || word === 'CRITICAL' || word === 'FATAL';
}

function stderrLevel(text: string): LogLevel {
  const word = LEVEL_WORD.exec(text.slice(0, PREFIX_LENGTH))?.[1];
  if (word === 'INFO') return 'info';
  if (word === 'DEBUG') return 'debug';
  if (word === 'WARNING' || word === 'WARN') return 'warn';
  return 'stderr';
}

/** One line's level, from its stream and its text (without escape codes). */
export function classify(stream: LogStream, text: string): LogLevel {
  if (stream === 'execution_log') return DEBUG_MARKERS.some((m) => text.includes(m)) ? 'debug' : 'info';
  if (isErrorText(text) || (stream === 'execution_error' && BAD_EXIT.test(text))) return 'error';
  if (DEBUG_MARKERS.some((m) => text.includes(m))) return 'debug';
  return stream === 'execution_output' ? 'output' : stderrLevel(text);
}

export interface LevelledText {
  level: LogLevel;
  text: string;
  /** In a Python traceback whose last line is still to come. */
  traceback?: true;
}

/**
 * Marks the lines of Python tracebacks as errors: from 'Traceback (most recent call last):' (or a
 * first 'File "..."' line), its indented lines, through its last, unindented line (the exception).
 * `open`: the line before `lines` left a traceback going (a traceback may span several frames).
 * Only the bot's own lines are taken in: a runner's note ends a traceback.
 */
export function markTracebacks<T extends LevelledText>(lines: readonly T[], open: boolean): T[] {
  let going = open;
  return lines.map((line) => {
    const starts = TRACEBACK_START.test(line.text) || PYTHON_FRAME.test(line.text);
    const botLine = line.level !== 'info' && line.level !== 'debug';
    if (!starts && (!going || !botLine || line.text.trim() === '')) {
      going = false;
      return line;
    }
    going = starts || /^\s/.test(line.text);
    const marked = { ...line, level: 'error' as const };
    if (going) marked.traceback = true;
    else delete marked.traceback;
    return marked;
  });
}
