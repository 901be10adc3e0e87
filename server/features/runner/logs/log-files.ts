// A bot's log files on disk: DATA_DIR/logs/<projectId>/00000001.jsonl, 00000002.jsonl... numbered
// upwards (only the newest is appended to, so an older file never changes and a cursor into it
// stays valid until rotation deletes it), one JSON object a line, read backwards for paging.
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../../errors';
import { runLogLevel, type RunLogLine } from '../../../../shared/run-logs.schema';

const FILE_NAME = /^(\d{8})\.jsonl$/;
/** How much of a file a backwards read takes at a time. */
const BLOCK_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

/** A bot's (a project's) log folder. */
export function botLogDir(logsDir: string, projectId: string): string {
  return path.join(logsDir, projectId);
}

export function logFileName(seq: number): string {
  return `${String(seq).padStart(8, '0')}.jsonl`;
}

/** The numbers of a bot's log files, oldest first; none when the folder does not exist. */
export async function logFileSeqs(dir: string): Promise<number[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return names
    .map((n) => FILE_NAME.exec(n)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

export async function fileSize(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
}

/**
 * One kept line as written: the keys in the documented order, ended by '\n' (a '\n' inside the
 * text is escaped, as JSON does). The same text as JSON.stringify of the object, put together by
 * hand: a flood writes millions of these.
 */
export function serializeLine(line: RunLogLine): string {
  return lineHead(line.at, line.level) + JSON.stringify(line.text) + lineTail(JSON.stringify(line.runId));
}

const lineHead = (at: number, level: RunLogLine['level']) => `{"at":${Number.isFinite(at) ? String(at) : 'null'},"level":"${level}","text":`;
const lineTail = (runIdJson: string) => `,"runId":${runIdJson}}\n`;

/**
 * serializeLine for each line of `text` (lines joined by '\n') sharing one time, level and run,
 * the run id already JSON: the shared parts are built once for the whole entry.
 */
export function serializeLines(at: number, level: RunLogLine['level'], text: string, runIdJson: string): string {
  const head = lineHead(at, level);
  const tail = lineTail(runIdJson);
  let out = '';
  for (const line of text.split('\n')) out += head + JSON.stringify(line) + tail;
  return out;
}

/** A line read back, or null for one that cannot be read (cut short by a crash mid-write). */
export function parseLine(text: string): RunLogLine | null {
  try {
    const v = JSON.parse(text) as Partial<RunLogLine>;
    if (typeof v.at !== 'number' || typeof v.text !== 'string' || typeof v.runId !== 'string' || !runLogLevel.safeParse(v.level).success) return null;
    return { at: v.at, level: v.level!, text: v.text, runId: v.runId };
  } catch {
    return null;
  }
}

/** Where a page ends: the lines before byte `offset` of file `seq`. Opaque to clients (base64url). */
export type LogPosition = { seq: number; offset: number };

export function encodeCursor(position: LogPosition): string {
  return Buffer.from(`${position.seq}:${position.offset}`).toString('base64url');
}

export function decodeCursor(cursor: string): LogPosition {
  const match = /^(\d{1,9}):(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!match) throw new AppError('BAD_REQUEST', 'Invalid cursor: use the `next` of the previous page');
  return { seq: Number(match[1]), offset: Number(match[2]) };
}

/**
 * Up to `want` complete lines ending before byte `end` of a file, newest first, and the offset
 * where the oldest of them starts (0 once the file's start is reached). A line still being
 * written (no '\n' yet) is left out; a missing file has no lines.
 */
export async function readLinesBefore(file: string, end: number, want: number): Promise<{ lines: RunLogLine[]; start: number }> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { lines: [], start: 0 };
    throw err;
  }
  try {
    const lines: RunLogLine[] = [];
    // `data` holds bytes [dataStart, dataStart + data.length) of the file.
    let data = Buffer.alloc(0);
    let dataStart = end;
    // Where the next older line ends (just after its '\n'); null until the first '\n' is found.
    let boundary: number | null = null;
    while (lines.length < want) {
      // The '\n' that ends the line before `boundary` (or the last one before `end`).
      const searchEnd: number = boundary === null ? end : boundary - 1;
      const from: number = searchEnd - dataStart - 1;
      const index: number = from >= 0 ? data.lastIndexOf(NEWLINE, from) : -1;
      if (index >= 0) {
        const newline: number = dataStart + index;
        if (boundary !== null) pushLine(lines, data.subarray(index + 1, boundary - 1 - dataStart));
        boundary = newline + 1;
        continue;
      }
      if (dataStart === 0) {
        // The file's first line.
        if (boundary !== null && boundary > 0) pushLine(lines, data.subarray(0, boundary - 1));
        boundary = 0;
        break;
      }
      const size = Math.min(BLOCK_BYTES, dataStart);
      const block = Buffer.alloc(size);
      const { bytesRead } = await handle.read(block, 0, size, dataStart - size);
      if (bytesRead < size) {
        // Shorter than asked: the file was cut (it cannot be, they only grow); read nothing more.
        boundary ??= 0;
        break;
      }
      const kept = data.subarray(0, (boundary ?? end) - dataStart);
      data = Buffer.concat([block, kept]);
      dataStart -= size;
    }
    return { lines, start: boundary ?? 0 };
  } finally {
    await handle.close();
  }
}

function pushLine(lines: RunLogLine[], bytes: Buffer): void {
  const line = parseLine(bytes.toString('utf8'));
  if (line) lines.push(line);
}
