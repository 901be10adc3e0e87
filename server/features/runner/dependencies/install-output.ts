// An install's output: stdout and stderr split into lines as they come (each handed on at once,
// for the streamed install), each line capped, and only the last `maxBytes` kept for the reply.
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';

export const MAX_LINE_CHARS = 8 * 1024;
export const MAX_KEPT_BYTES = 200 * 1024;

export class InstallOutput {
  private lines: string[] = [];
  private keptBytes = 0;
  private dropped = 0;

  constructor(
    private readonly onLine: (line: string) => void = () => {},
    private readonly maxBytes = MAX_KEPT_BYTES,
  ) {}

  /** Adds one line (control characters but tab removed, long lines cut). */
  line(raw: string): void {
    let line = raw.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '');
    if (line.length > MAX_LINE_CHARS) line = line.slice(0, MAX_LINE_CHARS) + ' [line cut]';
    this.lines.push(line);
    this.keptBytes += Buffer.byteLength(line) + 1;
    while (this.keptBytes > this.maxBytes && this.lines.length > 1) {
      this.keptBytes -= Buffer.byteLength(this.lines.shift()!) + 1;
      this.dropped++;
    }
    this.onLine(line);
  }

  /** Reads a stream to its end, line by line; resolves when it has ended or closed. */
  follow(stream: Readable): Promise<void> {
    const decoder = new StringDecoder('utf8');
    let partial = '';
    const take = (text: string) => {
      partial += text;
      // A progress line redrawn with '\r' counts as its last state.
      const parts = partial.split('\n');
      partial = parts.pop()!;
      for (const part of parts) this.line(lastRedraw(part));
      if (partial.length > MAX_LINE_CHARS) {
        this.line(lastRedraw(partial));
        partial = '';
      }
    };
    return new Promise((resolve) => {
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        take(decoder.end());
        if (partial) this.line(lastRedraw(partial));
        partial = '';
        resolve();
      };
      stream.on('data', (chunk: Buffer) => take(decoder.write(chunk)));
      stream.once('end', finish);
      stream.once('close', finish);
      stream.once('error', finish);
    });
  }

  /** The kept lines, with a note when earlier ones were dropped. */
  text(): string {
    const head = this.dropped ? [`[${this.dropped} earlier lines not kept]`] : [];
    return [...head, ...this.lines].join('\n');
  }

  /** The last lines that look like an error, for a failure message (at most `maxChars`). */
  errorSummary(maxChars = 600): string {
    const errors = this.lines.filter((l) => /^(ERROR|error|npm (ERR!|error))\b|Error:/.test(l.trim()));
    const picked = (errors.length ? errors : this.lines.filter((l) => l.trim() && !l.startsWith('$ '))).slice(-4).map((l) => l.trim());
    const text = picked.join(' ');
    return text.length > maxChars ? '...' + text.slice(-maxChars) : text;
  }
}

function lastRedraw(line: string): string {
  const parts = line.split('\r').filter((p) => p !== '');
  return parts.at(-1) ?? '';
}
