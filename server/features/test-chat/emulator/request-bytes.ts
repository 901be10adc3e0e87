// Every byte a bot sends the emulator counts while its request is held: against the request's own
// limit, its conversation's share and the emulator's share of memory. A body that stalls is cut.
// The bytes are given back when the request's answer is done (the parsed body lives until then).
import { Transform, type Readable } from 'node:stream';
import { BotApiError, tooManyRequests } from './bot-api-errors';

const MiB = 1024 * 1024;
/** Request bodies held at once by one conversation (its bot's uploads, texts and fields). */
export const CONVERSATION_REQUEST_BYTES = 64 * MiB;
/** Request bodies held at once by the whole emulator, all conversations together. */
export const EMULATOR_REQUEST_BYTES = 256 * MiB;
/** A body that sends nothing for this long is cut, and its connection closed. */
export const BODY_IDLE_MS = 5_000;

/** Bytes of memory shared by requests: taken as they arrive, given back when each request is done. */
export class ByteBudget {
  private used = 0;

  constructor(readonly limit: number) {}

  take(bytes: number): boolean {
    if (this.used + bytes > this.limit) return false;
    this.used += bytes;
    return true;
  }

  give(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }

  get inUse(): number {
    return this.used;
  }
}

/** What one request has taken from its budgets; `release` gives it all back, once. */
export class RequestBytes {
  private taken = 0;
  private released = false;

  constructor(private readonly budgets: ByteBudget[]) {}

  /** False (nothing taken) when a budget is full. */
  take(bytes: number): boolean {
    if (this.released) return false;
    const done: ByteBudget[] = [];
    for (const budget of this.budgets) {
      if (!budget.take(bytes)) {
        for (const back of done) back.give(bytes);
        return false;
      }
      done.push(budget);
    }
    this.taken += bytes;
    return true;
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    for (const budget of this.budgets) budget.give(this.taken);
    this.taken = 0;
  }
}

const tooLarge = () => new BotApiError(413, 'Request Entity Too Large');
const stalled = () => new BotApiError(408, 'Request Timeout');

/**
 * The body as it arrives, counted: past `limit` bytes it fails with 413, when a budget is full with
 * 429 (retry after a second, as Telegram's flood answer), and after `idleMs` without a byte with 408.
 */
export function meteredBody(payload: Readable, bytes: RequestBytes, limit: number, idleMs = BODY_IDLE_MS): Readable {
  let seen = 0;
  let idle: NodeJS.Timeout | undefined;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) return done(tooLarge());
      if (!bytes.take(chunk.length)) return done(tooManyRequests(1));
      idle?.refresh();
      done(null, chunk);
    },
    flush(done) {
      clearTimeout(idle);
      done();
    },
  });
  idle = setTimeout(() => meter.destroy(stalled()), idleMs);
  meter.once('close', () => clearTimeout(idle));
  // The parser reading the body hears the failure; this keeps one nobody reads from being thrown.
  meter.on('error', () => {});
  payload.on('error', (err) => meter.destroy(err));
  return payload.pipe(meter);
}

/** The whole body of a text request (JSON, a form, anything else), read through the meter. */
export async function readMeteredText(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
