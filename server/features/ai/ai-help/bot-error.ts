// The bot's own exception in the log: the last Python traceback (its "SomeError: message" line and the
// innermost frame in the bot's file) or the last uncaught Node error, never the Runner's exit line.
import { RUNNER_LINE, type BotLog } from './bot-log';

export type BotError = {
  /** "ValueError", "telegram.error.BadRequest", "TypeError". */
  name: string;
  message: string;
  /** The exception line as printed. */
  line: string;
  /** Where the error's block (traceback or stack) starts, and the exception line, in `log.lines`. */
  start: number;
  index: number;
  /** The innermost frame in the bot's own code, or the only frame there is. */
  at: { file: string; line: number; fn: string | null } | null;
};

const PY_FRAME = /^\s*File "([^"]+)", line (\d+)(?:, in (\S+))?/;
const PY_EXCEPTION = /^([A-Za-z_][\w.]*)(?::\s?(.*))?$/;
const PY_BLOCK_START = /^Traceback \(most recent call last\):|^During handling of the above exception|^The above exception was the direct cause/;
const NODE_EXCEPTION = /^((?:[A-Za-z_$][\w$]*\.)*(?:[A-Z][\w$]*(?:Error|Exception)(?:\[\w+\])?|Error))(?: \[\w+\])?: (.*)$/;
const NODE_FRAME = /^\s+at (?:async )?(?:.*? \()?((?:file:\/\/)?[^\s()]+?):(\d+):\d+\)?\s*$/;
const NODE_HEADER = /^((?:file:\/\/)?\S+?\.(?:[cm]?js|[cm]?ts|jsx|tsx)):(\d+)$/;
const LIBRARY_PATH = /site-packages|dist-packages|[\\/]lib[\\/]python\d|node_modules|^node:|<frozen |^internal[\\/]/;

const basename = (p: string) => p.replace(/^file:\/\//, '').split(/[\\/]/).pop() ?? p;

/** A frame in the bot's own code: not a library, and the file that ran when it is known. */
function isOwn(log: BotLog, path: string): boolean {
  const p = path.replace(/^file:\/\//, '');
  return !LIBRARY_PATH.test(p) && (!log.filename || basename(p) === log.filename);
}

function pythonError(log: BotLog): BotError | null {
  const { lines } = log;
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = PY_EXCEPTION.exec(lines[i]!);
    if (!m || RUNNER_LINE.test(lines[i]!)) continue;
    // The exception line follows its frames: skip the indented code and caret lines back to a frame.
    let j = i - 1;
    while (j >= 0 && /^\s/.test(lines[j]!) && !PY_FRAME.test(lines[j]!)) j--;
    if (j < 0 || !PY_FRAME.test(lines[j]!)) {
      if (!m[2] || !/^Traceback/.test(lines[i - 1] ?? '')) continue;
    }
    const frames: Array<{ file: string; line: number; fn: string | null }> = [];
    let start = i;
    for (let k = i - 1; k >= 0; k--) {
      const line = lines[k]!;
      const f = PY_FRAME.exec(line);
      if (f) frames.unshift({ file: f[1]!, line: Number(f[2]), fn: f[3] ?? null });
      else if (!/^\s/.test(line)) {
        if (PY_BLOCK_START.test(line)) start = k;
        break;
      }
      start = k;
    }
    const own = frames.filter((f) => isOwn(log, f.file)).at(-1) ?? frames.filter((f) => !LIBRARY_PATH.test(f.file)).at(-1) ?? frames.at(-1) ?? null;
    return { name: m[1]!, message: (m[2] ?? '').trim(), line: lines[i]!.trim(), start, index: i, at: own && { ...own, file: basename(own.file) } };
  }
  return null;
}

function nodeError(log: BotLog): BotError | null {
  const { lines } = log;
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = NODE_EXCEPTION.exec(lines[i]!);
    if (!m) continue;
    const frames: Array<{ file: string; line: number }> = [];
    for (let k = i + 1; k < lines.length && /^\s+at /.test(lines[k]!); k++) {
      const f = NODE_FRAME.exec(lines[k]!);
      if (f) frames.push({ file: f[1]!, line: Number(f[2]) });
    }
    // Node prints "/run/bot.js:12", the code and a caret above an uncaught error.
    let start = i;
    let header: { file: string; line: number } | null = null;
    for (let k = i - 1; k >= Math.max(0, i - 4); k--) {
      const h = NODE_HEADER.exec(lines[k]!.trim());
      if (h) {
        header = { file: h[1]!, line: Number(h[2]) };
        start = k;
        break;
      }
    }
    const own = frames.find((f) => isOwn(log, f.file)) ?? (header && !LIBRARY_PATH.test(header.file) ? header : null) ?? frames.find((f) => !LIBRARY_PATH.test(f.file)) ?? null;
    return { name: m[1]!, message: m[2]!.trim(), line: lines[i]!.trim(), start, index: i, at: own && { file: basename(own.file), line: own.line, fn: null } };
  }
  return null;
}

/** The newest of the two, or null when the bot printed no exception. */
export function botError(log: BotLog): BotError | null {
  const py = log.language === 'javascript' ? null : pythonError(log);
  const js = log.language === 'python' ? null : nodeError(log);
  if (py && js) return py.index >= js.index ? py : js;
  return py ?? js;
}
