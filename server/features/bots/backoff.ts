// When a deployed bot that ended is started again: after 1 s, doubling to 5 minutes for each crash
// in a row, back to 1 s once it had stayed up 10 minutes; 'crashing' after 5 crashes in 10 minutes.

export const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 5 * 60_000;
export const HEALTHY_MS = 10 * 60_000;
export const CRASHING_AFTER = 5;
export const CRASH_WINDOW_MS = 10 * 60_000;

export class Backoff {
  private inARow = 0;
  private crashes: number[] = [];

  /** Records a crash of a run that started at `startedAt`; returns the delay before the next start. */
  crashed(startedAt: number, now: number): number {
    if (now - startedAt >= HEALTHY_MS) this.inARow = 0;
    this.inARow++;
    this.crashes = [...this.crashes.filter((t) => now - t < CRASH_WINDOW_MS), now];
    return Math.min(FIRST_DELAY_MS * 2 ** (this.inARow - 1), MAX_DELAY_MS);
  }

  crashing(now: number): boolean {
    return this.crashes.filter((t) => now - t < CRASH_WINDOW_MS).length >= CRASHING_AFTER;
  }
}
