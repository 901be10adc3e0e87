// Admits a few large request bodies at a time. A request waits here before its body is read, so
// the bodies of the waiting ones stay in their sockets (TCP backpressure) instead of in memory.
// One place per person (active or waiting), so one account cannot fill the line.
import { AppError } from './errors';

export type BodyGateOptions = { atOnce: number; waiting: number; maxWaitMs: number; busyMessage: string; alreadyMessage: string };

type Waiter = { admit: () => void };

export class BodyGate {
  private active = 0;
  private readonly queue: Waiter[] = [];
  private readonly holders = new Set<string>();

  constructor(private readonly opts: BodyGateOptions) {}

  /**
   * Resolves with a release function once `who` may read its body; 429 when they already hold a
   * place, too many are waiting or the wait runs out. `gone` ends the wait when the client leaves.
   */
  async enter(who: string, gone: AbortSignal): Promise<() => void> {
    if (this.holders.has(who)) throw this.tooMany(this.opts.alreadyMessage);
    if (this.active < this.opts.atOnce && this.queue.length === 0) {
      this.active += 1;
      return this.release(who);
    }
    if (this.queue.length >= this.opts.waiting) throw this.tooMany(this.opts.busyMessage);
    this.holders.add(who);
    try {
      await new Promise<void>((resolve, reject) => {
        const leave = (err: Error) => {
          const at = this.queue.indexOf(waiter);
          if (at >= 0) this.queue.splice(at, 1);
          settle();
          reject(err);
        };
        const onGone = () => leave(new Error('the client went away while waiting'));
        const timer = setTimeout(() => leave(this.tooMany(this.opts.busyMessage)), this.opts.maxWaitMs);
        const settle = () => {
          clearTimeout(timer);
          gone.removeEventListener('abort', onGone);
        };
        const waiter: Waiter = {
          admit: () => {
            settle();
            resolve();
          },
        };
        gone.addEventListener('abort', onGone, { once: true });
        this.queue.push(waiter);
      });
    } catch (err) {
      this.holders.delete(who);
      throw err;
    }
    // The slot was handed over by its releaser (active unchanged): it is ours now.
    return this.release(who);
  }

  /** A release that runs once: hands the slot to the next waiter, or frees it. */
  private release(who: string): () => void {
    this.holders.add(who);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.holders.delete(who);
      const next = this.queue.shift();
      if (next) next.admit();
      else this.active -= 1;
    };
  }

  private tooMany(message: string): AppError {
    return new AppError('TOO_MANY_REQUESTS', message, { retryAfterSeconds: 5 });
  }
}

/** A few places per person, refused (429) past them: large bodies that need no shared line. */
export class PersonalBodies {
  private readonly held = new Map<string, number>();

  constructor(
    private readonly perPerson: number,
    private readonly busyMessage: string,
  ) {}

  /** A release function (runs once), or 429 when `who` already holds every place. */
  enter(who: string): () => void {
    const count = this.held.get(who) ?? 0;
    if (count >= this.perPerson) throw new AppError('TOO_MANY_REQUESTS', this.busyMessage, { retryAfterSeconds: 5 });
    this.held.set(who, count + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.held.get(who) ?? 1) - 1;
      if (left === 0) this.held.delete(who);
      else this.held.set(who, left);
    };
  }
}
