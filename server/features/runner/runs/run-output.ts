// A run's output, from the child's pipes to the lines viewers see (docs/deploying-bots.md "Logs"): the pipes are
// read continuously (a slow viewer never blocks the bot), split into lines capped at 8 KiB,
// masked, held to a line rate with a visible 'N lines dropped' marker, counted against a total
// volume, kept in a ring of the last 1,000 lines, and handed out in batches about every 50 ms.
// Each line carries the time it was read; a flood's 'N lines dropped' notices come at most once a
// second (the count adds up meanwhile), and each batch is also handed to the run's log on disk.
// The whole lines of one read of the pipe travel as one entry (its text the lines joined by '\n')
// when the rate lets all of them through and none needs cutting: a flood then costs per read, not
// per line. Otherwise they go line by line.
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import type { SecretMask } from '../secret-mask';

export type LineKind = 'output' | 'error' | 'log';
/** One line, or the whole lines of one read: then `text` joins them with '\n' and `lines` counts them. */
export type OutputLine = { kind: LineKind; text: string; at: number; lines?: number };

/** How many lines an entry holds. */
export const lineCount = (entry: OutputLine): number => entry.lines ?? 1;

/** The last `n` lines of an entry. */
function lastLines(entry: OutputLine, n: number): OutputLine {
  if (n >= lineCount(entry)) return entry;
  return { kind: entry.kind, text: entry.text.split('\n').slice(-n).join('\n'), at: entry.at, lines: n };
}

export type OutputLimits = {
  maxLineBytes: number;
  /** Sustained lines per second, with bursts up to `burstLines`. */
  linesPerSecond: number;
  burstLines: number;
  /** Bytes the bot may print in total before the run is stopped. */
  maxTotalBytes: number;
  ringSize: number;
  batchMs: number;
};

export const DEFAULT_OUTPUT_LIMITS: OutputLimits = {
  maxLineBytes: 8 * 1024,
  linesPerSecond: 1000,
  burstLines: 5000,
  maxTotalBytes: 200 * 1024 * 1024,
  ringSize: 1000,
  batchMs: 50,
};

export type OutputOptions = {
  limits: OutputLimits;
  mask: SecretMask;
  now: () => number;
  /** Called with each batch of lines (never empty). */
  onBatch: (lines: OutputLine[]) => void;
  /** Called with each batch before the viewers get it: the run's log on disk (logs/run-logs.ts). */
  record?: (lines: OutputLine[]) => void;
  /** Called once when the bot has printed more than `maxTotalBytes`. */
  onVolumeExceeded: () => void;
};

/** A flood's 'N lines dropped' notices: at most one in this long, carrying the total since the last. */
export const DROPPED_NOTICE_MS = 1000;

/** The most characters one entry of several lines holds (a websocket frame carries up to twice this). */
export const MAX_ENTRY_CHARS = 64 * 1024;

export class RunOutput {
  private readonly ring: OutputLine[] = [];
  /** Lines held in `ring` (an entry may hold several). */
  private ringLines = 0;
  private pending: OutputLine[] = [];
  private timer: NodeJS.Timeout | null = null;
  private tokens: number;
  private lastRefill: number;
  private dropped = 0;
  /** When the last 'N lines dropped' notice was written, and the timer that writes the next one. */
  private lastDroppedNotice = -Infinity;
  private noticeTimer: NodeJS.Timeout | null = null;
  private totalBytes = 0;
  private volumeExceeded = false;
  private lastFlush = 0;

  constructor(private readonly options: OutputOptions) {
    this.tokens = options.limits.burstLines;
    this.lastRefill = options.now();
  }

  /** Reads a pipe to its end; resolves when it is closed. */
  read(stream: Readable, kind: 'output' | 'error'): Promise<void> {
    const decoder = new StringDecoder('utf8');
    let partial = '';
    return new Promise((resolve) => {
      stream.on('data', (chunk: Buffer) => {
        this.totalBytes += chunk.length;
        if (this.totalBytes > this.options.limits.maxTotalBytes && !this.volumeExceeded) {
          this.volumeExceeded = true;
          this.options.onVolumeExceeded();
        }
        if (this.volumeExceeded) return; // keep draining so the bot never blocks on a full pipe
        const text = partial + decoder.write(chunk);
        const end = text.lastIndexOf('\n');
        partial = end === -1 ? text : text.slice(end + 1);
        // The lines of one read arrived together: one time and one refill of the rate for all of them.
        const at = this.options.now();
        this.refill(at);
        if (end !== -1) this.pushLines(kind, text.slice(0, end), at);
        // A line with no end in sight is cut at the cap, and the rest comes as the next line.
        while (partial.length > this.options.limits.maxLineBytes) {
          this.push(kind, partial.slice(0, this.options.limits.maxLineBytes), at);
          partial = partial.slice(this.options.limits.maxLineBytes);
        }
      });
      stream.on('error', () => {});
      stream.on('close', () => {
        const rest = partial + decoder.end();
        if (rest && !this.volumeExceeded) {
          const at = this.options.now();
          this.refill(at);
          this.push(kind, rest, at);
        }
        resolve();
      });
    });
  }

  /**
   * A line from the runner itself ('Starting execution', exit notices). Never rate limited. The
   * lines dropped before it are counted first (a rare extra notice: these lines are few).
   */
  log(text: string, kind: LineKind = 'log'): void {
    this.flushDropped(true);
    this.add({ kind, text, at: this.options.now() });
  }

  /** The last lines, oldest first, for a viewer that attaches. */
  recent(): OutputLine[] {
    // The last ringSize lines; pending ones reach every viewer with the next batch, and replaying
    // them too would double them.
    const pending = new Set(this.pending);
    const recent: OutputLine[] = [];
    let room = this.options.limits.ringSize;
    for (let i = this.ring.length - 1; i >= 0 && room > 0; i--) {
      const entry = this.ring[i]!;
      const kept = lastLines(entry, room);
      room -= lineCount(kept);
      if (!pending.has(entry)) recent.push(kept);
    }
    return recent.reverse();
  }

  /** Sends what is pending now (used at exit, so the exit notice follows the last lines). */
  flush(): void {
    this.sendBatch(true);
  }

  private sendBatch(final: boolean): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.lastFlush = this.options.now();
    this.flushDropped(final);
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.options.record?.(batch);
    this.options.onBatch(batch);
  }

  /** The whole lines of one read (joined by '\n'): one entry when all may pass as they are. */
  private pushLines(kind: 'output' | 'error', block: string, at: number): void {
    // Counted and measured without splitting: a flood's read holds thousands of lines.
    const { maxLineBytes } = this.options.limits;
    let lines = 1;
    let longest = 0;
    let start = 0;
    for (let nl = block.indexOf('\n'); nl !== -1; nl = block.indexOf('\n', start)) {
      if (nl - start > longest) longest = nl - start;
      start = nl + 1;
      lines++;
    }
    if (block.length - start > longest) longest = block.length - start;
    if (lines === 1 || block.length > MAX_ENTRY_CHARS || this.dropped > 0 || this.tokens < lines || longest > maxLineBytes) {
      for (const raw of block.split('\n')) this.push(kind, raw, at);
      return;
    }
    this.tokens -= lines;
    // Each line's own '\r' (a CRLF ending) goes, as push does it line by line.
    const text = block.includes('\r') ? block.replace(/\r(?=\n|$)/g, '') : block;
    this.add({ kind, text: this.options.mask(text), at, lines });
  }

  private push(kind: 'output' | 'error', raw: string, at: number): void {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (this.tokens < 1) {
      this.dropped++;
      this.schedule();
      return;
    }
    this.tokens -= 1;
    if (this.dropped > 0) this.flushDropped();
    const capped = line.length > this.options.limits.maxLineBytes ? line.slice(0, this.options.limits.maxLineBytes) + ' [line cut]' : line;
    this.add({ kind, text: this.options.mask(capped), at });
  }

  /**
   * Writes the 'N lines dropped' notice, at most once a second unless `force` (a runner line, the
   * exit): otherwise a flood would write one after every line the rate lets through.
   */
  private flushDropped(force = false): void {
    if (this.dropped === 0) return;
    const wait = this.lastDroppedNotice + DROPPED_NOTICE_MS - this.options.now();
    if (!force && wait > 0) {
      // A bot that goes quiet after the flood still gets its notice, within the second.
      this.noticeTimer ??= setTimeout(() => {
        this.noticeTimer = null;
        this.flushDropped();
      }, wait);
      return;
    }
    if (this.noticeTimer) clearTimeout(this.noticeTimer);
    this.noticeTimer = null;
    this.lastDroppedNotice = this.options.now();
    const n = this.dropped;
    this.dropped = 0;
    this.add({ kind: 'log', text: `${n} ${n === 1 ? 'line' : 'lines'} dropped (the bot printed faster than ${this.options.limits.linesPerSecond} lines a second)`, at: this.options.now() });
  }

  /** The line rate's bucket, filled for the time since the last read (a line takes one token). */
  private refill(now: number): void {
    const { linesPerSecond, burstLines } = this.options.limits;
    this.tokens = Math.min(burstLines, this.tokens + ((now - this.lastRefill) / 1000) * linesPerSecond);
    this.lastRefill = now;
  }

  private add(entry: OutputLine): void {
    this.ring.push(entry);
    this.ringLines += lineCount(entry);
    // Trimmed in bulk, whole entries at a time (recent() cuts the oldest one it keeps): dropping
    // the oldest line one at a time would move the whole ring for every line.
    const { ringSize } = this.options.limits;
    if (this.ringLines >= 2 * ringSize) {
      let drop = 0;
      while (drop < this.ring.length && this.ringLines - lineCount(this.ring[drop]!) >= ringSize) this.ringLines -= lineCount(this.ring[drop++]!);
      this.ring.splice(0, drop);
    }
    this.pending.push(entry);
    this.schedule();
  }

  /**
   * A line after a quiet spell goes out at once (a bot's first line, a reply after idle time);
   * lines that follow within the batch interval wait for it and travel together.
   */
  private schedule(): void {
    if (this.timer) return;
    const wait = Math.max(0, this.lastFlush + this.options.limits.batchMs - this.options.now());
    this.timer = setTimeout(() => this.sendBatch(false), wait);
  }
}
