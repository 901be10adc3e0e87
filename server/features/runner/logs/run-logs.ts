// Every bot's kept log: each run's batches (the masked lines its viewers get) appended to the
// bot's newest file off the event loop, rotated at `fileBytes` keeping `files` files, flushed at
// exit and at shutdown; read back newest first in pages, and one run at a time for a download.
import { createReadStream } from 'node:fs';
import { appendFile, mkdir, open, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { FastifyBaseLogger } from 'fastify';
import { customAlphabet } from 'nanoid';
import type { RunLogLine, RunLogPage } from '../../../../shared/run-logs.schema';
import { lineCount, type OutputLine } from '../runs/run-output';
import {
  botLogDir,
  decodeCursor,
  encodeCursor,
  fileSize,
  logFileName,
  logFileSeqs,
  parseLine,
  readLinesBefore,
  serializeLine,
  serializeLines,
  type LogPosition,
} from './log-files';
import { diskUsage } from '../disk-usage';
import { allWritten, forgetWriter } from './log-writers';

/** A run's id in its log lines and download address. */
export const newRunId = customAlphabet('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 10);

/** Lines waiting for a slow disk, per bot, before newer ones are counted as lost instead. */
const MAX_PENDING_BYTES = 16 * 1024 * 1024;

export type RunLogsOptions = {
  /** DATA_DIR/logs: a folder per bot (project) below it. */
  dir: string;
  /** A file is rotated before it would grow past this (a single larger line still gets a file). */
  fileBytes: number;
  /** Files kept per bot, the one being written included. */
  files: number;
  log: FastifyBaseLogger;
};

/** One bot's writing: its newest file, and the lines waiting to go there (written in order). */
type BotLog = {
  dir: string;
  /** The newest file's number and size; null until read from disk (first write after start-up). */
  file: { seq: number; size: number } | null;
  pending: string[];
  pendingBytes: number;
  /** Lines not kept because the disk fell behind, told in the log when it catches up. */
  lost: { count: number; runId: string; at: number } | null;
  writing: Promise<void> | null;
};

/** A bot's kept log as the runs, the Logs page and storage use it: files here, or PostgreSQL's log_lines (shared-run-logs.ts). */
export type KeptLogs = {
  /** What a run hands its batches to (RunOutput's `record`). Never blocks: the writes happen later. */
  recorder(projectId: string, runId: string): (lines: OutputLine[]) => void;
  append(projectId: string, lines: RunLogLine[]): void;
  /** Resolves once every line handed over so far is kept (or failed to be, logged). */
  flush(): Promise<void>;
  /** A deleted bot's log goes with it. */
  remove(projectId: string): Promise<void>;
  usedBytes(projectId: string): Promise<number>;
  /** The bot's lines newest first, `limit` of them ending before `before` (or at the newest). */
  page(projectId: string, before: string | null | undefined, limit: number): Promise<RunLogPage>;
  /** One run's kept lines, oldest first. */
  runLines(projectId: string, runId: string): AsyncGenerator<RunLogLine>;
};

export class RunLogs implements KeptLogs {
  private readonly bots = new Map<string, BotLog>();

  constructor(private readonly options: RunLogsOptions) {}

  /** What a run hands its batches to (RunOutput's `record`). Never blocks: the writes happen later. */
  recorder(projectId: string, runId: string): (lines: OutputLine[]) => void {
    const runIdJson = JSON.stringify(runId);
    return (lines) => {
      const bot = this.botLog(projectId);
      for (const entry of lines) {
        const count = lineCount(entry);
        const text = count === 1 ? serializeLine({ at: entry.at, level: entry.kind, text: entry.text, runId }) : serializeLines(entry.at, entry.kind, entry.text, runIdJson);
        this.keep(bot, text, count, runId, entry.at);
      }
      bot.writing ??= this.drain(bot);
    };
  }

  append(projectId: string, lines: RunLogLine[]): void {
    const bot = this.botLog(projectId);
    for (const line of lines) this.keep(bot, serializeLine(line), 1, line.runId, line.at);
    bot.writing ??= this.drain(bot);
  }

  /** Queues serialised lines (`count` of them), or counts them as lost while the disk is too far behind. */
  private keep(bot: BotLog, text: string, count: number, runId: string, at: number): void {
    if (bot.pendingBytes + text.length > MAX_PENDING_BYTES) {
      bot.lost = { count: (bot.lost?.count ?? 0) + count, runId, at };
      return;
    }
    bot.pending.push(text);
    bot.pendingBytes += text.length;
  }

  /** Resolves once every line handed over so far is on disk (or failed to get there, logged). */
  flush(): Promise<void> {
    return allWritten(this.bots);
  }

  /** A deleted bot's log goes with it (once its last lines have been written, so none come back). */
  async remove(projectId: string): Promise<void> {
    await forgetWriter(this.bots, projectId);
    await rm(botLogDir(this.options.dir, projectId), { recursive: true, force: true });
  }

  /** What the bot's kept log takes on disk now (its files' blocks; lines still waiting are not there yet). */
  usedBytes(projectId: string): Promise<number> {
    return diskUsage(botLogDir(this.options.dir, projectId));
  }

  /** The bot's lines newest first, `limit` of them ending before `before` (or at the newest). */
  async page(projectId: string, before: string | null | undefined, limit: number): Promise<RunLogPage> {
    const dir = botLogDir(this.options.dir, projectId);
    const seqs = await logFileSeqs(dir);
    if (seqs.length === 0) return { lines: [], next: null };
    let position: LogPosition | null = before ? decodeCursor(before) : { seq: seqs.at(-1)!, offset: Infinity };
    // A cursor into a file rotation has since deleted: nothing older is kept.
    if (position.seq < seqs[0]!) return { lines: [], next: null };
    const lines: RunLogLine[] = [];
    while (position && lines.length < limit) {
      const file = path.join(dir, logFileName(position.seq));
      const end = Math.min(position.offset, await fileSize(file));
      const read = await readLinesBefore(file, end, limit - lines.length);
      lines.push(...read.lines);
      position = read.start > 0 ? { seq: position.seq, offset: read.start } : await this.previousFile(dir, position.seq);
    }
    return { lines, next: position ? encodeCursor(position) : null };
  }

  /** The end of the file before `seq`, or null when `seq` is the oldest kept. */
  private async previousFile(dir: string, seq: number): Promise<LogPosition | null> {
    const earlier = (await logFileSeqs(dir)).filter((s) => s < seq);
    if (earlier.length === 0) return null;
    const prev = earlier.at(-1)!;
    return { seq: prev, offset: await fileSize(path.join(dir, logFileName(prev))) };
  }

  /** One run's kept lines, oldest first (a run may span files; rotation may have taken its start). */
  async *runLines(projectId: string, runId: string): AsyncGenerator<RunLogLine> {
    const dir = botLogDir(this.options.dir, projectId);
    const marker = `"runId":${JSON.stringify(runId)}}`;
    for (const seq of await logFileSeqs(dir)) {
      const stream = createReadStream(path.join(dir, logFileName(seq)), { encoding: 'utf8' });
      const opened = await new Promise<boolean>((resolve) => {
        stream.once('open', () => resolve(true));
        stream.once('error', () => resolve(false)); // rotated away meanwhile
      });
      if (!opened) continue;
      try {
        for await (const text of createInterface({ input: stream, crlfDelay: Infinity })) {
          if (!text.endsWith(marker)) continue;
          const line = parseLine(text);
          if (line?.runId === runId) yield line;
        }
      } finally {
        stream.destroy();
      }
    }
  }

  private botLog(projectId: string): BotLog {
    let bot = this.bots.get(projectId);
    if (!bot) {
      bot = { dir: botLogDir(this.options.dir, projectId), file: null, pending: [], pendingBytes: 0, lost: null, writing: null };
      this.bots.set(projectId, bot);
    }
    return bot;
  }

  /** Writes what is pending, in order, batch after batch, until nothing is left. */
  private async drain(bot: BotLog): Promise<void> {
    try {
      while (bot.pending.length > 0 || bot.lost) {
        const texts = bot.pending;
        bot.pending = [];
        bot.pendingBytes = 0;
        if (bot.lost) {
          const { count, runId, at } = bot.lost;
          bot.lost = null;
          texts.push(serializeLine({ at, level: 'log', text: `${count} ${count === 1 ? 'line was' : 'lines were'} not kept in the log: the disk could not keep up`, runId }));
        }
        try {
          await this.write(bot, texts);
        } catch (err) {
          // The run goes on and viewers still see its lines; the operator learns why the log has a gap.
          this.options.log.warn({ err: String(err), dir: bot.dir }, 'run log lines could not be written');
          bot.file = null;
        }
      }
    } finally {
      bot.writing = null;
    }
  }

  /** Appends pending texts (each one or more whole lines), rotating files as they fill. */
  private async write(bot: BotLog, texts: string[]): Promise<void> {
    const file = bot.file ?? (bot.file = await this.openNewest(bot.dir));
    let chunk: string[] = [];
    let chunkBytes = 0;
    const appendChunk = async () => {
      if (chunk.length > 0) await appendFile(path.join(bot.dir, logFileName(file.seq)), chunk.join(''), { mode: 0o600 });
      file.size += chunkBytes;
      chunk = [];
      chunkBytes = 0;
    };
    for (const text of texts) {
      const bytes = Buffer.byteLength(text);
      // Most texts fit in the current file whole; the one that does not goes line by line, and the
      // file is rotated before the first line that would take it past its size.
      if (file.size + chunkBytes + bytes <= this.options.fileBytes) {
        chunk.push(text);
        chunkBytes += bytes;
        continue;
      }
      for (const line of text.match(/[^\n]*\n/g) ?? []) {
        const lineBytes = Buffer.byteLength(line);
        if (file.size + chunkBytes > 0 && file.size + chunkBytes + lineBytes > this.options.fileBytes) {
          await appendChunk();
          file.seq += 1;
          file.size = 0;
          await this.prune(bot.dir, file.seq);
        }
        chunk.push(line);
        chunkBytes += lineBytes;
      }
    }
    await appendChunk();
  }

  /** The newest file to append to; one cut short by a crash gets its '\n', so the next line stands alone. */
  private async openNewest(dir: string): Promise<{ seq: number; size: number }> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const seq = (await logFileSeqs(dir)).at(-1) ?? 1;
    const file = path.join(dir, logFileName(seq));
    let size = await fileSize(file);
    if (size > 0) {
      const handle = await open(file, 'r');
      const last = Buffer.alloc(1);
      try {
        await handle.read(last, 0, 1, size - 1);
      } finally {
        await handle.close();
      }
      if (last[0] !== 0x0a) {
        await appendFile(file, '\n');
        size += 1;
      }
    }
    return { seq, size };
  }

  /** Keeps the newest `files` files: `newest` is the one about to be written. */
  private async prune(dir: string, newest: number): Promise<void> {
    for (const seq of await logFileSeqs(dir)) {
      if (seq > newest - this.options.files) break;
      await unlink(path.join(dir, logFileName(seq))).catch(() => {});
    }
  }
}
