// What AI Help knows about a failed run: the last log lines, the file that ran (its language, the
// environment variables it reads, its platform) and which variables the project has saved.
import { detectPlatform, type Platform } from '../../../../shared/platform';
import type { AiHelpRequest } from '../provider';
import { envReads } from './env-reads';
import { lastLogLines } from './log-lines';

export type BotLanguage = 'python' | 'javascript';

export type BotLog = {
  lines: string[];
  text: string;
  filename: string | null;
  fileContent: string | null;
  language: BotLanguage | null;
  /** Variables the file reads, in order of first appearance. */
  fileEnvVars: string[];
  /** Names with a saved value in Environment Variables; null when the project is unknown. */
  savedEnvVars: string[] | null;
  platform: Platform;
};

function languageOf(filename: string | null, text: string): BotLanguage | null {
  if (filename && /\.py$/i.test(filename)) return 'python';
  if (filename && /\.(?:[cm]?js|[cm]?ts|jsx|tsx)$/i.test(filename)) return 'javascript';
  if (/Traceback \(most recent call last\)|File "[^"]+", line \d+/.test(text)) return 'python';
  if (/node:internal|\bat .+:\d+:\d+\)?$|\bnpm (?:ERR|error)/m.test(text)) return 'javascript';
  return null;
}

// The Runner page sends each line as it shows it: '[10:00:01] ERROR Traceback...'. The prefix is
// dropped so a traceback keeps its own indentation and the level word is not read as an error.
const CONSOLE_PREFIX = /^\[\d{1,2}:\d{2}(?::\d{2})?(?: ?[AP]M)?\] (?:INFO|ERROR|OUTPUT|DEBUG|WARN(?:ING)?|LOG) ?/;

// The Runner's own lines (runs.ts): they say that a run started or ended, never why it failed.
export const RUNNER_LINE =
  /^(?:Starting execution|Running \S+$|Stopping execution|Execution stopped|The bot (?:exited with|finished|was stopped|could not be started|reached the time limit|ran out of memory|printed more))/;

export function readBotLog(request: AiHelpRequest): BotLog {
  const lines = lastLogLines(request.logs).map((l) => l.replace(CONSOLE_PREFIX, '')).filter((l) => l.trim() !== '');
  const text = lines.join('\n');
  const filename = request.filename?.trim() || null;
  const fileContent = request.fileContent ?? null;
  const language = languageOf(filename, text);
  const fileEnvVars = fileContent ? envReads(fileContent) : [];
  const fromFile = detectPlatform(filename ?? '', fileContent ?? '');
  return {
    lines,
    text,
    filename,
    fileContent,
    language,
    fileEnvVars,
    savedEnvVars: request.envVarNames ?? null,
    platform: fromFile !== 'other' ? fromFile : detectPlatform('', text),
  };
}

/** The last line matching `pattern`, searched from the newest line back. */
export function lastMatch(log: BotLog, pattern: RegExp): RegExpExecArray | null {
  for (let i = log.lines.length - 1; i >= 0; i--) {
    const m = pattern.exec(log.lines[i]!);
    if (m) return m;
  }
  return null;
}

// `telegram.error.Conflict: ...`, `TypeError: ...`, `Error [ERR_X]: ...`: the line that names what failed.
const EXCEPTION_LINE = /^\s*(?:[A-Za-z_][\w.]*\.)?(?:[A-Z]\w*(?:Error|Exception|Exit|Failure|Required|Token|Conflict|Unauthorized|TimedOut)|Error)\b(?: \[\w+\])?:/;
// The markers the AI Help window itself looks for, plus a few common ones.
const ERROR_SIGN = /ERROR|CRITICAL|FATAL|Traceback|Exception|\w+Error\b|Error:|\bfailed\b|\bErrno\b|\bE[A-Z]{4,}\b/;

/** The line that best says what went wrong: the newest exception line, else the newest error-like line. */
export function errorLine(log: BotLog): string | null {
  const own = { ...log, lines: log.lines.filter((l) => !RUNNER_LINE.test(l.trim())) };
  return lastMatch(own, EXCEPTION_LINE)?.input.trim() ?? lastMatch(own, ERROR_SIGN)?.input.trim() ?? null;
}

/** How the run ended, from the Runner's last line ("exit code 1"), as context for an answer. */
export function exitStatus(log: BotLog): string | null {
  return lastMatch(log, /^The bot exited with ((?:exit code|signal) \S+)/)?.[1] ?? null;
}

export function hasErrors(log: BotLog): boolean {
  return errorLine(log) !== null;
}

const LIBRARY_PATH = /site-packages|dist-packages|[\\/]lib[\\/]python\d|node_modules|^node:|<frozen |^internal[\\/]/;
const basename = (p: string) => p.split(/[\\/]/).pop() ?? p;

/** Where in the bot's own code the newest traceback or stack points (library frames skipped). */
export function codeLocation(log: BotLog): { file: string; line: number } | null {
  for (let i = log.lines.length - 1; i >= 0; i--) {
    const line = log.lines[i]!;
    const py = /File "([^"]+)", line (\d+)/.exec(line);
    const js = /\bat (?:.*? \()?((?:file:\/\/)?[^\s()]+?):(\d+):\d+\)?\s*$/.exec(line);
    const m = py ?? js;
    if (m && !LIBRARY_PATH.test(m[1]!.replace(/^file:\/\//, ''))) return { file: basename(m[1]!), line: Number(m[2]) };
  }
  return null;
}

/** Line `n` (1-based) of the file that ran, trimmed; null when unknown or blank. */
export function fileLine(log: BotLog, n: number): string | null {
  const line = log.fileContent?.split(/\r?\n/)[n - 1]?.trim();
  return line ? line : null;
}

/** The file's name as the answer says it: its name, or "your bot file". */
export function fileName(log: BotLog): string {
  return log.filename ?? 'your bot file';
}

/** The variable the file most likely reads its platform token from (TOKEN first, then KEY or SECRET). */
export function tokenVariable(log: BotLog): string | null {
  return log.fileEnvVars.find((k) => /TOKEN/i.test(k)) ?? log.fileEnvVars.find((k) => /KEY|SECRET/i.test(k)) ?? null;
}
